"""End of the game: end_score, lowest wins, the tie playoff (repeated) or a shared win, and no more hands."""

from __future__ import annotations

import pytest

from games.base import InvalidEvent
from games.rickety_kate.engine import Phase
from tests.games.rk import FIVE, FOUR, SIX, hand, replay, standings, trick

# Ana 5, Ben 5, Cleo 3, Dan 13 and then the same again: 10, 10, 6, 26.
TWICE = [hand({"Ana": 5, "Ben": 5, "Cleo": 3}, "Dan")] * 2
# Cleo 23, Dan 3 twice: Ana 0, Ben 0, Cleo 46, Dan 6, so with end_score 26 Ana and Ben tie for lowest.
TIED = [hand({"Cleo": 10, "Dan": 3}, "Cleo")] * 2


def test_end_score_game_goes_on_below_it() -> None:
    """end_score: below it the game is not finished and nobody has won."""
    out = standings(TWICE, end_score=27)
    assert (out["finished"], out["winners"], out["pending"]) == (False, [], None)


def test_end_score_reached_exactly_ends_the_game() -> None:
    """end_score: the game ends after the hand in which a total reaches it."""
    assert standings(TWICE, end_score=26)["finished"] is True


def test_end_score_passed_ends_the_game() -> None:
    """end_score: the game ends after the hand in which a total passes it."""
    assert standings(TWICE, end_score=20)["finished"] is True


def test_end_score_default_is_100() -> None:
    """end_score: 100 by default (three moon hands of 26 for the others do not end it, four do)."""
    moon = hand({"Ana": 13}, "Ana")
    assert standings([moon] * 3)["finished"] is False
    assert standings([moon] * 4)["finished"] is True


def test_lowest_total_wins() -> None:
    """Winner: the lowest total when the game ends."""
    out = standings(TWICE, end_score=26)
    assert out["winners"] == ["Cleo"]
    assert out["totals"] == {"Ana": 10, "Ben": 10, "Cleo": 6, "Dan": 26}


def test_negative_total_can_win() -> None:
    """Winner: a total below zero (new moon rule) is the lowest and wins."""
    events = [hand({"Ana": 13}, "Ana", moon="subtract"), hand({"Ben": 13}, "Cleo")]
    out = standings(events, moon="new", end_score=13)
    assert out["winners"] == ["Ana"]
    assert out["totals"]["Ana"] == -26


def test_game_over_refuses_more_hands() -> None:
    """Game over: no hand, trick, pass or deal can follow."""
    for more in (
        hand({"Ana": 13}, "Ben"),
        trick("Ana", "2C 3C 4C 5C"),
        {"type": "deal", "dealer": "Ana"},
        {"type": "pass", "cards": {"Ana": ["AS", "KS", "QS"]}},
    ):
        with pytest.raises(InvalidEvent, match="event 2: the game is over"):
            replay([*TWICE, more], end_score=26)


def test_tie_playoff_is_pending_for_the_tied_players_only() -> None:
    """tie playoff: a tie for lowest leaves the game unfinished, pending {"reason": "tie", "players": [...]}."""
    events = TIED
    out = standings(events, end_score=26)
    assert out["finished"] is False
    assert out["winners"] == []
    assert out["pending"] == {"reason": "tie", "players": ["Ana", "Ben"]}


def test_tie_playoff_hand_is_played_by_the_tied_players_with_a_full_deck() -> None:
    """tie playoff: two tied players play one more hand with a full deck (26 tricks of two cards)."""
    events = TIED
    state = replay([*events, trick("Ana", "2C 3C")], end_score=26)
    assert state.current is not None
    assert state.current.players == ("Ana", "Ben")
    assert state.current.deck.hand_size == 26
    with pytest.raises(InvalidEvent, match="2 players play"):
        replay([*events, trick("Ana", "2C 3C 4C 5C")], end_score=26)


