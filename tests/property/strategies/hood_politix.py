"""Hood Politix's property-test strategies (the contract: tests/property/strategies/__init__.py).

Events: whole rounds (every player once, in a random order), penalties with every reason and odd counts,
disputes with real and unreal cards, stacks, jump-ins and targets, and events of every type in the right shape
with values that are often wrong. The entry forms: finishing orders, penalties and disputes, at tables fresh,
under way, in an extra round and over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from games.hood_politix import GAME
from games.hood_politix.events import DIRECTIONS, MAX_STACK, PENALTY_CARDS, PENALTY_REASONS
from games.hood_politix.notation import HOOD_COLOURS, HOOD_FACES
from games.hood_politix.options import NUMBER_RANGES
from tests.property.strategies.builders import (
    WHO,
    Tables,
    form_posts,
    in_parts,
    one_field_off,
    one_out_of_range,
)
from tests.property.strategies.common import (
    JSON,
    NUMBER_TEXT,
    Strategy,
    counts,
    json_values,
    names_from,
    outside,
    shuffle_event,
)

SLUG = GAME.slug

# -- options ----------------------------------------------------------------------------------------------------

PLAUSIBLE_OPTIONS: dict[str, Callable[[list[str]], Strategy[JSON]]] = {
    "rounds": lambda _players: st.integers(3, 6) | st.sampled_from([2, 3]),
    "hand_size": lambda _players: st.integers(5, 7),
    "penalty_cards": lambda _players: st.integers(1, 4),
    "colours": lambda _players: st.sampled_from(
        [list(HOOD_COLOURS), ["pink", "black"], ["Red", "blue"], ["red", "red"], [], ["red", 5]]
    ),
}
OPTION_RANGES = NUMBER_RANGES

# -- events -----------------------------------------------------------------------------------------------------

FACES = st.sampled_from(HOOD_FACES)
COLOURS = st.sampled_from([*HOOD_COLOURS, "pink", "RED"])


@st.composite
def card_text(draw: st.DrawFn) -> JSON:
    """Mostly a real card (sometimes framed, in another case), sometimes not a card at all."""
    kind = draw(st.integers(0, 9))
    if kind < 8:
        text = f"{draw(COLOURS)}-{draw(FACES)}" + ("*" if draw(st.integers(0, 4)) == 0 else "")
        return text.upper() if kind == 7 else text
    return draw(st.sampled_from(["red", "7", "red-10", "red-7**", "", "blue-five", "red 7", None, 7]))


@st.composite
def whole_round(draw: st.DrawFn, players: list[str]) -> list[dict[str, JSON]]:
    return [{"type": "round", "order": draw(st.permutations(players))}]


@st.composite
def penalty(draw: st.DrawFn, players: list[str]) -> list[dict[str, JSON]]:
    event: dict[str, JSON] = {"type": "penalty", "player": draw(names_from(players))}
    fields = ["player"]
    if draw(st.booleans()):
        event["reason"] = draw(st.sampled_from(PENALTY_REASONS) | st.sampled_from(["rude", "", None, "Mic-Check"]))
        fields.append("reason")
    if draw(st.booleans()):
        event["cards"] = draw(st.integers(*PENALTY_CARDS) | counts())
        fields.append("cards")
    return [draw(shuffle_event(event, fields))]


@st.composite
def dispute(draw: st.DrawFn, players: list[str]) -> list[dict[str, JSON]]:
    event: dict[str, JSON] = {
        "type": "dispute",
        "player": draw(names_from(players)),
        "top": draw(card_text()),
        "played": draw(card_text()),
    }
    fields = ["player", "top", "played"]
    if draw(st.booleans()):
        keys = st.sampled_from(["deuce", "in-yo-face", "in-yo-face", "deuce", "five-o"])
        event["stack"] = draw(st.dictionaries(keys, st.integers(0, 4) | counts(), max_size=2) | json_values)
        fields.append("stack")
    if draw(st.integers(0, 3)) == 0:
        event["jump_in"] = draw(st.booleans() | json_values)
        fields.append("jump_in")
    if draw(st.integers(0, 3)) == 0:
        event["target"] = draw(names_from(players))
        fields.append("target")
    if draw(st.integers(0, 3)) == 0:
        event["direction"] = draw(st.sampled_from([*DIRECTIONS, "up", None]))
        fields.append("direction")
    return [draw(shuffle_event(event, fields))]


@st.composite
def random_event(draw: st.DrawFn, players: list[str]) -> dict[str, JSON]:
    """A round of the wrong shape: names missing, twice, strangers, not a list."""
    order = draw(st.lists(names_from(players), max_size=len(players) + 1) | json_values)
    return draw(shuffle_event({"type": draw(st.sampled_from(["round", "round", "Round"])), "order": order}, ["order"]))


def events(players: list[str], options: dict[str, JSON]) -> Strategy[list[dict[str, JSON]]]:
    good = st.one_of(whole_round(players), whole_round(players), penalty(players), dispute(players))
    return in_parts(good, random_event(players), most=10)


# -- numbers out of range ---------------------------------------------------------------------------------------

# Deuces or in-yo-faces stacked beyond what a dispute can carry.
STACK = st.dictionaries(st.sampled_from(["deuce", "in-yo-face"]), outside(0, MAX_STACK), min_size=1, max_size=1)


def out_of_range_files() -> Strategy[dict[str, JSON]]:
    """A plausible file with one number outside what the game can mean: an option, a penalty's cards, a stack
    count or a retracted event's `after`."""
    return one_out_of_range(
        GAME,
        NUMBER_RANGES,
        events={
            "cards": {"type": "penalty", "player": WHO, "cards": outside(*PENALTY_CARDS), "reason": "other"},
            "stack": {"type": "dispute", "player": WHO, "top": "red-deuce", "played": "red-deuce", "stack": STACK},
        },
        retracted={"type": "penalty", "player": WHO},
    )


