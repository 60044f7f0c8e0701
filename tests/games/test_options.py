"""Rickety Kate options (FORMAT.md "rickety-kate"): defaults, kinds, and what is impossible."""

from __future__ import annotations

from typing import Any

import pytest

from games.base import InvalidOptions
from games.cards import Card
from tests.games.rk import FOUR, SIX, THREE, options


def test_options_defaults_follow_format_md() -> None:
    """Options: every option left out takes the documented default."""
    opts = options()
    assert opts.end_score == 100
    assert opts.moon == "old"
    assert opts.passing == "rotate"
    assert opts.first_trick_points is False
    assert opts.queen_breaks_hearts is False
    assert opts.hearts_must_be_broken is True
    assert opts.jack_of_diamonds is False
    assert opts.ten_of_diamonds is False
    assert opts.black_jack is False
    assert opts.revoke_points == 13
    assert opts.tie == "playoff"
    assert opts.double_deck is False


def test_options_unknown_option_is_an_error() -> None:
    """Options: an unknown option is an error naming it."""
    with pytest.raises(InvalidOptions, match="jokers"):
        options(jokers=True)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("end_score", "100"),
        ("end_score", 50.5),
        ("end_score", True),
        ("revoke_points", None),
        ("moon", True),
        ("moon", "sometimes"),
        ("passing", "across"),
        ("tie", "coin"),
        ("black_jack", "yes"),
        ("double_deck", 1),
        ("removed", "2S"),
    ],
)
def test_options_value_of_the_wrong_kind_is_an_error(name: str, value: Any) -> None:
    """Options: a value of the wrong kind (or not among the choices) is an error naming the option."""
    with pytest.raises(InvalidOptions, match=name):
        options(**{name: value})


def test_options_removed_card_must_be_a_card() -> None:
    """Options: removed lists real cards."""
    with pytest.raises(InvalidOptions, match="removed"):
        options(THREE, removed=["1S"])


def test_options_removed_may_use_lower_case_and_symbols() -> None:
    """Options: removed cards accept the same notation as events."""
    assert options(THREE, removed=["2♦"]).removed == (Card("D", "2"),)
    assert options(THREE, removed=["2d"]).removed == (Card("D", "2"),)


def test_options_impossible_deck_split_is_an_error() -> None:
    """Options: removed cards that leave a deck that does not deal evenly are an error."""
    with pytest.raises(InvalidOptions, match="deal evenly"):
        options(THREE, removed=[])
    with pytest.raises(InvalidOptions, match="deal evenly"):
        options(FOUR, removed=["2C"])


def test_options_removing_the_lady_is_an_error() -> None:
    """Options: the lady (Q♠) cannot be taken out of the deck."""
    with pytest.raises(InvalidOptions, match="lady"):
        options(THREE, removed=["QS"])


def test_options_removing_the_black_jack_lady_is_an_error() -> None:
    """Options: under black_jack the J♠ is the lady and cannot be removed (the Q♠ then may be)."""
    with pytest.raises(InvalidOptions, match="lady"):
        options(THREE, black_jack=True, removed=["JS"])
    assert options(THREE, black_jack=True, removed=["QS"]).lady == Card("S", "J")


def test_options_removing_an_active_bonus_card_is_an_error() -> None:
    """Options: a bonus card whose option is on cannot be taken out."""
    with pytest.raises(InvalidOptions, match="bonus"):
        options(THREE, jack_of_diamonds=True, removed=["JD"])


def test_options_end_score_must_be_positive() -> None:
    """Options: end_score is a whole number above zero."""
    with pytest.raises(InvalidOptions, match="end_score"):
        options(end_score=0)


def test_options_double_deck_with_six_players_deals_evenly() -> None:
    """Options: double_deck for six players (all 2s out of both decks) is accepted."""
    assert options(SIX, double_deck=True).double_deck is True


@pytest.mark.parametrize(
    ("name", "bad", "good"),
    [("end_score", 10_001, 10_000), ("end_score", 0, 1), ("revoke_points", 1001, 1000), ("revoke_points", 0, 1)],
)
def test_options_numbers_are_bounded_to_what_a_table_can_mean(name: str, bad: int, good: int) -> None:
    """Options: end_score is 1 to 10000 and revoke_points 1 to 1000; the message names the range."""
    assert getattr(options(**{name: good}), name) == good
    with pytest.raises(InvalidOptions, match=f"{name} must be a whole number from 1 to"):
        options(**{name: bad})


SEVEN = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus")
EIGHT = (*SEVEN, "Hal")


@pytest.mark.parametrize("players", [SEVEN, EIGHT], ids=["7", "8"])
def test_options_seven_or_eight_players_need_the_double_deck(players: tuple[str, ...]) -> None:
    """Options: one deck is for 3 to 6 players; 7 or 8 need double_deck, even where the cards would split evenly."""
    with pytest.raises(InvalidOptions, match=f"{len(players)} players need the double deck"):
        options(players)
    with pytest.raises(InvalidOptions, match="double deck"):
        options(players, removed=["2C", "2D", "2H", "2S"])  # 48 cards: 6 each for 8 players
    assert options(players, double_deck=True).double_deck is True
