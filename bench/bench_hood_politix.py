"""Hood Politix benchmark: replay speed, the referee over every dispute, and the table page, against the goals.

Run from the repository root:  .venv/bin/python bench/bench_hood_politix.py [--runs N] [--requests N] [--seed N]
[--database-url [URL]]. The measuring, the database set-up and the report come from bench_rickety_kate.py.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # the bench folder, put on sys.path above; it adds the repository root
from common import PAGE_SIZES, Payload, Row

from games import tablefile
from games.hood_politix.events import PENALTY_REASONS
from games.hood_politix.notation import HOOD_ACTIONS, HOOD_COLOURS
from games.registry import get as get_game

if TYPE_CHECKING:
    from companion.models import Table

SLUG = "hood-politix"
SEED = 20261
PLAYERS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")
OPTIONS: Payload = {"rounds": 100}  # the game must not end inside the bench
POST_SIZE = 1000
GOAL_REPLAY_MS = 10.0
FACES = (*(str(n) for n in range(10)), *HOOD_ACTIONS)


class GameMaker:
    """A loud table from a seeded generator: each round a finishing order, with penalties and disputes between."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def card(self) -> str:
        return f"{self.rng.choice(HOOD_COLOURS)}-{self.rng.choice(FACES)}" + ("*" if self.rng.random() < 0.1 else "")

    def dispute(self) -> Payload:
        event: Payload = {"type": "dispute", "player": self.rng.choice(PLAYERS), "top": self.card()}
        event["played"] = self.card()
        if self.rng.random() < 0.3:
            event["stack"] = {"deuce": self.rng.randrange(3), "in-yo-face": self.rng.randrange(2)}
        if self.rng.random() < 0.1:
            event["jump_in"] = True
        if self.rng.random() < 0.1:
            event["target"] = self.rng.choice(PLAYERS)
        return event

    def between(self) -> Payload:
        if self.rng.random() < 0.3:
            return self.dispute()
        return {"type": "penalty", "player": self.rng.choice(PLAYERS), "reason": self.rng.choice(PENALTY_REASONS)}

    def events(self, count: int) -> list[Payload]:
        """`count` events with at most 99 rounds spread among them (the game lasts 100)."""
        rounds = min(OPTIONS["rounds"] - 1, count // 10)
        every = count // max(rounds, 1)
        out: list[Payload] = []
        for i in range(count):
            if rounds and (i + 1) % every == 0 and sum(e["type"] == "round" for e in out[-every:]) == 0:
                order = list(PLAYERS)
                self.rng.shuffle(order)
                out.append({"type": "round", "order": order})
                rounds -= 1
            else:
                out.append(self.between())
        return out


def table_file(events: Sequence[Payload]) -> Payload:
    return {"format": tablefile.FORMAT, "game": SLUG, "players": list(PLAYERS), "options": OPTIONS, "events": events}


def summary(name: str, events: Sequence[Payload]) -> str:
    parsed = tablefile.read(table_file(events))
    state = parsed.replay()
    if parsed.game.standings(state).finished:
        raise SystemExit(f"bench data {name} is wrong: the game ended")
    return (
        f"{name}: {len(events):,} events ({len(state.rounds)} rounds, {len(state.penalties)} penalties, "
        f"{len(state.disputes)} disputes, {len(parsed.review())} of them illegal)"
    )


def store(events: Sequence[Payload], title: str) -> Table:
    return common.store(SLUG, PLAYERS, OPTIONS, events, title)


def round_post(table: Table) -> common.Write:
    """The htmx POST of a round's finishing order, and the untimed reset that removes the round it added."""
    order = {f"place-{k}": str(k) for k in range(len(PLAYERS) - 1)}
    return common.htmx_post(table, "round", order, "the round", "round")


def main(argv: Sequence[str] | None = None) -> int:
    args = common.parser(__doc__, seed=SEED).parse_args(argv)
    database_url = common.database_url(args)
    game = get_game(SLUG)
    maker = GameMaker(args.seed)
    sized = {size: maker.events(size) for size in PAGE_SIZES}
    common.header("Hood Politix", args.seed)
    for size, events in sized.items():
        print("  " + summary(f"{size:,}", events))

    options = game.options(OPTIONS, PLAYERS)
    events = sized[1000]
    parsed = [game.parse(e) for e in events]
    state = game.replay(PLAYERS, options, parsed)

    def standings(parsed: list[Any]) -> object:
        return game.standings(game.replay(PLAYERS, options, parsed))

    def full(raw: list[Payload]) -> object:
        return standings([game.parse(e) for e in raw])

    replay = [
        Row("1,000 events  parse+replay+standings", common.measure(lambda: full(events), args.runs)),
        Row("1,000 events  replay+standings (parsed)", common.measure(lambda: standings(parsed), args.runs)),
    ]
    replay.append(Row("1,000 events  referee (every dispute)", common.measure(lambda: game.review(state), args.runs)))
    common.print_rows(f"Replay, ms ({args.runs} runs)", replay)

    with common.stored_tables(database_url, sized, store) as (label, tables, _):
        page, queries = common.page_report("Table page", tables, args.requests, label, round_post(tables[POST_SIZE]))
        common.print_goals("replay 1,000 events", replay[0].timing.median, GOAL_REPLAY_MS, page, queries)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
