"""Hood Politix's cards (FORMAT.md "hood-politix"): `<colour>-<face>`, `*` after it for the framed card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.base import InvalidOptions
from games.notation import CardError, as_text, clean, colour_shapes, colour_word, fold, listed, option_names
from games.text import T, Text

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
        colours = option_names(self.colours, "colours")
        framed = HOOD_FACES if self.framed_faces is None else tuple(self.framed_faces)
        if set(framed) - set(HOOD_FACES):
            faces = ", ".join(sorted(set(framed) - set(HOOD_FACES)))
            raise InvalidOptions(T("framed_faces: no such face %(faces)s", faces=faces))
        object.__setattr__(self, "colours", colours)
        object.__setattr__(self, "framed_faces", tuple(f for f in HOOD_FACES if f in framed))
        object.__setattr__(self, "_by_fold", {fold(c): c for c in colours})
        object.__setattr__(self, "_shapes", colour_shapes(colours))

    def parse(self, text: object) -> HoodCard:
        cleaned = clean(text, "red-7")
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
                        colours=listed(self.colours),
                    )
                )
            raise CardError(T("%(text)s is not a card: write colour-face, like red-7 or blue-deuce.", text=shown))
        face = cleaned[len(colour) + 1 :]
        if face not in HOOD_FACES:
            raise CardError(
                T(
                    "%(text)s is not a card: the face is 0 to 9 or one of %(actions)s.",
                    text=shown,
                    actions=listed(HOOD_ACTIONS),
                )
            )
        return HoodCard(self._by_fold[colour], face, framed)

    def format(self, card: HoodCard) -> str:
        return str(card)

    def label(self, card: HoodCard) -> Text:
        name = T("%(colour)s %(face)s", colour=colour_word(card.colour), face=self.face(card))
        return T("%(card)s, framed", card=name) if card.framed else name

    def face(self, card: HoodCard) -> str:
        return HOOD_ACTION_NAMES.get(card.face, card.face)

    def symbol(self, card: HoodCard) -> str:
        return self._shapes[card.colour] + ("✦" if card.framed else "")

    def note(self, card: HoodCard) -> str:
        return ""

    def tone(self, card: HoodCard) -> str:
        return fold(card.colour)

    def group(self, card: HoodCard) -> str:
        return card.colour + ("*" if card.framed else "")

    def group_label(self, group: str) -> Text:
        colour = as_text(colour_word(group.rstrip("*")))
        return T("%(colour)s, framed", colour=colour) if group.endswith("*") else colour

    def cards(self) -> tuple[HoodCard, ...]:
        assert self.framed_faces is not None  # __post_init__ makes it a tuple
        plain = tuple(HoodCard(c, f) for c in self.colours for f in HOOD_FACES)
        framed = tuple(HoodCard(c, f, True) for c in self.colours for f in self.framed_faces)
        return plain + framed

    def copies(self, card: HoodCard) -> int:
        return self.copies_each
