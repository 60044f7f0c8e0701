"""What every bench script shares: its arguments, Django on a throw-away database, timing and the report.

Timings are CPU time of this process (time.process_time), which a busy neighbour on a shared machine moves far
less than the wall clock; the wall-clock median is printed beside them, and every page table starts with
GET /ping/ (the smallest view) measured the same way, so a run can be read against the machine it ran on. With
PostgreSQL, the database server's own time is in the wall clock only.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
for _folder in (ROOT, ROOT / "bench"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from games.base import Game  # noqa: E402  (needs ROOT on sys.path; games/ has no Django)

if TYPE_CHECKING:
    from companion.models import Table

Payload = dict[str, Any]
PAGE_SIZES = (10, 100, 1000, 2000)  # events in the stored tables whose page is timed
GOAL_PAGE_MS = 50.0
GOAL_PAGE_SIZE = 1000


# -- arguments ---------------------------------------------------------------------------------------------------


def parser(doc: str | None, seed: int, runs: int = 50, requests: int = 30) -> argparse.ArgumentParser:
    """--seed, --runs, --requests and --database-url, as every bench script takes them."""
    made = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    made.add_argument("--seed", type=int, default=seed, help=f"seed of the random game maker (default {seed})")
    made.add_argument("--runs", type=int, default=runs, help=f"timed replays per measurement (default {runs})")
    made.add_argument("--requests", type=int, default=requests, help=f"timed requests per page (default {requests})")
    made.add_argument(
        "--database-url",
        nargs="?",
        const="",
        default=None,
        metavar="URL",
        help="use this database (PostgreSQL too) instead of a temporary SQLite file; "
        "without URL, the DATABASE_URL in the environment",
    )
    return made


def database_url(args: argparse.Namespace) -> str | None:
    """The URL given, the environment's DATABASE_URL for a bare --database-url, or None (a throw-away SQLite)."""
    url: str | None = args.database_url
    if url == "":
        return os.environ.get("DATABASE_URL") or None
    return url


def header(title: str, seed: int | None = None) -> None:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    seeded = f"seed {seed}, " if seed is not None else ""
    print(
        f"Kibitz bench: {title} ({seeded}Python {platform.python_version()}, {os.cpu_count()} CPUs, load {load}; "
        "CPU time of this process)"
    )


# -- measuring ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    samples: tuple[float, ...]  # CPU milliseconds (process_time)
    wall: tuple[float, ...] = ()  # wall-clock milliseconds of the same calls

    @property
    def best(self) -> float:
        return min(self.samples)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p95(self) -> float:
        ordered = sorted(self.samples)
        return ordered[math.ceil(0.95 * len(ordered)) - 1]  # nearest rank

    @property
    def wall_median(self) -> float:
        return statistics.median(self.wall) if self.wall else math.nan


def measure(fn: Callable[[], object], runs: int, warmup: int = 2, before: Callable[[], object] | None = None) -> Timing:
    """Time `fn` `runs` times after `warmup` untimed calls; `before` runs untimed ahead of every call."""
    for _ in range(warmup):
        if before:
            before()
        fn()
    gc.collect()
    cpu, wall = [], []
    for _ in range(runs):
        if before:
            before()
        start, start_wall = time.process_time(), time.perf_counter()
        fn()
        cpu.append((time.process_time() - start) * 1000)
        wall.append((time.perf_counter() - start_wall) * 1000)
    return Timing(tuple(cpu), tuple(wall))


@dataclass(frozen=True)
class Row:
    label: str
    timing: Timing
    extra: str = ""


def replay_rows(
    game: Game,
    players: Sequence[str],
    options: Any,
    suites: Mapping[str, Sequence[Payload]],
    runs: int,
    referee: bool = False,
) -> list[Row]:
    """For each named list of events: parse+replay+standings, and replay+standings of the parsed events (with
    `referee`, replay+referee of them too)."""
    rows = []
    for name, events in suites.items():
        parsed = [game.parse(e) for e in events]

        def full(events: Sequence[Payload] = events) -> object:
            return game.standings(game.replay(players, options, [game.parse(e) for e in events]))

        def pre_parsed(parsed: list[Any] = parsed) -> object:
            return game.standings(game.replay(players, options, parsed))

        def refereed(parsed: list[Any] = parsed) -> object:
            return game.review(game.replay(players, options, parsed))

        rows.append(Row(f"{name}  parse+replay+standings", measure(full, runs)))
        rows.append(Row(f"{name}  replay+standings (parsed)", measure(pre_parsed, runs)))
        if referee:
            rows.append(Row(f"{name}  replay+referee (parsed)", measure(refereed, runs)))
    return rows


