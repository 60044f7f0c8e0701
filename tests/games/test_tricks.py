"""Hands recorded trick by trick: winners, completion, the moon choice on the last trick."""

from __future__ import annotations

from collections import Counter

import pytest

from games.base import InvalidEvent
from games.rickety_kate.engine import HandPlay, counted, moon_shooter, seat_orders, trick_winner
from tests.games.rk import FOUR, cards, legal_four, one_suit_each, points, replay, rounds, trick


def test_trick_winner_is_the_highest_card_of_the_led_suit() -> None:
    """Trick: the highest card of the led suit wins; a higher card of another suit does not."""
    assert trick_winner(cards("5C AD 9C KH"), FOUR, double_deck=False, last=False) == "Cleo"


def test_trick_leader_wins_when_nobody_follows() -> None:
    """Trick: when nobody follows, the leader's card is the highest of the led suit."""
    assert trick_winner(cards("2C AD QS AH"), FOUR, double_deck=False, last=False) == "Ana"


def test_trick_winner_takes_one_card_for_each_player() -> None:
    """trick_winner: the cards and the order go together, one card a player (the engine refuses any other trick
    first); ten ranks high ranks the same as their values do, ten below the jack."""
    assert trick_winner(cards("10H JH 9H 2C"), FOUR, double_deck=False, last=False) == "Ben"
    assert trick_winner(cards("AS 10S KS QS"), FOUR, double_deck=False, last=False) == "Ana"
    with pytest.raises(ValueError, match="a trick of 3 cards played by 4 players"):
        trick_winner(cards("5C AD 9C"), FOUR, double_deck=False, last=False)


def test_trick_order_runs_clockwise_from_the_leader() -> None:
    """Trick: cards are in play order from the leader, going left (clockwise)."""
    state = replay([trick("Cleo", "2C 3C AC 4C")])
    assert state.current is not None
    record = state.current.tricks[0]
    assert record.order == ("Cleo", "Dan", "Ana", "Ben")
    assert record.winner == "Ana"


def test_tricks_complete_the_hand_after_hand_size_tricks() -> None:
    """Tricks: the hand is complete and scored after as many tricks as each player holds (13)."""
    events = legal_four()
    assert replay(events[:12]).hands == ()
    assert rounds(events) == [points(Ben=3, Cleo=7, Dan=16)]


def test_tricks_score_hearts_and_lady_to_each_trick_winner() -> None:
    """Tricks: each winner takes the hearts and the lady in the tricks they won."""
    result = replay(legal_four()).hands[0]
    assert {p: n for p, n in result.hearts.items() if n} == {"Ben": 3, "Cleo": 7, "Dan": 3}
    assert {p: n for p, n in result.ladies.items() if n} == {"Dan": 1}


def test_trick_with_the_wrong_number_of_cards_is_an_error() -> None:
    """Trick: one card per player."""
    with pytest.raises(InvalidEvent, match="3 cards"):
        replay([trick("Ana", "2C 3C 4C")])


def test_trick_leader_must_be_at_the_table() -> None:
    """Trick: the leader is a name from players."""
    with pytest.raises(InvalidEvent, match="Zed"):
        replay([trick("Zed", "2C 3C 4C 5C")])


def test_trick_card_not_in_the_deck_in_play_is_an_error() -> None:
    """Trick: a card that is not in the deck in play (2♠ with three players) is an error."""
    with pytest.raises(InvalidEvent, match="event 0: 2S is not in the deck with 3 players"):
        replay([trick("Ana", "2C 3C 2S")], FOUR[:3])


def test_trick_cards_accept_lower_case_and_symbols() -> None:
    """Trick: cards may be written in lower case or with suit symbols."""
    state = replay([trick("Ana", "2♣ 3c 10♣ qc")])
    assert state.current is not None
    assert [str(c) for c in state.current.tricks[0].cards] == ["2C", "3C", "10C", "QC"]
    assert state.current.tricks[0].winner == "Dan"


def test_moon_choice_on_the_last_trick_is_used() -> None:
    """Tricks: under the new rule the last trick carries the shooter's moon choice."""
    assert rounds(one_suit_each(moon="subtract"), moon="new") == [points(Ana=-26)]


def test_moon_choice_missing_on_the_last_trick_is_an_error() -> None:
    """Tricks: a moon shot under the new rule without a choice on the last trick is an error."""
    with pytest.raises(InvalidEvent, match="event 12: Ana shot the moon"):
        replay(one_suit_each(), moon="new")


def test_moon_choice_before_the_last_trick_is_an_error() -> None:
    """Tricks: the moon choice belongs on the last trick only."""
    events = one_suit_each()
    events[3]["moon"] = "add"
    with pytest.raises(InvalidEvent, match="event 3: the moon choice belongs on the hand's last trick"):
        replay(events, moon="new")


def test_tricks_then_quick_hand_for_the_next_hand() -> None:
    """Tricks: after a completed hand of tricks the next hand may be entered whole."""
    events = [*legal_four(), {"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}]
    assert rounds(events)[1] == points(Ana=13, Ben=13)


def test_seat_orders_start_each_trick_at_its_leader() -> None:
    """seat_orders: who plays when each player leads, round the table in seat order (one lookup a trick)."""
    orders = seat_orders(FOUR)
    assert orders["Ana"] == FOUR
    assert orders["Cleo"] == ("Cleo", "Dan", "Ana", "Ben")
    assert orders["Dan"] == ("Dan", "Ana", "Ben", "Cleo")
    assert orders.get("Eve") is None  # not playing: the engine then says why
    assert seat_orders(FOUR) is orders  # worked out once a seating


def test_with_tricks_is_replace_of_the_tricks() -> None:
    """HandPlay.with_tricks gives what _replace gives, every other field kept (a field added to HandPlay and
    left out of with_tricks fails here, as does one the replay's HandPlay of a new hand does not set)."""
    state = replay([trick("Ana", "2C 3C 4C 5C")])
    hand = state.current
    assert hand is not None
    tricks = (*hand.tricks, *hand.tricks)
    assert hand.with_tricks(tricks) == hand._replace(tricks=tricks)
    assert type(hand.with_tricks(tricks)) is HandPlay
    assert list(HandPlay._fields) == [
        "number",
        "dealer",
        "direction",
        "players",
        "deck",
        "playoff",
        "passes",
        "tricks",
        "penalties",
    ]


def test_counted_is_what_a_counter_holds() -> None:
    """counted: each name's count, in first-come order, as Counter(names) has them."""
    for names in [(), ("Ana",), ("Ben", "Ana", "Ben"), ("Cleo", "Cleo")]:
        assert counted(names) == Counter(names)
        assert list(counted(names).items()) == list(Counter(names).items())


def test_moon_shooter_stops_at_a_second_taker() -> None:
    """moon_shooter: the one player who took every heart and lady; nobody when a second player took any (its loop
    stops there), or when the one taker missed a heart."""
    play = replay([trick("Ana", "2C 3C 4C 5C")]).current
    assert play is not None
    assert moon_shooter(play, {"Ben": 13}, {"Ben": 1}) == "Ben"
    assert moon_shooter(play, {"Ben": 13, "Ana": 0, "Cleo": 0, "Dan": 0}, {"Ben": 1}) == "Ben"
    assert moon_shooter(play, {"Ben": 12, "Cleo": 1}, {"Ben": 1}) is None
    assert moon_shooter(play, {"Ben": 13}, {"Dan": 1}) is None
    assert moon_shooter(play, {"Ben": 12}, {"Ben": 1}) is None
