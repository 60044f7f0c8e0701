"""The deck in play (FORMAT.md "removed", penalty points in play): by player count and options."""

from __future__ import annotations

import pytest

from games.cards import parse_card
from games.rickety_kate.deck import deck_for
from tests.games.rk import FIVE, FOUR, SIX, THREE, options


def cards(text: str) -> set:
    return {parse_card(c) for c in text.split()}


@pytest.mark.parametrize(
    ("players", "removed", "hand_size"),
    [(THREE, "2S", 17), (FOUR, "", 13), (FIVE, "2C 2S", 10), (SIX, "2C 2D 2H 2S", 8)],
)
def test_deck_default_removed_cards_by_player_count(players: tuple[str, ...], removed: str, hand_size: int) -> None:
    """removed: 3 → 2S, 4 → none, 5 → 2C 2S, 6 → all four 2s, and the deck deals evenly."""
    deck = deck_for(options(players), len(players), len(players))
    missing = {c for c in cards(" ".join(f"{r}{s}" for r in "23" for s in "CDHS")) if c not in deck}
    assert missing == cards(removed)
    assert deck.hand_size == hand_size


def test_deck_three_players_keep_the_two_of_clubs() -> None:
    """removed: with three players only the 2♠ goes, so the 2♣ is in play."""
    deck = deck_for(options(THREE), 3, 3)
    assert parse_card("2C") in deck
    assert parse_card("2S") not in deck


def test_deck_penalty_points_26_with_a_full_deck() -> None:
    """Penalty points in play: 13 hearts plus the lady's 13."""
    deck = deck_for(options(), 4, 4)
    assert (deck.hearts, deck.penalty_points) == (13, 26)


def test_deck_six_players_have_12_hearts_and_25_points() -> None:
    """Penalty points in play: without the 2♥ (six players) there are 12 hearts and 25 points."""
    deck = deck_for(options(SIX), 6, 6)
    assert (deck.hearts, deck.penalty_points) == (12, 25)


def test_deck_black_jack_lady_worth_10() -> None:
    """black_jack: the J♠ is the lady worth 10, so 23 penalty points with a full deck."""
    deck = deck_for(options(black_jack=True), 4, 4)
    assert str(deck.lady) == "JS"
    assert deck.penalty_points == 23


def test_deck_custom_removed_replaces_the_default() -> None:
    """removed: the table's own list replaces the default for its player count."""
    deck = deck_for(options(THREE, removed=["2D"]), 3, 3)
    assert parse_card("2S") in deck
    assert parse_card("2D") not in deck


def test_deck_double_deck_six_players_has_two_of_each_card() -> None:
    """double_deck: two decks, all 2s out for six players: 96 cards, 16 each, 24 hearts, two ladies."""
    deck = deck_for(options(SIX, double_deck=True), 6, 6)
    assert deck.counts[parse_card("QS")] == 2
    assert deck.hand_size == 16
    assert (deck.hearts, deck.ladies, deck.penalty_points) == (24, 2, 50)


def test_deck_playoff_of_two_uses_a_full_deck() -> None:
    """Playoff: two tied players play with a full deck, even at a six-player table."""
    deck = deck_for(options(SIX), 2, 6)
    assert len(list(deck.counts.elements())) == 52
    assert deck.hand_size == 26


def test_deck_playoff_ignores_the_tables_custom_removed() -> None:
    """Playoff: the deck is the default for that many players, not the table's removed list."""
    deck = deck_for(options(FIVE, removed=["2D", "2H"]), 3, 5)
    assert parse_card("2S") not in deck
    assert parse_card("2D") in deck


def test_deck_cards_are_the_cards_in_play_and_its_figures_come_from_its_counts() -> None:
    """A deck's cards (what a trick is checked against) and its hearts, ladies and points, each worked out once,
    are what its counts say: five players without the 2♣ and 2♠, two decks of six without the 2s."""
    five = deck_for(options(FIVE), 5, 5)
    assert five.cards == frozenset(c for c, n in five.counts.items() if n) and len(five.cards) == 50
    assert cards("2C 2S").isdisjoint(five.cards) and all(card in five for card in five.cards)
    double = deck_for(options(SIX, double_deck=True), 6, 6)
    assert len(double.cards) == 48 and sum(double.counts.values()) == 96
    assert double.hearts == sum(n for c, n in double.counts.items() if c.suit == "H") == 24
    assert (double.ladies, double.penalty_points) == (2, 24 + 2 * 13)
