"""The data for templates/cards/picker.html, built from a game's card notation (the Notation in games/notation.py).

    picker = cardpicker.build(
        FrenchNotation(), [(0, "Ana"), (1, "Ben")], name="card", available=remaining, chosen=refill,
    )
    {% include "cards/picker.html" with picker=picker %}

Each seat gets its own inputs, named `<name>-<seat index>`: radios when one card is picked per seat, checkboxes
when a set is (`multiple`). A card of which a seat may pick more than one (White Hat's six 7s) has that many
checkboxes with the same value, so `request.POST.getlist("<name>-<seat>")` lists it as often as it was picked.
Every card keeps its place; one no longer available is disabled and says so in its name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from companion.i18n import tr
from games.notation import CardError, Notation
from games.text import Text


@dataclass(frozen=True)
class Box:
    """One input: a card's only one, or one of its copies."""

    label: str  # the accessible name
    checked: bool
    disabled: bool


@dataclass(frozen=True)
class PickerCard:
    value: str  # canonical text, the input's value
    face: str
    symbol: str
    note: str
    label: str  # the accessible name of the card (with ", played" when it is no longer available)
    tone: str  # a CSS class naming the card's colour: tone-S, tone-red, ...
    limit: int  # how many of it every seat together may still pick
    disabled: bool
    boxes: tuple[Box, ...]


@dataclass(frozen=True)
class PickerRow:
    group: str
    label: str
    cards: tuple[PickerCard, ...]


@dataclass(frozen=True)
class PickerSeat:
    index: int
    name: str
    field: str  # the inputs' name: <picker name>-<seat index>
    legend: str
    rows: tuple[PickerRow, ...]


@dataclass(frozen=True)
class Picker:
    name: str
    multiple: bool  # a set per seat (checkboxes) or one card (radios)
    exclusive: bool  # a card picked by one seat counts against the others (kibitz.js greys it out there)
    required: bool  # every seat must pick (radios get `required`)
    seats: tuple[PickerSeat, ...]

    @property
    def input_type(self) -> str:
        return "checkbox" if self.multiple else "radio"


def build(
    notation: Notation[Any],
    seats: Sequence[tuple[int, str]],
    *,
    name: str = "card",
    multiple: bool = False,
    available: Iterable[Hashable] | Mapping[Any, int] | None = None,
    chosen: Mapping[int, Iterable[str]] | None = None,
    legend: Callable[[str], str | Text] | None = None,
    unavailable: str | Text | None = None,
    exclusive: bool = True,
    required: bool = False,
    per_seat: int | None = None,
) -> Picker:
    """A picker for `seats` (seat index, player name), in the order given.

    `available`: the cards still to be had (cards or their texts, a card listed as often as it is left, or a
    mapping to counts); the others are disabled and named with `unavailable` (default "played"). None: all.
    `chosen`: per seat index, the card texts to show picked (a form sent back with an error).
    `legend`: the heading of a seat's cards from the player's name (default: the name).
    `per_seat`: in a set picker, at most this many of one card per seat (default: as many as the box holds).
    """
    cards = notation.cards()
    left = _counts(notation, available) if available is not None else None
    why = unavailable if unavailable is not None else _("played")
    shown = {card: _shown(notation, card) for card in cards}
    words = _("%(card)s, %(n)d of %(copies)d")
    out: list[PickerSeat] = []
    for index, player in seats:
        picked = Counter(_canonical(notation, text) for text in (chosen or {}).get(index, ()))
        rows: dict[str, list[PickerCard]] = {}
        for card in cards:
            value, face, symbol, note, label, tone = shown[card]
            limit = notation.copies(card) if left is None else left[card]
            copies = notation.copies(card) if multiple else 1
            if per_seat is not None:
                copies = max(1, min(copies, per_seat))
            disabled = limit <= 0 and not picked[value]
            name_now = _("%(card)s, %(why)s") % {"card": label, "why": tr(why)} if disabled else label
            boxes = tuple(
                Box(_copy_label(name_now, k, copies, words), k < picked[value], k >= limit and k >= picked[value])
                for k in range(copies)
            )
            rows.setdefault(notation.group(card), []).append(
                PickerCard(value, face, symbol, note, name_now, tone, max(limit, 0), disabled, boxes)
            )
        out.append(
            PickerSeat(
                index=index,
                name=player,
                field=f"{name}-{index}",
                legend=tr(legend(player)) if legend else player,
                rows=tuple(
                    PickerRow(group, tr(notation.group_label(group)), tuple(row)) for group, row in rows.items()
                ),
            )
        )
    return Picker(name=name, multiple=multiple, exclusive=exclusive, required=required, seats=tuple(out))


