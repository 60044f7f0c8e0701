"""Hood Politix benchmark: replay speed, the referee over every dispute, and the table page, against the goals.

Run from the repository root:  .venv/bin/python bench/bench_hood_politix.py [--runs N] [--requests N] [--seed N]
[--database-url [URL]]. The measuring, the database set-up and the report come from bench_rickety_kate.py.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_rickety_kate as rk

from games import tablefile
from games.hood_politix.events import PENALTY_REASONS
from games.hood_politix.notation import HOOD_ACTIONS, HOOD_COLOURS
from games.registry import get as get_game

if TYPE_CHECKING:
    from companion.models import Table

Payload = dict[str, Any]

SLUG = "hood-politix"
PLAYERS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")
OPTIONS: Payload = {"rounds": 100}  # the game must not end inside the bench
PAGE_SIZES = (10, 100, 1000, 2000)
POST_SIZE = 1000
GOAL_REPLAY_MS = 10.0
GOAL_PAGE_MS = 50.0
GOAL_PAGE_SIZE = 1000
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
    from companion import services
    from companion.models import Event

    table = services.create_table(SLUG, PLAYERS, OPTIONS, title=title)
    Event.objects.bulk_create(Event(table=table, seq=seq, payload=p) for seq, p in enumerate(events, start=1))
    table.version = len(events)
    table.save(update_fields=["version"])
    return table


def round_post(table: Table) -> tuple[Callable[[], object], Callable[[], object]]:
    """The htmx POST of a round's finishing order, and the untimed reset that removes the round it added."""
    from django.test import Client

    from companion.models import Event, Table

    client = Client()
    url = f"/t/{table.code}/record/round/"
    size = table.events.count()
    form = {f"place-{k}": str(k) for k in range(len(PLAYERS) - 1)}

    def reset() -> object:
        Event.objects.filter(table=table, seq__gt=size).delete()
        form["version"] = str(Table.objects.values_list("version", flat=True).get(pk=table.pk))
        return form

    def post() -> object:
        response = client.post(url, form, HTTP_HX_REQUEST="true", HTTP_X_KIBITZ_SCORER=table.scorer_token)
        if response.status_code != 200 or b'role="alert"' in response.content:
            raise SystemExit(f"POST {url}: status {response.status_code}, the round was not recorded")
        return response

    return post, reset


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=20261, help="seed of the random game maker (default 20261)")
    parser.add_argument("--runs", type=int, default=50, help="timed replays per measurement (default 50)")
    parser.add_argument("--requests", type=int, default=30, help="timed requests per page (default 30)")
    parser.add_argument("--database-url", nargs="?", const="", default=None, metavar="URL")
    args = parser.parse_args(argv)
    database_url: str | None = args.database_url or (
        os.environ.get("DATABASE_URL") if args.database_url == "" else None
    )

    game = get_game(SLUG)
    maker = GameMaker(args.seed)
    sized = {size: maker.events(size) for size in PAGE_SIZES}
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Kibitz bench: Hood Politix (seed {args.seed}, Python {platform.python_version()}, load {load})")
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
        rk.Row("1,000 events  parse+replay+standings", rk.measure(lambda: full(events), args.runs)),
        rk.Row("1,000 events  replay+standings (parsed)", rk.measure(lambda: standings(parsed), args.runs)),
    ]
    replay.append(rk.Row("1,000 events  referee (every dispute)", rk.measure(lambda: game.review(state), args.runs)))
    rk.print_rows(f"Replay, ms ({args.runs} runs)", replay)

    with rk.django_database(database_url) as label:
        created: list[Table] = []
        try:
            tables = {size: store(events, f"bench {size}") for size, events in sized.items()}
            created.extend(tables.values())
            page, queries = rk.page_rows(tables, args.requests)
            post, reset = round_post(tables[POST_SIZE])
            reset()
            post_queries = rk.count_queries(post)
            post_timing = rk.measure(post, args.requests, warmup=2, before=reset)
            reset()
            page.append(rk.Row(f"htmx POST round, {POST_SIZE:,} events", post_timing, f"{post_queries:>3}"))
            rk.print_rows(f"Table page, ms ({args.requests} requests; {label})", page, "SQL  response")

            replay_ms = replay[0].timing.median
            page_ms = page[2 * PAGE_SIZES.index(GOAL_PAGE_SIZE)].timing.median  # the cold row
            counts = ", ".join(f"{queries[s]}" for s in PAGE_SIZES)
            print("\nGoals (medians)")
            print(rk.goal_line(replay_ms < GOAL_REPLAY_MS, "replay 1,000 events < 10 ms", f"{replay_ms:.2f} ms"))
            print(
                rk.goal_line(page_ms < GOAL_PAGE_MS, "table page at 1,000 events < 50 ms (cold)", f"{page_ms:.2f} ms")
            )
            flat = len(set(queries.values())) == 1
            print(rk.goal_line(flat, "table page queries flat from 10 to 2,000 events", f"{counts} queries"))
        finally:
            if database_url:
                for table in created:
                    table.delete()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
