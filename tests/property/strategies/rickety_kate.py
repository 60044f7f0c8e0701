"""Rickety Kate's property-test strategies (the contract: tests/property/strategies/__init__.py).

Events: whole hands that add up (moon shots among them), hands recorded trick by trick from a shuffled deck,
and events of every type in the right shape with values that are often wrong. The entry forms: hearts, ladies,
bonus cards, tricks, passes, penalties and deals, at tables fresh, in tricks, in a playoff and over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from games.rickety_kate import GAME
from games.rickety_kate.deck import DEFAULT_REMOVED, deck_for
from games.rickety_kate.events import MAX_HEARTS, PENALTY_POINTS
from games.rickety_kate.options import NUMBER_RANGES, read_options
from tests.property.strategies.builders import (
    WHO,
    Tables,
    form_posts,
    in_parts,
    one_field_off,
    one_out_of_range,
)
from tests.property.strategies.common import (
    BAD_CARD_TEXTS,
    CARD_TEXTS,
    JSON,
    NUMBER_TEXT,
    Strategy,
    card_texts,
    counts,
    json_values,
    names_from,
    outside,
    shuffle_event,
    string_names_from,
)

SLUG = GAME.slug

# -- options ----------------------------------------------------------------------------------------------------


def _removed(players: list[str]) -> Strategy[JSON]:
    usual = list(DEFAULT_REMOVED.get(len(players), ()))
    others = [[], ["2S"], ["2C", "2S"], ["2C", "2D", "2H", "2S"], ["2c", "2♠"], ["2C", "2D", "2S"], ["2H"]]
    return st.one_of(st.just(usual), st.just(usual), st.just([c.lower() for c in usual]), st.sampled_from(others))


PLAUSIBLE_OPTIONS: dict[str, Callable[[list[str]], Strategy[JSON]]] = {
    "end_score": lambda _players: st.sampled_from([1, 10, 13, 26, 30, 50]) | st.integers(1, 60) | st.just(100),
    "removed": _removed,
    "double_deck": lambda players: st.just(True) if len(players) > 6 else st.booleans(),
}
OPTION_RANGES = NUMBER_RANGES  # end_score and revoke_points

# -- events -----------------------------------------------------------------------------------------------------


def _deck(players: list[str], options: dict[str, JSON]) -> tuple[list[str], int, int, list[str], str]:
    """The cards, hearts and ladies in play, the bonus cards and the moon rule, from the engine's own deck (or
    a full deck when the options cannot be read: the events are only meant to be plausible)."""
    try:
        opts = read_options(options, players)
        deck = deck_for(opts, len(players), len(players))
    except Exception:  # strategies only guess; the tests judge
        return CARD_TEXTS, 13, 1, [], "old"
    cards = [str(c) for c in sorted(deck.counts.elements())]
    return cards, deck.hearts, deck.ladies, [str(c) for c in opts.bonus_cards], opts.moon


def _one_or_list(names: list[JSON]) -> JSON:
    return names[0] if len(names) == 1 else names


@st.composite
def random_event(draw: st.DrawFn, players: list[str]) -> dict[str, JSON]:
    """A hand, trick, deal, pass or penalty event in the right shape, with values that are often wrong."""
    kind = draw(
        st.sampled_from(["hand", "hand", "trick", "trick", "deal", "deal", "pass", "penalty", "penalty", "Hand"])
    )
    name = names_from(players)
    event: dict[str, JSON] = {"type": kind}
    fields: list[str] = []
    if kind in ("hand", "Hand"):  # "Hand" is no event type
        event["hearts"] = draw(st.dictionaries(string_names_from(players), counts(), max_size=len(players) + 1))
        event["lady"] = draw(name | st.lists(name, max_size=3))
        fields = ["hearts", "lady"]
        if draw(st.booleans()):
            event["bonus"] = draw(st.dictionaries(card_texts().filter(lambda c: isinstance(c, str)), name, max_size=2))
            fields.append("bonus")
        if draw(st.booleans()):
            event["moon"] = draw(st.sampled_from(["add", "subtract", "old", "ADD", None, 1]))
            fields.append("moon")
    elif kind == "trick":
        n = len(players)
        event["leader"] = draw(name)
        event["cards"] = draw(st.lists(card_texts(), min_size=max(0, n - 1), max_size=n + 1))
        fields = ["leader", "cards"]
        if draw(st.integers(0, 4)) == 0:
            event["moon"] = draw(st.sampled_from(["add", "subtract", "none", None]))
            fields.append("moon")
    elif kind == "deal":
        event["dealer"] = draw(name)
        fields = ["dealer"]
    elif kind == "pass":
        event["cards"] = draw(
            st.dictionaries(string_names_from(players), st.lists(card_texts(), max_size=4), max_size=len(players))
            | json_values
        )
        fields = ["cards"]
    else:  # penalty
        event["player"] = draw(name)
        fields = ["player"]
        if draw(st.booleans()):
            event["points"] = draw(counts() | st.integers(-200, 200))
            fields.append("points")
        if draw(st.booleans()):
            event["reason"] = draw(st.sampled_from(["revoke", "late", "", "REVOKE", 5, None]))
            fields.append("reason")
    return draw(shuffle_event(event, fields))


@st.composite
def whole_hand(draw: st.DrawFn, players: list[str], options: dict[str, JSON]) -> list[dict[str, JSON]]:
    """A hand event that adds up (hearts in play, every lady, every bonus card): often accepted."""
    _cards, hearts_in_play, ladies, bonus_cards, moon_rule = _deck(players, options)
    total = draw(st.sampled_from([hearts_in_play] * 6 + [13, 12, 26, 24]))
    takers = draw(st.lists(st.sampled_from(players), min_size=1, max_size=len(players), unique=True))
    event: dict[str, JSON] = {"type": "hand"}
    if draw(st.integers(0, 3)) == 0:  # a moon shot
        shooter = takers[0]
        event["hearts"] = {shooter: total}
        event["lady"] = _one_or_list([shooter] * ladies)
        choice = draw(st.sampled_from(["add", "subtract"] * 3 + [None] if moon_rule == "new" else [None] * 8 + ["add"]))
        if choice:
            event["moon"] = choice
    else:
        cuts = sorted(draw(st.lists(st.integers(0, total), min_size=len(takers) - 1, max_size=len(takers) - 1)))
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        event["hearts"] = {p: n for p, n in zip(takers, shares, strict=True) if n or draw(st.booleans())}
        event["lady"] = _one_or_list([draw(st.sampled_from(takers)) for _ in range(ladies)])
    if bonus_cards:
        event["bonus"] = {
            card: _one_or_list([draw(st.sampled_from(players)) for _ in range(ladies)]) for card in bonus_cards
        }
    return [event]


@st.composite
def trick_hand(draw: st.DrawFn, players: list[str], options: dict[str, JSON]) -> list[dict[str, JSON]]:
    """A hand recorded trick by trick from a shuffled deck (the engine scores it; the referee judges it),
    sometimes cut short, sometimes after a deal and a pass."""
    cards, _hearts, _ladies, _bonus, moon_rule = _deck(players, options)
    n = len(players)
    shuffled = draw(st.permutations(cards))
    tricks = [shuffled[i : i + n] for i in range(0, len(shuffled) - len(shuffled) % n, n)]
    keep = draw(st.sampled_from([len(tricks)] * 3 + [0, 1, max(0, len(tricks) - 1)]))
    events: list[dict[str, JSON]] = []
    if draw(st.booleans()):
        events.append({"type": "deal", "dealer": draw(st.sampled_from(players))})
    if draw(st.booleans()):
        events.append(
            {"type": "pass", "cards": {p: draw(st.lists(st.sampled_from(cards), max_size=3)) for p in players}}
        )
    for trick in tricks[:keep]:
        events.append({"type": "trick", "leader": draw(st.sampled_from(players)), "cards": list(trick)})
    if events and keep == len(tricks) and draw(st.integers(0, 10 if moon_rule == "new" else 20)) == 0:
        events[-1]["moon"] = draw(st.sampled_from(["add", "subtract"]))
    return events


def events(players: list[str], options: dict[str, JSON]) -> Strategy[list[dict[str, JSON]]]:
    hand = whole_hand(players, options)
    return in_parts(st.one_of(hand, hand, hand, trick_hand(players, options)), random_event(players), most=8)


# -- numbers out of range: each place a Rickety Kate file carries a number, just and far beyond its bounds ------


def out_of_range_files() -> Strategy[dict[str, JSON]]:
    """A plausible Rickety Kate file with one number outside what the game can mean (docs/format-extensions.md,
    Limits): end_score, revoke_points, a penalty's points, a hearts count or a retracted event's `after`."""
    return one_out_of_range(
        GAME,
        NUMBER_RANGES,
        events={
            "penalty": {"type": "penalty", "player": WHO, "points": outside(*PENALTY_POINTS), "reason": "late"},
            "hearts": {"type": "hand", "hearts": {WHO: outside(0, MAX_HEARTS)}, "lady": WHO},
        },
        retracted={"type": "deal", "dealer": WHO},
    )


# -- the entry forms (companion/entries/rickety_kate) --------------------------------------------------------------

NEW_TABLE = {
    "player_0": "Ana",
    "player_1": "Ben",
    "player_2": "Cleo",
    "player_3": "Dan",
    "opt_end_score": "100",
    "opt_moon": "new",
    "opt_passing": "rotate",
    "opt_tie": "playoff",
    "opt_revoke_points": "13",
    "opt_hearts_must_be_broken": "on",
}
TABLES: Tables = {
    "fresh": ({}, []),
    "tricks": ({}, [("trick", {"leader": "0", "card-0": "2C", "card-1": "3C", "card-2": "4C", "card-3": "5C"})]),
    # Ana and Ben tie on 0
    "playoff": ({"opt_end_score": "1"}, [("hand", {"hearts-2": "6", "hearts-3": "7", "lady-0": "3"})]),
    "over": (
        {"opt_end_score": "1"},
        [("hand", {"hearts-0": "1", "hearts-1": "2", "hearts-2": "3", "hearts-3": "7", "lady-0": "3"})],
    ),
}

SEATS = st.sampled_from(["0", "1", "2", "3"])
CARDS = st.one_of(
    st.sampled_from(CARD_TEXTS),
    st.sampled_from(CARD_TEXTS).map(str.lower),
    st.sampled_from(BAD_CARD_TEXTS),
    st.text(max_size=4),
)
FIELDS: dict[str, Strategy[Any]] = {
    **{f"hearts-{i}": NUMBER_TEXT for i in range(6)},
    **{f"lady-{k}": SEATS | NUMBER_TEXT for k in range(3)},
    **{f"card-{i}": CARDS for i in range(6)},
    **{f"pass-{i}": st.lists(CARDS, max_size=4) for i in range(5)},
    **{f"bonus-{card}-{k}": SEATS | NUMBER_TEXT for card in ("JD", "10D") for k in range(2)},
    "leader": SEATS | NUMBER_TEXT,
    "player": SEATS | NUMBER_TEXT,
    "dealer": SEATS | NUMBER_TEXT,
    "points": NUMBER_TEXT,
    "reason": st.sampled_from(["revoke", "late", "", "  ", "nul\x00", "x" * 200]) | st.text(max_size=100),
    "when": st.sampled_from(["next", "last", ""]) | st.text(max_size=5),
    "moon": st.sampled_from(["add", "subtract", ""]) | st.text(max_size=5),
}


def random_posts() -> Strategy[dict[str, Any]]:
    """Any mix of the entry forms' fields (and others), each with a random string, number or card."""
    return form_posts(FIELDS, most=10)


@st.composite
def plausible_posts(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A quick hand that adds up or a trick of four real cards: the posts that move a table along."""
    if draw(st.booleans()):
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
        post = {f"hearts-{i}": str(n) for i, n in enumerate(shares)} | {"lady-0": draw(SEATS)}
        if draw(st.booleans()):
            post["moon"] = draw(st.sampled_from(["add", "subtract"]))
        action = "hand"
    else:
        cards = draw(st.lists(st.sampled_from(CARD_TEXTS), min_size=4, max_size=4, unique=True))
        post = {"leader": draw(SEATS)} | {f"card-{i}": card for i, card in enumerate(cards)}
        action = "trick"
    # sometimes one field off (the version twice as often as any other): odd digits, junk or a seat
    return action, draw(one_field_off(post, SEATS, version_weight=2))
