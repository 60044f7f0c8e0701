"""The data for templates/cards/picker.html, built from a game's card notation (the Notation in games/notation.py).

    picker = cardpicker.build(
        FrenchNotation(), [(0, "Ana"), (1, "Ben")], name="card", available=remaining, chosen=refill,
    )
    {% include "cards/picker.html" with picker=picker %}

Each seat gets its own inputs, named `<name>-<seat index>`: radios when one card is picked per seat, checkboxes
when a set is (`multiple`). A card of which a seat may pick more than one (White Hat's six 7s) has one count
instead, a number input named `<name>-<seat index>:<card>`; `posted(request.POST, "<name>-<seat>")` reads both
kinds into one list, a card as often as it was picked. Every card keeps its place; one no longer available is
disabled and says so in its name.

On the board of a page whose script runs, a picker may leave its cards to a deck (`render(..., decks=...)`): the
cards of a seat that holds nothing and lacks nothing, once for every picker of that kind, in a part of the board of
its own that a swap keeps (companion/parts.py); the picker then carries only what differs from it, as data (the
cards fewer of which are left, and each seat's picks), and kibitz.js deals each seat its copy. A trick's picker
changes with every trick (a played card is disabled); its deck never does.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from companion.i18n import tr
from games.notation import CardError, Notation
from games.text import Text


class PickerCard(NamedTuple):
    """One card of one seat. A named tuple: a picker makes one for every card and seat (208 for four seats of a
    52-card deck), and a frozen dataclass took a third of building the picker just to be made."""

    value: str  # canonical text, the input's value
    face: str
    symbol: str
    note: str
    label: str  # the accessible name of the card (with ", played" when it is no longer available)
    tone: str  # a CSS class naming the card's colour: tone-S, tone-red, ...
    limit: int  # how many of it every seat together may still pick
    disabled: bool
    held: int  # how many of it this seat holds now (0 or 1 for a radio or a checkbox)
    most: int  # how many of it this seat may hold: 1 is a radio or a checkbox, more a count (a number input)
    full: int  # how many of it the box holds (its limit when every copy is still to be had)
    plain: str  # its accessible name when it is to be had

    @property
    def counted(self) -> bool:
        return self.most > 1


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
    off: str = "{card}"  # the accessible name of a card no longer to be had ("{card}, played")

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
    deck = _deck(notation)
    left = _counts(notation, available) if available is not None else None
    why = unavailable if unavailable is not None else _("played")
    played = _("%(card)s, %(why)s")  # translated once a picker, with `why`, for the cards no longer to be had
    why_text = tr(why)
    out: list[PickerSeat] = []
    for index, player in seats:
        picked = Counter(_canonical(notation, text) for text in (chosen or {}).get(index, ()))
        rows: dict[str, list[PickerCard]] = {}
        for card, (value, face, symbol, note, label, tone), copies, group in deck.cards:
            limit = copies if left is None else left[card]
            most = copies if multiple else 1
            if per_seat is not None:
                most = max(1, min(most, per_seat))
            count = min(picked[value], most) if picked else 0
            disabled = limit <= 0 and not count
            name_now = played % {"card": label, "why": why_text} if disabled else label
            rows.setdefault(group, []).append(
                PickerCard(
                    value, face, symbol, note, name_now, tone, max(limit, 0), disabled, count, most, copies, label
                )
            )
        out.append(
            PickerSeat(
                index=index,
                name=player,
                field=f"{name}-{index}",
                legend=tr(legend(player)) if legend else player,
                rows=tuple(PickerRow(group, deck.group_labels[group], tuple(row)) for group, row in rows.items()),
            )
        )
    off = played % {"card": "{card}", "why": why_text}
    return Picker(name=name, multiple=multiple, exclusive=exclusive, required=required, seats=tuple(out), off=off)


@dataclass(frozen=True)
class _Deck:
    """What a picker shows of each card of a notation in one language: (card, shown, copies, group) in the
    notation's order, and each group's label. The same for every seat and every picker of that notation."""

    cards: tuple[tuple[Hashable, tuple[str, str, str, str, str, str], int, str], ...]
    group_labels: Mapping[str, str]


DECKS = 64  # notations (a table's options make its own) and languages whose decks a process keeps
_decks: OrderedDict[tuple[object, str], _Deck] = OrderedDict()
_decks_lock = threading.Lock()


def _deck(notation: Notation[Any]) -> _Deck:
    """The notation's deck as shown in the active language: worked out once per notation and language (translating
    each card's name and face is most of a picker's cost), not once per picker."""
    try:
        key = (notation, get_language() or "")
        hash(key)
    except TypeError:  # a notation that cannot be a key: worked out each time
        return _make_deck(notation)
    with _decks_lock:
        found = _decks.get(key)
        if found is not None:
            _decks.move_to_end(key)
            return found
    made = _make_deck(notation)
    with _decks_lock:
        _decks[key] = made
        while len(_decks) > DECKS:
            _decks.popitem(last=False)
    return made


def _make_deck(notation: Notation[Any]) -> _Deck:
    cards = tuple(
        (card, _shown(notation, card), notation.copies(card), notation.group(card)) for card in notation.cards()
    )
    groups = dict.fromkeys(group for _card, _shown_card, _copies, group in cards)
    return _Deck(cards, {group: tr(notation.group_label(group)) for group in groups})


def picked(post: Mapping[str, Any], picker_name: str, seats: Sequence[tuple[int, str]]) -> dict[int, list[str]]:
    """What a posted picker holds per seat index, to refill the picker after an error (a QueryDict, or a
    mapping of field names to a text or a list of texts)."""
    out: dict[int, list[str]] = {}
    for index, _player in seats:
        try:
            out[index] = posted(post, f"{picker_name}-{index}")
        except BadCount:
            out[index] = _listed(post, f"{picker_name}-{index}")  # refilled without the count that was no number
    return out


# More than any box holds of one card: a count above it is a slip, not a play.
MOST_OF_ONE = 99


class BadCount(ValueError):
    """A count input that sent no whole number from 0 to MOST_OF_ONE: `card` and the `text` sent."""

    def __init__(self, card: str, text: str) -> None:
        super().__init__(f"{card}: {text!r}")
        self.card, self.text = card, text


def posted(post: Mapping[str, Any], field: str) -> list[str]:
    """The cards one seat's inputs sent: each ticked card once, each counted card (`<field>:<card>`) as often as
    its count says, in the order the form sent them. Raises BadCount for a count that is not a whole number."""
    cards = [text for text in _listed(post, field) if text.strip()]
    prefix = f"{field}:"
    for key in post:
        if not key.startswith(prefix) or empty_count(post, key):
            continue
        text = str(_listed(post, key)[-1]).strip()
        if not (text.isascii() and text.isdigit()) or int(text) > MOST_OF_ONE:
            raise BadCount(key[len(prefix) :], text)
        cards.extend([key[len(prefix) :]] * int(text))
    return cards


def empty_count(post: Mapping[str, Any], key: str) -> bool:
    """Whether `key` is a count (`<field>:<card>`) that sent no card: empty, or 0."""
    return ":" in key and all(str(text).strip() in ("", "0") for text in _listed(post, key))


def _listed(post: Mapping[str, Any], field: str) -> list[str]:
    values = post.getlist(field) if hasattr(post, "getlist") else post.get(field, [])
    return [values] if isinstance(values, str) else list(values)


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


def render(picker: Picker, shared: bool = False, decks: dict[str, str] | None = None) -> SafeString:
    """The picker's HTML (the markup templates/cards/picker.html documents). Built in Python: a trick's picker
    holds a few hundred cards, and the template language took about 100 ms to render them on every swap.

    `shared` (for a page whose script runs): the seats that hold nothing, when two or more do, share one copy of
    the cards in a <template>, which kibitz.js puts into each of them (the cards of such seats are the same, and
    a trick's picker is most of its page). A seat that holds a card is rendered whole, as every seat is without.

    `decks` (the board of a page whose script runs): the cards go to a deck, by its key, and every seat comes empty,
    with the picks and the cards fewer of which are left as data (the module's docstring)."""
    words = _Words() if any(card.counted for seat in picker.seats for row in seat.rows for card in row.cards) else None
    data = f' data-t-fewer="{escape(words.fewer)}" data-t-more="{escape(words.more)}"' if words else ""
    required = " required" if picker.required and not picker.multiple else ""
    if decks is not None and picker.seats and _dealable(picker):
        return _dealt(picker, decks, words, data, required)
    out = [
        f'<div class="cp{" cp-set" if picker.multiple else ""}" data-card-picker="{escape(picker.name)}"'
        f"{' data-exclusive' if picker.exclusive else ''}{data}>\n"
    ]
    blank = [seat for seat in picker.seats if not any(card.held for row in seat.rows for card in row.cards)]
    share = shared and len(blank) > 1
    shells = {seat.index for seat in blank} if share else set()
    if share:
        out += ["<template data-cp-cards>\n", *_rows(picker, blank[0], "", words, required), "</template>\n"]
    for seat in picker.seats:
        field = escape(seat.field)
        shell = seat.index in shells
        fills = f' data-field="{field}"' if shell else ""  # kibitz.js puts the shared cards in, named so
        out.append(
            f'<fieldset class="cp-seat" data-seat="{seat.index}" data-name="{escape(seat.name)}"{fills}>\n'
            f"<legend>{escape(seat.legend)}</legend>\n"
        )
        if not shell:
            out += _rows(picker, seat, field, words, required)
        out.append("</fieldset>\n")
    out.append("</div>")
    return mark_safe("".join(out))


def _dealable(picker: Picker) -> bool:
    """Whether the picker's card values can go in its data (space-separated `value=count`)."""
    return all(
        card.value and not any(ch.isspace() or ch == "=" for ch in card.value)
        for row in picker.seats[0].rows
        for card in row.cards
    )


def _dealt(picker: Picker, decks: dict[str, str], words: _Words | None, data: str, required: str) -> SafeString:
    """The picker with its cards left to a deck (`decks`: key -> the cards' markup, one seat's, named for none)."""
    cards = "".join(_rows(picker, _blank(picker.seats[0]), "", words, required))
    key = hashlib.blake2b(cards.encode(), digest_size=6).hexdigest()
    decks.setdefault(key, cards)
    first = picker.seats[0]
    fewer = " ".join(f"{c.value}={c.limit}" for row in first.rows for c in row.cards if c.limit != c.full)
    left = f' data-left="{escape(fewer)}"' if fewer else ""
    out = [
        f'<div class="cp{" cp-set" if picker.multiple else ""}" data-card-picker="{escape(picker.name)}"'
        f'{" data-exclusive" if picker.exclusive else ""}{data} data-deck="{key}"{left}'
        f' data-t-off="{escape(picker.off)}">\n'
    ]
    for seat in picker.seats:
        held = " ".join(f"{c.value}={c.held}" for row in seat.rows for c in row.cards if c.held)
        picks = f' data-picks="{escape(held)}"' if held else ""
        out.append(
            f'<fieldset class="cp-seat" data-seat="{seat.index}" data-name="{escape(seat.name)}" '
            f'data-field="{escape(seat.field)}"{picks}>\n<legend>{escape(seat.legend)}</legend>\n</fieldset>\n'
        )
    out.append("</div>")
    return mark_safe("".join(out))


def _blank(seat: PickerSeat) -> PickerSeat:
    """`seat` holding nothing, every card still to be had: what a deck shows."""
    return replace(
        seat,
        rows=tuple(
            replace(
                row, cards=tuple(c._replace(limit=c.full, disabled=False, held=0, label=c.plain) for c in row.cards)
            )
            for row in seat.rows
        ),
    )


def _rows(picker: Picker, seat: PickerSeat, field: str, words: _Words | None, required: str) -> list[str]:
    out = []
    for row in seat.rows:
        out.append(f'<div class="cp-row" role="group" aria-label="{escape(row.label)}">\n')
        for card in row.cards:
            out.append(
                _count(picker, card, field, words) if words and card.counted else _card(picker, card, field, required)
            )
        out.append("</div>\n")
    return out


class _Words:
    """The words of a picker's counts, translated once per picker (not once per card)."""

    def __init__(self) -> None:
        self.how_many = _("%(card)s: how many")
        self.fewer = _("One fewer: %(card)s").replace("%(card)s", "{card}")
        self.more = _("One more: %(card)s").replace("%(card)s", "{card}")


def _face(card: PickerCard) -> str:
    symbol = f'<span class="cp-sym">{escape(card.symbol)}</span>' if card.symbol else ""
    note = f'<small class="cp-note">{escape(card.note)}</small>' if card.note else ""
    return f'<span class="cp-face" aria-hidden="true">{escape(card.face)}{symbol}{note}</span>'


def _data(picker: Picker, card: PickerCard) -> str:
    """The card's value, and how many of it the seats together may still pick where that counts (kibitz.js keeps
    an exclusive picker's seats within it)."""
    limit = f' data-limit="{card.limit}"' if picker.exclusive else ""
    return f'data-value="{escape(card.value)}"{limit}'


def _card(picker: Picker, card: PickerCard, field: str, required: str) -> str:
    off = " cp-off" if card.disabled else ""
    wide = " cp-wide" if len(card.face) + len(card.symbol) > 3 else ""
    state = (" checked" if card.held else "") + (" disabled" if card.disabled else "")
    return (
        f'<label class="cp-card {escape(card.tone)}{wide}{off}" {_data(picker, card)}>'
        f'<input type="{picker.input_type}" name="{field}" value="{escape(card.value)}"{state}{required}>{_face(card)}'
        f'<span class="visually-hidden">{escape(card.label)}</span></label>\n'
    )


def _count(picker: Picker, card: PickerCard, field: str, words: _Words) -> str:
    """A card a seat may hold several of: its face, and one number input for how many (kibitz.js turns a tap on
    the face into one more, and adds − and + for the cards held)."""
    off = " cp-off" if card.disabled else ""
    wide = " cp-wide" if len(card.face) + len(card.symbol) > 3 else ""
    disabled = " disabled" if card.disabled else ""
    name = escape(words.how_many % {"card": card.label})
    return (
        f'<label class="cp-card cp-counted {escape(card.tone)}{wide}{off}" {_data(picker, card)} '
        f'data-label="{escape(card.label)}" data-n="{card.held}">{_face(card)}'
        f'<input type="number" name="{field}:{escape(card.value)}" value="{card.held}" min="0" max="{card.most}" '
        f'inputmode="numeric"{disabled}><span class="visually-hidden">{name}</span></label>\n'
    )
