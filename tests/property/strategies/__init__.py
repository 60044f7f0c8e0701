"""Property-test strategies: what every game shares (common.py), what a game's module builds its contract with
(builders.py), and one module per game.

The generic property tests (test_table_files, test_import, test_entry_forms) run for every game in
`EVERY_GAME`: each registered game, and the throw-away Tally (tests/toygame). They find a game's own strategies
by convention, the first of these that exists:

1. `tests/property/strategies/<slug with "-" as "_">.py` (rickety-kate: rickety_kate.py);
2. `strategies.py` in the package that defines the game's class, for a game that lives in the tests folder
   (Tally: tests/toygame/strategies.py).

The contract: a game's strategies module defines

- `SLUG`: the game's slug (the lookup checks it, so a module can never stand in for another game);
- `events(players, options) -> strategy of list[JSON]`: event lists in the game's own shapes (FORMAT.md),
  often accepted, sometimes wrong: a bad value, a stranger, one event too many. `players` are valid seat
  names; `options` are plausible but may be refused;
- `out_of_range_files() -> strategy of dict`: a table file with one number beyond what the game can mean
  (an option, a number in an event, a retracted event's `after`), which reading must refuse;
- `OPTION_RANGES`: {option: (low, high)} for every whole-number option, the limits the game reads it with;
  the new-table form must refuse a number outside them;
- `NEW_TABLE`: a new-table form post (`player_<i>`, `opt_<name>`) that creates a table;
- `TABLES`: {name: (changes to NEW_TABLE, [(action, post), ...])}: the tables the entry-form tests post to,
  in different states (fresh, under way, over), each made through the web and the entries recorded on it;
- `random_posts() -> strategy of dict`: any mix of the game's entry-form fields (and others) with random
  strings, numbers or cards;
- `plausible_posts() -> strategy of (action, post)`: entries that move a table along, sometimes one field off;

and may define

- `PLAUSIBLE_OPTIONS`: {option: players -> strategy}, for options whose plausible values `option_info()`
  alone does not give (default: none; choices, booleans and whole numbers come from `option_info()`);
- `EXAMPLES`: the share of each generic test's `max_examples` this game gets (default 1; a toy game with a
  tiny state space needs fewer, which keeps the suite's time where it was).

Golden table files of the game in tests/cases/ are shaken too, when there are any (common.golden()).
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import import_module
from types import ModuleType

from games import registry
from games.base import Game
from tests.toygame import GAME as TALLY

# What a game's strategies module must define; PLAUSIBLE_OPTIONS and EXAMPLES are optional.
CONTRACT = (
    "SLUG",
    "events",
    "out_of_range_files",
    "OPTION_RANGES",
    "NEW_TABLE",
    "TABLES",
    "random_posts",
    "plausible_posts",
)

# Every registered game, and Tally, which a test registers with the one line a new game needs.
EVERY_GAME: tuple[Game, ...] = (
    *(registry.GAMES[slug] for slug in sorted(registry.GAMES) if slug != TALLY.slug),
    TALLY,
)


def module_name(slug: str) -> str:
    """The module named after a slug: "rickety-kate" -> "rickety_kate"."""
    return slug.replace("-", "_")


def candidates(game: Game) -> list[str]:
    """Where a game's strategies may live, in the order they are looked for: here, then (for a game defined in
    the tests folder) its own package. A real game's package is under games/, which imports no test code."""
    module = sys.modules[type(game).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__package__ or ""
    own = [f"{package}.strategies"] if package.startswith("tests.") else []
    return [f"{__name__}.{module_name(game.slug)}", *own]


@cache
def for_game(game: Game) -> ModuleType:
    """The strategies module of `game`, checked against the contract."""
    for name in candidates(game):
        try:
            module = import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # no such module (not: a module it imports is missing)
                continue
            raise
        missing = [attr for attr in CONTRACT if not hasattr(module, attr)]
        assert not missing, f"{name} lacks {', '.join(missing)} (tests/property/strategies/__init__.py)"
        assert game.slug == module.SLUG, f"{name} is for {module.SLUG!r}, not {game.slug!r}"
        return module
    raise LookupError(f"no property-test strategies for {game.slug!r}: add {' or '.join(candidates(game))}")


def examples(game: Game, max_examples: int) -> int:
    """A test's max_examples for one game: its EXAMPLES share, at least 10."""
    return max(10, round(max_examples * getattr(for_game(game), "EXAMPLES", 1)))
