"""Display helpers for templates: cards with their suit symbol, fresh idempotency keys, the board's parts."""

from collections.abc import Container, Iterable, Sequence
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from companion import assets, cardpicker, i18n, rendered
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
    runs (`script` in the context). On such a page's board (`picker_decks`) its cards go to the board's decks, unless
    it answers a refused write (then it comes whole, as the form was sent)."""
    decks = context.get(DECKS)
    if decks is not None and (context.get("error") or context.get("conflict")):
        decks = None
    return cardpicker.render(picker, shared=bool(context.get("script")), decks=decks)


DECKS = "picker_decks"  # the board's decks (key -> cards), while a board of a page whose script runs renders


@register.simple_tag(takes_context=True)
def picker_decks(context: template.Context) -> str:
    """Begins a board's decks (companion/cardpicker.py) for a phone whose script has run here (its cookie, which
    kibitz.js sets on every page): its pickers put their cards in them, and the board's `decks` part, rendered after
    them, holds them. Any other board has its pickers whole, and so has a page asked for one part (?part=: what it
    answers stands alone)."""
    from companion.views import SCRIPT_COOKIE  # here: the views load this library's templates

    request = context.get("request")
    script = request is not None and request.COOKIES.get(SCRIPT_COOKIE) == "1" and not request.GET.get("part")
    context[DECKS] = {} if script else None
    return ""


LOG_BLOCK = 8  # log lines a block holds (a part of its own: templates/table.html's log)


@register.filter
def log_blocks(lines: list[tuple[Any, Any]], split: bool = True) -> list[tuple[int, int | None, list[tuple[Any, Any]]]]:
    """A page of log lines (entry, text), newest first, in blocks by entry number: (block, the number its list counts
    down from, or None when its numbers are not one after the other, its lines). A block holds the same numbers
    whatever the page, so a new line changes only the newest block (and the page's last). Not `split`: one block."""
    blocks: list[tuple[int, list[tuple[Any, Any]]]] = []
    for line in lines:
        block = (line[0].seq - 1) // LOG_BLOCK if split or not blocks else blocks[-1][0]
        if not blocks or blocks[-1][0] != block:
            blocks.append((block, []))
        blocks[-1][1].append(line)
    return [(block, _count_down(shown), shown) for block, shown in blocks]


def _count_down(lines: list[tuple[Any, Any]]) -> int | None:
    top = lines[0][0].seq
    return top if all(entry.seq == top - k for k, (entry, _text) in enumerate(lines)) else None


@register.filter
def in_blocks(items: list[Any], size: int) -> list[tuple[int, list[Any]]]:
    """`items` in blocks of `size`: (block number, its items), each block a part of its own in a template."""
    return [(start // size, list(items[start : start + size])) for start in range(0, len(items), size)]


@register.simple_tag
def log_lines(log: Iterable[tuple[Any, object]], fixable: Container[object], top: int | None = None) -> SafeString:
    """A block of the log's lines (<li>, newest first), each with Fix when the game can correct its entry, or struck
    through when undone; each numbered by its entry unless the block's list counts down from `top` (log_blocks).
    Written here rather than in the template: a page of 40 lines took 3-5 ms of template work."""
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
        value = "" if top else f' value="{event.seq}"'
        retracted = ' class="retracted"' if event.retracted else ""
        out.append(f'\n    <li{value}{retracted} data-seq="{event.seq}">{body}</li>\n    ')
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
        inner = context.get(INNER_PARTS)
        if inner is not None:  # a part inside another: whole, so the outer part's digest is of its whole markup
            if not context.get("script"):  # a first load without script yet: its first write's answer sends it
                return mark_safe(self.nodelist.render(context))
            own = rendered.made(self.nodelist.render(context))
            inner.append(own)
            return mark_safe(own.html)
        view = context.get(rendered.VIEW)  # set when this rendering's parts may be kept (views._render_board)
        csrf_token = str(context.get("csrf_token") or "") if view is not None else ""
        if not csrf_token or csrf_token == rendered.NOT_PROVIDED:  # without a token {% csrf_token %} writes nothing
            return mark_safe(self._made(context).answer(holding, ""))
        # The same part of the same view: this node (by its place in its template), in or out of band.
        key = (view, self.place, bool(context.get("oob")))
        kept = rendered.RENDERED.get(key)
        if kept is None:
            with context.push({"csrf_token": rendered.CSRF_MARK, rendered.MARKING: True}):
                kept = self._made(context)
            rendered.RENDERED.put(key, kept)
        else:
            kept.deal(context.get(DECKS))
        return mark_safe(kept.answer(holding, csrf_token))

    def _made(self, context: template.Context) -> rendered.Part:
        """This part rendered, with its own parts and the cards its pickers left to the board's decks."""
        decks = context.get(DECKS)
        before = set(decks) if decks is not None else set()
        own: list[rendered.Part] = []
        with context.push({INNER_PARTS: own}):
            html = self.nodelist.render(context)
        dealt = {key: cards for key, cards in decks.items() if key not in before} if decks is not None else {}
        return rendered.made(html, tuple(own), dealt)


INNER_PARTS = "_inner_parts"  # in the context while a part renders: its own parts, each with its digest


@register.tag
def part(parser: Any, token: Any) -> PartNode:
    """`{% part %}<section id="log">…</section>{% endpart %}`: one part of the board, with its digest, or a stand-in
    keeping the phone's copy when the phone holds it unchanged (companion/parts.py; `held_parts` in the context).
    A part may hold parts of its own (`{% part %}` inside), kept the same way when their part is sent again."""
    nodelist = parser.parse(("endpart",))
    parser.delete_first_token()
    # The nth part of its template names it (a token's position is known only with template debugging on).
    seen = parser.extra_data["kibitz_parts"] = parser.extra_data.get("kibitz_parts", 0) + 1
    return PartNode(nodelist, (str(parser.origin), seen))
