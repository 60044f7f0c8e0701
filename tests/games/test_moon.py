"""Shooting the moon: old, new (add or subtract) and none; 25 points with six players."""

from __future__ import annotations

from tests.games.rk import SIX, hand, points, rounds


def test_moon_old_shooter_zero_everyone_else_gains_26() -> None:
    """moon old: the shooter scores 0 and every other player gains all 26 penalty points."""
    assert rounds([hand({"Cleo": 13}, "Cleo")]) == [points(Ana=26, Ben=26, Dan=26)]


def test_moon_new_add_gives_everyone_else_26() -> None:
    """moon new, "add": the shooter chose the old way, everyone else gains 26."""
    assert rounds([hand({"Ben": 13}, "Ben", moon="add")], moon="new") == [points(Ana=26, Cleo=26, Dan=26)]


def test_moon_new_subtract_gives_shooter_minus_all_points() -> None:
    """moon new, "subtract": the shooter gains −26, everyone else 0."""
    assert rounds([hand({"Ben": 13}, "Ben", moon="subtract")], moon="new") == [points(Ben=-26)]


def test_moon_none_scores_the_shooter_like_any_hand() -> None:
    """moon none: taking everything is simply 26 points for the taker."""
    assert rounds([hand({"Dan": 13}, "Dan")], moon="none") == [points(Dan=26)]


def test_moon_missed_by_the_lady_scores_normally() -> None:
    """Moon: all hearts without the lady is no moon; both are scored as taken."""
    assert rounds([hand({"Dan": 13}, "Ana")]) == [points(Ana=13, Dan=13)]


def test_moon_old_with_six_players_is_25_points() -> None:
    """Moon: with six players (no 2♥) the penalty points in play are 25, so others gain 25."""
    round_ = rounds([hand({"Eve": 12}, "Eve")], SIX)[0]
    assert round_ == {"Ana": 25, "Ben": 25, "Cleo": 25, "Dan": 25, "Eve": 0, "Finn": 25}


def test_moon_new_subtract_with_six_players_is_minus_25() -> None:
    """Moon: with six players the subtracting shooter gains −25."""
    assert rounds([hand({"Eve": 12}, "Eve", moon="subtract")], SIX, moon="new")[0]["Eve"] == -25
