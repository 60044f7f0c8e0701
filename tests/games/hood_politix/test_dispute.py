"""The dispute referee: every rule of FORMAT.md's dispute rules, each ruling with its rule id and what happens
next (who draws how many, whose turn, which direction), and the referee's flags for illegal disputes."""

from __future__ import annotations

from typing import Any

import pytest

from games.hood_politix import GAME
from games.hood_politix.dispute import RULES, Play, Verdict, rule_on
from games.hood_politix.options import Options

FOUR = ("Ana", "Ben", "Cleo", "Dan")


def ruling(top: str, played: str, player: str = "Ben", options: Options | None = None, **extra: Any) -> Verdict:
    options = options or Options()
    read = options.notation.parse
    return rule_on(Play(player, read(top), read(played), **extra), FOUR, options)


@pytest.mark.parametrize(
    ("top", "played", "turn"),
    [
        ("red-7", "red-2", "Cleo"),
        ("red-7", "blue-7", "Cleo"),
        ("red-snitch", "green-snitch", "Cleo"),
        ("blue-busted", "red-busted", "Dan"),
    ],
)
def test_hp_match_by_colour_number_or_action(top: str, played: str, turn: str) -> None:
    verdict = ruling(top, played)
    assert (verdict.legal, verdict.rule, verdict.turn, verdict.direction) == (True, "hp.match", turn, "left")


@pytest.mark.parametrize(("top", "played"), [("red-7", "blue-8"), ("red-7", "blue-deuce"), ("red-deal", "blue-snitch")])
def test_hp_match_refuses_a_card_that_matches_nothing(top: str, played: str) -> None:
    verdict = ruling(top, played)
    assert (verdict.legal, verdict.rule) == (False, "hp.match")
    assert verdict.draws == (("Ben", 2),) and verdict.turn == "Ben"  # the card goes back, the move is still Ben's
    assert "takes" in str(verdict.then) and "penalty cards" in str(verdict.then)


def test_hp_framed_plays_on_anything_and_play_goes_on_in_its_colour() -> None:
    verdict = ruling("red-7", "blue-4*")
    assert (verdict.legal, verdict.rule, verdict.turn) == (True, "hp.framed", "Cleo")
    assert "blue" in str(verdict.then)


def test_a_framed_card_on_top_matches_by_its_own_colour() -> None:
    assert ruling("yellow-3*", "yellow-snitch").legal
    assert not ruling("yellow-3*", "blue-snitch").legal


def test_hp_stack_deuce_builds_with_deuce_or_in_yo_face() -> None:
    deuce = ruling("red-deuce", "green-deuce", deuces=1)
    assert (deuce.legal, deuce.rule, deuce.stack, deuce.turn) == (True, "hp.stack-deuce", 4, "Cleo")
    face = ruling("green-deuce", "yellow-in-yo-face", deuces=2)
    assert (face.legal, face.stack) == (True, 9)
    assert "Respect" in str(face.then)


def test_hp_stack_deuce_refuses_anything_else_even_in_colour() -> None:
    verdict = ruling("green-deuce", "green-4", deuces=1)
    assert (verdict.legal, verdict.rule, verdict.turn, verdict.stack) == (False, "hp.stack-deuce", "Ben", 2)
    assert "stack of 2" in str(verdict.then)


def test_hp_stack_in_yo_face_refuses_a_deuce_even_in_colour() -> None:
    verdict = ruling("red-in-yo-face", "red-deuce", in_yo_faces=1)
    assert (verdict.legal, verdict.rule) == (False, "hp.stack-in-yo-face")
    assert ruling("yellow-in-yo-face", "red-in-yo-face", deuces=2, in_yo_faces=1).stack == 14


def test_a_stack_holding_an_in_yo_face_is_an_in_yo_face_stack() -> None:
    assert ruling("red-in-yo-face", "red-deuce", deuces=3, in_yo_faces=1).rule == "hp.stack-in-yo-face"


def test_hp_stack_framed_no_framed_card_answers_a_stack() -> None:
    for played in ("red-7*", "red-deuce*", "blue-five-o*"):
        verdict = ruling("blue-deuce", played, deuces=1)
        assert (verdict.legal, verdict.rule) == (False, "hp.stack-framed"), played


def test_hp_five_o_escapes_the_stack_and_nobody_draws_it() -> None:
    verdict = ruling("red-in-yo-face", "blue-five-o", player="Dan", in_yo_faces=2)
    assert (verdict.legal, verdict.rule, verdict.stack, verdict.draws) == (True, "hp.five-o", 0, ())
    assert (verdict.turn, verdict.direction) == ("Ana", "left")


def test_hp_payback_sends_a_stack_back_and_turns_play_around() -> None:
    verdict = ruling("blue-deuce", "red-payback", player="Ana", deuces=1)
    assert (verdict.legal, verdict.rule, verdict.stack) == (True, "hp.payback", 2)
    assert (verdict.turn, verdict.direction) == ("Dan", "right")  # Dan, before Ana, played the Deuce
    assert any("Dan" in str(a) for a in verdict.assumed)


def test_hp_payback_is_no_answer_to_a_stack_without_payback_returns() -> None:
    off = Options(payback_returns=False)
    deuce = ruling("red-deuce", "blue-payback", options=off, deuces=1)
    face = ruling("red-in-yo-face", "red-payback", options=off, in_yo_faces=1)
    assert (deuce.legal, deuce.rule, face.legal, face.rule) == (False, "hp.stack-deuce", False, "hp.stack-in-yo-face")
    assert "Payback" in str(deuce.why)


