"""The referee: each rule it flags, and only when a later play in the same hand proves the breach."""

from __future__ import annotations

from games.rickety_kate.prompt import prompt
from games.rickety_kate.referee import RULES
from tests.games.rk import (
    DOUBLE_SIX,
    FIVE,
    SIX,
    THREE,
    flags,
    hand,
    legal_four,
    one_suit_each,
    replay,
    rounds,
    trick,
    tricks,
)

# Trick 1 of a hand: everyone follows clubs, Dan wins with the 5♣.
OPEN = trick("Ana", "2C 3C 4C 5C")


def test_referee_legal_hand_has_no_flags() -> None:
    """Referee: a hand where every play is legal gives []."""
    assert flags(legal_four()) == []


def test_referee_void_players_discarding_is_legal() -> None:
    """Referee: a void player may discard anything, even a heart on trick 1 when holding only hearts."""
    assert flags(one_suit_each()) == []


def test_referee_follow_suit_flagged_when_the_player_later_plays_the_led_suit() -> None:
    """rk.follow-suit: Dan discards on a club lead, then plays a club later in the hand."""
    events = [trick("Ana", "2C 3C 4C 5D"), trick("Cleo", "6C 7C 8C 9C")]
    assert flags(events) == [(0, "Dan", "rk.follow-suit")]


def test_referee_follow_suit_not_flagged_without_proof() -> None:
    """rk.follow-suit: a discard is not flagged when nothing later shows the player held the led suit."""
    events = [trick("Ana", "2C 3C 4C 5D"), trick("Cleo", "6D 7D 8D 9D")]
    assert flags(events) == []


def test_referee_follow_suit_proof_comes_from_the_same_hand() -> None:
    """rk.follow-suit: Ben discards on clubs all hand 1 and plays clubs in hand 2: no flag."""
    events = [*one_suit_each(), trick("Ana", "2C 3C 4C 5C"), trick("Dan", "6C 7C 8C 9C")]
    assert flags(events) == []


def test_referee_hearts_broken_flags_an_early_heart_lead() -> None:
    """rk.hearts-broken: Dan leads a heart before hearts are broken, then plays a club later."""
    events = [OPEN, trick("Dan", "2H 3H 4H 5H"), trick("Cleo", "6C 7C 8C 9C")]
    assert flags(events) == [(1, "Dan", "rk.hearts-broken")]


def test_referee_hearts_broken_not_flagged_when_only_hearts_are_played_later() -> None:
    """rk.hearts-broken: a heart lead is legal from a hand of only hearts; no later non-heart, no flag."""
    events = [OPEN, trick("Dan", "2H 3H 4H 5H"), trick("Cleo", "6H 7H 8H 9H")]
    assert flags(events) == []


def test_referee_hearts_broken_option_off_allows_an_early_heart_lead() -> None:
    """hearts_must_be_broken false: hearts may be led at any time."""
    events = [OPEN, trick("Dan", "2H 3H 4H 5H"), trick("Cleo", "6C 7C 8C 9C")]
    assert flags(events, hearts_must_be_broken=False) == []


def test_referee_heart_discard_breaks_hearts() -> None:
    """rk.hearts-broken: after a heart has been discarded, hearts may be led."""
    events = [OPEN, trick("Dan", "6C 7C 8C 2H"), trick("Ben", "3H 4H 5H 6H"), trick("Ana", "9C 10C 2D JC")]
    assert flags(events) == []


def queen_then_heart_lead() -> list[dict]:
    """Ben throws the Q♠ on clubs in trick 2; Cleo leads a heart in trick 3 and a diamond in trick 4."""
    return [
        OPEN,
        trick("Dan", "6C 7C QS 8C"),
        trick("Cleo", "2H 3H 4H 5H"),
        trick("Ben", "2D 3D 4D 5D"),
    ]


def test_referee_queen_does_not_break_hearts_by_default() -> None:
    """queen_breaks_hearts false: the lady on its own does not break hearts."""
    assert flags(queen_then_heart_lead()) == [(2, "Cleo", "rk.hearts-broken")]


def test_referee_queen_breaks_hearts_option() -> None:
    """queen_breaks_hearts true: playing the lady lets hearts be led afterwards."""
    assert flags(queen_then_heart_lead(), queen_breaks_hearts=True) == []


def test_referee_first_trick_heart_discard_flagged_when_the_player_held_a_safe_card() -> None:
    """rk.first-trick: Dan throws a heart on the first trick and later plays a card without points."""
    events = [trick("Ana", "2C 3C 4C 2H"), trick("Cleo", "2D 3D 4D 5D")]
    assert flags(events) == [(0, "Dan", "rk.first-trick")]


