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


def test_the_reasons_the_entry_form_writes_are_said_in_the_readers_language() -> None:
    """ "revoke" and "other" (the form's two chips) are words to translate; a reason typed elsewhere stays as typed."""
    upper = {"revoke": "REVOKE", "other": "OTHER"}
    lines = [
        describe(parse_event({"type": "penalty", "player": "Ben", "points": 5, "reason": reason}), PLAYERS, OPTIONS)
        for reason in ("revoke", "other", "slow")
    ]
    rendered = [line.render(lambda s: upper.get(s, s), lambda s, p, n: s if n == 1 else p) for line in lines]
    assert rendered == ["Ben: +5 penalty (REVOKE)", "Ben: +5 penalty (OTHER)", "Ben: +5 penalty (slow)"]
