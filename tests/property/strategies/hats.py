"""Hats' property-test strategies (the contract: tests/property/strategies/__init__.py).

Events: tracked games turn by turn from a legal-looking table (exchanges, black hats, optional actions,
favourites; now and then out of turn, illegal or one too many), end states entered at once, and events of every
type in the right shape with values that are often wrong. The entry forms: setup, turns, optional actions,
favourites and the end state, at tables fresh, under way and over.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from games.hats import GAME
from games.hats.notation import HATS_TYPES
from games.hats.options import POINT_RANGE
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
    json_values,
    names_from,
    outside,
    shuffle_event,
    string_names_from,
)

SLUG = GAME.slug
OPTION_RANGES = {"black_hat_points": POINT_RANGE, "cookie_points": POINT_RANGE}
EXAMPLES = 0.5
FIVE = list(HATS_TYPES[:5])  # two players: the types that may appear


def _types(players: list[str]) -> list[str]:
    return FIVE if len(players) == 2 else list(HATS_TYPES)


def real_cards(types: list[str], high: int = 7) -> Strategy[str]:
    """Cards of the given types, valued 1 to `high`."""
    return st.builds(lambda t, v: f"{t}-{v}", st.sampled_from(types), st.integers(1, high))


def cards(players: list[str]) -> Strategy[str]:
    good = real_cards(_types(players))
    bad = st.sampled_from(["pink-2", "red-0", "red", "-3", "red--1", "RED-3", " blue-2 ", "grey-1", "red-x"])
    return st.one_of(good, good, good, bad)


def _positions(players: list[str]) -> int:
    return 5 if len(players) == 2 else 6


@st.composite
def tracked(draw: st.DrawFn, players: list[str], options: dict[str, JSON]) -> list[dict[str, JSON]]:
    """A game turn by turn: mostly in order, legal-looking; cut short, complete, or with something extra."""
    n = _positions(players)
    good = real_cards(_types(players))
    events: list[dict[str, JSON]] = [{"type": "setup", "table": [draw(good) for _ in range(n)], "first": players[0]}]
    turns = len(players) * 8 + draw(st.sampled_from([0, 0, 0, -3, 1]))
    for k in range(max(0, turns)):
        player = players[k % len(players)] if draw(st.integers(0, 9)) else draw(st.sampled_from(players))
        if draw(st.integers(0, 5)) == 0:
            kind = "partner_swap" if len(players) == 4 else "redraw"
            fields = ("gave", "got") if kind == "partner_swap" else ("discard", "draw")
            events.append({"type": kind, "player": player, fields[0]: draw(good), fields[1]: draw(good)})
        if draw(st.integers(0, 3)) == 0:
            events.append({"type": "black_hat", "player": player})
        else:
            events.append(
                {"type": "exchange", "player": player, "card": draw(good), "position": draw(st.integers(1, n))}
            )
    for player in players:
        events.append({"type": "favourite", "player": player, "card": draw(good)})
    return events


@st.composite
def final(draw: st.DrawFn, players: list[str], options: dict[str, JSON]) -> list[dict[str, JSON]]:
    """The end state at once: eight cards each (sometimes not), a cookie named, null or left out."""
    good = real_cards(_types(players))
    collections = {}
    black_hats = {}
    for p in players:
        hats = draw(st.integers(0, 8))
        collections[p] = [draw(good) for _ in range(8 - hats + draw(st.sampled_from([0, 0, 0, 1])))]
        black_hats[p] = hats
    event: dict[str, JSON] = {
        "type": "final",
        "table": [draw(good) for _ in range(_positions(players))],
        "collections": collections,
        "black_hats": black_hats,
        "favourites": {p: draw(good) for p in players},
    }
    cookie = draw(st.sampled_from(["absent", "none", *players]))
    if cookie != "absent":
        event["cookie"] = None if cookie == "none" else cookie
    return [event]


@st.composite
def random_event(draw: st.DrawFn, players: list[str]) -> dict[str, JSON]:
    """Any event type, values often wrong, a field dropped, added or of the wrong kind."""
    who = names_from(players)
    card = cards(players) | json_values
    kind = draw(st.sampled_from(["setup", "exchange", "black_hat", "redraw", "partner_swap", "favourite", "final"]))
    event: dict[str, JSON] = {"type": kind}
    if kind in ("setup", "final"):
        event["table"] = draw(st.lists(card, max_size=7))
    if kind == "final":
        event["favourites"] = {draw(string_names_from(players)): draw(card)}
        event["black_hats"] = {draw(string_names_from(players)): draw(st.integers(-2, 10) | json_values)}
    if kind not in ("setup", "final"):
        event["player"] = draw(who)
    if kind in ("exchange", "favourite", "black_hat"):
        event["card"] = draw(card)
    if kind == "exchange":
        event["position"] = draw(st.integers(-1, 8) | json_values)
    if kind == "redraw":
        event |= {"discard": draw(card), "draw": draw(card)}
    if kind == "partner_swap":
        event |= {"gave": draw(card), "got": draw(card)}
    return draw(shuffle_event(event, [k for k in event if k != "type"]))


def events(players: list[str], options: dict[str, JSON]) -> Strategy[list[dict[str, JSON]]]:
    return mostly_good(tracked(players, options) | final(players, options), random_event(players))


def out_of_range_files() -> Strategy[dict[str, JSON]]:
    """A plausible Hats file with one number beyond its limits: an option, a position, black hats, `after`."""
    return one_out_of_range(
        GAME,
        OPTION_RANGES,
        events={
            "position": {"type": "exchange", "player": WHO, "card": "red-3", "position": outside(1, 99)},
            "black_hats": {"type": "final", "table": [], "favourites": {}, "black_hats": {WHO: outside(0, 1000)}},
        },
        retracted={"type": "black_hat", "player": WHO},
    )


# -- the entry forms (companion/entries/hats) -----------------------------------------------------------------

NEW_TABLE = {
    "player_0": "Ana",
    "player_1": "Ben",
    "player_2": "Cleo",
    "opt_black_hat_points": "1",
    "opt_cookie_points": "5",
}
SETUP = {f"pos-{i}": c for i, c in enumerate(["red-3", "blue-5", "green-2", "grey-4", "red-6", "purple-1"])} | {
    "first": "0"
}
FINAL = {
    **{f"table-{i}": c for i, c in enumerate(["red-3", "blue-5", "green-2", "grey-4", "red-6", "purple-1"])},
    "hats-0": "8",
    "hats-1": "8",
    "hats-2": "8",
    "fav-0": "red-1",
    "fav-1": "blue-2",
    "fav-2": "green-3",
}
TABLES: Tables = {
    "fresh": ({}, []),
    "started": ({}, [("setup", SETUP), ("exchange", {"player": "0", "card-0": "blue-6", "position": "2"})]),
    "over": ({}, [("final", FINAL)]),
}
CARD_FIELDS = st.sampled_from(["red-3", "blue-1", "pink-2", "", "red-", "x" * 70]) | st.text(max_size=8)
FIELDS: dict[str, Strategy[Any]] = {
    **{f"pos-{i}": CARD_FIELDS for i in range(7)},
    **{f"table-{i}": CARD_FIELDS for i in range(7)},
    **{f"coll-{i}": st.lists(CARD_FIELDS, max_size=9) for i in range(4)},
    **{f"fav-{i}": CARD_FIELDS for i in range(4)},
    **{f"hats-{i}": NUMBER_TEXT for i in range(4)},
    "card-0": CARD_FIELDS,
    "out-0": CARD_FIELDS,
    "in-0": CARD_FIELDS,
    "player": NUMBER_TEXT,
    "first": NUMBER_TEXT,
    "position": NUMBER_TEXT,
    "cookie": st.sampled_from(["auto", "none", "0", "1", "7", "x"]) | NUMBER_TEXT,
    "kind": st.sampled_from(["redraw", "partner_swap", "x"]),
}


def random_posts() -> Strategy[dict[str, Any]]:
    return form_posts(FIELDS, most=8)


@st.composite
def plausible_posts(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A setup, a turn, an optional action, a favourite or an end state for three seats, sometimes one field off."""
    card = real_cards(list(HATS_TYPES), high=6)
    action = draw(st.sampled_from(["setup", "exchange", "black_hat", "optional", "favourite", "final"]))
    seat = str(draw(st.integers(0, 2)))
    if action == "setup":
        post = {f"pos-{i}": draw(card) for i in range(6)} | {"first": seat}
    elif action == "exchange":
        post = {"player": seat, "card-0": draw(card), "position": str(draw(st.integers(1, 6)))}
    elif action == "black_hat":
        post = {"player": seat}
    elif action == "optional":
        post = {"player": seat, "kind": "redraw", "out-0": draw(card), "in-0": draw(card)}
    elif action == "favourite":
        post = {"player": seat, "fav-0": draw(card)}
    else:
        post = dict(FINAL)
    return action, draw(one_field_off(post, CARD_FIELDS))