def test_hp_payback_without_a_stack_reverses_the_direction() -> None:
    verdict = ruling("green-2", "green-payback", player="Cleo")
    assert (verdict.turn, verdict.direction) == ("Ben", "right")
    going_right = ruling("green-2", "green-payback", player="Cleo", direction="right")
    assert (going_right.turn, going_right.direction) == ("Dan", "left")
    assert not any("left (clockwise)" in str(a) for a in going_right.assumed)
    assert any("left (clockwise)" in str(a) for a in verdict.assumed)


def test_hp_busted_skips_the_next_player() -> None:
    verdict = ruling("red-3", "red-busted", player="Ana")
    assert (verdict.legal, verdict.turn) == (True, "Cleo")
    assert "Ben misses a turn" in str(verdict.then)
    two = rule_on(
        Play("Ana", Options().notation.parse("red-3"), Options().notation.parse("red-busted")), FOUR[:2], Options()
    )
    assert two.turn == "Ana"


def test_hp_busted_cannot_be_stopped_by_five_o_even_in_colour() -> None:
    verdict = ruling("yellow-busted", "yellow-five-o")
    assert (verdict.legal, verdict.rule) == (False, "hp.busted")
    assert (verdict.turn, verdict.draws) == ("Cleo", (("Ben", 2),))  # Ben still misses the turn
    assert "still misses the turn" in str(verdict.then)


def test_hp_pimp_slap_everyone_else_draws_three() -> None:
    verdict = ruling("yellow-1", "yellow-pimp-slap", player="Dan")
    assert verdict.draws == (("Ana", 3), ("Ben", 3), ("Cleo", 3)) and verdict.turn == "Ana"


def test_hp_pimp_slap_payback_answer_sends_three_to_the_slapper_and_keeps_the_direction() -> None:
    verdict = ruling("green-pimp-slap", "yellow-payback", player="Ben")
    assert (verdict.legal, verdict.rule, verdict.direction, verdict.turn) == (True, "hp.pimp-slap", "left", "Cleo")
    assert dict(verdict.draws) == {"Ana": 3, "Cleo": 3, "Dan": 3}


def test_five_o_is_no_answer_to_a_pimp_slap_of_another_colour() -> None:
    assert ruling("red-pimp-slap", "blue-five-o").rule == "hp.match"
    assert not ruling("red-pimp-slap", "blue-five-o").legal


def test_hp_deal_the_target_next_in_turn_blocks_it_with_five_o_whatever_the_colours() -> None:
    verdict = ruling("yellow-deal", "green-five-o", player="Cleo", target="Cleo")
    assert (verdict.legal, verdict.rule, verdict.turn) == (True, "hp.deal", "Dan")
    other = ruling("red-deal", "blue-five-o", player="Cleo", target="Dan")
    assert (other.legal, other.rule) == (False, "hp.match")


def test_hp_deal_and_snitch_say_what_the_player_does() -> None:
    assert "swaps hands" in str(ruling("red-deal", "blue-deal", player="Ana").then)
    assert "looks at one opponent's hand" in str(ruling("red-2", "red-snitch", player="Ana").then)


def test_hp_jump_in_must_be_identical_in_colour_and_face() -> None:
    legal = ruling("red-5", "red-5", jump_in=True)
    assert (legal.legal, legal.rule, legal.turn) == (True, "hp.jump-in", None)
    wrong = ruling("red-5", "blue-5", jump_in=True)
    assert (wrong.legal, wrong.rule, wrong.draws) == (False, "hp.jump-in", (("Ben", 2),))
    assert "where it stopped" in str(wrong.then)
    assert ruling("blue-in-yo-face", "blue-in-yo-face", jump_in=True, in_yo_faces=1).stack == 10


def test_hp_stack_framed_holds_for_a_jump_in_too() -> None:
    """A framed card is no answer to a building stack, even thrown in identical to the top card."""
    framed = ruling("red-deuce*", "red-deuce*", jump_in=True, deuces=1)
    assert (framed.legal, framed.rule, framed.draws) == (False, "hp.stack-framed", (("Ben", 2),))
    assert ruling("red-7", "red-7*", jump_in=True).legal  # the frame is no part of colour and face


def test_a_stack_on_a_card_that_cannot_carry_one_is_the_played_cards_own() -> None:
    """FORMAT.md's example: blue-deuce on red-7 with one Deuce: nothing built on a 7, so it must match."""
    verdict = ruling("red-7", "blue-deuce", player="Ana", deuces=1)
    assert (verdict.legal, verdict.rule) == (False, "hp.match")
    assert ruling("red-7", "red-deuce", deuces=1).legal


def test_the_penalty_cards_follow_the_option() -> None:
    assert ruling("red-7", "blue-8", options=Options(penalty_cards=3)).draws == (("Ben", 3),)


def test_every_rule_named_is_a_rules_page_anchor() -> None:
    anchors = {section["anchor"] for section in GAME.rules("en")}
    assert set(RULES) <= anchors
    assert set(GAME.rule_ids) <= set(RULES)


def test_the_referee_flags_illegal_disputes_only() -> None:
    events = [
        {"type": "dispute", "player": "Ana", "top": "red-7", "played": "red-2"},
        {"type": "dispute", "player": "Ben", "top": "red-7", "played": "blue-8"},
        {"type": "round", "order": list(FOUR)},
        {
            "type": "dispute",
            "player": "Cleo",
            "top": "red-in-yo-face",
            "played": "red-deuce",
            "stack": {"in-yo-face": 1},
        },
    ]
    state = GAME.replay(FOUR, Options(), [GAME.parse(e) for e in events])
    flags = GAME.review(state)
    assert [(f.event, f.player, f.rule) for f in flags] == [(1, "Ben", "hp.match"), (3, "Cleo", "hp.stack-in-yo-face")]
    assert "Ben played blue 8 on red 7" in str(flags[0].message)
