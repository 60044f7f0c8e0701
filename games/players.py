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
# Format characters (U+200B, U+202E, U+FEFF, ...) are invisible: "A\u200bna" would pass for "Ana". Emoji
# sequences are the exception: a zero-width joiner between two emoji (👩‍👩‍👧), the emoji or text presentation
# selector after a symbol or a keycap's digit, and a flag's tag characters after its black flag (🏴 + tags +
# cancel tag); each of these is invisible anywhere else, so refused there.
_INVISIBLE = "Cf"
_ZWJ = "\u200d"
_PRESENTATION = "\ufe0e\ufe0f"
_KEYCAP, _KEYCAP_BASES = "\u20e3", "0123456789#*"
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_TAGS, _CANCEL_TAG = range(0xE0020, 0xE007F), "\U000e007f"
_VARIATION_SELECTORS = (range(0xFE00, 0xFE10), range(0xE0100, 0xE01F0), range(0x180B, 0x1810))


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
        invisible = _out_of_place(name)
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


def _out_of_place(name: str) -> str | None:
    """The first invisible character of `name` that is not part of an emoji sequence, or None."""
    return next((ch for i, ch in enumerate(name) if not _fits(name, i)), None)


def _fits(name: str, i: int) -> bool:
    ch = name[i]
    if ch == _ZWJ:
        return _emoji_before(name, i) and i + 1 < len(name) and _emoji(name[i + 1])
    if ch in _PRESENTATION:
        after_symbol = i > 0 and unicodedata.category(name[i - 1])[0] in "SP"  # ❤️ ‼️
        return after_symbol or (i > 0 and name[i - 1] in _KEYCAP_BASES and name[i + 1 : i + 2] == _KEYCAP)
    if ord(ch) in _TAGS or ch == _CANCEL_TAG:
        return _in_tag_sequence(name, i)
    if any(ord(ch) in selectors for selectors in _VARIATION_SELECTORS):  # only after a character it can vary
        return i > 0 and unicodedata.category(name[i - 1])[0] not in "ZCM"
    return unicodedata.category(ch) != _INVISIBLE


def _emoji(ch: str) -> bool:
    return unicodedata.category(ch) == "So"  # every emoji that a joiner joins is an "other symbol"


def _emoji_before(name: str, i: int) -> bool:
    """An emoji ends just before `i`, perhaps with its presentation selector or skin tone (👩🏽‍💻)."""
    j = i - 1
    while j >= 0 and (name[j] in _PRESENTATION or ord(name[j]) in _SKIN_TONES):
        j -= 1
    return j >= 0 and _emoji(name[j])


def _in_tag_sequence(name: str, i: int) -> bool:
    """Position `i` is in an emoji tag sequence: an emoji, one or more tag characters, the cancel tag."""
    start = i if name[i] == _CANCEL_TAG else i + 1
    while start > 0 and ord(name[start - 1]) in _TAGS:
        start -= 1
    end = start
    while end < len(name) and ord(name[end]) in _TAGS:
        end += 1
    return start > 0 and _emoji(name[start - 1]) and end > start and name[end : end + 1] == _CANCEL_TAG


def left_of(players: Sequence[str], player: str, steps: int = 1) -> str:
    """The player `steps` seats to the left (clockwise, the next name)."""
    return players[(players.index(player) + steps) % len(players)]
