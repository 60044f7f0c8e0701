"""Hood Politix scoring: placement points, the dealer, the number of rounds, ties, penalties, the end."""

from __future__ import annotations

from typing import Any

import pytest

from games.base import InvalidEvent, InvalidOptions
from games.hood_politix import GAME
from games.hood_politix.engine import State

FOUR = ("Ana", "Ben", "Cleo", "Dan")
EIGHT = (*FOUR, "Eve", "Finn", "Gus", "Hal")


def play(players: tuple[str, ...], events: list[dict[str, Any]], **options: Any) -> State:
    parsed = [GAME.parse(e) for e in events]
    return GAME.replay(players, GAME.options(options, players), parsed)


def rnd(*order: str) -> dict[str, Any]:
    return {"type": "round", "order": list(order)}


def test_placement_points_are_the_place_each_player_went_out_in() -> None:
    state = play(FOUR, [rnd("Ben", "Ana", "Dan", "Cleo")])
    assert GAME.standings(state).rounds[0].points == {"Ben": 1, "Ana": 2, "Dan": 3, "Cleo": 4}


def test_eight_players_score_one_to_eight() -> None:
    state = play(EIGHT, [rnd(*reversed(EIGHT))])
    assert GAME.standings(state).totals == {name: 8 - i for i, name in enumerate(EIGHT)}


def test_two_players_play_one_on_one_every_round() -> None:
    state = play(FOUR[:2], [rnd("Ben", "Ana"), rnd("Ben", "Ana"), rnd("Ana", "Ben")])
    standings = GAME.standings(state)
    assert standings.totals == {"Ana": 5, "Ben": 4}
    assert standings.finished and standings.winners == ("Ben",)


def test_the_first_seat_deals_first_and_the_loser_deals_next() -> None:
    state = play(FOUR, [])
    assert state.dealer == "Ana"
    assert play(FOUR, [rnd("Ben", "Ana", "Dan", "Cleo")]).dealer == "Cleo"
    assert GAME.prompt(play(FOUR, [rnd("Ben", "Ana", "Cleo", "Dan")])).details["dealer"] == "Dan"


def test_three_rounds_by_default_and_the_lowest_total_wins() -> None:
    events = [rnd("Ben", "Ana", "Dan", "Cleo"), rnd("Cleo", "Dan", "Ana", "Ben")]
    assert not GAME.standings(play(FOUR, events)).finished
    standings = GAME.standings(play(FOUR, [*events, rnd("Ana", "Cleo", "Ben", "Dan")]))
    assert standings.finished and standings.winners == ("Ana",)
    assert standings.totals == {"Ana": 6, "Ben": 8, "Cleo": 7, "Dan": 9}


def test_more_rounds_when_the_table_agrees() -> None:
    rounds = [rnd(*FOUR)] * 4
    assert not GAME.standings(play(FOUR, rounds, rounds=5)).finished
    assert GAME.standings(play(FOUR, [*rounds, rnd(*FOUR)], rounds=5)).finished


@pytest.mark.parametrize("rounds", [0, 1, 2, 101, True, "3"])
def test_fewer_than_three_rounds_is_an_error(rounds: object) -> None:
    with pytest.raises(InvalidOptions, match="rounds must be a whole number from 3 to 100"):
        GAME.options({"rounds": rounds}, FOUR)


def test_a_shared_tie_ends_the_game_with_every_lowest_player_winning() -> None:
    events = [rnd("Ana", "Ben"), rnd("Ben", "Ana"), rnd("Ana", "Ben"), rnd("Ben", "Ana")]
    standings = GAME.standings(play(FOUR[:2], events, rounds=4))
    assert standings.finished and standings.winners == ("Ana", "Ben")


def test_extra_rounds_until_one_player_is_lowest() -> None:
    events = [rnd("Ana", "Cleo", "Dan", "Ben"), rnd("Ben", "Ana", "Cleo", "Dan"), rnd("Ben", "Cleo", "Ana", "Dan")]
    tied = play(FOUR, events, tie="extra-round")
    standings = GAME.standings(tied)
    assert not standings.finished and standings.pending == {"reason": "tie", "players": ["Ana", "Ben"]}
    assert GAME.prompt(tied).details["tied"] == ["Ana", "Ben"]
    again = play(FOUR, [*events, rnd("Cleo", "Ana", "Ben", "Dan")], tie="extra-round")
    assert GAME.standings(again).pending == {"reason": "tie", "players": ["Ana", "Cleo"]}
    done = play(FOUR, [*events, rnd("Cleo", "Ana", "Ben", "Dan"), rnd(*FOUR)], tie="extra-round")
    assert GAME.standings(done).winners == ("Ana",)
    assert [r.extra for r in done.rounds] == [False, False, False, True, True]


def test_a_tie_below_the_lowest_total_needs_no_extra_round() -> None:
    events = [rnd("Ana", "Ben", "Cleo", "Dan"), rnd("Ana", "Cleo", "Ben", "Dan"), rnd("Ana", "Dan", "Cleo", "Ben")]
    standings = GAME.standings(play(FOUR, events, tie="extra-round"))
    assert standings.finished and standings.winners == ("Ana",)


def test_penalties_are_logged_with_no_points() -> None:
    events = [{"type": "penalty", "player": "Ben", "reason": "mic-check"}, rnd(*FOUR)]
    events.append({"type": "penalty", "player": "Ana", "cards": 4, "reason": "respect-timeout"})
    state = play(FOUR, events, penalty_cards=3)
    assert GAME.standings(state).totals == {"Ana": 1, "Ben": 2, "Cleo": 3, "Dan": 4}
    assert [(p.player, p.cards, p.reason, p.round) for p in state.penalties] == [
        ("Ben", 3, "mic-check", 1),
        ("Ana", 4, "respect-timeout", 2),
    ]


