"""Card notation (FORMAT.md): what every game's notation offers, and the helpers several of them share.

A `Notation` reads a card as players write it, writes it back canonically, and says what a card picker needs to
show it: an accessible name, a symbol that tells suits or colours apart without colour, the row it sits in. Each
game keeps its own in its package, built from the table's options and nothing else:

- `games.rickety_kate.notation.FrenchNotation`: French-suited cards (`10H`, `QS`), the `games.cards.Card` objects.
- `games.white_hat.notation.WhiteHatNotation`: `1`-`13`, `joker`, `hat`.
- `games.hats.notation.HatsNotation`: `<type>-<value>`, types from the options.
- `games.hood_politix.notation.HoodNotation`: `<colour>-<face>`, a trailing `*` for the framed card.

`parse` raises `CardError` (a ValueError) whose `text` is a translatable `Text`; `str(error)` is the English.
Options a notation cannot be built from raise InvalidOptions (a ValueError too), its `message` a `Text`.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Sequence
from typing import Protocol, TypeVar

from games.base import InvalidOptions
from games.cards import CardError
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


def clean(text: object, example: str) -> str:
    """The text folded for reading (stripped, lower case, runs of spaces as one hyphen); CardError if none."""
    if not isinstance(text, str):
        raise not_text(text, example)
    cleaned = re.sub(r"\s*-\s*|\s+", "-", text.strip().replace("\ufe0f", "").lower())
    if not cleaned:
        raise CardError(T("A card is missing: the text is empty."))
    return cleaned


def not_text(value: object, example: str) -> CardError:
    message = T("%(value)s is not a card: write it as text, like %(example)s.", value=repr(value), example=example)
    return CardError(message)


def fold(name: str) -> str:
    """A type or colour name as it is compared: case, outer spaces and inner runs of spaces ignored."""
    return re.sub(r"\s*-\s*|\s+", "-", name.strip().lower())


def option_names(values: Iterable[str], what: str) -> tuple[str, ...]:
    """Option names (types, colours): non-empty text, no two alike when folded."""
    names = tuple(values)
    if not names or not all(isinstance(n, str) and n.strip() for n in names):
        raise InvalidOptions(T("%(what)s must be a non-empty list of names", what=what))
    if len({fold(n) for n in names}) != len(names):
        raise InvalidOptions(T("%(what)s names one twice", what=what))
    return tuple(n.strip() for n in names)


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


def colour_shapes(colours: Sequence[str]) -> dict[str, str]:
    """A distinct shape for each colour: its own when it is a common colour name, else the next spare one."""
    shapes: dict[str, str] = {}
    taken: set[str] = set()
    for colour in colours:
        shape = _COLOUR_SHAPES.get(fold(colour))
        if shape is not None and shape not in taken:
            shapes[colour] = shape
            taken.add(shape)
    spare = (s for s in _SPARE_SHAPES + tuple(chr(0x2460 + i) for i in range(20)) if s not in taken)
    for colour in colours:
        if colour not in shapes:
            shapes[colour] = next(spare)
    return shapes


def colour_word(colour: str) -> str | Text:
    """A colour's name in the reader's language when it is a common one, else as the table wrote it."""
    return _COLOUR_WORDS.get(fold(colour), colour)


def listed(names: Iterable[str]) -> Text:
    return join(list(names), ", ")


def as_text(value: str | Text) -> Text:
    """A colour word as Text: a table's own colour name passes through a catalogue that does not hold it."""
    return value if isinstance(value, Text) else join([value])


__all__ = ["CardError", "Notation"]
