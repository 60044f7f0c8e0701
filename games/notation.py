"""Card notation for every game (FORMAT.md): read a card as players write it, write it back canonically,
and say what a card picker needs to show it: an accessible name, a symbol that tells suits or colours apart
without colour, the row it sits in.

One `Notation` per kind of card, each built from the table's options and nothing else:

- `FrenchNotation`: Rickety Kate's French-suited cards (`10H`, `QS`), the `games.cards.Card` objects.
- `WhiteHatNotation`: `1`-`13`, `joker`, `hat`.
- `HatsNotation`: `<type>-<value>`, types from the options.
- `HoodNotation`: `<colour>-<face>`, a trailing `*` for the framed card, colours from the options.

`parse` raises `CardError` (a ValueError) whose `text` is a translatable `Text`; `str(error)` is the English.
Options a notation cannot be built from raise InvalidOptions (a ValueError too), its `message` a `Text`.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from games.base import InvalidOptions
from games.cards import CARDS, SYMBOLS, Card, CardError, full_deck, parse_card
from games.text import T, Text, join

C = TypeVar("C", bound=Hashable)


class Notation(Protocol[C]):
    """One game's cards: how they are written and how a picker shows them.

    Every method but `parse` takes a card this notation made (from `parse` or `cards`).
    """

    def parse(self, text: object) -> C:
        """The card `text` names, read tolerantly (case, spaces, symbols); CardError when there is none."""
        ...

    def format(self, card: C) -> str:
        """The canonical FORMAT.md text: what files and forms carry."""
        ...

    def label(self, card: C) -> Text:
        """The card's accessible name, in words: "Queen of spades", "joker", "red 3", "blue Deuce, framed"."""
        ...

    def face(self, card: C) -> str | Text:
        """The short text a picker shows on the card ("Q", "7", "Deuce"); the label contains it in words."""
        ...

    def symbol(self, card: C) -> str:
        """What tells the card's suit or colour apart besides colour: ♠ ♥ ♦ ♣, or a shape per colour."""
        ...

    def note(self, card: C) -> str:
        """A small extra figure the card shows (White Hat: its pursuit value), "" for none."""
        ...

    def tone(self, card: C) -> str:
        """The colour the card is drawn in, as a stable key ("S", "red", "joker") a style sheet can colour."""
        ...

    def group(self, card: C) -> str:
        """The picker row the card sits in (a suit, colour or type), a stable key."""
        ...

    def group_label(self, group: str) -> Text:
        """The accessible name of a picker row."""
        ...

    def cards(self) -> tuple[C, ...]:
        """Every distinct pickable card with these options, in picker order (grouped, then by rank or value)."""
        ...

    def copies(self, card: C) -> int:
        """How many of this card the box holds (1 when the rules do not say)."""
        ...


def _clean(text: object, example: str) -> str:
    """The text folded for reading (stripped, lower case, runs of spaces as one hyphen); CardError if none."""
    if not isinstance(text, str):
        raise _not_text(text, example)
    cleaned = re.sub(r"\s*-\s*|\s+", "-", text.strip().replace("\ufe0f", "").lower())
    if not cleaned:
        raise CardError(T("A card is missing: the text is empty."))
    return cleaned


def _not_text(value: object, example: str) -> CardError:
    message = T("%(value)s is not a card: write it as text, like %(example)s.", value=repr(value), example=example)
    return CardError(message)


def _fold(name: str) -> str:
    """A type or colour name as it is compared: case, outer spaces and inner runs of spaces ignored."""
    return re.sub(r"\s*-\s*|\s+", "-", name.strip().lower())


def _names(values: Iterable[str], what: str) -> tuple[str, ...]:
    """Option names (types, colours): non-empty text, no two alike when folded."""
    names = tuple(values)
    if not names or not all(isinstance(n, str) and n.strip() for n in names):
        raise InvalidOptions(T("%(what)s must be a non-empty list of names", what=what))
    if len({_fold(n) for n in names}) != len(names):
        raise InvalidOptions(T("%(what)s names one twice", what=what))
    return tuple(n.strip() for n in names)


# -- French suits (Rickety Kate) -------------------------------------------------------------------------------

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
                    raise _not_text(text, "QS") from None
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


# -- White Hat ------------------------------------------------------------------------------------------------

WHITE_HAT_FACES = (*(str(n) for n in range(1, 14)), "joker", "hat")
# FORMAT.md "white-hat": the pursuit values when the table sets none.
DEFAULT_PURSUIT: dict[str, int] = {
    face: 0 if n <= 2 else 1 if n <= 5 else 2 if n <= 9 else 3 for n, face in enumerate(WHITE_HAT_FACES[:13], 1)
} | {"joker": 4, "hat": 5}


@dataclass(frozen=True, order=True)
class WhiteHatCard:
    """A White Hat card: `rank` 1-13 for the numbers, 14 for a joker, 15 for the White Hat."""

    rank: int

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 15:
            raise ValueError(f"no such White Hat card: {self.rank}")

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
        cleaned = _clean(text, "7")
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


