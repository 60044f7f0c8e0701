"""Display helpers for templates: cards with their suit symbol, fresh idempotency keys, the board's parts."""

from collections.abc import Container, Iterable, Sequence
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from companion import assets, cardpicker, i18n, parts, rendered
from companion.models import url_token
from games.cards import parse_card

register = template.Library()


@register.filter
def pretty_card(text: str) -> str:
    """`QS` -> `Q♠` (the canonical form stays in the form values)."""
    try:
        return parse_card(text).pretty()
    except ValueError:
        return text


@register.filter
def suit(text: str) -> str:
    """The suit letter, for the four-colour CSS class."""
    try:
        return parse_card(text).suit
    except ValueError:
        return ""


@register.simple_tag
def game_assets(slug: str = "") -> SafeString:
    """The stylesheet and script of game `slug` (companion/assets.py), or of every game without one."""
    return assets.links(slug)


@register.simple_tag(takes_context=True)
def write_key(context: template.Context) -> str:
    """A new idempotency key for one write form: a resend of the same form lands once. A part rendered to be kept
    (companion/rendered.py) gets a stand-in, and each answer from it a fresh key."""
    return rendered.KEY_MARK if context.get(rendered.MARKING) else url_token(12)


@register.filter
def tr(value: object) -> str:
    """A game's Text (a prompt, a message, a log line) in the reader's language."""
    return i18n.tr(value)


@register.simple_tag(takes_context=True)
def card_picker(context: template.Context, picker: cardpicker.Picker) -> str:
    """A card picker's HTML (templates/cards/picker.html); its empty seats share their cards on a page whose script
    runs (`script` in the context)."""
    return cardpicker.render(picker, shared=bool(context.get("script")))


@register.simple_tag
def log_lines(log: Iterable[tuple[Any, object]], fixable: Container[object]) -> SafeString:
    """The log's lines (<li>, newest first), each with Fix when the game can correct its entry, or struck through
    when undone. Written here rather than in the template: a page of 40 lines took 3-5 ms of template work."""
    undone, fix = conditional_escape(gettext("undone")), conditional_escape(gettext("Fix"))
    out = []
    for event, text in log:
        line = conditional_escape(i18n.tr(text))
        if event.retracted:
            body = f"<del>{line}</del> <small>{undone}</small>"
        elif event.payload.get("type") in fixable:
            body = f'{line} <a class="fix" href="?fix={event.seq}#entry" hx-get="?fix={event.seq}">{fix}</a>'
        else:
            body = line
        retracted = "retracted" if event.retracted else ""
        out.append(f'\n    <li class="{retracted}" data-seq="{event.seq}">{body}</li>\n    ')
    return mark_safe("".join(out))  # every text in it escaped above


@register.simple_tag
def round_options(rounds: Sequence[int]) -> SafeString:
    """The rounds to note as a select's options, the newest chosen: written here, as a long table has a few hundred."""
    last = len(rounds) - 1
    return mark_safe("".join(f"<option{' selected' if i == last else ''}>{n}</option>" for i, n in enumerate(rounds)))


class PartNode(template.Node):
    def __init__(self, nodelist: template.NodeList, place: tuple[str, object]) -> None:
        self.nodelist = nodelist
        self.place = place  # its template and where in it: which part it is, for the parts kept (rendered.py)

    def render(self, context: template.Context) -> SafeString:
        holding = context.get("held_parts") or {}
        view = context.get(rendered.VIEW)  # set when this rendering's parts may be kept (views._render_board)
        csrf_token = str(context.get("csrf_token") or "") if view is not None else ""
        if not csrf_token or csrf_token == rendered.NOT_PROVIDED:  # without a token {% csrf_token %} writes nothing
            return mark_safe(parts.stamp(self.nodelist.render(context), holding))
        # The same part of the same view: this node (by its place in its template), in or out of band.
        key = (view, self.place, bool(context.get("oob")))
        kept = rendered.RENDERED.get(key)
        if kept is None:
            with context.push({"csrf_token": rendered.CSRF_MARK, rendered.MARKING: True}):
                kept = rendered.made(self.nodelist.render(context))
            rendered.RENDERED.put(key, kept)
        return mark_safe(kept.answer(holding, csrf_token))


@register.tag
def part(parser: Any, token: Any) -> PartNode:
    """`{% part %}<section id="log">…</section>{% endpart %}`: one part of the board, with its digest, or a stand-in
    keeping the phone's copy when the phone holds it unchanged (companion/parts.py; `held_parts` in the context)."""
    nodelist = parser.parse(("endpart",))
    parser.delete_first_token()
    # The nth part of its template names it (a token's position is known only with template debugging on).
    seen = parser.extra_data["kibitz_parts"] = parser.extra_data.get("kibitz_parts", 0) + 1
    return PartNode(nodelist, (str(parser.origin), seen))
