"""Pass direction by hand number, the dealer's rotation and the `deal` event."""

from __future__ import annotations

import pytest

from games.base import InvalidEvent
from games.rickety_kate.engine import pass_direction, pass_target
from tests.games.rk import FIVE, FOUR, SIX, THREE, hand, replay

SOME_HAND = hand({"Ana": 13}, "Ben")


def directions(players: tuple[str, ...], passing: str = "rotate") -> list[str]:
    some = hand({"Ana": 12 if len(players) == 6 else 13}, "Ben")
    state = replay([some] * 8, players, passing=passing, end_score=1000)
    return [h.play.direction for h in state.hands]


def dealers(events: list[dict], players: tuple[str, ...] = FOUR) -> list[str]:
    return [h.play.dealer for h in replay(events, players, end_score=1000).hands]


def test_passing_rotate_four_players_left_right_across_hold() -> None:
    """passing rotate, 4 players: left, right, across, hold, then again."""
    assert directions(FOUR) == ["left", "right", "across", "hold"] * 2


@pytest.mark.parametrize("players", [THREE, FIVE, SIX])
def test_passing_rotate_three_five_six_players_left_right_hold(players: tuple[str, ...]) -> None:
    """passing rotate, 3/5/6 players: left, right, hold, then again."""
    assert directions(players) == ["left", "right", "hold"] * 2 + ["left", "right"]


@pytest.mark.parametrize("passing", ["left", "right"])
def test_passing_left_or_right_every_hand(passing: str) -> None:
    """passing left/right: the same direction every hand, never a hold."""
    assert directions(FOUR, passing) == [passing] * 8


def test_passing_none_holds_every_hand() -> None:
    """passing none: every hand is a hold hand."""
    assert directions(THREE, "none") == ["hold"] * 8


def test_pass_direction_counts_hands_from_one() -> None:
    """pass_direction: hand 1 passes left, hand 5 starts the four-player cycle again."""
    assert pass_direction("rotate", 1, 4) == "left"
    assert pass_direction("rotate", 5, 4) == "left"
    assert pass_direction("rotate", 4, 4) == "hold"


def test_pass_target_left_is_next_name_right_is_previous() -> None:
    """Passing: left is the next name in seat order, right the previous, across two seats on."""
    assert pass_target(FOUR, "Dan", "left") == "Ana"
    assert pass_target(FOUR, "Ana", "right") == "Dan"
    assert pass_target(FOUR, "Ben", "across") == "Dan"
    assert pass_target(FOUR, "Ben", "hold") is None


def test_dealer_first_player_deals_first_then_clockwise() -> None:
    """Dealer: the first player deals the first hand, then the deal passes to the next name."""
    assert dealers([SOME_HAND] * 5) == ["Ana", "Ben", "Cleo", "Dan", "Ana"]


def test_deal_event_names_the_dealer_and_the_rotation_continues_from_there() -> None:
    """deal event: says who dealt; the next hand is dealt by the player to their left."""
    events = [{"type": "deal", "dealer": "Cleo"}, SOME_HAND, SOME_HAND, SOME_HAND]
    assert dealers(events) == ["Cleo", "Dan", "Ana"]


def test_deal_event_twice_before_play_is_a_redeal_and_keeps_the_penalties() -> None:
    """deal event: a second deal before any trick (a misdeal) starts the hand again, penalties kept."""
    events = [
        {"type": "deal", "dealer": "Ben"},
        {"type": "penalty", "player": "Ben", "points": 2, "reason": "misdeal"},
        {"type": "deal", "dealer": "Ben"},
        SOME_HAND,
    ]
    state = replay(events)
    assert [h.play.dealer for h in state.hands] == ["Ben"]
    assert state.hands[0].points["Ben"] == 13 + 2


def test_deal_event_in_the_middle_of_tricks_is_an_error() -> None:
    """deal event: a new deal cannot start while a hand has tricks recorded."""
    events = [{"type": "trick", "leader": "Ana", "cards": ["2C", "3C", "4C", "5C"]}, {"type": "deal", "dealer": "Ben"}]
    with pytest.raises(InvalidEvent, match="event 1"):
        replay(events)


def test_deal_event_dealer_must_be_at_the_table() -> None:
    """deal event: the dealer is a name from players."""
    with pytest.raises(InvalidEvent, match="Zed"):
        replay([{"type": "deal", "dealer": "Zed"}])


def test_pass_event_cards_must_be_in_the_deck() -> None:
    """pass event: a passed card must exist in the deck in play (no 2♠ with three players)."""
    with pytest.raises(InvalidEvent, match="2S"):
        replay([{"type": "pass", "cards": {"Ana": ["2S", "3S", "4S"]}}], THREE)


def test_pass_event_twice_in_a_hand_is_an_error() -> None:
    """pass event: a hand has one pass."""
    passing = {"type": "pass", "cards": {"Ana": ["AS", "KS", "QS"]}}
    with pytest.raises(InvalidEvent, match="already"):
        replay([passing, passing])


def passes(**cards: str) -> dict:
    return {"type": "pass", "cards": {player: text.split() for player, text in cards.items()}}


def test_pass_the_same_card_by_two_players_is_refused() -> None:
    """pass: a card exists once in one deck; two players cannot both pass the 3♠. The error names card and players."""
    with pytest.raises(InvalidEvent, match=r"event 0: 3♠ is passed twice \(by Ana and Cleo\), but the deck has one"):
        replay([passes(Ana="3S 4S 5S", Ben="2H 3H 4H", Cleo="3s 6S 7S")])


def test_pass_the_same_card_twice_by_one_player_is_refused() -> None:
    """pass: one player cannot give the same card away twice."""
    with pytest.raises(InvalidEvent, match=r"3♠ is passed twice \(both by Ana\), but the deck has one"):
        replay([passes(Ana="3S 3♠ 5S")])


def test_pass_with_two_decks_allows_two_copies_not_three() -> None:
    """pass, double_deck: each card is there twice, so two players may pass it, three may not."""
    replay([passes(Ana="3S 4S 5S", Ben="3S 6S 7S")], SIX, double_deck=True)
    with pytest.raises(InvalidEvent, match=r"3♠ is passed 3 times \(by Ana, Ben and Cleo\), but the deck has two"):
        replay([passes(Ana="3S 4S 5S", Ben="3S 6S 7S", Cleo="3S 8S 9S")], SIX, double_deck=True)