# -- Colours (Hats types, Hood Politix colours) ---------------------------------------------------------------

_COLOUR_WORDS = {
    "red": T("red"),
    "orange": T("orange"),
    "yellow": T("yellow"),
    "green": T("green"),
    "blue": T("blue"),
    "purple": T("purple"),
    "grey": T("grey"),
    "gray": T("grey"),
    "black": T("black"),
    "white": T("white"),
    "pink": T("pink"),
    "brown": T("brown"),
}
# A shape per colour, so that players who cannot tell the colours apart can tell the shapes apart.
_COLOUR_SHAPES = {
    "red": "●",
    "yellow": "▲",
    "green": "■",
    "blue": "◆",
    "orange": "★",
    "purple": "✚",
    "grey": "▼",
    "gray": "▼",
    "black": "✖",
    "white": "○",
    "pink": "♥",
    "brown": "▬",
}
_SPARE_SHAPES = ("□", "△", "◇", "☆", "▽", "◎", "✦", "✿", "⬟", "◐", "◑", "✳")


def _shapes(colours: Sequence[str]) -> dict[str, str]:
    """A distinct shape for each colour: its own when it is a common colour name, else the next spare one."""
    shapes: dict[str, str] = {}
    taken: set[str] = set()
    for colour in colours:
        shape = _COLOUR_SHAPES.get(_fold(colour))
        if shape is not None and shape not in taken:
            shapes[colour] = shape
            taken.add(shape)
    spare = (s for s in _SPARE_SHAPES + tuple(chr(0x2460 + i) for i in range(20)) if s not in taken)
    for colour in colours:
        if colour not in shapes:
            shapes[colour] = next(spare)
    return shapes


def _colour_word(colour: str) -> str | Text:
    """A colour's name in the reader's language when it is a common one, else as the table wrote it."""
    return _COLOUR_WORDS.get(_fold(colour), colour)


def _listed(names: Iterable[str]) -> Text:
    return join(list(names), ", ")


# -- Hats -----------------------------------------------------------------------------------------------------

HATS_TYPES = ("red", "orange", "yellow", "green", "blue", "purple", "grey")


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
    values: Sequence[int] = (1, 2, 3, 4, 5, 6)
    copies_each: int = 1
    _by_fold: dict[str, str] = field(init=False, repr=False, compare=False)
    _shapes: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        types = _names(self.types, "types")
        values = tuple(self.values)
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values):
            raise InvalidOptions(T("values must be positive whole numbers"))
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "values", tuple(sorted(set(values))))
        object.__setattr__(self, "_by_fold", {_fold(t): t for t in types})
        object.__setattr__(self, "_shapes", _shapes(types))

    def parse(self, text: object) -> HatsCard:
        cleaned = _clean(text, "red-3")
        kind, hyphen, value = cleaned.rpartition("-")
        shown = repr(str(text).strip())
        if not hyphen or not kind:
            raise CardError(T("%(text)s is not a card: write type-value, like red-3.", text=shown))
        if kind not in self._by_fold:
            raise CardError(
                T(
                    "%(text)s is not a card at this table: its type is one of %(types)s.",
                    text=shown,
                    types=_listed(self.types),
                )
            )
        if not (value.isascii() and value.isdigit()) or int(value) < 1:
            raise CardError(T("%(text)s is not a card: its value must be a whole number from 1 up.", text=shown))
        return HatsCard(self._by_fold[kind], int(value))

    def format(self, card: HatsCard) -> str:
        return str(card)

    def label(self, card: HatsCard) -> Text:
        return T("%(colour)s %(face)s", colour=_colour_word(card.type), face=str(card.value))

    def face(self, card: HatsCard) -> str:
        return str(card.value)

    def symbol(self, card: HatsCard) -> str:
        return self._shapes[card.type]

    def note(self, card: HatsCard) -> str:
        return ""

    def tone(self, card: HatsCard) -> str:
        return _fold(card.type)

    def group(self, card: HatsCard) -> str:
        return card.type

    def group_label(self, group: str) -> Text:
        return _as_text(_colour_word(group))

    def cards(self) -> tuple[HatsCard, ...]:
        return tuple(HatsCard(t, v) for t in self.types for v in self.values)

    def copies(self, card: HatsCard) -> int:
        return self.copies_each


def _as_text(value: str | Text) -> Text:
    """A colour word as Text: a table's own colour name passes through a catalogue that does not hold it."""
    return value if isinstance(value, Text) else join([value])


# -- Hood Politix ---------------------------------------------------------------------------------------------

HOOD_COLOURS = ("red", "yellow", "green", "blue")
HOOD_ACTIONS = ("five-o", "pimp-slap", "snitch", "in-yo-face", "deal", "deuce", "busted", "payback")
HOOD_FACES = (*(str(n) for n in range(10)), *HOOD_ACTIONS)
# The cards' printed names: proper names of the game, the same in every language.
HOOD_ACTION_NAMES = {
    "five-o": "Five-O",
    "pimp-slap": "Pimp Slap",
    "snitch": "Snitch",
    "in-yo-face": "In Yo Face",
    "deal": "Deal",
    "deuce": "Deuce",
    "busted": "Busted",
    "payback": "Payback",
}