def test_referee_first_trick_lady_discard_flagged() -> None:
    """rk.first-trick: the lady may not be thrown on the first trick either."""
    events = [trick("Ana", "2C 3C 4C QS"), trick("Cleo", "2D 3D 4D 5D")]
    assert flags(events) == [(0, "Dan", "rk.first-trick")]


def test_referee_first_trick_points_option_allows_points() -> None:
    """first_trick_points true: hearts and the lady may be thrown on the first trick."""
    events = [trick("Ana", "2C 3C 4C 2H"), trick("Cleo", "2D 3D 4D 5D")]
    assert flags(events, first_trick_points=True) == []


def test_referee_first_trick_not_flagged_without_proof() -> None:
    """rk.first-trick: no flag when the player only plays point cards later (all they had)."""
    events = [trick("Ana", "2C 3C 4C 2H"), trick("Cleo", "5D 3H 6D 7D")]
    assert flags(events) == []


def test_referee_first_trick_black_jack_lady_is_the_jack() -> None:
    """rk.first-trick under black_jack: the J♠ is the lady; the Q♠ is an ordinary card on the first trick."""
    later = trick("Cleo", "2D 3D 4D 5D")
    assert flags([trick("Ana", "2C 3C 4C QS"), later], black_jack=True) == []
    assert flags([trick("Ana", "2C 3C 4C JS"), later], black_jack=True) == [(0, "Dan", "rk.first-trick")]


def test_referee_two_of_clubs_must_open() -> None:
    """rk.two-of-clubs: with the 2♣ in play, the first trick is opened with it."""
    events = [trick("Ana", "3C 2C 4C 5C")]
    assert flags(events) == [(0, "Ana", "rk.two-of-clubs")]


def test_referee_two_of_clubs_out_of_the_deck_any_lead() -> None:
    """rk.two-of-clubs: without the 2♣ (six players) the first lead may be any card (Ben, left of Ana, leads)."""
    events = [trick("Ben", "3D 4C 5C 6C 7C 8C")]
    assert flags(events, SIX) == []


def deal(dealer: str) -> dict[str, str]:
    return {"type": "deal", "dealer": dealer}


def test_referee_first_lead_without_two_of_clubs_is_left_of_the_dealer() -> None:
    """rk.first-lead: without the 2♣ the player left of the dealer leads trick 1; the dealer leading is flagged."""
    assert flags([trick("Ana", "3C 4C 5C 6C 7C 8C")], SIX) == [(0, "Ana", "rk.first-lead")]
    assert flags([trick("Ben", "3C 4C 5C 6C 7C 8C")], SIX) == []


def test_referee_first_lead_follows_the_recorded_dealer() -> None:
    """rk.first-lead: five players (no 2♣); after a deal event by Eve, Ana (the next name, wrapping round) leads."""
    assert flags([deal("Eve"), trick("Ana", "3C 4C 5C 6C 7C")], FIVE) == []
    assert flags([deal("Eve"), trick("Cleo", "3C 4C 5C 6C 7C")], FIVE) == [(1, "Cleo", "rk.first-lead")]


def test_referee_first_lead_is_checked_in_every_hand() -> None:
    """rk.first-lead: in hand 2 Ben deals (the deal moves left), so Cleo leads it."""
    some = hand({"Ana": 12}, "Ben")
    assert flags([some, trick("Cleo", "3C 4C 5C 6C 7C 8C")], SIX) == []
    assert flags([some, trick("Ben", "3C 4C 5C 6C 7C 8C")], SIX) == [(1, "Ben", "rk.first-lead")]


def test_referee_first_lead_in_a_playoff_skips_those_sitting_out() -> None:
    """rk.first-lead: five of six tie and play off with the five-player deck (no 2♣); Eve deals and Finn sits
    out, so Ana leads."""
    everyone_but_finn_tied = hand({"Finn": 12}, "Finn")  # Finn 25, the others 0
    table = {"moon": "none", "end_score": 25}
    events = [everyone_but_finn_tied, deal("Eve"), trick("Ana", "3C 4C 5C 6C 7C")]
    assert flags(events, SIX, **table) == []
    events[-1] = trick("Eve", "3C 4C 5C 6C 7C")
    assert flags(events, SIX, **table) == [(2, "Eve", "rk.first-lead")]


