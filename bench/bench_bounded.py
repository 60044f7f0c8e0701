"""Bounded answers at the event cap (issue 16, section 4): Check plays on a Hats table whose every turn is flagged,
and the home page and the group CSV of a group of 12 tables at the cap, beside /ping/ as the reference.

Run from the repository root:  .venv/bin/python bench/bench_bounded.py [--runs N] [--tables N] [--profile]
[--database-url [URL]]. Without --database-url it uses a throw-away SQLite file in a temporary folder.

Every figure is the median over --runs requests through django.test.Client, in wall milliseconds and in CPU
milliseconds of this process (time.process_time: what the request itself cost, whatever else the machine runs),
with the answer's size and its SQL queries. "warm": this process holds what it served before (snapshots,
summaries); "new process": both in-process caches emptied, what is stored in the database stays. The group's
tables are Rickety Kate games recorded trick by trick (bench_rickety_kate.GameMaker), the heaviest log to
replay; the history page of the same group is timed as the reference the issue gives (0.13 s).
Goals: no Check plays answer over 100 KB; the home page and the CSV replay nothing once the summaries exist,
with the same number of queries as the history page's order of magnitude.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from bench_rickety_kate import GameMaker  # noqa: E402
from common import Timing, count_queries, django_database, measure  # noqa: E402

from games.tablefile import MAX_EVENTS  # noqa: E402

if TYPE_CHECKING:
    from companion.models import Group, Table

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
LIMIT_BYTES = 100_000
STATIC_BY_NAME = "django.contrib.staticfiles.storage.StaticFilesStorage"


def flagged_hats_turns(count: int) -> list[dict[str, Any]]:
    """A setup, then exchanges that are all illegal (another type, not lower), every tenth out of turn."""
    events: list[dict[str, Any]] = [
        {"type": "setup", "table": ["red-6", "blue-6", "green-6", "grey-6", "red-5", "blue-5"]}
    ]
    colour = "red"
    for turn in range(count - 1):
        colour = "blue" if colour == "red" else "red"
        player = PLAYERS[(turn + (1 if turn % 10 == 9 else 0)) % 4]
        events.append({"type": "exchange", "player": player, "card": f"{colour}-1", "position": 1})
    return events


def stored(slug: str, events: Sequence[dict[str, Any]], options: dict[str, Any], group: Group | None) -> Table:
    from companion import services
    from companion.models import Event

    table = services.create_table(slug, PLAYERS, options, group=group, title=f"{slug} at the cap")
    Event.objects.bulk_create(
        (Event(table=table, seq=seq, payload=p) for seq, p in enumerate(events, start=1)), batch_size=1000
    )
    table.version = len(events)
    table.save(update_fields=["version"])
    return table


class Figure:
    def __init__(self, label: str, timing: Timing, size: int, queries: int) -> None:
        self.label, self.size, self.queries = label, size, queries
        self.wall, self.cpu = timing.wall_median, timing.median
        self.worst = max(timing.wall)

    def line(self, ping_cpu: float) -> str:
        ratio = self.cpu / ping_cpu if ping_cpu else 0.0
        return (
            f"  {self.label:<42}{self.wall:9.1f}{self.worst:9.1f}{self.cpu:9.1f}{ratio:9.0f}x"
            f"{self.size:>11,}{self.queries:>6}"
        )


def timed(label: str, get: Callable[[], Any], runs: int, before: Callable[[], object] | None = None) -> Figure:
    """Median wall and CPU milliseconds of `get` over `runs` calls (after one untimed), with its size and queries."""
    if before:
        before()
    response = get()
    if before:
        before()
    queries = count_queries(get)
    return Figure(label, measure(get, runs, warmup=0, before=before), len(response.content), queries)


def header(title: str) -> None:
    print(f"\n{title}")
    print(f"  {'':<42}{'wall ms':>9}{'worst':>9}{'CPU ms':>9}{'/ping':>10}{'bytes':>11}{'SQL':>6}")


def replays_during(fn: Callable[[], object]) -> int:
    """How many times a game's log is replayed (from the start, or resumed) while `fn` runs."""
    from games import registry

    calls = [0]
    patched = []
    for game in registry.GAMES.values():
        cls = type(game)
        for name in ("replay", "resume"):
            original = cls.__dict__.get(name)
            if original is None:
                continue

            def counting(self: Any, *a: Any, _o: Any = original, **k: Any) -> Any:
                calls[0] += 1
                return _o(self, *a, **k)

            setattr(cls, name, counting)
            patched.append((cls, name, original))
    try:
        fn()
    finally:
        for cls, name, original in patched:
            setattr(cls, name, original)
    return calls[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--profile", action="store_true", help="cProfile of Check plays (cold) and the home page")
    parser.add_argument("--database-url", nargs="?", const="", default=None, metavar="URL")
    args = parser.parse_args(argv)
    url = args.database_url if args.database_url != "" else os.environ.get("DATABASE_URL")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Kibitz bench: bounded answers (Python {platform.python_version()}, load {load}, {args.runs} runs)")
    os.environ.setdefault("KIBITZ_DEBUG", "0")  # as in production (bench_history.py does the same)
    os.environ.setdefault("KIBITZ_SECRET_KEY", "bench-only-not-secret-" + "x" * 40)
    os.environ.setdefault("KIBITZ_SSL_REDIRECT", "0")
    os.environ.setdefault("KIBITZ_THROTTLE", "0")
    with django_database(url) as label:
        from django.conf import settings
        from django.test import Client

        settings.ALLOWED_HOSTS = ["*"]
        # Static files by name: no collectstatic manifest in a throw-away run.
        settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": STATIC_BY_NAME}}

        from companion import history, services
        from companion.models import Group

        print(label)
        ping = timed("GET /ping/", lambda: Client().get("/ping/"), max(args.runs, 30))

        hats = stored("hats", flagged_hats_turns(MAX_EVENTS), {}, None)
        flags = len(services.review(services.snapshot(hats)))
        scorer = Client(HTTP_X_KIBITZ_SCORER=hats.scorer_token)
        check = f"/t/{hats.code}/check/"
        sheet = lambda: scorer.get(check, HTTP_HX_REQUEST="true")  # noqa: E731
        whole = lambda: scorer.get(check)  # noqa: E731
        header(f"Check plays, Hats at the cap ({MAX_EVENTS:,} events, {flags:,} findings)")
        print(ping.line(ping.cpu))
        rows = [
            timed("check (htmx), new process", sheet, args.runs, before=services.SNAPSHOTS.clear),
            timed("check (htmx), warm", sheet, args.runs),
            timed("check (whole page), new process", whole, args.runs, before=services.SNAPSHOTS.clear),
            timed("check (whole page), warm", whole, args.runs),
        ]
        for row in rows:
            print(row.line(ping.cpu))
        biggest = max(r.size for r in rows)
        verdict = "PASS" if biggest < LIMIT_BYTES else "FAIL"
        print(f"  {verdict}  no answer over {LIMIT_BYTES:,} bytes: the largest is {biggest:,}")

        events = GameMaker(seed=6).tricks(MAX_EVENTS - 1)
        group = Group.objects.create(name="bench")
        for _ in range(args.tables):
            stored("rickety-kate", events, {"end_score": 10000}, group)
        phone = Client()
        phone.get(f"/g/{group.token}/")
        for table in group.tables.all():  # a scorer of every table, as the phone that started them
            phone.get(f"/s/{table.scorer_token}/")

        def new_process() -> None:
            services.SNAPSHOTS.clear()
            history.SUMMARIES.clear()

        first = replays_during(lambda: phone.get("/history/"))  # derives and stores every summary once
        header(f"A group of {args.tables} Rickety Kate tables at the cap ({len(events):,} trick events each)")
        print(ping.line(ping.cpu))
        pages = {"home page": "/", "group CSV": "/history/tables.csv", "history page (reference)": "/history/"}
        for name, path in pages.items():
            get = lambda path=path: phone.get(path)  # noqa: E731
            print(timed(f"{name}, warm", get, args.runs).line(ping.cpu))
            print(timed(f"{name}, new process", get, args.runs, before=new_process).line(ping.cpu))
        print(f"  the first history page stored the summaries with {first:,} replay calls; after that:")
        for name, path in pages.items():
            new_process()
            n = replays_during(lambda path=path: phone.get(path))
            print(f"  {'PASS' if n == 0 else 'FAIL'}  {name} (new process): {n} replay calls")

        if args.profile:
            for title, fn, before in (
                ("check (htmx), new process", sheet, services.SNAPSHOTS.clear),
                ("home page, new process", lambda: phone.get("/"), new_process),
            ):
                before()
                profiler = cProfile.Profile()
                profiler.enable()
                fn()
                profiler.disable()
                print(f"\n-- profile: {title}")
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(18)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
