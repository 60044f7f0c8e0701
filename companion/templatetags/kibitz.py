"""Display helpers for templates: cards with their suit symbol, fresh idempotency keys, the board's parts."""

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from companion import assets, cardpicker, i18n, parts
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


@register.simple_tag
def write_key() -> str:
    """A new idempotency key for one write form: a resend of the same form lands once."""
    return url_token(12)


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


class PartNode(template.Node):
    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> SafeString:
        holding = context.get("held_parts") or {}
        inner = context.get(INNER_PARTS)
        if inner is not None:  # a part inside another: whole, so the outer part's digest is of its whole markup
            if not context.get("script"):  # a first load without script yet: its first write's answer sends it
                return mark_safe(self.nodelist.render(context))
            stamped, stand_in = parts.mark(self.nodelist.render(context), holding)
            if stand_in:
                inner.append((stamped, stand_in))
            return mark_safe(stamped)
        own: list[tuple[str, str]] = []
        with context.push({INNER_PARTS: own}):
            stamped, stand_in = parts.mark(self.nodelist.render(context), holding)
        return mark_safe(stand_in or parts.keep(stamped, own))


INNER_PARTS = "_inner_parts"  # in the context while a part renders: its own parts the phone holds unchanged


@register.tag
def part(parser: Any, token: Any) -> PartNode:
    """`{% part %}<section id="log">…</section>{% endpart %}`: one part of the board, with its digest, or a stand-in
    keeping the phone's copy when the phone holds it unchanged (companion/parts.py; `held_parts` in the context).
    A part may hold parts of its own (`{% part %}` inside), kept the same way when their part is sent again."""
    nodelist = parser.parse(("endpart",))
    parser.delete_first_token()
    return PartNode(nodelist)
