"""Hood Politix options: every field defaults to FORMAT.md; each is a house rule the table agrees on."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from games.base import InvalidOptions, OptionInfo, gettext_noop
from games.hood_politix.notation import HOOD_COLOURS, HoodNotation
from games.options import declare, read_values, written
from games.text import T

# The seed asks for at least three rounds; 100 is far beyond any evening and keeps replays small.
NUMBER_RANGES: dict[str, tuple[int, int]] = {"rounds": (3, 100), "hand_size": (5, 7), "penalty_cards": (1, 20)}
MAX_COLOURS = 12
_COLOUR_NAME = re.compile(r"[^\W\d_][\w-]*")  # a word that starts with a letter: "red", "dark-blue", "grün"


@dataclass(frozen=True)
class Options:
    rounds: int = 3
    tie: str = "shared"
    hand_size: int = 7
    colours: tuple[str, ...] = HOOD_COLOURS
    penalty_cards: int = 2
    payback_returns: bool = True

    @cached_property
    def notation(self) -> HoodNotation:
        """The table's cards: its colours, every face plain or framed."""
        return HoodNotation(colours=self.colours)


_DEFAULTS = Options()


def read_options(raw: Mapping[str, Any], players: Sequence[str]) -> Options:
    """Options from a table file's `options` object; InvalidOptions names the bad one."""
    options = Options(**read_values(raw, OPTION_INFO, {"colours": _colours}))
    options.notation  # noqa: B018 -- raises InvalidOptions for colours no table can use
    return options


def _colours(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(c, str) and c.strip() for c in value):
        raise InvalidOptions(T('colours must be a list of colour names, like ["red", "yellow", "green", "blue"]'))
    if len(value) > MAX_COLOURS:
        raise InvalidOptions(T("colours: at most %(max)d colours", max=MAX_COLOURS))
    if any(len(c) > 20 or not _COLOUR_NAME.fullmatch(c.strip()) for c in value):
        raise InvalidOptions(T("colours: a colour is a word of at most 20 letters, like red or dark-blue"))
    return tuple(c.strip() for c in value)


def options_dict(options: Options) -> dict[str, Any]:
    """Only what differs from the defaults, in FORMAT.md's shape."""
    return written(options, _DEFAULTS)


OPTION_INFO: tuple[OptionInfo, ...] = (
    declare(
        "rounds",
        gettext_noop("Rounds"),
        gettext_noop("How many rounds the game lasts; the rules ask for at least three."),
        3,
        span=NUMBER_RANGES["rounds"],
    ),
    declare(
        "tie",
        gettext_noop("Tie for the lowest total"),
        gettext_noop("What happens when two or more players share the lowest total at the end."),
        "shared",
        (
            ("shared", gettext_noop("They share the win")),
            ("extra-round", gettext_noop("The whole table plays one more round, until one player is lowest")),
        ),
    ),
    declare(
        "payback_returns",
        gettext_noop("Payback sends a stack back"),
        gettext_noop("A Payback may answer a building Deuce or In Yo Face stack and send it back."),
        True,
    ),
    declare(
        "penalty_cards",
        gettext_noop("Penalty cards"),
        gettext_noop("How many cards a penalty costs unless the entry says otherwise."),
        2,
        advanced=True,
        span=NUMBER_RANGES["penalty_cards"],
    ),
    declare(
        "hand_size",
        gettext_noop("Hand size"),
        gettext_noop("Cards in each hand the dealer makes up (5 to 7)."),
        7,
        advanced=True,
        span=NUMBER_RANGES["hand_size"],
    ),
    declare(
        "colours",
        gettext_noop("Colours in the box"),
        gettext_noop("The card colours of your box, one word each. Leave empty for red yellow green blue."),
        None,
        advanced=True,
        kind="list",
    ),
)
