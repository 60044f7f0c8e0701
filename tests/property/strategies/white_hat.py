"""White Hat's property-test strategies (the contract: tests/property/strategies/__init__.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from games.white_hat import GAME
from games.white_hat.events import FIELD_POINTS, MAX_HAND_POINTS
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

SLUG = GAME.slug
EXAMPLES = 0.5

OPTION_RANGES = {"wild_set": (1, 99)}
FACES = [*(str(n) for n in range(1, 14)), "joker"]
BOARD = [
    {"name": "Internet Cafe", "value": 1, "ability": "start"},
    {"name": "Public Server", "value": 1, "ability": "start"},
    {"name": "Router", "value": 2},
    {"name": "HoneyPot", "value": -1, "ability": "sticky"},
    {"name": "Exploit", "value": 0, "ability": "exploit", "next": [5, 6]},
    {"name": "Backflip", "value": 1, "ability": "backflip", "next": [7]},
    {"name": "Randomizer", "value": -1, "ability": "randomizer"},
    {"name": "Critical Asset", "value": -5, "ability": "goal"},
]
PLAUSIBLE_OPTIONS: dict[str, Callable[[list[str]], Strategy[JSON]]] = {
    "board": lambda _players: st.sampled_from([None, BOARD]),
    "pursuit": lambda _players: st.dictionaries(st.sampled_from([*FACES, "hat"]), st.integers(0, 6), max_size=3),
    "wild_set": lambda _players: st.sampled_from([14, 1, 15, 99]),
}

cards = st.sampled_from([*FACES, "hat", "joker", "7", "13"])


@st.composite
def trick(draw: st.DrawFn, players: list[str]) -> dict[str, JSON]:
    start = draw(st.integers(0, len(players) - 1))
    order = players[start:] + players[:start]
    size = draw(st.sampled_from([1, 1, 1, 2, 3]))
    plays = []
    for name in order:
        n = size if draw(st.booleans()) else 1
        plays.append({"player": name, "cards": draw(st.lists(st.sampled_from(FACES), min_size=n, max_size=n))})
    if draw(st.integers(0, 3)) == 0:
        who = draw(st.integers(0, len(plays) - 1))
        plays[who]["cards"][0] = "hat"
        taken = draw(st.sampled_from([[c for p in plays for c in p["cards"]], ["hat"], ["hat", *plays[0]["cards"]]]))
        return {"type": "trick", "plays": plays, "taken": taken}
    return {"type": "trick", "plays": plays}


@st.composite
def round_end(draw: st.DrawFn, players: list[str], fields: bool = True) -> dict[str, JSON]:
    hands = {p: draw(st.integers(0, 30) | st.lists(st.sampled_from([*FACES, "hat"]), max_size=4)) for p in players}
    event: dict[str, JSON] = {"type": "round_end", "hands": hands}
    if fields:
        event["fields"] = {p: [draw(st.integers(-5, 5)), draw(st.integers(-5, 5))] for p in players}
    if draw(st.integers(0, 4)) == 0:
        event["final"] = True
    return event


@st.composite
def whole_game(draw: st.DrawFn, players: list[str], options: dict[str, JSON]) -> list[dict[str, JSON]]:
    tracked = options.get("board") == BOARD
    out: list[dict[str, JSON]] = []
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.booleans()):
            out.append(
                {"type": "round", "dealer": draw(st.sampled_from(players)), "hat": draw(st.sampled_from(players))}
            )
        for _ in range(draw(st.integers(0, 3))):
            out.append(draw(trick(players)))
            if tracked and draw(st.booleans()):
                owner = draw(st.sampled_from(players))
                out.append(
                    {
                        "type": "move",
                        "player": draw(st.sampled_from(players)),
                        "pawn": f"{owner}:{draw(st.sampled_from([1, 2]))}",
                        "to": draw(st.integers(0, 7)),
                    }
                )
            if tracked and draw(st.integers(0, 4)) == 0:
                out.append(
                    {
                        "type": "field",
                        "player": draw(st.sampled_from(players)),
                        "field": draw(st.integers(0, 7)),
                        "value": draw(st.integers(-3, 5)),
                    }
                )
        out.append(draw(round_end(players, fields=not tracked or draw(st.booleans()))))
    return out


@st.composite
def random_event(draw: st.DrawFn, players: list[str]) -> dict[str, JSON]:
    names = string_names_from(players)
    event = draw(
        st.sampled_from(
            [
                {"type": "round", "dealer": draw(names), "hat": draw(names)},
                {"type": "trick", "plays": [{"player": draw(names), "cards": [draw(cards)]}]},
                {"type": "round_end", "hands": {draw(names): draw(counts())}},
                {
                    "type": "move",
                    "player": draw(names),
                    "pawn": f"{draw(names)}:{draw(counts())}",
                    "to": draw(counts()),
                },
                {"type": "field", "player": draw(names), "field": draw(counts()), "value": draw(counts())},
            ]
        )
    )
    fields = [k for k in event if k != "type"]
    return draw(shuffle_event(event, fields))


def events(players: list[str], options: dict[str, JSON]) -> Strategy[list[dict[str, JSON]]]:
    return mostly_good(whole_game(players, options), random_event(players))


def out_of_range_files() -> Strategy[dict[str, JSON]]:
    return one_out_of_range(
        GAME,
        OPTION_RANGES,
        events={
            "hand": {"type": "round_end", "hands": {WHO: outside(0, MAX_HAND_POINTS)}, "fields": {}},
            "field": {"type": "round_end", "hands": {}, "fields": {WHO: [0, outside(*FIELD_POINTS)]}},
        },
        retracted={"type": "round_end", "hands": {}},
        options={"pursuit": {"7": outside(0, 20)}},
    )


# -- the entry forms (companion/entries/white_hat) ---------------------------------------------------------------

# The house rules as the new-table form posts them (tests/companion/test_entry_white_hat.py posts them too).
HOUSE_RULES = {
    "opt_floor": "round",
    "opt_first_lead": "any",
    "opt_hat_ties": "later",
    "opt_wild_set": "14",
    "opt_hat_take": "non-wild",
    "opt_opponent_pawns": "negative",
    "opt_tie": "shared",
}
NEW_TABLE = {
    "player_0": "Ana",
    "player_1": "Ben",
    "player_2": "Cleo",
    **HOUSE_RULES,
    **{f"opt_pursuit_{i}": str(v) for i, v in enumerate([0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 5])},
}
ROUND = {"sum-0": "4", "sum-1": "12", "sum-2": "0", "field-0-1": "1", "field-1-2": "-1"}
TRICK = {"leader": "0", "play-0": "7", "play-1": "9", "play-2": "2"}
TABLES: Tables = {
    "fresh": ({}, []),
    "started": ({}, [("start", {"dealer": "0", "hat": "1"}), ("trick", TRICK)]),
    "over": ({}, [("round", {**ROUND, "final": "1"})]),
}
FIELDS: dict[str, Strategy[Any]] = {
    **{f"sum-{i}": NUMBER_TEXT for i in range(4)},
    **{f"field-{i}-{k}": NUMBER_TEXT for i in range(4) for k in (1, 2)},
    **{f"play-{i}": cards | NUMBER_TEXT for i in range(4)},
    **{f"hand-{i}": cards | NUMBER_TEXT for i in range(4)},
    "leader": NUMBER_TEXT,
    "dealer": NUMBER_TEXT,
    "hat": NUMBER_TEXT,
    "take": st.sampled_from(["all", "some", "", "x"]),
    "taken-0": cards,
    "final": st.sampled_from(["1", ""]),
    "move": st.text(max_size=12),
    "pawn": st.text(max_size=8),
    "to": NUMBER_TEXT,
    "field": NUMBER_TEXT,
    "value": NUMBER_TEXT,
    "player": NUMBER_TEXT,
}


def random_posts() -> Strategy[dict[str, Any]]:
    return form_posts(FIELDS, most=6)


@st.composite
def plausible_posts(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    action = draw(st.sampled_from(["round", "trick", "start"]))
    if action == "round":
        post = {f"sum-{i}": str(draw(st.integers(0, 20))) for i in range(3)}
        post |= {f"field-{i}-1": str(draw(st.integers(-1, 5))) for i in range(3)}
    elif action == "trick":
        post = {"leader": str(draw(st.integers(0, 2)))} | {f"play-{i}": draw(st.sampled_from(FACES)) for i in range(3)}
    else:
        post = {"dealer": str(draw(st.integers(0, 2))), "hat": str(draw(st.integers(0, 2)))}
    return action, draw(one_field_off(post, outside(-100, 100).map(str)))
