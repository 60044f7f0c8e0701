"""Hats' cards (FORMAT.md "hats"): `<type>-<value>`, the types from the table's options."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.base import InvalidOptions
from games.notation import CardError, as_text, clean, colour_shapes, colour_word, fold, listed, option_names
from games.text import T, Text

HATS_TYPES = ("red", "orange", "yellow", "green", "blue", "purple", "grey")
BOX_VALUES = (1, 2, 3, 4, 5, 6)  # each type's values unless a table says otherwise


@dataclass(frozen=True, order=True)
class HatsCard:
    """A Hats card: its type (as the table's options spell it) and its value, a positive integer."""

    type: str
    value: int

    def __str__(self) -> str:
        return f"{self.type}-{self.value}"


@dataclass(frozen=True)
class HatsNotation:
    """`<type>-<value>` (`red-3`), split at the last hyphen; the type one of `types`, in any case.

    `values` are what a picker offers for each type; any positive integer reads. No public source gives each
    type's values, so they are an assumption the table can change, and `copies` (per card) is 1 unless set.
    """

    types: Sequence[str] = HATS_TYPES
    values: Sequence[int] = BOX_VALUES
    copies_each: int = 1
    _by_fold: dict[str, str] = field(init=False, repr=False, compare=False)
    _shapes: dict[str, str] = field(init=False, repr=False, compare=False)
    _cards: tuple[HatsCard, ...] = field(init=False, repr=False, compare=False)  # made once: every prompt lists them

    def __post_init__(self) -> None:
        types = option_names(self.types, "types")
        values = tuple(self.values)
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values):
            raise InvalidOptions(T("values must be positive whole numbers"))
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "values", tuple(sorted(set(values))))
        object.__setattr__(self, "_by_fold", {fold(t): t for t in types})
        object.__setattr__(self, "_shapes", colour_shapes(types))
        object.__setattr__(self, "_cards", tuple(HatsCard(t, v) for t in types for v in self.values))

    def parse(self, text: object) -> HatsCard:
        cleaned = clean(text, "red-3")
        kind, hyphen, value = cleaned.rpartition("-")
        shown = repr(str(text).strip())
        if not hyphen or not kind:
            raise CardError(T("%(text)s is not a card: write type-value, like red-3.", text=shown))
        if kind not in self._by_fold:
            raise CardError(
                T(
                    "%(text)s is not a card at this table: its type is one of %(types)s.",
                    text=shown,
                    types=listed(self.types),
                )
            )
        if not (value.isascii() and value.isdigit()) or int(value) < 1:
            raise CardError(T("%(text)s is not a card: its value must be a whole number from 1 up.", text=shown))
        return HatsCard(self._by_fold[kind], int(value))

    def format(self, card: HatsCard) -> str:
        return str(card)

    def label(self, card: HatsCard) -> Text:
        return T("%(colour)s %(face)s", colour=colour_word(card.type), face=str(card.value))

    def face(self, card: HatsCard) -> str:
        return str(card.value)

    def symbol(self, card: HatsCard) -> str:
        return self._shapes[card.type]

    def note(self, card: HatsCard) -> str:
        return ""

    def tone(self, card: HatsCard) -> str:
        return fold(card.type)

    def group(self, card: HatsCard) -> str:
        return card.type

    def group_label(self, group: str) -> Text:
        return as_text(colour_word(group))

    def cards(self) -> tuple[HatsCard, ...]:
        return self._cards

    def copies(self, card: HatsCard) -> int:
        return self.copies_each


@functools.lru_cache(maxsize=64)  # immutable: the few notations a process's tables use, each made once
def hats_notation(types: tuple[str, ...] = HATS_TYPES, values: tuple[int, ...] = BOX_VALUES) -> HatsNotation:
    """The notation of `types` and `values`, as every replay and page of a table asks for it again."""
    return HatsNotation(types=types, values=values)
