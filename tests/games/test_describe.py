"""The log's one-line descriptions name players in seat order, whatever order the stored event has."""

from games.rickety_kate.describe import describe
from games.rickety_kate.events import parse_event
from games.rickety_kate.options import read_options

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
OPTIONS = read_options({}, PLAYERS)


def test_describe_hand_lists_hearts_in_seat_order() -> None:
    """Log: a quick hand reads in seat order even when the database returned its keys reordered."""
    event = parse_event({"type": "hand", "hearts": {"Dan": 4, "Ana": 3, "Cleo": 6}, "lady": "Ben"})
    assert str(describe(event, PLAYERS, OPTIONS)) == "Hand — Ana 3♥, Cleo 6♥, Dan 4♥; lady: Ben"


def test_describe_pass_lists_players_in_seat_order() -> None:
    """Log: passed cards read in seat order."""
    event = parse_event({"type": "pass", "cards": {"Ben": ["2H", "3H", "4H"], "Ana": ["QS", "AS", "KS"]}})
    assert str(describe(event, PLAYERS, OPTIONS)) == "Passed — Ana: Q♠ A♠ K♠; Ben: 2♥ 3♥ 4♥"


def test_describe_penalty_in_plain_words() -> None:
    """Who, how much and why, never "revoke points (revoke)"."""
    lines = [
        str(describe(parse_event({"type": "penalty", "player": "Ben", **extra}), PLAYERS, OPTIONS))
        for extra in ({"reason": "revoke"}, {"points": 5, "reason": "revoke"}, {"points": 5, "reason": "slow"})
    ]
    assert lines == ["Ben: penalty for a revoke", "Ben: +5 penalty (revoke)", "Ben: +5 penalty (slow)"]
