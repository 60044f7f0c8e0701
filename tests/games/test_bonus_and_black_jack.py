"""Bonus cards (J♦, 10♦ worth −10 to their taker in every hand) and the black jack lady."""

from __future__ import annotations

import pytest

from games.base import InvalidEvent
from games.rickety_kate import GAME
from tests.games.rk import hand, legal_four, one_suit_each, points, rounds


def test_jack_of_diamonds_scores_minus_10_for_its_taker() -> None:
    """jack_of_diamonds: the J♦ counts −10 for whoever took it."""
    events = [hand({"Ana": 13}, "Ben", bonus={"JD": "Ana"})]
    assert rounds(events, jack_of_diamonds=True) == [points(Ana=3, Ben=13)]


def test_ten_of_diamonds_scores_minus_10_for_its_taker() -> None:
    """ten_of_diamonds: the 10♦ counts −10 for whoever took it."""
    events = [hand({"Ana": 13}, "Ben", bonus={"10D": "Cleo"})]
    assert rounds(events, ten_of_diamonds=True) == [points(Ana=13, Ben=13, Cleo=-10)]


def test_both_bonus_cards_need_a_taker_when_both_options_are_on() -> None:
    """Bonus cards: with both options on, both cards must be named."""
    with pytest.raises(InvalidEvent, match="10♦"):
        rounds([hand({"Ana": 13}, "Ben", bonus={"JD": "Ana"})], jack_of_diamonds=True, ten_of_diamonds=True)


def test_bonus_counts_for_the_shooter_in_a_moon_hand() -> None:
    """Bonus cards score in every hand, moon or not: the old-moon shooter with the J♦ gets −10."""
    events = [hand({"Ana": 13}, "Ana", bonus={"JD": "Ana"})]
    assert rounds(events, jack_of_diamonds=True) == [points(Ana=-10, Ben=26, Cleo=26, Dan=26)]


def test_bonus_counts_for_another_player_in_a_moon_hand() -> None:
    """Bonus cards score in every hand: a non-shooter who took the 10♦ still scores −10."""
    events = [hand({"Ana": 13}, "Ana", bonus={"10D": "Ben"}, moon="subtract")]
    assert rounds(events, ten_of_diamonds=True, moon="new") == [points(Ana=-26, Ben=-10)]


def test_bonus_is_not_needed_for_a_moon() -> None:
    """Moon: taking every heart and the lady is a moon even without the bonus cards."""
    events = [hand({"Ana": 13}, "Ana", bonus={"JD": "Ben", "10D": "Cleo"})]
    assert rounds(events, jack_of_diamonds=True, ten_of_diamonds=True) == [points(Ben=16, Cleo=16, Dan=26)]


def test_bonus_cards_taken_in_tricks_score_for_the_trick_winner() -> None:
    """Bonus cards by tricks: Cleo wins trick 7 with the 10♦ and J♦ in it, so −20."""
    assert rounds(legal_four(), jack_of_diamonds=True, ten_of_diamonds=True) == [points(Ben=3, Cleo=-13, Dan=16)]


def test_bonus_cards_by_tricks_in_a_moon_hand() -> None:
    """Bonus cards by tricks in a moon: Ana wins every trick, −26 and −20."""
    result = rounds(one_suit_each(moon="subtract"), moon="new", jack_of_diamonds=True, ten_of_diamonds=True)
    assert result == [points(Ana=-46)]


def test_black_jack_lady_is_the_jack_of_spades_worth_10() -> None:
    """black_jack: the J♠ is the lady worth 10."""
    assert rounds([hand({"Ana": 13}, "Ben")], black_jack=True) == [points(Ana=13, Ben=10)]


def test_black_jack_queen_of_spades_is_an_ordinary_card_in_tricks() -> None:
    """black_jack: by tricks the Q♠ scores nothing; Dan takes the J♠ (10) and 3 hearts."""
    assert rounds(legal_four(), black_jack=True) == [points(Ben=3, Cleo=7, Dan=13)]


def test_black_jack_moon_is_23_points() -> None:
    """black_jack: a moon is all 13 hearts and the J♠; the others gain 13 + 10 = 23."""
    assert rounds([hand({"Dan": 13}, "Dan")], black_jack=True) == [points(Ana=23, Ben=23, Cleo=23)]


def test_bonus_card_named_twice_is_refused() -> None:
    """hand event, bonus: "JD" and "jd" are the same card; naming it twice is refused, not the last one kept."""
    with pytest.raises(InvalidEvent, match="bonus names J♦ twice"):
        GAME.parse(hand({"Ana": 13}, "Ben", bonus={"JD": "Ana", "jd": "Cleo"}))
