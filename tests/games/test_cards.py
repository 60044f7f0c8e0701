"""Card notation (FORMAT.md "Cards"): rank then suit, lower case and suit symbols accepted."""

from __future__ import annotations

import pytest

from games.cards import Card, full_deck, parse_card


def test_card_upper_case_letters_parse() -> None:
    """Cards: rank then suit in upper case, like QS."""
    assert parse_card("QS") == Card("S", "Q")


def test_card_lower_case_parses_to_canonical_form() -> None:
    """Cards: input may be lower case; output is the upper-case letter form."""
    assert str(parse_card("qs")) == "QS"
    assert str(parse_card("10h")) == "10H"


@pytest.mark.parametrize(("text", "canonical"), [("2♣", "2C"), ("J♦", "JD"), ("10♥", "10H"), ("Q♠", "QS")])
def test_card_suit_symbols_parse_to_letters(text: str, canonical: str) -> None:
    """Cards: the suit symbols ♣ ♦ ♥ ♠ read as C D H S."""
    assert str(parse_card(text)) == canonical


def test_card_ten_is_written_10() -> None:
    """Cards: the ten is the two-character rank 10, worth more than a nine and less than a jack."""
    ten = parse_card("10D")
    assert ten.rank == "10"
    assert parse_card("9D").value < ten.value < parse_card("JD").value


@pytest.mark.parametrize("text", ["", "1C", "11H", "T5", "QX", "Q", "S", "QSS", "ZZ", "10"])
def test_card_bad_text_is_rejected(text: str) -> None:
    """Cards: anything that is not rank then suit is a ValueError."""
    with pytest.raises(ValueError, match="card"):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 12, ["QS"]])
def test_card_non_text_is_rejected(value: object) -> None:
    """Cards: a card must be written as text."""
    with pytest.raises(ValueError, match="not a card"):
        parse_card(value)


def test_card_ranks_order_two_low_ace_high() -> None:
    """Cards: ranks go 2 (low) to A (high)."""
    assert parse_card("2C").value == 2
    assert parse_card("AC").value == 14


def test_full_deck_has_52_distinct_cards() -> None:
    """Cards: the French-suited deck is 52 cards, 13 per suit."""
    deck = full_deck()
    assert len(set(deck)) == 52
    assert sum(c.suit == "H" for c in deck) == 13
