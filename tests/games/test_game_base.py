"""GameBase takes a game's modules: the game classes name them instead of forwarding each method by hand."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from games import registry
from games.base import GameBase, InvalidOptions, OptionInfo
from tests.toygame import GAME as TALLY

FORWARDED = ("options", "option_info", "options_dict", "parse", "replay", "resume", "prompt", "describe")


@pytest.mark.parametrize("slug", ["rickety-kate", "white-hat", "hats", "hood-politix"])
def test_the_games_forward_nothing_by_hand(slug: str) -> None:
    """GameBase: no game class defines the methods its modules give; GameBase calls the modules."""
    game = registry.get(slug)
    assert [name for name in FORWARDED if name in vars(type(game))] == ["parse"]
    assert game.parse is game.events_module.parse_event  # the module's own function, set by GameBase
    assert game.option_info() is game.options_module.OPTION_INFO


def module(name: str, **functions: Any) -> ModuleType:
    made = ModuleType(name)
    for key, value in functions.items():
        setattr(made, key, value)
    return made


class Toy(GameBase):
    slug = "toy"
    options_module = module(
        "toy.options",
        read_options=lambda raw, players: ("read", dict(raw), tuple(players)),
        options_dict=lambda options: {"written": options},
        OPTION_INFO=(OptionInfo("n", "N", "", 1, low=1, high=2),),
    )
    events_module = module("toy.events", parse_event=lambda raw: ("event", raw))
    engine_module = module(
        "toy.engine",
        replay=lambda players, options, events: ("replayed", len(events)),
        resume=lambda state, events, start: ("resumed", state, start),
    )
    prompt_module = module("toy.prompt", prompt=lambda state: ("prompt", state))
    describe_module = module("toy.describe", describe=lambda event, players, options: f"{event} by {players[0]}")
    referee_module = module("toy.referee", review=lambda state: ["flag"])
    stats_module = module("toy.stats", STAT_INFO=("info",), stats=lambda state: {"Ana": {"n": 1}})


def test_game_base_calls_each_declared_module() -> None:
    game = Toy()
    assert game.options({"n": 2}, ["Ana"]) == ("read", {"n": 2}, ("Ana",))
    assert game.options_dict("o") == {"written": "o"}
    assert game.option_info()[0].name == "n"
    assert game.parse({"x": 1}) == ("event", {"x": 1})
    assert game.replay(["Ana"], None, [1, 2]) == ("replayed", 2)
    assert game.resume("s", [], 4) == ("resumed", "s", 4)
    assert game.prompt("s") == ("prompt", "s")
    assert game.describe("e", ["Ana"], None) == "e by Ana"
    assert game.review("s") == ["flag"]
    assert game.stat_info() == ("info",) and game.stats("s") == {"Ana": {"n": 1}}


def test_a_game_without_a_module_is_told_what_to_set() -> None:
    """GameBase: a missing module is the author's mistake, named; stats stay optional."""

    class Bare(GameBase):
        pass

    with pytest.raises(NotImplementedError, match=r"Bare sets engine_module or defines replay\(\)"):
        Bare().replay([], None, [])
    with pytest.raises(NotImplementedError, match="options_module"):
        Bare().option_info()
    assert Bare().stat_info() == () and Bare().stats(None) == {}


def test_a_game_that_defines_its_own_methods_still_works() -> None:
    """GameBase: Tally (tests/toygame) defines its methods and sets no module; nothing changes for it."""
    assert TALLY.options_module is None
    state = TALLY.replay(
        ("Ana", "Ben"), TALLY.options({}, ("Ana", "Ben")), [TALLY.parse({"type": "round", "points": {"Ana": 3}})]
    )
    assert TALLY.standings(state).totals == {"Ana": 3, "Ben": 0}
    with pytest.raises(InvalidOptions):
        TALLY.options({"nope": 1}, ("Ana", "Ben"))


def test_modules_are_taken_by_their_file_name() -> None:
    """GameBase: `modules = (options, engine, ...)` sets each part by the module's name; an explicit
    `<part>_module` wins, and a module that is no part is refused when the class is made."""
    engine = module("toy.engine", replay=lambda players, options, events: "by modules")
    other = module("toy.other_engine", replay=lambda players, options, events: "explicit")

    class ByName(GameBase):
        modules = (engine,)

    class Explicit(GameBase):
        modules = (engine,)
        engine_module = other

    assert ByName().replay([], None, []) == "by modules"
    assert Explicit().replay([], None, []) == "explicit"
    with pytest.raises(TypeError, match=r"toy\.scoring is none of options, events, engine"):

        class Wrong(GameBase):
            modules = (module("toy.scoring"),)


def test_phase_standings_read_the_phase() -> None:
    """Rickety Kate and Hood Politix share their standings: a tie is pending, "over" names the winners."""
    from games.hood_politix import GAME as HOOD

    state = HOOD.replay(("Ana", "Ben"), HOOD.options({}, ("Ana", "Ben")), [])
    standings = HOOD.standings(state)
    assert (standings.finished, standings.winners, standings.pending) == (False, (), None)


def test_a_game_parses_with_its_events_modules_function_itself() -> None:
    """GameBase: parse() runs once per event of every table read, so a game with an events module has its
    parse_event as the method (no forwarding call); a subclass with another module parses with that one, and a
    game defining parse keeps its own, as do its subclasses."""
    first = module("toy.events", parse_event=lambda raw: ("first", raw))
    second = module("toy.events", parse_event=lambda raw: ("second", raw))

    class First(GameBase):
        events_module = first

    class Second(First):
        events_module = second

    class Same(First):
        pass

    class Own(First):
        def parse(self, raw: Any) -> Any:
            return ("own", raw)

    class Below(Own):
        events_module = second

    assert First.parse is first.parse_event and Same.parse is first.parse_event
    assert [g().parse(1) for g in (First, Second, Same, Own, Below)] == [
        ("first", 1),
        ("second", 1),
        ("first", 1),
        ("own", 1),
        ("own", 1),
    ]
    with pytest.raises(NotImplementedError, match=r"sets events_module or defines parse\(\)"):
        GameBase().parse({})
