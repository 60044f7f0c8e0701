"""Hats' long loops written in Python: the tea table and the players' lines of the state panel, and the chips of the
entry forms (a seat each, a tea-table position each). The template loops they replace took about 2.5 ms of a table
page's 14 (companion/entries/hats/templates/ documents the markup; tests/companion/test_entry_hats.py checks that
each writes what its loop wrote, in every language). Words are translated once a call, not once a line; every
value is escaped here, and the translations go in as {% translate %} and {% blocktranslate %} put them."""

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from companion.i18n import tr
from games.text import Text

register = template.Library()


def _escaped(text: str) -> str:
    """A translation as `{% translate %}` puts it in: escaped (a `{% blocktranslate %}` puts its own in as it is)."""
    return str(conditional_escape(text))


@functools.lru_cache(maxsize=1024)  # the cards and types of a few tables' notations, in each language
def _named(text: Text | str, language: str) -> str:
    """A card's or a type's name (a game's Text) in the active language, `language`, escaped: `{{ text|tr }}`. The
    same Text always says the same there, and translating it (a catalogue look-up per word) took a third of these
    loops."""
    return str(conditional_escape(tr(text)))


@register.simple_tag
def tea_table(positions: Iterable[Mapping[str, Any]]) -> SafeString:
    """The tea table's positions (games.hats.prompt.panel), an <li> each: its number and points, the card lying there
    (its face hidden from screen readers, which hear its name) and whether it counts."""
    counts, off = _escaped(gettext("counts")), _escaped(gettext("does not count"))
    language = get_language() or ""
    out = []
    for pos in positions:
        card = pos["card"]
        number = ngettext("Position %(n)s · %(v)s point", "Position %(n)s · %(v)s points", pos["value"])
        number %= {"n": pos["number"], "v": pos["value"]}
        why = counts if pos["counts"] else off
        out.append(
            f'<li class="hats-pos{"" if pos["counts"] else " hats-off"}"><span class="hats-num">{number}</span>'
            f'<span class="hats-card {conditional_escape(card["tone"])}" aria-hidden="true">'
            f"{conditional_escape(card['face'])}{conditional_escape(card['symbol'])}</span>"
            f'<span class="hats-why"><span class="visually-hidden">{_named(card["label"], language)}: </span>'
            f"{why}</span></li>"
        )
    return mark_safe("".join(out))  # every value in it escaped above


@register.simple_tag
def player_lines(panel: Mapping[str, Any]) -> SafeString:
    """Each player's <li> of the state panel: the counts, the collection by type and, once the game is over, the
    score line by line (games.hats.prompt.panel)."""
    words, language = _PlayerWords(), get_language() or ""
    out = []
    for row in panel["players"]:
        name = conditional_escape(row["name"])
        who = f"<strong>{name}</strong>"
        who += f" · {words.next}" if row["next"] else ""
        who += f" · {words.cookie}" if row["cookie"] else ""
        who += f" · {words.types % {'n': row['types']}} · {words.black_hats % {'n': row['black_hats']}}"
        who += f" · {words.turns % {'n': row['turns']}}" if panel["tracked"] else ""
        who += f" · {words.worth % {'n': row['total']}}" if not panel["over"] else ""
        groups = _groups(words.collection % {"name": name}, row["groups"], language) if row["groups"] else ""
        lines = _lines(words.score % {"name": name}, row["lines"], row["total"], words.total) if panel["over"] else ""
        out.append(
            f'<li class="hats-player-line{" hats-next" if row["next"] else ""}"><p class="hats-who">{who}</p>'
            f"{groups}{lines}</li>"
        )
    return mark_safe("".join(out))  # every value in it escaped above


class _PlayerWords:
    """The words of the players' lines, translated once a call, not once a player: as {% translate %} puts them
    in (escaped), and as {% blocktranslate %} does (as they are, the values escaped)."""

    def __init__(self) -> None:
        self.next = _escaped(gettext("next"))
        self.cookie = _escaped(gettext("holds the cookie"))
        self.total = _escaped(gettext("Total"))
        self.types = gettext("types: %(n)s")
        self.black_hats = gettext("black hats: %(n)s")
        self.turns = gettext("turns %(n)s of 8")
        self.worth = gettext("worth now: %(n)s")
        self.collection = gettext("%(name)s's collection")
        self.score = gettext("%(name)s's score")


def _groups(label: str, groups: Sequence[Mapping[str, Any]], language: str) -> str:
    """A player's collection by type, named `label`."""
    items = "".join(
        f'<li class="hats-group {conditional_escape(g["tone"])}"><span aria-hidden="true">'
        f"{conditional_escape(g['symbol'])}</span> {_named(g['label'], language)} ×{g['count']}: "
        f"{conditional_escape(g['values'])}</li>"
        for g in groups
    )
    return f'<ul class="hats-coll" aria-label="{label}">{items}</ul>'


def _lines(label: str, lines: Sequence[Mapping[str, Any]], total: int, total_word: str) -> str:
    """A finished game's score of one player, line by line, and its total, named `label`."""
    items = "".join(
        f"<li><span>{conditional_escape(tr(line['text']))}</span> <strong>{line['points']}</strong></li>"
        for line in lines
    )
    return (
        f'<ul class="hats-lines" aria-label="{label}">{items}'
        f'<li class="hats-total"><span>{total_word}</span> <strong>{total}</strong></li></ul>'
    )


@register.simple_tag
def seat_chips(
    seats: Iterable[tuple[int, str]], name: str, chosen: str, next_player: str = "", required: bool = True
) -> SafeString:
    """A radio chip per seat (index, player), named `name`, the seat `chosen` (an index as text) checked; the
    player `next_player` marked "(next)"."""
    word = gettext("next")  # not inside the f-string, where makemessages cannot read it
    marked = f" ({_escaped(word)})"
    field = conditional_escape(name)
    need = " required" if required else ""
    return mark_safe(
        "".join(
            f'<label class="chip"><input type="radio" name="{field}" value="{i}"'
            f"{' checked' if chosen == str(i) else ''}{need}><span>{conditional_escape(player)}"
            f"{marked if player == next_player else ''}</span></label>"
            for i, player in seats
        )
    )  # every value in it escaped above


@register.simple_tag
def position_chips(table: Iterable[Mapping[str, Any]], chosen: str) -> SafeString:
    """A radio chip per tea-table position (companion.entries.hats: its number and the card lying there), the one
    `chosen` checked, each with the note hats.js shows when the card picked may not go there."""
    word = gettext("not allowed")  # not inside the f-string, where makemessages cannot read it
    note = f'<em class="hats-illegal-note" hidden> — {_escaped(word)}</em>'
    language = get_language() or ""
    return mark_safe(
        "".join(
            f'<label class="chip" data-position="{p["number"]}"><input type="radio" name="position" '
            f'value="{p["number"]}"{" checked" if chosen == str(p["number"]) else ""}><span>{p["number"]}: '
            f"{_named(p['card'], language)}{note}</span></label>"
            for p in table
        )
    )  # every value in it escaped above
