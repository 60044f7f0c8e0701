"""Penalty events: in the hand in progress, between hands to the hand just completed, revoke default."""

from __future__ import annotations

import pytest

from games.base import InvalidEvent
from games.rickety_kate import GAME
from tests.games.rk import hand, legal_four, points, replay, rounds, standings, trick

HAND = hand({"Ana": 4, "Ben": 9}, "Dan")


def penalty(player: str, points: int | None = None, reason: str = "") -> dict:
    event = {"type": "penalty", "player": player, "reason": reason}
    if points is not None:
        event["points"] = points
    return event


def test_penalty_during_a_hand_of_tricks_adds_to_that_hand() -> None:
    """penalty: points go to the hand in progress."""
    events = legal_four()
    events.insert(5, penalty("Ana", 7, "talking"))
    assert rounds(events) == [points(Ana=7, Ben=3, Cleo=7, Dan=16)]


def test_penalty_after_a_deal_adds_to_the_hand_being_played() -> None:
    """penalty: after a deal event the hand is in progress, so the penalty goes to it."""
    events = [HAND, {"type": "deal", "dealer": "Ben"}, penalty("Cleo", 5, "slow"), HAND]
    assert rounds(events) == [points(Ana=4, Ben=9, Dan=13), points(Ana=4, Ben=9, Cleo=5, Dan=13)]


def test_penalty_between_hands_goes_to_the_hand_just_completed() -> None:
    """penalty: between hands, the points belong to the hand just completed."""
    events = [HAND, penalty("Cleo", 5, "slow"), HAND]
    assert rounds(events) == [points(Ana=4, Ben=9, Cleo=5, Dan=13), points(Ana=4, Ben=9, Dan=13)]


def test_penalty_before_the_first_hand_goes_to_the_first_hand() -> None:
    """penalty: before anything is played it is added to the first hand."""
    assert rounds([penalty("Dan", 3, "late"), HAND]) == [points(Ana=4, Ben=9, Dan=16)]


def test_penalty_revoke_without_points_uses_revoke_points() -> None:
    """penalty: a revoke without points costs revoke_points (13 by default)."""
    assert rounds([HAND, penalty("Ana", reason="revoke")])[0]["Ana"] == 4 + 13


def test_penalty_revoke_uses_the_tables_revoke_points() -> None:
    """revoke_points: the table's own revoke penalty is used for a revoke without points."""
    assert rounds([HAND, penalty("Ana", reason="revoke")], revoke_points=26)[0]["Ana"] == 4 + 26


def test_penalty_revoke_with_explicit_points_keeps_them() -> None:
    """penalty: a revoke with its own points uses those points."""
    assert rounds([HAND, penalty("Ana", 5, "revoke")])[0]["Ana"] == 4 + 5


def test_penalty_without_points_needs_to_be_a_revoke() -> None:
    """penalty: only a revoke has default points."""
    with pytest.raises(InvalidEvent, match="points"):
        GAME.parse(penalty("Ana", reason="rude"))


def test_penalty_player_must_be_at_the_table() -> None:
    """penalty: the player is a name from players."""
    with pytest.raises(InvalidEvent, match="Zed"):
        rounds([HAND, penalty("Zed", 1)])


def test_penalty_between_hands_can_end_the_game() -> None:
    """penalty: a penalty that lifts a total to end_score ends the game after that hand."""
    out = standings([HAND, penalty("Cleo", 20)], end_score=20)
    assert out["finished"] is True
    assert out["winners"] == ["Ana"]


# Ana takes every point three times (no moon rule), then 17: 95, one penalty short of 100; Dan has nothing.
BRINK = [hand({"Ana": 13}, "Ana")] * 3 + [hand({"Ana": 4, "Ben": 8, "Cleo": 1}, "Ana")]


def test_penalty_between_hands_is_judged_on_the_hand_just_completed_for_the_end() -> None:
    """FORMAT.md penalty: between hands it goes to the hand just completed, so the game's end is checked on that
    hand again: Ana's 95 and 5 reach the end score of 100 after hand 4, and Dan (0) wins."""
    assert standings(BRINK, moon="none")["finished"] is False
    out = standings([*BRINK, penalty("Ana", 5, "other")], moon="none")
    assert len(out["rounds"]) == 4 and out["rounds"][3] == points(Ana=22, Ben=8, Cleo=1)
    assert out["totals"] == points(Ana=100, Ben=8, Cleo=1)
    assert (out["finished"], out["winners"], out["pending"]) == (True, ["Dan"], None)


def test_penalty_between_hands_judged_the_same_when_resumed() -> None:
    """The web goes on from a stored state (resume): the penalty after hand 4 ends the game there too."""
    state = replay(BRINK, moon="none")
    resumed = GAME.resume(state, [GAME.parse(penalty("Ana", 5, "other"))], len(BRINK))
    assert resumed.phase.kind == "over" and resumed.phase.players == ("Dan",)
    assert dict(resumed.totals) == dict(replay([*BRINK, penalty("Ana", 5, "other")], moon="none").totals)


