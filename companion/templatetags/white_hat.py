"""White Hat's loops on the state panel and in the entry panel, written in Python: the track, a board of 40-odd
fields, the seats' chips and the round end's seats took most of a first rendering's template work (about 500 nodes
a page). Each writes the markup its template loop wrote (tests/companion/test_white_hat_board.py holds the loops and
compares them in every language); the templates in companion/entries/white_hat/templates/ say where each goes."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

register = template.Library()


@lru_cache(maxsize=16)
def _words(language: str | None) -> dict[str, str]:
    """The tags' words in `language`, translated once. As the templates wrote them: a translator's words are never
    escaped (`{% translate %}` of a literal marks it safe), only what is filled into them."""
    return {
        "legal": gettext("a legal move ends here"),
        "so_far": gettext("Pursuit points so far:"),
        "none_moves": gettext("No pawn can move."),
        "pawn_1": gettext("Field of pawn 1"),
        "pawn_2": gettext("Field of pawn 2"),
        "printed": gettext("printed %(n)s"),
        "pawn": gettext("%(owner)s's pawn %(n)s"),
        "move": gettext("%(owner)s's pawn %(n)s to %(field)s"),
        "in_hand": gettext("Pursuit points in hand (or tap the cards below)"),
    }


def words() -> dict[str, str]:
    return _words(get_language())


def _text(value: object) -> str:
    """`value` as a template writes it: Django's conditional_escape (its own markup if it has some, else escaped as
    Django's escape does it, with html.escape), without the wrapper that makes it take lazy strings."""
    own = getattr(value, "__html__", None)
    return str(own()) if own is not None else html.escape(str(value))


@register.simple_tag
def track(drawing: Mapping[str, Any]) -> SafeString:
    """The score track (games.white_hat.track) as an SVG and the totals under it. The lines of a kind are one path
    and the markers and their labels each one group, which carries their class: a row's marker stays inside its
    row, so drawing each kind over the last looks as drawing a row at a time did."""
    rows, ticks = drawing["rows"], drawing["ticks"]
    width, height = drawing["width"], drawing["height"]
    named = ",".join(f" {_text(r['name'])} {r['total']}" for r in rows)
    tick_lines = "".join(f"M{t['x']} 4V{height}" for t in ticks)
    tick_labels = "".join(f'<text x="{t["x"]}" y="8">{t["label"]}</text>' for t in ticks)
    lanes = "".join(f"M10 {r['y'] + 6}H{width - 10}" for r in rows)
    progress = "".join(f"M{r['start']} {r['y'] + 6}H{r['x']}" for r in rows)
    trails = "".join(f'<circle cx="{r["before"]}" cy="{r["y"] + 6}" r="3"/>' for r in rows if r["before"] is not None)
    markers = "".join(
        f'<circle class="wh-seat-{i}" cx="{r["x"]}" cy="{r["y"] + 6}" r="8"/>' for i, r in enumerate(rows)
    )
    labels = "".join(f'<text x="{r["x"]}" y="{r["y"] + 9}">{_text(r["initial"])}</text>' for r in rows)
    totals = "".join(
        f'<li><span class="wh-dot wh-seat-{i}"></span>{_text(r["name"])} <b>{r["total"]}</b></li>'
        for i, r in enumerate(rows)
    )
    return mark_safe(  # every text in it escaped above
        f'<svg class="wh-track" viewBox="0 0 {width} {height}" role="img" aria-labelledby="wh-track-title">'
        f'<title id="wh-track-title">{words()["so_far"]}{named}</title>\n'
        f'<path class="wh-tick" d="{tick_lines}"/><g class="wh-tick-label">{tick_labels}</g>\n'
        f'<path class="wh-lane" d="{lanes}"/><path class="wh-progress" d="{progress}"/>'
        f'<g class="wh-trail">{trails}</g><g class="wh-marker">{markers}</g>'
        f'<g class="wh-marker-label">{labels}</g></svg>\n'
        f'<ul class="wh-totals">{totals}</ul>'
    )


@register.simple_tag(takes_context=True)
def board_stretch(context: template.Context, stretch: int, fields: Sequence[Mapping[str, Any]]) -> SafeString:
    """A stretch of the board's fields as a list of its own (a part: templates/panel.html), numbered from its first.
    The words are looked up once for the stretches of one rendering (the language's lookup is most of it)."""
    said = context.render_context.get(_WORDS)
    if said is None:
        said = context.render_context[_WORDS] = words()
    first = fields[0]["index"] if fields else 0
    listed = _fields(fields, said)
    return mark_safe(f'<ol id="wh-board-{stretch}" class="wh-board" start="{first}">\n{listed}</ol>')


_WORDS = "white_hat_words"  # in a rendering's render_context: the tags' words in its language


@register.simple_tag
def board_fields(fields: Iterable[Mapping[str, Any]]) -> SafeString:
    """One <li> a field (games.white_hat.prompt.board_view): its name, its value (and the printed one when an
    ability changed it), its ability, whether a legal move ends there, and the pawns on it. Its number is the
    list's (the <ol>'s `start`; the stylesheet writes it before the name)."""
    return _fields(fields, words())


