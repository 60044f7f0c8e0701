"""The new moon rule's question (games/rickety_kate/moon.py): asked only when the entry completes a moon shot,
with what each choice makes of the hand and the totals; never under the old rule or none."""

from __future__ import annotations

from typing import Any

from games.rickety_kate import GAME
from games.rickety_kate.moon import moon_question
from games.rickety_kate.prompt import prompt
from tests.games.rk import FOUR, LEGAL_FOUR, SIX, hand, one_suit_each, replay, trick, tricks


def ask(before: list[dict[str, Any]], entry: dict[str, Any], players=FOUR, **raw: Any):
    return moon_question(replay(before, players, **raw), GAME.parse(entry))


def test_a_quick_moon_hand_asks_and_shows_both_outcomes() -> None:
    question = ask([hand({"Ana": 4, "Ben": 9}, "Dan")], hand({"Ben": 13}, "Ben"), moon="new")
    assert question is not None
    assert question.shooter == "Ben" and question.points == 26
    assert [o.choice for o in question.outcomes] == ["add", "subtract"]
    add, subtract = question.outcome("add"), question.outcome("subtract")
    assert add.points == {"Ana": 26, "Ben": 0, "Cleo": 26, "Dan": 26}
    assert add.totals == {"Ana": 30, "Ben": 9, "Cleo": 26, "Dan": 39}
    assert subtract.points == {"Ben": -26}
    assert subtract.totals == {"Ana": 4, "Ben": -17, "Cleo": 0, "Dan": 13}


def test_no_question_when_the_hearts_are_split_or_the_lady_went_elsewhere() -> None:
    assert ask([], hand({"Ben": 12, "Ana": 1}, "Ben"), moon="new") is None
    assert ask([], hand({"Ben": 13}, "Dan"), moon="new") is None


def test_no_question_under_the_old_rule_or_none() -> None:
    assert ask([], hand({"Ben": 13}, "Ben"), moon="old") is None
    assert ask([], hand({"Ben": 13}, "Ben"), moon="none") is None


def test_a_choice_already_made_does_not_hide_the_question() -> None:
    """The question says whether a choice is needed; the entry's own choice is not the answer to that."""
    assert ask([], hand({"Ben": 13}, "Ben", moon="subtract"), moon="new") is not None


def test_the_last_trick_of_a_moon_asks_and_earlier_tricks_never_do() -> None:
    events = one_suit_each()
    assert ask(events[:-1], events[-1], moon="new").shooter == "Ana"
    assert all(ask(events[:k], events[k], moon="new") is None for k in range(12))


def test_the_last_trick_of_a_split_hand_asks_nothing() -> None:
    events = tricks(LEGAL_FOUR)
    assert ask(events[:-1], events[-1], moon="new") is None


def test_an_entry_that_cannot_follow_asks_nothing() -> None:
    """A trick with a card already played: the engine refuses it on save; the question stays out of the way."""
    assert ask(tricks(LEGAL_FOUR[:1]), trick("Ana", "2C 6C 7C 8C"), moon="new") is None


def test_six_players_moon_is_worth_25() -> None:
    question = ask([], hand({"Eve": 12}, "Eve"), SIX, moon="new")
    assert question is not None and question.points == 25
    assert question.outcome("subtract").points == {"Eve": -25}


def test_the_prompt_gives_the_play_order_for_each_leader_and_the_pass_count() -> None:
    state = replay([], moon="new")
    details = prompt(state).details
    assert details["orders"]["Cleo"] == ["Cleo", "Dan", "Ana", "Ben"]
    assert details["pass_count"] == 3 and details["removed"] == []
    assert prompt(replay([], SIX)).details["removed"] == ["2C", "2D", "2H", "2S"]
    hold = replay([hand({"Ana": 13}, "Ana")] * 3)  # hand 4 of four players holds its cards
    assert prompt(hold).details["direction"] == "hold" and prompt(hold).details["pass_count"] == 0