# -- database and pages ------------------------------------------------------------------------------------------


@contextmanager
def django_database(url: str | None) -> Iterator[str]:
    """Django set up on a throw-away SQLite file, or on `url`; yields a label for the report."""
    folder = None
    if url:
        os.environ["DATABASE_URL"] = url
    else:
        folder = tempfile.mkdtemp(prefix="kibitz-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings"
    try:
        import django
        from django.conf import settings
        from django.core.management import call_command
        from django.db import connection

        django.setup()
        call_command("migrate", verbosity=0, interactive=False)
        version = ".".join(str(part) for part in connection.get_database_version())
        yield f"Django {django.get_version()}, {connection.vendor} {version}, DEBUG={settings.DEBUG}"
    finally:
        if folder:
            from django.db import connections

            connections.close_all()
            shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def kept_tables(url: str | None) -> Iterator[list[Table]]:
    """A list to put the tables a bench stores in; on a database given by URL they are deleted at the end
    (not ours to keep: the players stay), a throw-away SQLite goes as a whole."""
    created: list[Table] = []
    try:
        yield created
    finally:
        if url:
            for table in created:
                table.delete()


@contextmanager
def stored_tables(
    url: str | None, sized: Mapping[int, Sequence[Payload]], store: Callable[[Sequence[Payload], str], Table]
) -> Iterator[tuple[str, dict[int, Table], list[Table]]]:
    """Django on the bench's database with one table stored for each size's events ("bench <size>"): the label
    for the report, the tables by size, and the list of tables to delete at the end (add any other made)."""
    with django_database(url) as label, kept_tables(url) as created:
        tables = {size: store(events, f"bench {size}") for size, events in sized.items()}
        created.extend(tables.values())
        yield label, tables, created


def store(slug: str, players: Sequence[str], options: Payload, events: Sequence[Payload], title: str) -> Table:
    """A table with `events` in its log, inserted in bulk (the page is measured, not the writes)."""
    from companion import services
    from companion.models import Event

    table = services.create_table(slug, players, options, title=title)
    Event.objects.bulk_create(
        (Event(table=table, seq=seq, payload=payload) for seq, payload in enumerate(events, start=1)), batch_size=500
    )
    table.version = len(events)
    table.save(update_fields=["version"])
    return table


def count_queries(fn: Callable[[], object]) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx.captured_queries)


def ping_row(requests: int) -> Row:
    """GET /ping/, the smallest view, timed as the pages are: the reference the page figures are read against."""
    from django.test import Client

    client = Client()
    return Row("GET /ping/ (reference)", measure(lambda: client.get("/ping/"), requests, warmup=3))


def page_rows(tables: Mapping[int, Table], requests: int) -> tuple[list[Row], dict[int, int]]:
    """The scorer's table page of each table, cold (no snapshot in this process) and warm, with its queries."""
    from django.test import Client

    from companion.services import SNAPSHOTS

    rows = []
    queries = {}
    for size, table in tables.items():
        url = f"/t/{table.code}/"
        client = Client(HTTP_X_KIBITZ_SCORER=table.scorer_token)  # the scorer's page: entry forms and all

        def get(url: str = url, client: Client = client) -> object:
            response = client.get(url)
            if response.status_code != 200:
                raise SystemExit(f"GET {url}: status {response.status_code}")
            return response

        kib = len(client.get(url).content) / 1024
        # Cold: no snapshot cached in this process (the first phone after a write elsewhere, or a new worker).
        SNAPSHOTS.clear()
        queries[size] = count_queries(get)
        cold = measure(get, requests, warmup=3, before=SNAPSHOTS.clear)
        rows.append(Row(f"GET table page, {size:>5,} events, cold", cold, f"{queries[size]:>3}  {kib:8.0f} KiB"))
        warm_queries = count_queries(get)
        warm = measure(get, requests, warmup=3)
        rows.append(Row(f"GET table page, {size:>5,} events, warm", warm, f"{warm_queries:>3}"))
    return rows, queries


