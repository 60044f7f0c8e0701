"""The quick `hand` event: a whole hand entered at its end, and what it must contain."""

from __future__ import annotations

import pytest

from games.base import InvalidEvent
from games.rickety_kate import GAME
from tests.games.rk import SIX, hand, points, replay, rounds, trick


def test_hand_scores_one_per_heart_and_13_for_the_lady() -> None:
    """Scoring: each heart taken is 1 point, the Q♠ 13; a player left out took nothing."""
    assert rounds([hand({"Ana": 4, "Ben": 9}, "Dan")]) == [points(Ana=4, Ben=9, Dan=13)]


def test_hand_hearts_must_add_up_to_the_hearts_in_play() -> None:
    """hand event: hearts must add up to the hearts in play (13 with four players)."""
    with pytest.raises(InvalidEvent, match="add up to 12"):
        replay([hand({"Ana": 4, "Ben": 8}, "Dan")])


def test_hand_hearts_add_up_to_12_with_six_players() -> None:
    """hand event: without the 2♥ (six players) the hearts add up to 12, and 13 is an error."""
    assert rounds([hand({"Ana": 12}, "Ben")], SIX)[0]["Ana"] == 12
    with pytest.raises(InvalidEvent, match="12 are in play"):
        replay([hand({"Ana": 13}, "Ben")], SIX)


def test_hand_lady_is_required() -> None:
    """hand event: lady is required."""
    with pytest.raises(InvalidEvent, match="lady"):
        GAME.parse({"type": "hand", "hearts": {"Ana": 13}})


def test_hand_negative_hearts_is_an_error() -> None:
    """hand event: a player cannot take fewer than zero hearts."""
    with pytest.raises(InvalidEvent, match="hearts"):
        GAME.parse(hand({"Ana": 14, "Ben": -1}, "Ana"))


def test_hand_bonus_required_when_the_option_is_on() -> None:
    """hand event: bonus must name the taker of each bonus card whose option is on."""
    with pytest.raises(InvalidEvent, match="J♦"):
        replay([hand({"Ana": 13}, "Ben")], jack_of_diamonds=True)


def test_hand_bonus_refused_when_the_option_is_off() -> None:
    """hand event: a bonus card whose option is off cannot be given."""
    with pytest.raises(InvalidEvent, match="not a bonus card"):
        replay([hand({"Ana": 13}, "Ben", bonus={"JD": "Cleo"})])


def test_hand_moon_choice_required_when_someone_shot_under_the_new_rule() -> None:
    """hand event: moon is required when a player shot the moon under the new rule."""
    with pytest.raises(InvalidEvent, match="shot the moon"):
        replay([hand({"Ana": 13}, "Ana")], moon="new")


def test_hand_moon_choice_refused_when_nobody_shot() -> None:
    """hand event: moon is refused when nobody shot the moon."""
    with pytest.raises(InvalidEvent, match="moon"):
        replay([hand({"Ana": 13}, "Ben", moon="add")], moon="new")


def test_hand_moon_choice_refused_under_the_old_rule() -> None:
    """hand event: under the old moon rule the shooter has no choice, so moon is refused."""
    with pytest.raises(InvalidEvent, match="old moon rule"):
        replay([hand({"Ana": 13}, "Ana", moon="subtract")])


def test_hand_moon_choice_must_be_add_or_subtract() -> None:
    """hand event: moon is "add" or "subtract"."""
    with pytest.raises(InvalidEvent, match="moon"):
        GAME.parse(hand({"Ana": 13}, "Ana", moon="double"))


@pytest.mark.parametrize(
    "event",
    [hand({"Zed": 13}, "Ana"), hand({"Ana": 13}, "Zed")],
    ids=["hearts", "lady"],
)
def test_hand_names_must_be_at_the_table(event: dict) -> None:
    """hand event: every name must be one of the players; the error names the event."""
    with pytest.raises(InvalidEvent, match="event 1: 'Zed' is not at this table"):
        replay([hand({"Ana": 13}, "Ben"), event])


def test_hand_while_tricks_are_incomplete_is_an_error() -> None:
    """hand event: a hand while a hand of tricks is incomplete is an error."""
    with pytest.raises(InvalidEvent, match="event 1: hand 1 is being recorded trick by trick"):
        replay([trick("Ana", "2C 3C 4C 5C"), hand({"Ana": 13}, "Ben")])


def test_hand_unknown_field_is_an_error() -> None:
    """hand event: a field the format does not know is an error."""
    with pytest.raises(InvalidEvent, match="queen"):
        GAME.parse({"type": "hand", "hearts": {"Ana": 13}, "lady": "Ana", "queen": "Ana"})


def test_unknown_event_type_is_an_error() -> None:
    """Events: an unknown type is an error that lists the known ones."""
    with pytest.raises(InvalidEvent, match="unknown event type"):
        GAME.parse({"type": "round", "order": []})


@pytest.mark.parametrize("count", [27, 10**40], ids=["27", "10**40"])
def test_hand_hearts_count_is_at_most_26(count: int) -> None:
    """hand event: no player takes more than 26 hearts (two decks), refused before anything is added up."""
    with pytest.raises(InvalidEvent, match="hearts of 'Ana' must be a count from 0 to 26") as caught:
        GAME.parse(hand({"Ana": count}, "Ana"))
    assert len(str(caught.value)) < 200
