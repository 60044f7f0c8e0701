"""What the reading works out once for the replay: a play's size and tally, a trick's tally (box.py: how many of
each card, one whole number), and judge() walking a trick once for its winner, its hands and its turns."""

from __future__ import annotations

import random
import re
from collections import Counter
from types import MappingProxyType
from typing import Any

import pytest

from games.base import InvalidEvent
from games.white_hat import events
from games.white_hat.box import CROWDED, copies, tally_of, within_box
from games.white_hat.events import Trick, cards_of, parse_event
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
    if not tally & CROWDED:  # no card four times or more, nor the hat twice: the box holds them
        assert within_box(tally)


def test_a_tally_is_crowded_from_four_copies_of_a_card_or_two_hats() -> None:
    seven, joker, hat = WHITE_HAT_CARDS["7"], WHITE_HAT_CARDS["joker"], WHITE_HAT_CARDS["hat"]
    assert not tally_of([seven] * 3 + [joker] * 3 + [hat]) & CROWDED
    assert all(tally_of(crowd) & CROWDED for crowd in ([seven] * 4, [joker] * 4, [hat] * 2, [seven] * 100))


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


def _outcome(raw: dict[str, Any]) -> str:
    try:
        return repr(parse_event(raw))
    except InvalidEvent as exc:
        return f"refused: {exc}"


PLAYS = [  # each shape, and whether it is a play
    ({"player": "Ana", "cards": ["7", "7"]}, True),
    ({"player": "Ana", "cards": ["7"]}, True),
    (MappingProxyType({"player": "Ana", "cards": ["7", "7"]}), True),  # any mapping of exactly the two fields
    ({"player": "Ana", "cards": ["7", "7"], "note": "x"}, False),
    ({"player": "Ana", "cards": "77"}, False),
    ({"player": "Ana", "cards": "7"}, False),
    ({"player": "Ana", "cards": {"7": 1, "joker": 2}}, False),
    ({"player": "Ana", "cards": ("7", "7")}, False),
    ({"player": "Ana"}, False),
    (["Ana", ["7", "7"]], False),
    ("Ana: 7 7", False),
]


@pytest.mark.parametrize(("play", "valid"), PLAYS, ids=range(len(PLAYS)))
def test_a_play_reads_the_same_the_first_time_and_from_the_plays_read_before(
    play: Any, valid: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play read before is found by its player and its cards' texts, with a few checks in place of the first
    reading's: each shape gets the same answer both ways."""
    monkeypatch.setattr(events, "_PLAYS", {})
    trick = {"type": "trick", "plays": [play, {"player": "Ben", "cards": ["9", "9"]}]}
    first = _outcome(trick)
    for cards in (["7", "7"], ["7"]):  # now read before
        _outcome({"type": "trick", "plays": [{"player": "Ana", "cards": cards}]})
    assert _outcome(trick) == first
    assert first.startswith("refused") is not valid


@pytest.mark.parametrize(
    ("texts", "answer"),
    [
        ([], ()),
        (["hat"], ("hat",)),
        (["9", "hat", "4"], ("9", "hat", "4")),
        ([9, "joker"], ("9", "joker")),  # a number may be written as one
        (["hat", "9", "hat"], "taken: there is only one White Hat"),
        (["9", "hat", "hat"], "taken: there is only one White Hat"),
        (["9"] * 7, "taken: 7 copies of 9, but the box holds only 6"),
        (["joker"] * 6, "taken: 6 copies of joker, but the box holds only 5"),
        (["9", ["9"]], "taken: "),
        ("9", "taken must be a list of cards"),
    ],
)
def test_a_list_of_cards_is_read_and_counted_alike_at_every_length(texts: Any, answer: Any) -> None:
    if isinstance(answer, str):
        with pytest.raises(InvalidEvent, match=f"^{re.escape(answer)}"):
            cards_of(texts, "taken")
    else:
        assert cards_of(texts, "taken") == tuple(WHITE_HAT_CARDS[text] for text in answer)


@pytest.mark.parametrize(
    ("ana", "ben", "answer"),
    [
        (["7", "7", "7", "7"], ["7", "7"], None),  # six of a number: crowded, and within the box
        (["7", "7", "7", "7"], ["7", "7", "7"], "the trick: 7 copies of 7, but the box holds only 6"),
        (["joker", "joker", "joker"], ["joker", "joker", "joker"], "the trick: 6 copies of joker, but the box"),
        (["9", "hat"], ["hat"], "the White Hat is played twice in one trick, but there is only one"),
    ],
)
def test_a_trick_holds_no_more_of_a_card_than_the_box_the_first_time_and_again(
    ana: list[str], ben: list[str], answer: str | None
) -> None:
    trick = {"type": "trick", "plays": [{"player": "Ana", "cards": ana}, {"player": "Ben", "cards": ben}]}
    for _ in range(2):  # its plays read for the first time (or not), then read before
        if answer is None:
            assert _trick(trick).tally == tally_of(WHITE_HAT_CARDS[text] for text in ana + ben)
        else:
            with pytest.raises(InvalidEvent, match=f"^{re.escape(answer)}"):
                parse_event(trick)
