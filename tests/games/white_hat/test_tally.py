"""What the reading works out once for the replay: a play's size and tally, a trick's tally (box.py: how many of
each card, one whole number), and judge() walking a trick once for its winner, its hands and its turns."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.white_hat.box import copies, tally_of, within_box
from games.white_hat.events import Trick, parse_event
from games.white_hat.notation import WHITE_HAT_CARDS, WhiteHatCard, WhiteHatNotation
from games.white_hat.options import read_options
from games.white_hat.tricks import judge

CARDS = list(WHITE_HAT_CARDS.values())
NOTATION = WhiteHatNotation()


def _within_by_counter(cards: list[WhiteHatCard], back: list[WhiteHatCard]) -> bool:
    counts = Counter(cards)
    counts.subtract(back)
    return all(n <= NOTATION.copies(card) for card, n in counts.items())


@pytest.mark.parametrize("seed", range(40))
def test_a_tally_holds_each_cards_copies_and_tells_the_box_as_a_counter_does(seed: int) -> None:
    rng = random.Random(seed)
    cards = [rng.choice(CARDS) for _ in range(rng.randint(0, 60))]
    back = [rng.choice(CARDS) for _ in range(rng.randint(0, 8))]  # also cards that never lay out: below zero
    tally = tally_of(cards)
    assert [copies(tally, card) for card in CARDS] == [cards.count(card) for card in CARDS]
    assert within_box(tally, tally_of(back)) is _within_by_counter(cards, back)
    assert tally_of(cards) + tally_of(back) == tally_of(cards + back)


def test_the_box_holds_six_of_a_number_five_jokers_and_one_hat() -> None:
    seven, joker, hat = WHITE_HAT_CARDS["7"], WHITE_HAT_CARDS["joker"], WHITE_HAT_CARDS["hat"]
    assert within_box(tally_of([seven] * 6 + [joker] * 5 + [hat]))
    assert not within_box(tally_of([seven] * 7))
    assert not within_box(tally_of([joker] * 6))
    assert not within_box(tally_of([hat] * 2))
    assert within_box(tally_of([seven] * 8), back=tally_of([seven] * 2))  # two of them came back into play


def _trick(raw: dict[str, Any]) -> Trick:
    trick = parse_event(raw)
    assert isinstance(trick, Trick)
    return trick


def test_a_play_and_a_trick_come_from_the_reading_with_their_size_and_tally() -> None:
    trick = _trick(
        {
            "type": "trick",
            "plays": [{"player": "Ana", "cards": ["9", "hat"]}, {"player": "Ben", "cards": ["4"]}],
            "taken": ["9", "hat", "4"],
        }
    )
    nine, hat, four = WHITE_HAT_CARDS["9"], WHITE_HAT_CARDS["hat"], WHITE_HAT_CARDS["4"]
    assert [(p.size, p.tally) for p in trick.plays] == [(2, tally_of([nine, hat])), (1, tally_of([four]))]
    assert trick.tally == tally_of([nine, hat, four])
    assert trick.hat


def test_judge_takes_each_plays_cards_from_its_hand_and_tells_the_turns_in_the_same_walk() -> None:
    options = read_options({}, ["Ana", "Ben", "Cleo"])
    trick = _trick(
        {
            "type": "trick",
            "plays": [
                {"player": "Ben", "cards": ["5", "5"]},
                {"player": "Cleo", "cards": ["8", "8"]},
                {"player": "Ana", "cards": ["3"]},
            ],
        }
    )
    held = {"Ana": 4, "Ben": 1, "Cleo": 9}
    position, regular, broken, in_order = judge(trick, options, held, None, ("Ben", "Cleo", "Ana"))
    assert (position, regular, in_order) == (1, False, True)  # Ana's single is off the led size
    assert held == {"Ana": 3, "Ben": 0, "Cleo": 7}
    assert [(b.player, b.rule) for b in broken] == [("Ben", "wh.hand-count")]  # two cards from a hand of one
    assert judge(trick, options, dict(held), None, ("Cleo", "Ana", "Ben"))[3] is False
    assert judge(trick, options, dict(held), None, ("Ben", "Cleo"))[3] is False  # a seat more than the turns
