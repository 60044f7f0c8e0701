"""Hats benchmark: replay of a tracked game (a whole one, and 1,000 events of turns) and the table page, against
the goals.

Run from the repository root:  .venv/bin/python bench/bench_hats.py [--runs N] [--requests N] [--seed N]
[--database-url [URL]]. The measuring, the database and the report come from bench_rickety_kate.

A real game has at most 68 events (four players: setup, 32 turns, an optional action in each, four favourites).
Longer logs keep turning past the eighth (each flagged hats.turn-count, none an error), which is the most a log
can hold before the favourites end it: the worst case for the replay and the page.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from bench_rickety_kate import (  # noqa: E402  (needs the paths above)
    Row,
    django_database,
    goal_line,
    measure,
    page_rows,
    print_rows,
)

from games import tablefile  # noqa: E402
from games.hats.notation import HATS_TYPES  # noqa: E402
from games.registry import get as get_game  # noqa: E402

if TYPE_CHECKING:
    from companion.models import Table

Payload = dict[str, Any]
SLUG = "hats"
PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
PAGE_SIZES = (10, 100, 1000, 2000)
GOAL_REPLAY_MS = 10.0
GOAL_PAGE_MS = 50.0
GOAL_PAGE_SIZE = 1000


class GameMaker:
    """Legal Hats turns for four players in seat order: swaps of the same type or onto a lower card, black hats,
    a partner swap now and then; with `favourites`, the game ends after eight turns each."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def card(self) -> str:
        return f"{self.rng.choice(HATS_TYPES)}-{self.rng.randint(1, 6)}"

    def events(self, count: int | None) -> list[Payload]:
        table = [self.card() for _ in range(6)]
        events: list[Payload] = [{"type": "setup", "table": list(table)}]
        turn = 0
        while count is None or len(events) < count:
            if count is None and turn == 8 * len(PLAYERS):
                break
            player = PLAYERS[turn % len(PLAYERS)]
            if self.rng.random() < 0.3:
                events.append({"type": "partner_swap", "player": player, "gave": self.card(), "got": self.card()})
            if self.rng.random() < 0.2:
                events.append({"type": "black_hat", "player": player})
            else:
                position = self.rng.randrange(6)
                kind, value = table[position].rsplit("-", 1)
                same = self.rng.random() < 0.5 or value == "6"
                card = f"{kind}-{self.rng.randint(1, 6)}" if same else f"{self.card().rsplit('-')[0]}-{int(value) + 1}"
                table[position] = card
                events.append({"type": "exchange", "player": player, "card": card, "position": position + 1})
            turn += 1
        if count is None:
            events += [{"type": "favourite", "player": p, "card": self.card()} for p in PLAYERS]
        return events[:count] if count else events


def table_file(events: Sequence[Payload]) -> Payload:
    return {"format": tablefile.FORMAT, "game": SLUG, "players": list(PLAYERS), "options": {}, "events": events}


def verify(name: str, events: Sequence[Payload], finished: bool) -> str:
    parsed = tablefile.read(table_file(events))
    state = parsed.replay()
    flags = [f for f in parsed.review() if f.rule != "hats.turn-count"]
    if flags or state.over != finished:
        raise SystemExit(f"bench data {name} is wrong: {flags[:1]}, finished {state.over}")
    count = sum(f.rule == "hats.turn-count" for f in parsed.review())
    return f"{name}: {len(events):,} events, finished {state.over}, {count:,} turns past the eighth flagged"


def store(events: Sequence[Payload], title: str) -> Table:
    from companion import services
    from companion.models import Event

    table = services.create_table(SLUG, PLAYERS, {}, title=title)
    Event.objects.bulk_create(
        (Event(table=table, seq=seq, payload=payload) for seq, payload in enumerate(events, start=1)), batch_size=500
    )
    table.version = len(events)
    table.save(update_fields=["version"])
    return table


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=20260)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--database-url", nargs="?", const="", default=None, metavar="URL")
    args = parser.parse_args(argv)
    database_url: str | None = args.database_url
    if database_url == "":
        database_url = os.environ.get("DATABASE_URL") or None
    game = get_game(SLUG)
    whole = GameMaker(args.seed).events(None)
    long = GameMaker(args.seed).events(2000)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Kibitz bench: Hats (seed {args.seed}, Python {platform.python_version()}, load {load})")
    print("  " + verify("a whole game", whole, finished=True))
    print("  " + verify("1,000 events", long[:1000], finished=False))
    options = game.options({}, PLAYERS)
    rows = []
    for name, events in (("whole game", whole), ("1,000 events", long[:1000])):
        parsed = [game.parse(e) for e in events]

        def full(events: list[Payload] = events) -> object:
            return game.standings(game.replay(PLAYERS, options, [game.parse(e) for e in events]))

        def pre_parsed(parsed: list[Any] = parsed) -> object:
            state = game.replay(PLAYERS, options, parsed)
            return game.standings(state), game.panel(state), game.prompt(state)

        def refereed(parsed: list[Any] = parsed) -> object:
            return game.review(game.replay(PLAYERS, options, parsed))

        rows.append(Row(f"{name}  parse+replay+standings", measure(full, args.runs)))
        rows.append(Row(f"{name}  replay+standings+panel+prompt", measure(pre_parsed, args.runs)))
        rows.append(Row(f"{name}  replay+referee (parsed)", measure(refereed, args.runs)))
    print_rows(f"Replay, ms ({args.runs} runs)", rows)
    with django_database(database_url) as label:
        created: list[Table] = []
        try:
            tables = {size: store(long[:size], f"bench {size}") for size in PAGE_SIZES}
            finished = store(whole, "bench whole game")
            created.extend([*tables.values(), finished])
            page, queries = page_rows(tables, args.requests)
            over, _ = page_rows({len(whole): finished}, args.requests)
            print_rows(f"Table page (tea table panel), ms ({args.requests} requests; {label})", page, "SQL  response")
            print_rows("Table page of a finished game (explained scores)", over, "SQL  response")
            replay_ms = rows[3].timing.median
            page_ms = page[2 * PAGE_SIZES.index(GOAL_PAGE_SIZE)].timing.median
            counts = ", ".join(str(queries[s]) for s in PAGE_SIZES)
            print("\nGoals (medians)")
            print(goal_line(replay_ms < GOAL_REPLAY_MS, "replay 1,000 events < 10 ms", f"{replay_ms:.2f} ms"))
            print(goal_line(page_ms < GOAL_PAGE_MS, "table page at 1,000 events < 50 ms (cold)", f"{page_ms:.2f} ms"))
            print(
                goal_line(
                    len(set(queries.values())) == 1,
                    "table page queries flat from 10 to 2,000 events",
                    f"{counts} queries",
                )
            )
        finally:
            if database_url:
                for table in created:
                    table.delete()
    return 0


if __name__ == "__main__":
    sys.exit(main())