# -- the entry forms (companion/entries/hood_politix) ------------------------------------------------------------

NEW_TABLE = {
    "player_0": "Ana",
    "player_1": "Ben",
    "player_2": "Cleo",
    "player_3": "Dan",
    "opt_rounds": "3",
    "opt_tie": "extra-round",
    "opt_payback_returns": "on",
    "opt_penalty_cards": "2",
    "opt_hand_size": "7",
    "opt_colours": "red yellow green blue",
}
_ROUND = {"place-0": "0", "place-1": "1", "place-2": "2"}
TABLES: Tables = {
    "fresh": ({}, []),
    "under way": ({}, [("round", _ROUND), ("penalty", {"player": "1", "reason": "mic-check"})]),
    # Ana 1+2+3 and Ben 4+1+1 tie on 6 after three rounds (Cleo 7, Dan 11): an extra round is next
    "extra round": (
        {},
        [
            ("round", {"place-0": "0", "place-1": "2", "place-2": "3"}),
            ("round", {"place-0": "1", "place-1": "0", "place-2": "2"}),
            ("round", {"place-0": "1", "place-1": "2", "place-2": "0"}),
        ],
    ),
    "over": ({}, [("round", _ROUND), ("round", _ROUND), ("round", _ROUND)]),
}

SEATS = st.sampled_from(["0", "1", "2", "3"])
FIELDS: dict[str, Strategy[Any]] = {
    **{f"place-{k}": SEATS | NUMBER_TEXT for k in range(5)},
    **{f"{slot}-colour": COLOURS | st.text(max_size=6) for slot in ("top", "played")},
    **{f"{slot}-face": FACES | st.text(max_size=6) for slot in ("top", "played")},
    **{f"{slot}-framed": st.sampled_from(["on", "", "1"]) for slot in ("top", "played")},
    "player": SEATS | NUMBER_TEXT,
    "target": SEATS | NUMBER_TEXT | st.just(""),
    "reason": st.sampled_from(PENALTY_REASONS) | st.sampled_from(["", "rude", "x" * 200]) | st.text(max_size=20),
    "cards": NUMBER_TEXT,
    "deuces": NUMBER_TEXT,
    "in_yo_faces": NUMBER_TEXT,
    "jump_in": st.sampled_from(["on", "", "0"]),
    "direction": st.sampled_from([*DIRECTIONS, "", "up"]),
}


def random_posts() -> Strategy[dict[str, Any]]:
    """Any mix of the entry forms' fields (and others), each with a random string or number."""
    return form_posts(FIELDS, most=12)


@st.composite
def plausible_posts(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A finishing order, a penalty or a dispute of real cards: the posts that move a table along."""
    kind = draw(st.sampled_from(["round", "round", "penalty", "dispute"]))
    if kind == "round":
        order = draw(st.permutations(["0", "1", "2", "3"]))
        post = {f"place-{k}": seat for k, seat in enumerate(order[: draw(st.sampled_from([3, 3, 4]))])}
    elif kind == "penalty":
        post = {"player": draw(SEATS), "reason": draw(st.sampled_from(PENALTY_REASONS))}
        if draw(st.booleans()):
            post["cards"] = str(draw(st.integers(1, 5)))
    else:
        post = {"player": draw(SEATS), "direction": draw(st.sampled_from(DIRECTIONS))}
        for slot in ("top", "played"):
            post[f"{slot}-colour"] = draw(st.sampled_from(HOOD_COLOURS))
            post[f"{slot}-face"] = draw(FACES)
        if draw(st.booleans()):
            post["deuces"] = str(draw(st.integers(0, 3)))
    # sometimes one field off (the version twice as often as any other): odd digits, junk or a seat
    return kind, draw(one_field_off(post, SEATS, version_weight=2))
