"""French-suited cards in FORMAT.md notation: rank then suit, `10H`, `QS`, `2C`."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import total_ordering
from itertools import product

from games.base import shown
from games.text import T, Text

SUITS = "CDHS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_FROM_SYMBOL = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
_RANK_VALUE = {rank: value for value, rank in enumerate(RANKS, start=2)}
_INTERNED: dict[tuple[str, str], Card] = {}


class CardError(ValueError):
    """A card that cannot be read; `text` says why, in words a player understands and a page can translate
    (str() is the English)."""

    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


@total_ordering
@dataclass(frozen=True, eq=False)
class Card:
    """One card. Orders by suit (♣ ♦ ♥ ♠), then rank from 2 to A, which is how pickers list them.

    There is one instance of each card (Card("S", "Q") is CARDS["QS"]), so equality and hashing are the
    object's own, done in C: cards sit in Counters and sets on every replayed trick and refereed play.
    """

    suit: str
    rank: str
    index: int = field(init=False, repr=False, compare=False)

    def __new__(cls, suit: str, rank: str) -> Card:
        existing = _INTERNED.get((suit, rank))
        return existing if existing is not None else super().__new__(cls)

    def __post_init__(self) -> None:
        if self.suit not in SUITS or self.rank not in _RANK_VALUE:
            raise ValueError(f"no such card: {self.rank}{self.suit}")
        object.__setattr__(self, "index", SUITS.index(self.suit) * 13 + _RANK_VALUE[self.rank] - 2)
        _INTERNED.setdefault((self.suit, self.rank), self)

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return Card, (self.suit, self.rank)  # unpickled, a card is the one instance again

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    @property
    def value(self) -> int:
        """2 for a two up to 14 for an ace."""
        return self.index % 13 + 2

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.rank + self.suit

    def pretty(self) -> str:
        return self.rank + self.symbol


def full_deck() -> tuple[Card, ...]:
    """The 52 cards, clubs first, each suit from 2 to A."""
    return tuple(Card(suit, rank) for suit, rank in product(SUITS, RANKS))


CARDS: dict[str, Card] = {str(c): c for c in full_deck()}


def parse_card(text: object) -> Card:
    """Read `10h`, `Q♠` or `2C`; raise CardError (a ValueError) with a readable message otherwise."""
    if isinstance(text, str) and text in CARDS:  # the canonical form: by far the most common
        return CARDS[text]
    if not isinstance(text, str):
        raise CardError(T("%(text)s is not a card", text=shown(text)))
    cleaned = text.strip().replace("\ufe0f", "").upper()
    if not cleaned:
        raise CardError(T("an empty card"))
    suit = _FROM_SYMBOL.get(cleaned[-1], cleaned[-1])
    rank = cleaned[:-1]
    if suit not in SUITS or rank not in _RANK_VALUE:
        raise CardError(T("%(text)s is not a card (write rank then suit, like 10H or QS)", text=shown(text)))
    return CARDS[rank + suit]