def _fields(fields: Iterable[Mapping[str, Any]], said: Mapping[str, str]) -> SafeString:
    legal, printed = said["legal"], said["printed"]
    out = []
    for f in fields:
        value = _text(f["value"])
        if f["changed"] is not None:
            value += f" ({printed % {'n': _text(f['changed'])}})"
        opening, closing = _around(f["name"], f["ability"] or "", bool(f["target"]), legal)
        pawns = f' <span class="wh-pawn">{_text(f["pawns"])}</span>' if f["pawns"] else ""
        out.append(f"{opening}{value}{closing}{pawns}</li>\n")
    return mark_safe("".join(out))  # every text in it escaped


@lru_cache(maxsize=1024)  # a board's fields, a field a target or not, in each language: a few boards' worth
def _around(name: str, ability: str, target: bool, legal: str) -> tuple[str, str]:
    """What a field's <li> has before its value (its classes, its name) and after it (its ability, whether a legal
    move ends there): the same for the same field at every rendering."""
    shown = _text(ability)
    classes = " ".join(([f"wh-ability-{shown}"] if ability else []) + (["wh-target"] if target else []))
    opening = f'<li class="{classes}">' if classes else "<li>"
    closing = f' <span class="wh-field-ability">{shown}</span>' if ability else ""
    closing += f' <span class="wh-field-legal">{legal}</span>' if target else ""
    return f"{opening}<b>{_text(name)}</b> ", closing


@register.simple_tag
def field_options(fields: Iterable[tuple[int, str]]) -> SafeString:
    """The board's fields as a select's options ("7 Router"), written here as the board is (one a field)."""
    return mark_safe("".join(f'<option value="{i}">{i} {_text(name)}</option>' for i, name in fields))


@register.simple_tag
def pawn_options(pawns: Iterable[tuple[str, str, int]]) -> SafeString:
    """Every pawn as a select's options ("Ana's pawn 1"), its value `<owner>:<n>`."""
    named = words()["pawn"]
    return mark_safe(
        "".join(
            f'<option value="{_text(value)}">{named % {"owner": _text(owner), "n": _text(str(n))}}</option>'
            for value, owner, n in pawns
        )
    )


@register.simple_tag
def seat_chips(seats: Iterable[Sequence[Any]], field: str, checked: object = "") -> SafeString:
    """A radio chip a seat, (index, name) or (index, name, play order as JSON): who led, dealt, got the hat.
    `checked`: the seat index chosen ("" for none)."""
    chosen = str(checked)
    out = []
    for seat in seats:
        i, name = seat[0], _text(seat[1])
        order = f' data-order="{_text(seat[2])}"' if len(seat) > 2 else ""
        ticked = " checked" if str(i) == chosen else ""
        out.append(
            f'<label class="chip"><input type="radio" name="{field}" value="{i}"{order}{ticked} required>'
            f"<span>{name}</span></label>"
        )
    return mark_safe("".join(out))


@register.simple_tag
def move_buttons(moves: Iterable[Mapping[str, Any]]) -> SafeString:
    """The legal pawn moves, a button each ("Ben's pawn 2 to Router"), or that no pawn can move."""
    said = words()
    out = [
        f'<button type="submit" name="move" value="{_text(m["value"])}" class="chip">'
        f"{said['move'] % {'owner': _text(m['owner']), 'n': _text(m['n']), 'field': _text(m['name'])}}</button>"
        for m in moves
    ]
    return mark_safe("".join(out) or f'<span class="muted">{said["none_moves"]}</span>')


@register.simple_tag
def round_seats(seats: Iterable[tuple[int, str, str, str, str]], tracked: bool) -> SafeString:
    """A fieldset a seat on the round end: the pursuit points in hand and, on a table without a board, the values
    under the player's two pawns (each refilled with what the form sent)."""
    said = words()
    out = []
    for i, name, total, first, second in seats:
        fields = (
            ""
            if tracked
            else f'<span class="wh-fields"><label>{said["pawn_1"]} <input type="number" name="field-{i}-1" '
            f'value="{_text(first)}" inputmode="numeric"></label><label>{said["pawn_2"]} <input type="number" '
            f'name="field-{i}-2" value="{_text(second)}" inputmode="numeric"></label></span>'
        )
        out.append(
            f'<fieldset class="wh-seat"><legend>{_text(name)}</legend><label>{said["in_hand"]} <input type="number" '
            f'name="sum-{i}" value="{_text(total)}" min="0" inputmode="numeric"></label>{fields}</fieldset>\n'
        )
    return mark_safe("".join(out))


@register.simple_tag
def sections(entry: Mapping[str, Any], lazy: bool) -> dict[str, bool]:
    """Which of the entry's sections are open, and whether a page that fetches closed parts (`lazy`:
    templates/lazy_part.html) leaves the trick's fields for later, fetched when their section opens:
    - `tricks`, by tricks: the form asked for next is one of its own, or the round is under way that way;
    - `quick`, the round end: asked for next, or the round is not being entered by tricks;
    - `no_move`: the next trick, behind the pawn move that comes first, was the form sent (refused, undone);
    - `trick_later`: the trick's section is closed (by tricks, or "No move")."""
    after = entry.get("open") or entry.get("next")
    tricks = (bool(entry.get("tricks_open")) and after != "round") or after in ("trick", "start", "move", "field")
    quick = not entry.get("tricks_open") or after == "round"
    no_move = entry.get("open") == "trick"
    trick_shown = tricks and (no_move or not entry.get("move_first"))
    return {
        "tricks": tricks,
        "quick": quick,
        "no_move": no_move,
        "trick_later": bool(lazy) and not trick_shown,
    }
