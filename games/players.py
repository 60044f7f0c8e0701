"""Seat lists: unique, non-empty names of at most 40 characters, clockwise."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from games.base import shown

MAX_NAME = 40
# Control characters, line and paragraph separators, lone surrogates: a name is one line of real text.
_NOT_IN_NAMES = {"Cc", "Cs", "Zl", "Zp"}
# Format characters (U+200B, U+202E, U+FEFF, ...) are invisible: "A\u200bna" would pass for "Ana".
_INVISIBLE = "Cf"


class InvalidPlayers(ValueError):
    """A seat list that a table cannot have."""


def check_players(names: object, min_players: int, max_players: int) -> tuple[str, ...]:
    """The names as a tuple, or InvalidPlayers saying what is wrong."""
    if not isinstance(names, list | tuple):
        raise InvalidPlayers("players must be a list of names")
    seats: list[str] = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise InvalidPlayers(f"{shown(name)} is not a player's name")
        if name != name.strip():
            raise InvalidPlayers(f"the name {shown(name)} starts or ends with a space")
        if len(name) > MAX_NAME:
            raise InvalidPlayers(f"the name {shown(name)} is longer than {MAX_NAME} characters")
        if any(unicodedata.category(ch) in _NOT_IN_NAMES for ch in name):
            raise InvalidPlayers(f"the name {shown(name)} has a line break or control character in it")
        invisible = next((ch for ch in name if unicodedata.category(ch) == _INVISIBLE), None)
        if invisible is not None:
            raise InvalidPlayers(
                f"the name {name!r} has an invisible character (U+{ord(invisible):04X}) in it, "
                "so it could pass for another name"
            )
        if name in seats:
            raise InvalidPlayers(f"{name} is seated twice")
        seats.append(name)
    if not min_players <= len(seats) <= max_players:
        raise InvalidPlayers(f"this game takes {min_players} to {max_players} players, not {len(seats)}")
    return tuple(seats)


def left_of(players: Sequence[str], player: str, steps: int = 1) -> str:
    """The player `steps` seats to the left (clockwise, the next name)."""
    return players[(players.index(player) + steps) % len(players)]