def test_penalty_after_a_deal_waits_for_that_hand_and_the_game_goes_on() -> None:
    """penalty: with a deal recorded first (the next hand chosen), the 5 belong to hand 5, so 95 does not end it."""
    out = standings([*BRINK, {"type": "deal", "dealer": "Ana"}, penalty("Ana", 5, "other")], moon="none")
    assert (out["finished"], len(out["rounds"]), out["totals"]["Ana"]) == (False, 4, 95)


def test_penalty_on_a_moon_hand_adds_to_the_moon_score() -> None:
    """penalty: added on top of a moon hand's points."""
    events = [hand({"Ana": 13}, "Ana", moon="subtract"), penalty("Ana", reason="revoke")]
    assert rounds(events, moon="new") == [points(Ana=-26 + 13)]


def test_penalty_in_an_unfinished_hand_is_not_a_round_yet() -> None:
    """penalty: points in a hand still being played show up when the hand completes."""
    out = standings([trick("Ana", "2C 3C 4C 5C"), penalty("Ben", 13, "revoke")])
    assert out["rounds"] == []
    assert out["totals"] == points()


@pytest.mark.parametrize("bad", [0, -5, 1001, 10**40], ids=["zero", "negative", "1001", "10**40"])
def test_penalty_points_must_be_from_1_to_1000(bad: int) -> None:
    """penalty: points are a real penalty, 1 to 1000; zero or negative points are refused naming the player."""
    with pytest.raises(InvalidEvent, match="penalty points for 'Ben' must be a whole number from 1 to 1000") as caught:
        GAME.parse(penalty("Ben", bad, "rude"))
    assert len(str(caught.value)) < 200


def test_penalty_points_at_the_limits_count() -> None:
    """penalty: 1 and 1000 points are both allowed."""
    assert rounds([HAND, penalty("Cleo", 1), penalty("Ben", 1000)], end_score=10_000)[0] == points(
        Ana=4, Ben=1009, Cleo=1, Dan=13
    )


# Ana 5, Ben 5, Cleo 3, Dan 13 twice: with end_score 26 Dan reaches 26 and Cleo (6) wins.
OVER = [hand({"Ana": 5, "Ben": 5, "Cleo": 3}, "Dan")] * 2
# Cleo 23, Dan 3 twice: with end_score 26 Ana and Ben tie on 0 and play off.
TIED = [hand({"Cleo": 10, "Dan": 3}, "Cleo")] * 2


def test_penalty_after_the_game_is_over_is_refused() -> None:
    """penalty: after the end nothing more is recorded; 20 for Cleo would reopen the game as a tie."""
    assert standings(OVER, end_score=26)["winners"] == ["Cleo"]
    with pytest.raises(InvalidEvent, match=r"event 2: the game is over \(Cleo won\); no penalty can be added"):
        replay([*OVER, penalty("Cleo", 20)], end_score=26)


def test_penalty_for_a_player_sitting_out_a_playoff_hand_is_refused() -> None:
    """penalty: during a playoff hand only its players can be given a penalty."""
    with pytest.raises(InvalidEvent, match="event 3: Cleo sits out the playoff"):
        replay([*TIED, trick("Ana", "2C 3C"), penalty("Cleo", 5)], end_score=26)


@pytest.mark.parametrize("between", [[], [hand({"Ana": 13}, "Ben")]], ids=["before-the-playoff", "between-playoffs"])
def test_penalty_for_a_non_tied_player_while_the_tie_is_played_off_is_refused(between: list[dict]) -> None:
    """penalty: while a tie is being played off, a penalty can only go to a tied player."""
    events = [*TIED, *between, penalty("Dan", 5)]
    with pytest.raises(InvalidEvent, match=f"event {len(events) - 1}: Dan sits out the playoff"):
        replay(events, end_score=26)


def test_penalty_for_a_tied_player_before_the_playoff_counts() -> None:
    """penalty: a tied player's penalty between hands goes to the hand just completed, and can settle the tie."""
    out = standings([*TIED, penalty("Ana", 3)], end_score=26)
    assert (out["finished"], out["winners"]) == (True, ["Ben"])


def test_penalties_between_hands_add_to_the_hand_without_scoring_it_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """penalty: each penalty between hands adds to the hand just completed, in the same points and words as the
    hand scored with it from the start; the hand is scored once, not once more per penalty (a file of thousands of
    penalties took minutes to read when each scored the hand anew)."""
    from games.rickety_kate import engine

    many = [penalty(["Ana", "Ben", "Cleo", "Dan"][i % 4], 1 + i % 3, "slow" if i % 2 else "") for i in range(40)]
    scored = []
    real = engine.score_hand
    monkeypatch.setattr(engine, "score_hand", lambda *args: scored.append(1) or real(*args))
    state = replay([HAND, *many])
    assert len(scored) == 1
    from_start = replay([{"type": "deal", "dealer": "Dan"}, *many, HAND])  # the same penalties inside the hand
    assert state.hands[0].points == from_start.hands[0].points
    assert str(state.hands[0].explain) == str(from_start.hands[0].explain)
