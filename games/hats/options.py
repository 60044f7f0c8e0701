"""Hats options (FORMAT.md "hats"): every field defaults to FORMAT.md; each is a house rule or the box's data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from games.base import InvalidOptions, OptionInfo, gettext_noop, whole_number_in
from games.hats.notation import HATS_TYPES, HatsNotation, hats_notation
from games.options import declare, read_values, written
from games.text import T

TABLE_VALUES = (1, 2, 3, 4, 5, 6)
TWO_PLAYER_POSITIONS = 5  # with two players the tea table uses its first five positions
TWO_PLAYER_TYPES = 5  # and two of the seven types stay in the box
POINT_RANGE = (0, 1000)  # black hat and cookie points: any a table could agree on
VALUE_RANGE = (1, 1000)  # a position's value


@dataclass(frozen=True)
class Options:
    types: tuple[str, ...] | None = None  # None: the seven types of the box
    table_values: tuple[int, ...] | None = None  # None: 1-6, the first five with two players
    black_hat_points: int = 1
    cookie_points: int = 5


@dataclass(frozen=True)
class Rules:
    """The options as one table plays them: the positions its tea table has, and how cards read."""

    options: Options
    seats: int
    values: tuple[int, ...]  # each position's value, position 1 first
    notation: HatsNotation

    @property
    def positions(self) -> int:
        return len(self.values)

    @property
    def teams(self) -> bool:
        return self.seats == 4

    @property
    def type_limit(self) -> int | None:
        """How many types may appear at all (two players remove two types), None for no limit."""
        return TWO_PLAYER_TYPES if self.seats == 2 else None


_DEFAULTS = Options()


def read_options(raw: Mapping[str, Any], players: Sequence[str]) -> Rules:
    """Options from a table file's `options` object; InvalidOptions names the bad one."""
    return rules_for(Options(**read_values(raw, OPTION_INFO, _READERS)), len(players))


def rules_for(options: Options, seats: int) -> Rules:
    positions = TWO_PLAYER_POSITIONS if seats == 2 else len(TABLE_VALUES)
    values = options.table_values or TABLE_VALUES
    if seats == 2 and len(values) == len(TABLE_VALUES):
        values = values[:positions]  # a six-value list: the two-player table uses its first five
    if len(values) != positions:
        raise InvalidOptions(T("table_values must give %(n)d values, one per position of the tea table", n=positions))
    return Rules(options, seats, tuple(values), hats_notation(options.types or HATS_TYPES))


def _types(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise InvalidOptions(T('types must be a list of names, like ["red", "blue"]'))
    if len(value) > len(HATS_TYPES):
        raise InvalidOptions(T("types: the box holds %(n)d types of cards, so at most %(n)d names", n=len(HATS_TYPES)))
    return tuple(HatsNotation(types=value).types)  # the notation refuses empty names and a type named twice


def _table_values(value: Any) -> tuple[int, ...]:
    low, high = VALUE_RANGE
    if not isinstance(value, list) or not all(whole_number_in(v, low, high) for v in value):
        raise InvalidOptions(
            T("table_values must be a list of whole numbers from %(low)d to %(high)d", low=low, high=high)
        )
    if any(b <= a for a, b in pairwise(value)):
        raise InvalidOptions(T("table_values must go up strictly from position 1, like [1, 2, 3, 4, 5, 6]"))
    return tuple(value)


_READERS = {"types": _types, "table_values": _table_values}


def options_dict(rules: Rules) -> dict[str, Any]:
    """Only what differs from the defaults, in FORMAT.md's shape."""
    return written(rules.options, _DEFAULTS)


OPTION_INFO: tuple[OptionInfo, ...] = (
    declare(
        "types",
        gettext_noop("Hat types"),
        gettext_noop(
            "The colours in play, such as red blue green. Leave empty for the seven of the box; with two players "
            "only five of them may appear."
        ),
        None,
        advanced=True,
        kind="list",
    ),
    declare(
        "table_values",
        gettext_noop("Position values"),
        gettext_noop(
            "What each tea-table position is worth, from position 1 up, such as 1 2 3 4 5 6. "
            "Leave empty for 1 to 6 (1 to 5 with two players)."
        ),
        None,
        advanced=True,
        kind="numbers",
    ),
    declare(
        "black_hat_points",
        gettext_noop("Black hat points"),
        gettext_noop("What each black hat scores at the end."),
        1,
        advanced=True,
        span=POINT_RANGE,
    ),
    declare(
        "cookie_points",
        gettext_noop("Cookie points"),
        gettext_noop("What the last cookie scores for whoever holds it at the end."),
        5,
        span=POINT_RANGE,
    ),
)
