"""White Hat options: every field defaults to FORMAT.md; each open point of the sources is one of them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from games.base import InvalidOptions, OptionInfo, gettext_noop, shown
from games.options import declare, read_values, whole_number, written
from games.text import T
from games.white_hat.board import Board, read_board
from games.white_hat.notation import DEFAULT_PURSUIT, WHITE_HAT_FACES

PURSUIT_VALUES = (0, 20)  # printed values run from 0 to 5
WILD_SET_VALUES = (1, 99)


@dataclass(frozen=True)
class Options:
    pursuit: Mapping[str, int] = field(default_factory=lambda: MappingProxyType(dict(DEFAULT_PURSUIT)))
    floor: str = "round"
    board: Board | None = None
    first_lead: str = "right-of-hat"
    hat_ties: str = "later"
    wild_set: int = 14
    hat_take: str = "non-wild"
    opponent_pawns: str = "negative"
    tie: str = "shared"


_DEFAULTS = Options()


def read_options(raw: Mapping[str, Any], players: Sequence[str]) -> Options:
    """Options from a table file's `options` object; InvalidOptions names the bad one."""
    return Options(**read_values(raw, OPTION_INFO, {"pursuit": _pursuit, "board": read_board}))


def _pursuit(value: Any) -> Mapping[str, int]:
    """A value for some or all cards ("13": 3, "joker": 4); the cards left out keep FORMAT.md's default."""
    if not isinstance(value, Mapping):
        raise InvalidOptions(T('pursuit must map cards to values, like {"13": 3, "joker": 4}'))
    table = dict(DEFAULT_PURSUIT)
    refusal = gettext_noop("pursuit of %(card)s must be from %(low)d to %(high)d, not %(value)s")
    for card, points in value.items():
        if card not in table:
            raise InvalidOptions(T("pursuit: %(card)s is not a White Hat card (1 to 13, joker, hat)", card=shown(card)))
        table[card] = whole_number(points, PURSUIT_VALUES, refusal, card=card)
    return MappingProxyType(table)


def options_dict(options: Options) -> dict[str, Any]:
    """Only what differs from the defaults, in FORMAT.md's shape (the whole pursuit table once it differs)."""
    return written(options, _DEFAULTS, {"board": Board.as_list})


OPTION_INFO: tuple[OptionInfo, ...] = (
    declare(
        "pursuit",
        gettext_noop("Pursuit value of each card"),
        gettext_noop(
            "Check these against the small number printed on your cards. Only 1-2 (0), the joker (4) and the hat (5)"
            " are known; the values for 3 to 13 are an assumption."
        ),
        dict(DEFAULT_PURSUIT),
        kind="mapping",
        span=PURSUIT_VALUES,
        keys=WHITE_HAT_FACES,
    ),
    declare(
        "board",
        gettext_noop("Board"),
        gettext_noop(
            "Your board's fields in order along the arrows, each with its name, pursuit value and ability. Needed to"
            " track pawns; without it, enter the two field values each round."
        ),
        None,
        kind="json",
    ),
    declare(
        "floor",
        gettext_noop("Never go back"),
        gettext_noop("A round below zero counts as zero, so a total never falls."),
        "round",
        (("round", gettext_noop("A round counts at least 0")), ("none", gettext_noop("Negative rounds count"))),
    ),
    declare(
        "first_lead",
        gettext_noop("First lead of a round"),
        gettext_noop("Who leads the first trick of a round."),
        "right-of-hat",
        (
            ("right-of-hat", gettext_noop("The player right of the White Hat's holder")),
            ("any", gettext_noop("Anyone (not checked)")),
        ),
        advanced=True,
    ),
    declare(
        "hat_ties",
        gettext_noop("Equal plays in a hat trick"),
        gettext_noop("Which of two equal plays wins when the hat is in the trick."),
        "later",
        (("later", gettext_noop("The later one, as in any trick")), ("earlier", gettext_noop("The earlier one"))),
        advanced=True,
    ),
    declare(
        "wild_set",
        gettext_noop("Value of a lone wild"),
        gettext_noop("What a single joker, the single hat, or a set of only jokers and the hat is worth."),
        14,
        advanced=True,
        span=WILD_SET_VALUES,
    ),
    declare(
        "hat_take",
        gettext_noop("Taking after a hat trick"),
        gettext_noop("Whether the cards taken besides the hat may be jokers."),
        "non-wild",
        (("non-wild", gettext_noop("No jokers among them")), ("any", gettext_noop("Any cards of the trick"))),
        advanced=True,
    ),
    declare(
        "opponent_pawns",
        gettext_noop("Moving another player's pawn"),
        gettext_noop("When a trick's winner may move someone else's pawn."),
        "negative",
        (
            ("negative", gettext_noop("Only from a field below zero")),
            ("any", gettext_noop("From any field")),
        ),
        advanced=True,
    ),
    declare(
        "tie",
        gettext_noop("Tie for the lowest total"),
        gettext_noop("How a tie at the end is settled."),
        "shared",
        (("shared", gettext_noop("They share the win")),),
        advanced=True,
    ),
)