def test_events_after_the_end_are_refused() -> None:
    over = [rnd(*FOUR)] * 3
    for late in (
        rnd(*FOUR),
        {"type": "penalty", "player": "Ana"},
        {"type": "dispute", "player": "Ana", "top": "red-1", "played": "red-2"},
    ):
        with pytest.raises(InvalidEvent, match="event 3: the game is over"):
            play(FOUR, [*over, late])


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (["Ana", "Ben", "Cleo"], "leaves out Dan"),
        (["Ana", "Ben", "Cleo", "Ana"], "names Ana twice"),
        (["Ana", "Ben", "Cleo", "Zed"], "'Zed' is not at this table"),
        ([], "order must list the players"),
    ],
)
def test_a_round_lists_every_player_once(order: list[str], message: str) -> None:
    with pytest.raises(InvalidEvent, match=message):
        play(FOUR, [{"type": "round", "order": order}])


def test_resume_gives_what_replay_gives() -> None:
    events = [
        GAME.parse(e) for e in [rnd(*FOUR), {"type": "penalty", "player": "Ana"}, rnd("Dan", "Cleo", "Ben", "Ana")]
    ]
    options = GAME.options({}, FOUR)
    head = GAME.replay(FOUR, options, events[:1])
    assert GAME.resume(head, events[1:], 1) == GAME.replay(FOUR, options, events)


def test_options_round_trip_only_what_differs() -> None:
    raw = {"rounds": 4, "tie": "extra-round", "colours": ["pink", "black"], "payback_returns": False}
    assert GAME.options_dict(GAME.options(raw, FOUR)) == raw
    assert GAME.options_dict(GAME.options({}, FOUR)) == {}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"tie": "playoff"}, "tie must be one of"),
        ({"hand_size": 8}, "hand_size must be a whole number from 5 to 7"),
        ({"colours": []}, "colours must be a list"),
        ({"colours": ["red", "Red"]}, "names one twice"),
        ({"payback_returns": "yes"}, "true or false"),
        ({"jokers": 2}, "unknown option"),
    ],
)
def test_bad_options_are_named(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        GAME.options(raw, FOUR)


def test_stats_count_places_and_penalties_by_reason() -> None:
    events = [rnd("Ben", "Ana", "Dan", "Cleo"), {"type": "penalty", "player": "Ana", "reason": "too-slow"}]
    events += [rnd("Ana", "Ben", "Dan", "Cleo"), {"type": "penalty", "player": "Ana", "cards": 5, "reason": "too-slow"}]
    stats = GAME.stats(play(FOUR, events))
    assert stats["Ana"] == {
        "rounds": 2,
        "places": 3,
        "place-1": 1,
        "place-2": 1,
        "lost": 0,
        "penalties": 2,
        "penalty-cards": 7,
        "penalty-too-slow": 2,
    }
    assert stats["Cleo"]["place-4"] == 2 and stats["Cleo"]["lost"] == 2
    keys = {info.key for info in GAME.stat_info()} | {info.per for info in GAME.stat_info() if info.per}
    assert all(set(counters) <= keys for counters in stats.values())


@pytest.mark.parametrize("reason", [["mic-check"], {"x": 1}, 5, None, "Mic-Check"])
def test_a_penalty_reason_of_the_wrong_kind_is_named(reason: object) -> None:
    with pytest.raises(InvalidEvent, match="a penalty's reason is one of"):
        GAME.parse({"type": "penalty", "player": "Ana", "reason": reason})


def test_a_penalty_from_a_dispute_names_the_rule_broken_and_the_log_says_it() -> None:
    """`rule` (docs/format-extensions.md): what the ruling found broken, where FORMAT.md's reasons say "other"."""
    penalty = GAME.parse({"type": "penalty", "player": "Ana", "cards": 2, "reason": "other", "rule": "hp.match"})
    assert (
        str(GAME.describe(penalty, FOUR, GAME.options({}, FOUR))) == "Ana: 2 penalty cards (a card that did not match)"
    )
    jump = GAME.parse({"type": "penalty", "player": "Ana", "reason": "wrong-jump-in", "rule": "hp.jump-in"})
    assert str(GAME.describe(jump, FOUR, GAME.options({}, FOUR))) == "Ana: penalty cards (wrong jump-in)"
    state = play(FOUR, [{"type": "penalty", "player": "Ana", "cards": 2, "rule": "hp.busted"}])
    assert GAME.standings(state).totals == dict.fromkeys(FOUR, 0)  # it changes no score


@pytest.mark.parametrize("rule", ["hp.deal", "match", ["hp.match"], 3])
def test_a_penalty_rule_that_no_ruling_finds_broken_is_named(rule: object) -> None:
    with pytest.raises(InvalidEvent, match=r"a penalty's rule is one of hp\.match, "):
        GAME.parse({"type": "penalty", "player": "Ana", "rule": rule})


def test_the_games_last_round_says_who_lost_but_not_who_deals_next() -> None:
    state = play(FOUR[:2], [rnd("Ben", "Ana"), rnd("Ben", "Ana"), rnd("Ana", "Ben")])
    explained = [str(r.explain) for r in GAME.standings(state).rounds]
    assert explained[0] == "Ben out first; Ana lost the one-on-one and deals next."
    assert explained[-1] == "Ana out first; Ben lost the one-on-one."  # the game is over: nobody deals
