"""History benchmark: the group page and a player page of a group with 100 and then 500 finished tables.

Run from the repository root:  .venv/bin/python bench/bench_history.py [--tables 100 500] [--runs N] [--seed N]
[--database-url [URL]]. Without --database-url it uses a throw-away SQLite file in a temporary folder.

Every table is played through the services layer (quick hands of Rickety Kate until someone passes 100), so
each has a real log and its summary is derived by the game's own code. Figures per page:
- warm: this process holds every summary (the usual case): p50 and p95 over --runs requests, and its queries;
- new process: the in-process cache emptied, the stored summaries read back (one query for all tables);
- first ever: no stored summary either, every table replayed once (what the first visit after an upgrade
  of the summary format costs): CPU median of FIRST_RUNS visits, the wall clock beside it, and its queries.
Goal (issue 12): warm pages under 200 ms, with a query count that does not grow with the number of tables.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import count_queries, database_url, django_database, measure, ping_row

if TYPE_CHECKING:
    from django.test import Client

    from companion.models import Group

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")
OPTIONS = {"tie": "shared"}  # the defaults otherwise: to 100, the old moon rule
GOAL_MS = 200.0
STATIC_BY_NAME = "django.contrib.staticfiles.storage.StaticFilesStorage"
FIRST_RUNS = 3  # first visits timed per page (each after forgetting every summary): their median


def quick_hand(rng: random.Random, players: Sequence[str]) -> dict[str, Any]:
    """13 hearts spread at random, the lady to anyone (a moon now and then, as at a real table)."""
    hearts = dict.fromkeys(players, 0)
    for _ in range(13):
        hearts[rng.choice(players)] += 1
    return {"type": "hand", "hearts": hearts, "lady": rng.choice(players)}


def play_tables(group: Group | None, count: int, rng: random.Random, start: int) -> Group:
    """`count` finished tables of four of NAMES, each hand appended through the services layer."""
    from datetime import date, timedelta

    from companion import services

    for n in range(start, start + count):
        players = rng.sample(NAMES, 4)
        table = services.create_table(
            "rickety-kate",
            players,
            OPTIONS,
            group=group,
            title=f"Evening {n + 1}",
            played_on=date(2024, 1, 1) + timedelta(days=n),
        )
        group = table.group
        while not services.snapshot(table).standings.finished:
            services.append(table, [quick_hand(rng, players)])
    assert group is not None
    return group


def phone(group: Group) -> Client:
    from django.test import Client

    client = Client()
    client.get(f"/g/{group.token}/")
    return client


def get(client: Client, url: str) -> Callable[[], object]:
    def fetch() -> object:
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        return response

    return fetch


def report(label: str, fetch: Callable[[], object], runs: int) -> None:
    from companion import history
    from companion.models import TableSummary
    from companion.services import SNAPSHOTS

    timing = measure(fetch, runs)
    queries = count_queries(fetch)
    history.SUMMARIES.clear()
    start = time.perf_counter()
    fetch()
    new_process = (time.perf_counter() - start) * 1000

    def forget() -> None:
        history.SUMMARIES.clear()
        TableSummary.objects.all().delete()
        SNAPSHOTS.clear()

    first = measure(fetch, FIRST_RUNS, warmup=0, before=forget)
    forget()
    first_queries = count_queries(fetch)
    mark = "ok" if timing.p95 < GOAL_MS else "OVER"
    print(
        f"  {label:<22} warm p50 {timing.median:7.1f} ms  p95 {timing.p95:7.1f} ms  queries {queries:3d}  [{mark}]"
        f" | new process {new_process:7.1f} ms | first ever {first.median:8.1f} ms CPU"
        f" ({first.wall_median:8.1f} wall), {first_queries} queries"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 500], help="group sizes to measure")
    parser.add_argument("--runs", type=int, default=30, help="timed requests per page")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--database-url", nargs="?", const="", default=None)
    args = parser.parse_args(argv)
    os.environ.setdefault("KIBITZ_DEBUG", "0")
    os.environ.setdefault("KIBITZ_SECRET_KEY", "bench-only-not-secret-" + "x" * 40)
    os.environ.setdefault("KIBITZ_SSL_REDIRECT", "0")
    os.environ.setdefault("KIBITZ_THROTTLE", "0")
    with django_database(database_url(args)) as label:
        from django.conf import settings

        settings.ALLOWED_HOSTS = ["*"]
        # Debug off as in production, but static files by name: no collectstatic manifest in a throw-away run.
        settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": STATIC_BY_NAME}}
        ping = ping_row(args.runs).timing
        print(f"History pages, {label}; GET /ping/ (reference) p50 {ping.median:.2f} ms CPU")
        rng = random.Random(args.seed)
        group, built = None, 0
        for size in sorted(args.tables):
            start = time.perf_counter()
            group = play_tables(group, size - built, rng, built)
            print(f"{size} finished tables ({size - built} played in {time.perf_counter() - start:.1f} s):")
            built = size
            client = phone(group)
            report("group page /history/", get(client, "/history/"), args.runs)
            report("player page (Ana)", get(client, "/history/player/Ana/"), args.runs)
            report("filtered (Ana won)", get(client, "/history/?player=Ana&won=1"), args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