@dataclass(frozen=True, order=True)
class HoodCard:
    """A Hood Politix card: colour (as the options spell it), face (`0`-`9` or an action), framed or not."""

    colour: str
    face: str
    framed: bool = False

    @property
    def number(self) -> int | None:
        return int(self.face) if self.face.isdigit() else None

    @property
    def action(self) -> str | None:
        return None if self.face.isdigit() else self.face

    def __str__(self) -> str:
        return f"{self.colour}-{self.face}" + ("*" if self.framed else "")


@dataclass(frozen=True)
class HoodNotation:
    """`<colour>-<face>` (`red-7`, `blue-pimp-slap`), `*` after it for the framed card (`green-deuce*`).

    `colours` are the colours of the table's box (a card of another colour is an error). Which faces also come
    framed is not known, so the picker offers every face framed unless `framed_faces` says which; `copies_each`
    (how many of one card the box holds) is 1 unless set.
    """

    colours: Sequence[str] = HOOD_COLOURS
    framed_faces: Sequence[str] | None = None
    copies_each: int = 1
    _by_fold: dict[str, str] = field(init=False, repr=False, compare=False)
    _shapes: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        colours = _names(self.colours, "colours")
        framed = HOOD_FACES if self.framed_faces is None else tuple(self.framed_faces)
        if set(framed) - set(HOOD_FACES):
            faces = ", ".join(sorted(set(framed) - set(HOOD_FACES)))
            raise InvalidOptions(T("framed_faces: no such face %(faces)s", faces=faces))
        object.__setattr__(self, "colours", colours)
        object.__setattr__(self, "framed_faces", tuple(f for f in HOOD_FACES if f in framed))
        object.__setattr__(self, "_by_fold", {_fold(c): c for c in colours})
        object.__setattr__(self, "_shapes", _shapes(colours))

    def parse(self, text: object) -> HoodCard:
        cleaned = _clean(text, "red-7")
        shown = repr(str(text).strip())
        framed = cleaned.endswith("*")
        if framed:  # one star: "red-7**" is no card
            cleaned = cleaned[:-1].rstrip("-")  # "red-7 *" reads as "red-7*"
        colour = next(
            (c for c in sorted(self._by_fold, key=len, reverse=True) if cleaned.startswith(c + "-")),
            None,
        )
        if colour is None:
            face = next((f for f in sorted(HOOD_FACES, key=len, reverse=True) if cleaned.endswith("-" + f)), None)
            if face is not None and cleaned[: -len(face) - 1]:
                raise CardError(
                    T(
                        "%(text)s is not a card at this table: its colour is one of %(colours)s.",
                        text=shown,
                        colours=_listed(self.colours),
                    )
                )
            raise CardError(T("%(text)s is not a card: write colour-face, like red-7 or blue-deuce.", text=shown))
        face = cleaned[len(colour) + 1 :]
        if face not in HOOD_FACES:
            raise CardError(
                T(
                    "%(text)s is not a card: the face is 0 to 9 or one of %(actions)s.",
                    text=shown,
                    actions=_listed(HOOD_ACTIONS),
                )
            )
        return HoodCard(self._by_fold[colour], face, framed)

    def format(self, card: HoodCard) -> str:
        return str(card)

    def label(self, card: HoodCard) -> Text:
        name = T("%(colour)s %(face)s", colour=_colour_word(card.colour), face=self.face(card))
        return T("%(card)s, framed", card=name) if card.framed else name

    def face(self, card: HoodCard) -> str:
        return HOOD_ACTION_NAMES.get(card.face, card.face)

    def symbol(self, card: HoodCard) -> str:
        return self._shapes[card.colour] + ("✦" if card.framed else "")

    def note(self, card: HoodCard) -> str:
        return ""

    def tone(self, card: HoodCard) -> str:
        return _fold(card.colour)

    def group(self, card: HoodCard) -> str:
        return card.colour + ("*" if card.framed else "")

    def group_label(self, group: str) -> Text:
        colour = _as_text(_colour_word(group.rstrip("*")))
        return T("%(colour)s, framed", colour=colour) if group.endswith("*") else colour

    def cards(self) -> tuple[HoodCard, ...]:
        assert self.framed_faces is not None  # __post_init__ makes it a tuple
        plain = tuple(HoodCard(c, f) for c in self.colours for f in HOOD_FACES)
        framed = tuple(HoodCard(c, f, True) for c in self.colours for f in self.framed_faces)
        return plain + framed

    def copies(self, card: HoodCard) -> int:
        return self.copies_each


__all__ = [
    "DEFAULT_PURSUIT",
    "HATS_TYPES",
    "HOOD_ACTIONS",
    "HOOD_COLOURS",
    "HOOD_FACES",
    "CardError",
    "FrenchNotation",
    "HatsCard",
    "HatsNotation",
    "HoodCard",
    "HoodNotation",
    "Notation",
    "WhiteHatCard",
    "WhiteHatNotation",
]
