"""Seat lists: unique, non-empty names of at most 40 characters, clockwise."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from games.base import GameError, shown
from games.text import T

MAX_NAME = 40
RESERVED = "explain"  # a round's key in score's output, beside the players' names (FORMAT.md)
# Control characters, line and paragraph separators, lone surrogates: a name is one line of real text.
_NOT_IN_NAMES = {"Cc", "Cs", "Zl", "Zp"}
# Format characters (U+200B, U+202E, U+FEFF, ...) are invisible: "A\u200bna" would pass for "Ana".
_INVISIBLE = "Cf"


class InvalidPlayers(GameError):
    """A seat list that a table cannot have; `message` is a Text (str() is the English line)."""


def check_players(names: object, min_players: int, max_players: int) -> tuple[str, ...]:
    """The names as a tuple, or InvalidPlayers saying what is wrong."""
    if not isinstance(names, list | tuple):
        raise InvalidPlayers(T("players must be a list of names"))
    seats: list[str] = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise InvalidPlayers(T("%(name)s is not a player's name", name=shown(name)))
        if name != name.strip():
            raise InvalidPlayers(T("the name %(name)s starts or ends with a space", name=shown(name)))
        if len(name) > MAX_NAME:
            raise InvalidPlayers(
                T("the name %(name)s is longer than %(max)d characters", name=shown(name), max=MAX_NAME)
            )
        if any(unicodedata.category(ch) in _NOT_IN_NAMES for ch in name):
            raise InvalidPlayers(T("the name %(name)s has a line break or control character in it", name=shown(name)))
        invisible = next((ch for ch in name if unicodedata.category(ch) == _INVISIBLE), None)
        if invisible is not None:
            raise InvalidPlayers(
                T(
                    "the name %(name)s has an invisible character (%(char)s) in it, so it could pass for another name",
                    name=repr(name),
                    char=f"U+{ord(invisible):04X}",
                )
            )
        if name == RESERVED:
            raise InvalidPlayers(T("%(name)s cannot be a player's name: the scores use that word", name=name))
        if name in seats:
            raise InvalidPlayers(T("%(name)s is seated twice", name=name))
        seats.append(name)
    if not min_players <= len(seats) <= max_players:
        raise InvalidPlayers(
            T(
                "this game takes %(min)d to %(max)d players, not %(n)d",
                min=min_players,
                max=max_players,
                n=len(seats),
            )
        )
    return tuple(seats)


def left_of(players: Sequence[str], player: str, steps: int = 1) -> str:
    """The player `steps` seats to the left (clockwise, the next name)."""
    return players[(players.index(player) + steps) % len(players)]
