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


def test_hp_stack_framed_a_framed_answer_answers_by_its_face_as_the_plain_card_does() -> None:
    """FORMAT.md: a card answers a building stack by its face alone; a framed Deuce, In Yo Face or Five-O (and,
    under payback_returns, Payback) answers as the unframed card does, and play goes on in its colour."""
    deuce = ruling("blue-deuce", "red-deuce*", deuces=1)
    assert (deuce.legal, deuce.rule, deuce.stack, deuce.turn, deuce.draws) == (True, "hp.stack-deuce", 4, "Cleo", ())
    assert str(deuce.then) == "Cleo answers the stack or draws 4. Play goes on in red."
    face = ruling("blue-deuce", "green-in-yo-face*", deuces=1)
    assert (face.legal, face.rule, face.stack) == (True, "hp.stack-deuce", 7)
    on_face = ruling("red-in-yo-face", "blue-in-yo-face*", in_yo_faces=1)
    assert (on_face.legal, on_face.rule, on_face.stack) == (True, "hp.stack-in-yo-face", 10)
    five_o = ruling("yellow-in-yo-face", "yellow-five-o*", player="Ana", in_yo_faces=2)
    assert (five_o.legal, five_o.rule, five_o.stack, five_o.draws, five_o.turn) == (True, "hp.five-o", 0, (), "Ben")
    payback = ruling("blue-deuce", "green-payback*", player="Ana", deuces=1)
    assert (payback.legal, payback.rule, payback.stack, payback.turn) == (True, "hp.payback", 2, "Dan")


def test_hp_stack_framed_the_frame_makes_no_other_card_an_answer() -> None:
    """A framed 7 on a Deuce stack, a framed Deuce on an In Yo Face stack, a framed Payback where Payback sends no
    stack back: no answer by face, and the frame does not make one; the card goes back with the penalty."""
    off = Options(payback_returns=False)
    for top, played, stack, options in (
        ("blue-deuce", "red-7*", {"deuces": 1}, None),
        ("red-in-yo-face", "red-deuce*", {"in_yo_faces": 1}, None),
        ("green-deuce", "green-snitch*", {"deuces": 2}, None),
        ("blue-deuce", "blue-payback*", {"deuces": 1}, off),
    ):
        verdict = ruling(top, played, options=options, **stack)
        assert (verdict.legal, verdict.rule, verdict.draws, verdict.turn) == (
            False,
            "hp.stack-framed",
            (("Ben", 2),),
            "Ben",
        ), played
        assert str(verdict.why).endswith("The frame makes no other card an answer."), played
    assert "only Deuce, In Yo Face, Five-O or Payback answer it" in str(ruling("blue-deuce", "red-7*", deuces=1).why)


def test_the_unframed_card_on_a_stack_keeps_its_own_rule() -> None:
    assert ruling("blue-deuce", "red-7", deuces=1).rule == "hp.stack-deuce"
    assert ruling("red-in-yo-face", "red-deuce", in_yo_faces=1).rule == "hp.stack-in-yo-face"


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


def test_hp_jump_in_a_framed_twin_on_a_stack_answers_by_its_face() -> None:
    """The frame is no part of colour and face: a framed Deuce thrown in on a building Deuce stack adds to it."""
    framed = ruling("red-deuce*", "red-deuce*", jump_in=True, deuces=1)
    assert (framed.legal, framed.rule, framed.draws, framed.stack) == (True, "hp.jump-in", (), 4)
    assert ruling("red-deuce", "red-deuce*", jump_in=True, deuces=2).stack == 6
    assert ruling("red-7", "red-7*", jump_in=True).legal


def test_format_examples_dispute_a_deuce_on_a_building_deuce() -> None:
    """FORMAT.md's example: Ana plays blue-deuce on red-deuce with one Deuce building before it. Legal; the stack
    holds 4 now, nobody draws yet, and Ben (left of Ana) answers it or draws 4."""
    verdict = ruling("red-deuce", "blue-deuce", player="Ana", deuces=1, in_yo_faces=0)
    assert (verdict.legal, verdict.rule, verdict.stack, verdict.draws) == (True, "hp.stack-deuce", 4, ())
    assert (verdict.turn, verdict.direction) == ("Ben", "left")
    assert str(verdict.then) == "Ben answers the stack or draws 4."


def test_a_stack_on_a_card_that_cannot_carry_one_is_the_played_cards_own() -> None:
    """A stack given with a 7 on top: nothing can build on a 7, so the counts are the played card's own and it
    must match as usual."""
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


def test_the_referee_flags_hp_stack_framed_only_for_a_framed_card_that_is_no_answer() -> None:
    """Framed answers on a stack (Deuce, In Yo Face, Five-O, a thrown-in twin) are not flagged; a framed 7 is."""
    events = [
        {"type": "dispute", "player": "Ana", "top": "blue-deuce", "played": "red-deuce*", "stack": {"deuce": 1}},
        {"type": "dispute", "player": "Ben", "top": "red-deuce*", "played": "green-in-yo-face*", "stack": {"deuce": 2}},
        {
            "type": "dispute",
            "player": "Cleo",
            "top": "green-in-yo-face",
            "played": "blue-five-o*",
            "stack": {"deuce": 2, "in-yo-face": 1},
        },
        {
            "type": "dispute",
            "player": "Dan",
            "top": "red-deuce*",
            "played": "red-deuce*",
            "jump_in": True,
            "stack": {"deuce": 1},
        },
        {"type": "dispute", "player": "Ana", "top": "blue-deuce", "played": "red-7*", "stack": {"deuce": 1}},
    ]
    state = GAME.replay(FOUR, Options(), [GAME.parse(e) for e in events])
    flags = GAME.review(state)
    assert [(f.event, f.player, f.rule) for f in flags] == [(4, "Ana", "hp.stack-framed")]
    assert "the frame makes no other card an answer" in str(flags[0].message).lower()
