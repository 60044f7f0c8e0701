"""Option reading in one place (games/options.py): every game reads its bool, choice and int options from the
OptionInfo it declares, and refuses a bad one in the same words."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pytest

from games import registry
from games.base import InvalidOptions, OptionInfo
from games.options import declare, read_value, read_values, whole_number, written
from games.text import Text

GAMES = [registry.get(slug) for slug in ("rickety-kate", "white-hat", "hats", "hood-politix")]
PLAYERS = ("Ana", "Ben", "Cleo", "Dan")


def declared(kind: str) -> list[tuple[Any, OptionInfo]]:
    return [(game, info) for game in GAMES for info in game.option_info() if info.field_kind == kind]


def ids(pairs: list[tuple[Any, OptionInfo]]) -> list[str]:
    return [f"{game.slug}.{info.name}" for game, info in pairs]


def refusal(game: Any, raw: dict[str, Any]) -> Text | str:
    with pytest.raises(InvalidOptions) as caught:
        game.options(raw, PLAYERS)
    return caught.value.message


INTS = declared("int")


@pytest.mark.parametrize(("game", "info"), INTS, ids=ids(INTS))
def test_every_int_option_is_refused_in_the_same_words_with_its_declared_limits(game: Any, info: OptionInfo) -> None:
    """Shared options: above its declared high, any game's int option says "must be a whole number from low to
    high, not value" (Rickety Kate used to say "must be from ... to ..." after a separate whole-number check)."""
    assert info.low is not None and info.high is not None
    message = refusal(game, {info.name: info.high + 1})
    assert isinstance(message, Text)
    assert message.msgid == "%(name)s must be a whole number from %(low)d to %(high)d, not %(value)s"
    assert str(message) == f"{info.name} must be a whole number from {info.low} to {info.high}, not {info.high + 1}"
    assert str(refusal(game, {info.name: "7"})).endswith("not '7'")
    assert str(refusal(game, {info.name: True})).endswith("not True")  # a bool is no number in a table file
    assert game.options({info.name: info.low}, PLAYERS) is not None


CHOICES = declared("choice")


@pytest.mark.parametrize(("game", "info"), CHOICES, ids=ids(CHOICES))
def test_every_choice_option_lists_its_declared_choices(game: Any, info: OptionInfo) -> None:
    """Shared options: a choice option takes each value its OptionInfo declares and refuses another, listing them."""
    allowed = ", ".join(f'"{value}"' for value, _label in info.choices)
    assert str(refusal(game, {info.name: "maybe"})) == f"{info.name} must be one of {allowed}, not 'maybe'"
    for value, _label in info.choices:
        assert getattr(game.options({info.name: value}, PLAYERS), info.name, value) == value


BOOLS = declared("bool")


@pytest.mark.parametrize(("game", "info"), BOOLS, ids=ids(BOOLS))
def test_every_bool_option_wants_true_or_false(game: Any, info: OptionInfo) -> None:
    """Shared options: 1 is not true."""
    assert str(refusal(game, {info.name: 1})) == f"{info.name} must be true or false, not 1"


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_an_unknown_option_is_named_in_every_game(game: Any) -> None:
    assert str(refusal(game, {"colour_of_the_sky": "blue"})) == "unknown option 'colour_of_the_sky'"


SCORE = OptionInfo("score", "Score", "", 10, low=1, high=50)
MODE = OptionInfo("mode", "Mode", "", "a", (("a", "A"), ("b", "B")))
FAST = OptionInfo("fast", "Fast", "", False)
NAMES = OptionInfo("names", "Names", "", None, kind="list")


def test_read_values_follows_the_declared_limits_and_the_games_own_readers() -> None:
    """Shared options: the limits come from the OptionInfo; a list option goes to the game's reader."""
    info = (SCORE, MODE, FAST, NAMES)
    got = read_values({"names": ["x"], "score": 50, "mode": "b", "fast": True}, info, {"names": tuple})
    assert got == {"names": ("x",), "score": 50, "mode": "b", "fast": True}
    with pytest.raises(InvalidOptions, match="score must be a whole number from 1 to 50, not 51"):
        read_values({"score": 51}, info)
    with pytest.raises(InvalidOptions, match="unknown option 'names2'"):
        read_values({"names2": []}, info)


def test_an_option_kind_without_a_reader_is_a_programming_error() -> None:
    """A list option nobody reads, or an int option without limits, is the game's mistake, not the player's."""
    with pytest.raises(TypeError, match="game's own reader"):
        read_value(NAMES, ["x"])
    with pytest.raises(TypeError, match="low and high"):
        read_value(OptionInfo("n", "N", "", 3), 3)


@dataclass(frozen=True)
class Sample:
    score: int = 10
    names: tuple[str, ...] | None = None
    table: Any = field(default_factory=lambda: MappingProxyType({"a": 1}))
    cards: tuple[int, ...] = ()


def test_written_keeps_only_what_differs_in_a_table_files_shape() -> None:
    """Shared options: defaults are left out, tuples become lists, mappings dicts, and a writer has its way."""
    options = Sample(score=12, names=("x", "y"), table=MappingProxyType({"a": 2}), cards=(1, 2))
    out = written(options, Sample(), {"cards": lambda cards: [str(c) for c in cards]})
    assert out == {"score": 12, "names": ["x", "y"], "table": {"a": 2}, "cards": ["1", "2"]}
    assert type(out["table"]) is dict
    assert written(Sample(), Sample()) == {}


def test_declare_links_each_option_to_its_rules_section_and_takes_a_span() -> None:
    """Shared options: `declare` is OptionInfo with the anchor opt-<name>, as every game's rules page names it."""
    assert declare("end_score", "End", "", 100, span=(1, 500), advanced=True) == OptionInfo(
        "end_score", "End", "", 100, rule="opt-end-score", advanced=True, low=1, high=500
    )
    assert declare("tie", "Tie", "", "a", (("a", "A"),)) == OptionInfo("tie", "Tie", "", "a", (("a", "A"),), "opt-tie")
    for game in GAMES:
        assert all(info.rule == "opt-" + info.name.replace("_", "-") for info in game.option_info())


def test_whole_number_refuses_in_the_callers_words_with_its_names_first() -> None:
    """Shared options: the refusal names the caller's values, then low, high and the value as the file has it."""
    refusal = "pursuit of %(card)s must be from %(low)d to %(high)d, not %(value)s"
    assert whole_number(20, (0, 20), refusal, card="13") == 20
    with pytest.raises(InvalidOptions) as caught:
        whole_number(True, (0, 20), refusal, card="13")
    message = caught.value.message
    assert isinstance(message, Text) and message.msgid == refusal
    assert message.params == (("card", "13"), ("low", 0), ("high", 20), ("value", "True"))
    assert str(message) == "pursuit of 13 must be from 0 to 20, not True"
