"""Rickety Kate's cards as players write them and as the card picker shows them (FORMAT.md "Cards")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from games.cards import CARDS, SYMBOLS, Card, CardError, full_deck, parse_card
from games.notation import not_text
from games.text import T, Text

_SUIT_WORDS = {"C": T("clubs"), "D": T("diamonds"), "H": T("hearts"), "S": T("spades")}
_RANK_WORDS: dict[str, str | Text] = {"J": T("Jack"), "Q": T("Queen"), "K": T("King"), "A": T("Ace")}


@dataclass(frozen=True)
class FrenchNotation:
    """`10H`, `QS`: rank then suit, read in lower case or with suit symbols, written in upper-case letters.

    `removed` cards are not in the deck (not pickable, not readable); with `double_deck` the box holds two of each.
    """

    removed: Iterable[Card | str] = ()
    double_deck: bool = False
    _out: frozenset[Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        out = frozenset(c if isinstance(c, Card) else parse_card(c) for c in self.removed)
        object.__setattr__(self, "removed", tuple(sorted(out)))
        object.__setattr__(self, "_out", out)

    def parse(self, text: object) -> Card:
        if isinstance(text, str) and text in CARDS:  # canonical: the common case, as in parse_card
            card = CARDS[text]
        else:
            try:
                card = parse_card(text)
            except ValueError:
                if not isinstance(text, str):
                    raise not_text(text, "QS") from None
                if not text.strip():
                    raise CardError(T("A card is missing: the text is empty.")) from None
                raise CardError(
                    T("%(text)s is not a card: write rank then suit, like 10H or QS.", text=repr(text.strip()))
                ) from None
        if card in self._out:
            raise CardError(T("%(card)s is not in the deck at this table.", card=card.pretty()))
        return card

    def format(self, card: Card) -> str:
        return str(card)

    def label(self, card: Card) -> Text:
        return T("%(rank)s of %(suit)s", rank=_RANK_WORDS.get(card.rank, card.rank), suit=_SUIT_WORDS[card.suit])

    def face(self, card: Card) -> str:
        return card.rank

    def symbol(self, card: Card) -> str:
        return SYMBOLS[card.suit]

    def note(self, card: Card) -> str:
        return ""

    def tone(self, card: Card) -> str:
        return card.suit

    def group(self, card: Card) -> str:
        return card.suit

    def group_label(self, group: str) -> Text:
        return _SUIT_WORDS[group]

    def cards(self) -> tuple[Card, ...]:
        return tuple(c for c in full_deck() if c not in self._out)

    def copies(self, card: Card) -> int:
        return 2 if self.double_deck else 1
