"""double_deck: two decks; identical cards in one trick cancel each other for winning it."""

from __future__ import annotations

import pytest

from games.base import InvalidEvent
from games.rickety_kate.engine import trick_winner
from tests.games.rk import DOUBLE_SIX, SIX, cards, hand, replay, rounds, tricks

ORDER = SIX


def test_double_deck_identical_cards_cancel() -> None:
    """double_deck: two A♣ cancel each other; the highest card left of the led suit wins."""
    assert trick_winner(cards("3C 4C 5C AC AC KC"), ORDER, double_deck=True, last=False) == "Finn"


def test_double_deck_cancelled_pair_leaves_a_lower_card_to_win() -> None:
    """double_deck: after the J♣ and Q♣ pairs cancel, the K♣ beats the 10♣."""
    assert trick_winner(cards("10C JC JC QC QC KC"), ORDER, double_deck=True, last=False) == "Finn"


def test_single_deck_does_not_cancel() -> None:
    """Without double_deck nothing cancels: of two equal cards the first played wins."""
    assert trick_winner(cards("3C 4C 5C AC AC KC"), ORDER, double_deck=False, last=False) == "Dan"


def test_double_deck_all_led_suit_cancelled_trick_has_no_winner_yet() -> None:
    """double_deck: when every card of the led suit cancels, the trick goes to the next trick's winner."""
    assert trick_winner(cards("3D 3D 4D 4D 5D 5D"), ORDER, double_deck=True, last=False) is None


def test_double_deck_all_cancelled_on_the_last_trick_goes_to_its_leader() -> None:
    """double_deck: on the hand's last trick a fully cancelled trick goes to its leader."""
    order = ("Cleo", "Dan", "Eve", "Finn", "Ana", "Ben")
    assert trick_winner(cards("QH QH KH KH AH AH"), order, double_deck=True, last=True) == "Cleo"


def test_double_deck_off_suit_pairs_do_not_matter() -> None:
    """double_deck: a pair of discards of another suit cancels nothing of the led suit."""
    assert trick_winner(cards("3C QS QS 4C 5C 6C"), ORDER, double_deck=True, last=False) == "Finn"


def test_double_deck_cancelled_trick_is_taken_by_the_next_winner() -> None:
    """double_deck: a fully cancelled trick's cards (hearts included) go to the next trick's winner."""
    result = replay(tricks(DOUBLE_SIX), SIX, double_deck=True).hands[0]
    assert {p: n for p, n in result.hearts.items() if n} == {"Finn": 12, "Cleo": 12}
    assert {p: n for p, n in result.ladies.items() if n} == {"Ben": 1, "Ana": 1}


def test_double_deck_leader_of_a_cancelled_trick_leads_again() -> None:
    """double_deck: nobody won a fully cancelled trick, so its leader leads the next one."""
    state = replay(tricks(DOUBLE_SIX[:5]), SIX, double_deck=True)
    assert state.current is not None
    assert state.current.next_leader() == "Cleo"


def test_double_deck_hand_by_tricks_scores_two_ladies_and_two_jacks() -> None:
    """double_deck: both ladies score 13 and both J♦ −10 for whoever took them."""
    out = rounds(tricks(DOUBLE_SIX), SIX, double_deck=True, jack_of_diamonds=True)
    assert out == [{"Ana": 13, "Ben": 13, "Cleo": 12, "Dan": 0, "Eve": -10, "Finn": 2}]


def test_double_deck_hand_names_two_lady_takers() -> None:
    """double_deck: lady is a list of two names; hearts add up to 24."""
    event = hand({"Ana": 20, "Ben": 4}, ["Cleo", "Cleo"])
    assert rounds([event], SIX, double_deck=True)[0] == {"Ana": 20, "Ben": 4, "Cleo": 26, "Dan": 0, "Eve": 0, "Finn": 0}


def test_double_deck_hand_with_one_lady_taker_is_an_error() -> None:
    """double_deck: naming one lady taker when there are two ladies is an error."""
    with pytest.raises(InvalidEvent, match="2"):
        replay([hand({"Ana": 24}, "Cleo")], SIX, double_deck=True)


def test_double_deck_moon_needs_both_ladies_and_all_24_hearts() -> None:
    """double_deck: a moon is all 24 hearts and both ladies: the others gain 50."""
    out = rounds([hand({"Ana": 24}, ["Ana", "Ana"])], SIX, double_deck=True)[0]
    assert out == {"Ana": 0, "Ben": 50, "Cleo": 50, "Dan": 50, "Eve": 50, "Finn": 50}
    split = rounds([hand({"Ana": 24}, ["Ana", "Ben"])], SIX, double_deck=True)[0]
    assert (split["Ana"], split["Ben"]) == (37, 13)
