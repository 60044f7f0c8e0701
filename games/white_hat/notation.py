"""White Hat's cards (FORMAT.md "white-hat"): `1`-`13`, `joker`, `hat`, as read, written and shown in a picker."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import total_ordering

from games.base import InvalidOptions
from games.notation import CardError, clean
from games.text import T, Text

WHITE_HAT_FACES = (*(str(n) for n in range(1, 14)), "joker", "hat")
# FORMAT.md "white-hat": the pursuit values when the table sets none.
DEFAULT_PURSUIT: dict[str, int] = {
    face: 0 if n <= 2 else 1 if n <= 5 else 2 if n <= 9 else 3 for n, face in enumerate(WHITE_HAT_FACES[:13], 1)
} | {"joker": 4, "hat": 5}
_INTERNED: dict[int, WhiteHatCard] = {}


@total_ordering
@dataclass(frozen=True, eq=False)
class WhiteHatCard:
    """A White Hat card: `rank` 1-13 for the numbers, 14 for a joker, 15 for the White Hat. Orders by rank.

    There is one instance of each card (WhiteHatCard(7) is WHITE_HAT_CARDS["7"]), so equality and hashing are the
    object's own, done in C: cards sit in Counters on every trick read and every round replayed.
    """

    rank: int

    def __new__(cls, rank: int) -> WhiteHatCard:
        existing = _INTERNED.get(rank) if type(rank) is int else None  # 7.0 would be the 7 re-set to a float
        return existing if existing is not None else super().__new__(cls)

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 15:
            raise ValueError(f"no such White Hat card: {self.rank}")
        _INTERNED.setdefault(self.rank, self)

    def __reduce__(self) -> tuple[type[WhiteHatCard], tuple[int]]:
        return WhiteHatCard, (self.rank,)  # unpickled, a card is the one instance again

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, WhiteHatCard):
            return NotImplemented
        return self.rank < other.rank

    @property
    def number(self) -> int | None:
        """The printed number, None for a joker and the hat."""
        return self.rank if self.rank <= 13 else None

    @property
    def is_joker(self) -> bool:
        return self.rank == 14

    @property
    def is_hat(self) -> bool:
        return self.rank == 15

    @property
    def wild(self) -> bool:
        """Jokers and the hat are wild inside a set."""
        return self.rank > 13

    def __str__(self) -> str:
        return WHITE_HAT_FACES[self.rank - 1]


WHITE_HAT_CARDS: dict[str, WhiteHatCard] = {face: WhiteHatCard(i) for i, face in enumerate(WHITE_HAT_FACES, 1)}
_WHITE_HAT_ALIASES = {"white-hat": "hat", "whitehat": "hat", "the-white-hat": "hat", "jokers": "joker"}


@dataclass(frozen=True)
class WhiteHatNotation:
    """`1`-`13`, `joker`, `hat`. The box holds six of each number, five jokers and one hat.

    `pursuit` gives each card's pursuit value (FORMAT.md's defaults for any card it leaves out), which the
    picker shows on the card.
    """

    pursuit: Mapping[str, int] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        unknown = set(self.pursuit) - set(WHITE_HAT_FACES)
        if unknown:
            raise InvalidOptions(
                T("pursuit names cards that do not exist: %(cards)s", cards=", ".join(sorted(unknown)))
            )
        object.__setattr__(self, "pursuit", DEFAULT_PURSUIT | dict(self.pursuit))

    def parse(self, text: object) -> WhiteHatCard:
        if isinstance(text, str) and text in WHITE_HAT_CARDS:
            return WHITE_HAT_CARDS[text]
        cleaned = clean(text, "7")
        cleaned = _WHITE_HAT_ALIASES.get(cleaned, cleaned)
        if cleaned.isascii() and cleaned.isdigit():
            cleaned = str(int(cleaned))  # "07" is 7
        card = WHITE_HAT_CARDS.get(cleaned)
        if card is None:
            raise CardError(
                T("%(text)s is not a White Hat card: write 1 to 13, joker or hat.", text=repr(str(text).strip()))
            )
        return card

    def format(self, card: WhiteHatCard) -> str:
        return str(card)

    def label(self, card: WhiteHatCard) -> Text:
        name = T("joker") if card.is_joker else T("White Hat") if card.is_hat else str(card.rank)
        return T("%(card)s, pursuit %(points)d", card=name, points=self.pursuit[str(card)])

    def face(self, card: WhiteHatCard) -> str | Text:
        return T("Joker") if card.is_joker else T("Hat") if card.is_hat else str(card.rank)

    def symbol(self, card: WhiteHatCard) -> str:
        return "★" if card.is_joker else "✪" if card.is_hat else ""

    def note(self, card: WhiteHatCard) -> str:
        return str(self.pursuit[str(card)])

    def tone(self, card: WhiteHatCard) -> str:
        return "joker" if card.is_joker else "hat" if card.is_hat else "number"

    def group(self, card: WhiteHatCard) -> str:
        return "wild" if card.wild else "numbers"

    def group_label(self, group: str) -> Text:
        return T("Jokers and the White Hat") if group == "wild" else T("Numbers")

    def cards(self) -> tuple[WhiteHatCard, ...]:
        return tuple(WHITE_HAT_CARDS.values())

    def copies(self, card: WhiteHatCard) -> int:
        return 5 if card.is_joker else 1 if card.is_hat else 6