def picked(post: Mapping[str, Any], picker_name: str, seats: Sequence[tuple[int, str]]) -> dict[int, list[str]]:
    """What a posted picker holds per seat index, to refill the picker after an error (a QueryDict, or a
    mapping of field names to a text or a list of texts)."""
    out: dict[int, list[str]] = {}
    for index, _player in seats:
        field = f"{picker_name}-{index}"
        values = post.getlist(field) if hasattr(post, "getlist") else post.get(field, [])
        out[index] = [values] if isinstance(values, str) else list(values)
    return out


def _copy_label(label: str, k: int, copies: int, words: str = "") -> str:
    """The name of the k-th (from 0) of a card's inputs in one seat: "7, 2 of 6" when there are several.
    `words`: that sentence already translated (a picker names hundreds of copies: gettext once, not each time)."""
    if copies == 1:
        return label
    return (words or _("%(card)s, %(n)d of %(copies)d")) % {"card": label, "n": k + 1, "copies": copies}


def _shown(notation: Notation[Any], card: Hashable) -> tuple[str, str, str, str, str, str]:
    tone = "".join(ch if ch.isalnum() or ch == "-" else "-" for ch in notation.tone(card))
    return (
        notation.format(card),
        tr(notation.face(card)),
        notation.symbol(card),
        notation.note(card),
        tr(notation.label(card)),
        f"tone-{tone}",
    )


def _canonical(notation: Notation[Any], text: str) -> str:
    try:
        return notation.format(notation.parse(text))
    except CardError:
        return text  # not a card of this picker: it shows nowhere


def _counts(notation: Notation[Any], available: Iterable[Hashable] | Mapping[Any, int]) -> Counter[Hashable]:
    """Cards still to be had, by card; texts are read with the notation."""
    pairs = available.items() if isinstance(available, Mapping) else ((c, 1) for c in available)
    counts: Counter[Hashable] = Counter()
    for card, n in pairs:
        counts[notation.parse(card) if isinstance(card, str) else card] += n
    return counts


def render(picker: Picker) -> SafeString:
    """The picker's HTML (the markup templates/cards/picker.html documents). Built in Python: a trick's picker
    holds a few hundred cards, and the template language took about 100 ms to render them on every swap."""
    out = [
        f'<div class="cp{" cp-set" if picker.multiple else ""}" data-card-picker="{escape(picker.name)}"'
        f"{' data-exclusive' if picker.exclusive else ''}>\n"
    ]
    required = " required" if picker.required and not picker.multiple else ""
    for seat in picker.seats:
        out.append(
            f'<fieldset class="cp-seat" data-seat="{seat.index}" data-name="{escape(seat.name)}">\n'
            f"<legend>{escape(seat.legend)}</legend>\n"
        )
        field = escape(seat.field)
        for row in seat.rows:
            out.append(f'<div class="cp-row" role="group" aria-label="{escape(row.label)}">\n')
            out.extend(_card(picker, card, field, required) for card in row.cards)
            out.append("</div>\n")
        out.append("</fieldset>\n")
    out.append("</div>")
    return mark_safe("".join(out))


def _card(picker: Picker, card: PickerCard, field: str, required: str) -> str:
    off = " cp-off" if card.disabled else ""
    show = escape(card.face) + escape(card.symbol)
    data = f'data-value="{escape(card.value)}" data-limit="{card.limit}" data-show="{show}"'
    symbol = f'<span class="cp-sym">{escape(card.symbol)}</span>' if card.symbol else ""
    note = f'<small class="cp-note">{escape(card.note)}</small>' if card.note else ""
    face = f'<span class="cp-face" aria-hidden="true">{escape(card.face)}{symbol}{note}</span>'
    value = escape(card.value)
    if len(card.boxes) == 1:
        box = card.boxes[0]
        wide = " cp-wide" if len(card.face) > 3 else ""
        return (
            f'<label class="cp-card {escape(card.tone)}{wide}{off}" {data}><input type="{picker.input_type}" '
            f'name="{field}" value="{value}"{_state(box)}{required}>{face}'
            f'<span class="visually-hidden">{escape(box.label)}</span></label>\n'
        )
    boxes = "".join(
        f'<label class="cp-box"><input type="checkbox" name="{field}" value="{value}"{_state(box)}>'
        f'<span class="cp-pip" aria-hidden="true"></span>'
        f'<span class="visually-hidden">{escape(box.label)}</span></label>'
        for box in card.boxes
    )
    tone = escape(card.tone)
    return f'<div class="cp-card cp-multi {tone}{off}" {data}>{face}<span class="cp-boxes">{boxes}</span></div>\n'


def _state(box: Box) -> str:
    return (" checked" if box.checked else "") + (" disabled" if box.disabled else "")