@dataclass(frozen=True)
class Write:
    """A write the bench times: the scorer's htmx POST, and the untimed reset to run before each."""

    label: str
    post: Callable[[], object]
    reset: Callable[[], object]


def htmx_post(table: Table, action: str, form: dict[str, str], what: str, name: str) -> Write:
    """The scorer's htmx POST of `form` to the table's record/<action>/ (labelled "htmx POST <name>"), and the
    untimed reset to run before each: it removes what the last POST added and reads the table's version for the
    form, as the page has it."""
    from django.test import Client

    from companion.models import Event
    from companion.models import Table as Tables

    client = Client()
    url = f"/t/{table.code}/record/{action}/"
    size = table.events.count()

    def reset() -> object:
        Event.objects.filter(table=table, seq__gt=size).delete()
        form["version"] = str(Tables.objects.values_list("version", flat=True).get(pk=table.pk))
        return form

    def post() -> object:
        # The scorer's token as a script sends it: only a table's scorer may record.
        response = client.post(url, form, HTTP_HX_REQUEST="true", HTTP_X_KIBITZ_SCORER=table.scorer_token)
        if response.status_code != 200 or b'role="alert"' in response.content:
            raise SystemExit(f"POST {url}: status {response.status_code}, {what} was not recorded")
        return response

    return Write(f"htmx POST {name}, {size:,} events", post, reset)


def post_row(write: Write, requests: int) -> list[Row]:
    """A write timed with its reset untimed before each, and its query count; the table reset after."""
    write.reset()
    queries = count_queries(write.post)
    timing = measure(write.post, requests, warmup=2, before=write.reset)
    write.reset()
    return [Row(write.label, timing, f"{queries:>3}")]


# -- report ------------------------------------------------------------------------------------------------------


def print_rows(title: str, rows: Sequence[Row], extra_head: str = "") -> None:
    print(f"\n{title}")
    print(f"  {'':<44}{'median':>9}{'p95':>9}{'min':>9}{'wall':>9}  {extra_head}".rstrip())
    for row in rows:
        t = row.timing
        print(f"  {row.label:<44}{t.median:9.2f}{t.p95:9.2f}{t.best:9.2f}{t.wall_median:9.2f}  {row.extra}".rstrip())


def goal_line(passed: bool, goal: str, got: str) -> str:
    return f"  {'PASS' if passed else 'FAIL'}  {goal:<52}{got}"


def print_goals(
    replay_goal: str, replay_ms: float, goal_ms: float, page: Sequence[Row], queries: Mapping[int, int]
) -> None:
    """The three goals every game's bench has: replay, the cold table page at 1,000 events, flat queries."""
    page_ms = page[2 * PAGE_SIZES.index(GOAL_PAGE_SIZE)].timing.median  # the cold row
    counts = ", ".join(str(queries[s]) for s in PAGE_SIZES)
    print("\nGoals (medians, CPU time)")
    print(goal_line(replay_ms < goal_ms, f"{replay_goal} < {goal_ms:g} ms", f"{replay_ms:.2f} ms"))
    print(goal_line(page_ms < GOAL_PAGE_MS, "table page at 1,000 events < 50 ms (cold)", f"{page_ms:.2f} ms"))
    flat = len(set(queries.values())) == 1
    print(goal_line(flat, "table page queries flat from 10 to 2,000 events", f"{counts} queries"))


def page_report(
    title: str, tables: Mapping[int, Table], requests: int, label: str, write: Write | None = None
) -> tuple[list[Row], dict[int, int]]:
    """The /ping/ reference and every table's page (then `write`, timed, when given), printed under `title`; the
    page rows and their query counts."""
    page, queries = page_rows(tables, requests)
    more = post_row(write, requests) if write else []
    print_rows(f"{title}, ms ({requests} requests; {label})", [ping_row(requests), *page, *more], "SQL  response")
    return page, queries