def test_referee_first_lead_agrees_with_the_prompt() -> None:
    """rk.first-lead: the entry screen's first_lead names the player the referee expects."""
    state = replay([deal("Dan")], SIX)
    assert prompt(state).details["first_lead"] == "Eve"
    assert flags([deal("Dan"), trick("Eve", "3C 4C 5C 6C 7C 8C")], SIX) == []


def test_referee_first_lead_not_checked_while_the_two_of_clubs_is_in() -> None:
    """rk.first-lead: with the 2♣ in play its holder leads, wherever they sit (rk.two-of-clubs)."""
    assert flags([trick("Cleo", "2C 3C 4C 5C")]) == []
    assert flags([trick("Ana", "2C 3C 4C")], THREE) == []


def test_referee_lead_order_winner_leads_next() -> None:
    """rk.lead-order: Dan won trick 1, so Ana leading trick 2 is flagged."""
    events = [OPEN, trick("Ana", "6C 7C 8C 9C")]
    assert flags(events) == [(1, "Ana", "rk.lead-order")]


def test_referee_card_twice() -> None:
    """rk.card-twice: a card already played in the hand cannot be played again."""
    events = [OPEN, trick("Dan", "6C 3C 7C 8C")]
    assert flags(events) == [(1, "Ana", "rk.card-twice")]


def test_referee_card_twice_allowed_once_per_deck_with_two_decks() -> None:
    """rk.card-twice: with two decks each card may be played twice in a hand, not three times."""
    assert flags([deal("Finn"), *tricks(DOUBLE_SIX)], SIX, double_deck=True) == []
    events = [deal("Finn"), trick("Ana", "3C 3C 3C 4C 5C 6C")]
    assert flags(events, SIX, double_deck=True) == [(1, "Cleo", "rk.card-twice")]


def test_referee_passed_card_cannot_be_played_by_the_passer() -> None:
    """rk.passed-card: Ana passed the A♠ away, then played it."""
    passing = {
        "type": "pass",
        "cards": {
            "Ana": ["AS", "KS", "QS"],
            "Ben": ["AH", "KH", "QH"],
            "Cleo": ["AD", "KD", "QD"],
            "Dan": ["AC", "KC", "QC"],
        },
    }
    events = [passing, OPEN, trick("Dan", "2S AS 3S 4S")]
    assert flags(events) == [(2, "Ana", "rk.passed-card")]


def test_referee_pass_three_cards() -> None:
    """rk.pass-three: a pass is exactly three cards."""
    passing = {"type": "pass", "cards": {"Ana": ["AS", "KS", "QS"], "Ben": ["AH", "KH"]}}
    assert flags([passing]) == [(0, "Ben", "rk.pass-three")]


def test_referee_pass_hold_on_the_fourth_hand() -> None:
    """rk.pass-hold: the fourth hand with four players (rotate) is a hold hand: no passing."""
    some = hand({"Ana": 13}, "Ben")
    passing = {"type": "pass", "cards": {"Cleo": ["AS", "KS", "QS"]}}
    assert flags([some, some, some, passing]) == [(3, "Cleo", "rk.pass-hold")]


def test_referee_pass_hold_when_passing_is_none() -> None:
    """rk.pass-hold: with passing none every hand is a hold hand."""
    passing = {"type": "pass", "cards": {"Ana": ["AS", "KS", "QS"]}}
    assert flags([passing], passing="none") == [(0, "Ana", "rk.pass-hold")]


def test_referee_passing_left_allows_a_pass_in_hand_four() -> None:
    """passing left: every hand passes, so a pass in the fourth hand is not flagged."""
    some = hand({"Ana": 13}, "Ben")
    passing = {"type": "pass", "cards": {"Cleo": ["AS", "KS", "QS"]}}
    assert flags([some, some, some, passing], passing="left") == []


def test_referee_flags_never_block_scoring() -> None:
    """Referee: a hand with illegal plays is still scored as recorded."""
    events = legal_four()
    events[0] = trick("Ana", "3C 2C 4C 5C")  # the 2♣ should have opened
    assert flags(events) == [(0, "Ana", "rk.two-of-clubs")]
    assert rounds(events) == [{"Ana": 0, "Ben": 3, "Cleo": 7, "Dan": 16}]


def test_referee_rule_ids_are_the_ten_documented_ones() -> None:
    """Referee: the rule ids are stable anchors."""
    assert set(RULES) == {
        "rk.first-lead",
        "rk.follow-suit",
        "rk.hearts-broken",
        "rk.first-trick",
        "rk.two-of-clubs",
        "rk.lead-order",
        "rk.card-twice",
        "rk.passed-card",
        "rk.pass-three",
        "rk.pass-hold",
    }
