"""Tally's property-test strategies, beside the game in its own folder (the contract:
tests/property/strategies/__init__.py). The generic property tests find them by the game's package."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from tests.property.strategies.builders import (
    WHO,
    Tables,
    form_posts,
    mostly_good,
    one_field_off,
    one_out_of_range,
)
from tests.property.strategies.common import (
    JSON,
    NUMBER_TEXT,
    Strategy,
    counts,
    outside,
    shuffle_event,
    string_names_from,
)
from tests.toygame import BONUS_MAX, GAME

SLUG = GAME.slug
# A round of whole numbers and two options: a tenth of the examples a real game gets finds what there is.
EXAMPLES = 0.1

# As Tally reads them: both options from 1 to 100 (Tally.options), a round's points from 0 to 1000 and a bonus
# from 1 to BONUS_MAX (Tally.parse).
OPTION_RANGES = {"rounds": (1, 100), "cap": (1, 100)}
POINTS = (0, 1000)
BONUS = (1, BONUS_MAX)
PLAUSIBLE_OPTIONS: dict[str, Callable[[list[str]], Strategy[JSON]]] = {
    "rounds": lambda _players: st.integers(1, 5) | st.sampled_from([1, 100]),  # short games get over
    "cap": lambda _players: st.sampled_from([1, 5, 10, 15, 100]) | st.integers(1, 100),
}


def _rounds(options: dict[str, JSON]) -> int:
    rounds = options.get("rounds", 3)
    return rounds if type(rounds) is int and 1 <= rounds <= 6 else 3


@st.composite
def random_round(draw: st.DrawFn, players: list[str]) -> dict[str, JSON]:
    """A round for some of the players (a stranger now and then), points often fine, sometimes not a number
    Tally takes, or a bonus for one of them; a field dropped, added or of the wrong type."""
    if draw(st.booleans()):
        bonus = {
            "type": "bonus",
            "player": draw(string_names_from(players)),
            "points": draw(st.integers(1, 9) | counts()),
        }
        return draw(shuffle_event(bonus, ["player", "points"]))
    names = draw(st.lists(string_names_from(players), max_size=len(players) + 1, unique=True))
    points = {name: draw(st.integers(0, 20) | counts()) for name in names}
    return draw(shuffle_event({"type": "round", "points": points}, ["points"]))


@st.composite
def whole_game(draw: st.DrawFn, players: list[str], options: dict[str, JSON]) -> list[dict[str, JSON]]:
    """The game's rounds, every seat scoring 0 to 20 (some above the cap), a bonus before a round now and then:
    cut short, complete or one too many."""
    rounds = _rounds(options)
    count = draw(st.sampled_from([rounds, rounds, rounds + 1, max(0, rounds - 1), 0]))
    out: list[dict[str, JSON]] = []
    for _ in range(count):
        if draw(st.integers(0, 3)) == 0:
            out.append({"type": "bonus", "player": draw(st.sampled_from(players)), "points": draw(st.integers(*BONUS))})
        out.append({"type": "round", "points": {p: draw(st.integers(0, 20)) for p in players}})
    return out


def events(players: list[str], options: dict[str, JSON]) -> Strategy[list[dict[str, JSON]]]:
    return mostly_good(whole_game(players, options), random_round(players))


def out_of_range_files() -> Strategy[dict[str, JSON]]:
    """A plausible Tally file with one number beyond its limits: rounds, cap, a round's points, a bonus, or
    `after`."""
    return one_out_of_range(
        GAME,
        OPTION_RANGES,
        events={
            "points": {"type": "round", "points": {WHO: outside(*POINTS)}},
            "bonus": {"type": "bonus", "player": WHO, "points": outside(*BONUS)},
        },
        retracted={"type": "round", "points": {}},
    )


# -- the entry forms (tests/toygame/web): points per seat, a bonus for one seat ----------------------------------

NEW_TABLE = {"player_0": "Ana", "player_1": "Ben", "player_2": "Cleo", "opt_rounds": "3", "opt_cap": "10"}
ROUND = {"points-0": "4", "points-1": "12", "points-2": "0"}
TABLES: Tables = {
    "fresh": ({}, []),
    "started": ({}, [("round", ROUND), ("bonus", {"player": "2", "bonus": "5"})]),
    "over": ({"opt_rounds": "1"}, [("round", ROUND)]),
}
FIELDS: dict[str, Strategy[Any]] = {
    **{f"points-{i}": NUMBER_TEXT for i in range(5)},
    "player": NUMBER_TEXT,
    "bonus": NUMBER_TEXT,
}


def random_posts() -> Strategy[dict[str, Any]]:
    """Any mix of the form's fields (and others), each with a random string or number."""
    return form_posts(FIELDS, most=6)


@st.composite
def plausible_posts(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A round for the three seats, or a bonus for one, sometimes with one field off (odd digits, junk, a number
    out of range)."""
    if draw(st.integers(0, 3)) == 0:
        action, post = "bonus", {"player": str(draw(st.integers(0, 2))), "bonus": str(draw(st.integers(*BONUS)))}
        limits = BONUS
    else:
        action, post = "round", {f"points-{i}": str(draw(st.integers(0, 20))) for i in range(3)}
        limits = POINTS
    return action, draw(one_field_off(post, outside(*limits).map(str)))