def test_tie_playoff_fewest_points_in_the_playoff_hand_wins() -> None:
    """tie playoff: the tied player with the fewest points in the playoff hand wins; points add to totals."""
    events = [*TIED, hand({"Ana": 9, "Ben": 4}, "Ana")]
    out = standings(events, end_score=26)
    assert out["finished"] is True
    assert out["winners"] == ["Ben"]
    assert out["rounds"][-1] == {"Ana": 22, "Ben": 4, "Cleo": 0, "Dan": 0}
    assert out["totals"] == {"Ana": 22, "Ben": 4, "Cleo": 46, "Dan": 6}


def test_tie_playoff_repeats_while_tied() -> None:
    """tie playoff: a new tie among the tied players leads to another playoff."""
    base = TIED
    tied_again = hand({"Ana": 13}, "Ben")
    out = standings([*base, tied_again], end_score=26)
    assert out["pending"] == {"reason": "tie", "players": ["Ana", "Ben"]}
    out = standings([*base, tied_again, hand({"Ana": 6, "Ben": 7}, "Ana")], end_score=26)
    assert (out["finished"], out["winners"]) == (True, ["Ben"])


def test_tie_playoff_sitting_out_player_cannot_take_hearts() -> None:
    """tie playoff: the other players sit out and cannot take hearts in it."""
    base = TIED
    with pytest.raises(InvalidEvent, match="sits out"):
        replay([*base, hand({"Ana": 6, "Cleo": 7}, "Ana")], end_score=26)


def test_tie_playoff_of_three_at_a_five_table_uses_the_three_player_deck() -> None:
    """tie playoff: three tied players play with the deck for three (the 2♣ back in, the 2♠ out)."""
    events = [hand({"Ana": 1, "Ben": 1, "Cleo": 1, "Dan": 5, "Eve": 5}, "Eve")] * 2
    out = standings(events, FIVE, end_score=36)
    assert out["pending"] == {"reason": "tie", "players": ["Ana", "Ben", "Cleo"]}
    state = replay([*events, trick("Ana", "2C 3C 4C")], FIVE, end_score=36)
    assert state.current is not None
    assert state.current.deck.hand_size == 17
    with pytest.raises(InvalidEvent, match="2S is not in the deck with 3 players"):
        replay([*events, trick("Ana", "2S 3S 4S")], FIVE, end_score=36)


def test_tie_playoff_hearts_follow_the_playoff_deck() -> None:
    """tie playoff: at a six-player table (12 hearts) a two-player playoff has all 13 hearts."""
    events = [hand({"Cleo": 4, "Dan": 4, "Eve": 4}, "Finn")] * 2
    assert standings(events, SIX, end_score=26)["pending"] == {"reason": "tie", "players": ["Ana", "Ben"]}
    out = standings([*events, hand({"Ana": 13}, "Ben")], SIX, end_score=26)
    assert out["rounds"][-1]["Ana"] == 13
    with pytest.raises(InvalidEvent, match="13 are in play"):
        replay([*events, hand({"Ana": 12}, "Ben")], SIX, end_score=26)


def test_tie_shared_all_tied_players_win() -> None:
    """tie shared: the tied players share the win; nothing is pending."""
    events = TIED
    out = standings(events, end_score=26, tie="shared")
    assert (out["finished"], out["winners"], out["pending"]) == (True, ["Ana", "Ben"], None)


def test_tie_not_for_lowest_does_not_matter() -> None:
    """tie: only a tie for the lowest total matters."""
    out = standings(TWICE, FOUR, end_score=26)
    assert out["pending"] is None
    assert replay(TWICE, end_score=26).phase == Phase("over", ("Cleo",))


def test_end_score_reached_by_a_moon_ends_the_game() -> None:
    """end_score: a total the hand changes that reaches it ends the game (advance tells it in its one loop), a
    moon's points to everyone else included; one below it does not."""
    moon = hand({"Ana": 13}, "Ana")
    assert standings([moon], end_score=26)["finished"] is True
    assert standings([moon], end_score=27)["finished"] is False
