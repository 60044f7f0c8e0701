"""The table page of every game in one table (issue 19): CPU time cold and warm, the HTML's size, and the replay per
event, at a real game's length and at 1,000 events, with production settings (DEBUG off). The page is the scorer's
on a phone whose script has run (closed parts of the entry fetched when opened); its size without script beside it.
Cold is a process that never served the table (no snapshot, part or address of it), reading its stored checkpoint;
"no stored checkpoint yet" is the first such load (after an upgrade of the games, say): the whole log replays, and
its state is stored. Warm holds
the snapshot and the parts rendered for it (companion/rendered.py): every request after the first at a version, as
the phones at a table poll and reload; "first at its version" holds the snapshot but renders every part again.

Run from the repository root:  .venv/bin/python bench/pages.py [--runs N] [--requests N] [--database-url [URL]]
[--engines] (only the engines' two rows, replay and parse per event: no database, no pages)
Each game's stored games come from its own bench script (bench_<game>.py, the same seeded, legal games). Figures
are medians of CPU time (time.process_time) with the wall-clock median beside them, measured interleaved with
GET /ping/ through the same client, and the load average is printed first: compare runs made on the same machine.
The first load on the wire and the swap after a write need a browser and gunicorn: bench/page_weight.py.
A measuring script, not a test: it exits 0 whatever the figures.
"""

from __future__ import annotations

import gzip
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_hats
import bench_hood_politix
import bench_rickety_kate
import bench_white_hat
import common
from common import Payload

from games.registry import get as get_game

SHORT, LONG = 10, 1000  # events: about a real game's first minutes, and a long evening's table


@dataclass(frozen=True)
class Bench:
    """One game as its bench script makes it: its players and options, and `events(n)`, a legal log of n events."""

    slug: str
    players: Sequence[str]
    options: Payload
    events: Callable[[int], list[Payload]]
    store: Callable[[Sequence[Payload], str], Any]


BENCHES = (
    Bench(
        "rickety-kate",
        bench_rickety_kate.PLAYERS,
        bench_rickety_kate.OPTIONS,
        lambda n: bench_rickety_kate.GameMaker(20260).mixed(n, 0.5),
        bench_rickety_kate.store,
    ),
    Bench(
        "white-hat",
        bench_white_hat.PLAYERS,
        {"board": bench_white_hat.BOARD},
        lambda n: bench_white_hat.GameMaker(bench_white_hat.SEED, board=True).events(n)[:n],
        bench_white_hat.store,
    ),
    Bench(
        "hats",
        bench_hats.PLAYERS,
        {},
        lambda n: bench_hats.GameMaker(bench_hats.SEED).events(2000)[:n],
        bench_hats.store,
    ),
    Bench(
        "hood-politix",
        bench_hood_politix.PLAYERS,
        bench_hood_politix.OPTIONS,
        lambda n: bench_hood_politix.GameMaker(bench_hood_politix.SEED).events(n),
        bench_hood_politix.store,
    ),
)


def interleaved(
    page: Callable[[], object], ping: Callable[[], object], runs: int, before: Callable[[], object]
) -> tuple:
    """The page and /ping/ timed in turns (CPU ms, wall ms), so both see the same machine."""
    cpu, wall, ping_cpu = [], [], []
    for _ in range(3):
        before()
        page()
        ping()
    for _ in range(runs):
        before()
        start, start_wall = time.process_time(), time.perf_counter()
        page()
        cpu.append((time.process_time() - start) * 1000)
        wall.append((time.perf_counter() - start_wall) * 1000)
        start = time.process_time()
        ping()
        ping_cpu.append((time.process_time() - start) * 1000)
    return statistics.median(cpu), statistics.median(wall), statistics.median(ping_cpu)


def page_figures(table: Any, runs: int) -> dict[str, str]:
    from django.test import Client

    from companion.models import TableCheckpoint
    from companion.rendered import RENDERED
    from companion.services import SNAPSHOTS
    from companion.templatetags import addresses

    client = Client(HTTP_X_KIBITZ_SCORER=table.scorer_token)
    url = f"/t/{table.code}/"
    plain = client.get(url).content  # a phone without script: every part of the entry panel
    client.cookies["kibitz_script"] = "1"  # the scorer's phone, whose kibitz.js has run: closed parts on demand

    def page() -> object:
        response = client.get(url)
        if response.status_code != 200:
            raise SystemExit(f"GET {url}: status {response.status_code}")
        return response

    html = page().content

    def never_served() -> None:
        """A process that never served this table: no snapshot of it, no part rendered for it, none of its addresses
        (what is kept per language or notation, and the compiled templates, stay: a worker has them after its first
        page of any table)."""
        SNAPSHOTS.clear()
        RENDERED.clear()
        addresses.address.cache_clear()

    cold = interleaved(page, lambda: client.get("/ping/"), runs, never_served)

    def first() -> None:  # no stored checkpoint either: the whole log replays, and its state is stored
        never_served()
        TableCheckpoint.objects.all().delete()

    first_cold = interleaved(page, lambda: client.get("/ping/"), runs, first)
    # The snapshot held, its parts rendered again: the first page at a version (the write's own answer aside).
    fresh = interleaved(page, lambda: client.get("/ping/"), runs, RENDERED.clear)
    warm = interleaved(page, lambda: client.get("/ping/"), runs, lambda: None)
    return {
        "cold": f"{cold[0]:.1f} ({cold[1]:.0f})",
        "first": f"{first_cold[0]:.1f} ({first_cold[1]:.0f})",
        "fresh": f"{fresh[0]:.1f} ({fresh[1]:.0f})",
        "warm": f"{warm[0]:.1f} ({warm[1]:.0f})",
        "ping": f"{warm[2]:.2f}",
        "html": f"{len(html) / 1024:.0f} / {len(gzip.compress(html)) / 1024:.1f}",
        "plain": f"{len(plain) / 1024:.0f} / {len(gzip.compress(plain)) / 1024:.1f}",
    }


def replay_figures(bench: Bench, events: list[Payload], runs: int) -> dict[str, str]:
    """Replay and standings per event of already-parsed events, and parsing per event, in µs of CPU."""
    game = get_game(bench.slug)
    options = game.options(bench.options, bench.players)
    parsed = [game.parse(e) for e in events]
    replay = common.measure(lambda: game.standings(game.replay(bench.players, options, parsed)), runs)
    parse = common.measure(lambda: [game.parse(e) for e in events], runs)
    per = 1000 / len(events)
    return {"replay": f"{replay.median * per:.1f}", "parse": f"{parse.median * per:.1f}"}


ROWS = (
    ("table page cold, CPU ms (wall)", "cold", LONG),
    ("  cold, no stored checkpoint yet", "first", LONG),
    (f"  cold at {SHORT} events", "cold", SHORT),
    ("table page warm, first at its version", "fresh", LONG),
    ("table page warm, CPU ms (wall)", "warm", LONG),
    (f"  first at its version, {SHORT} events", "fresh", SHORT),
    (f"table page warm at {SHORT} events", "warm", SHORT),
    ("  /ping/ beside it, CPU ms", "ping", LONG),
    ("HTML KiB decoded / gzip", "html", LONG),
    (f"HTML at {SHORT} events", "html", SHORT),
    ("  without script (every part)", "plain", LONG),
    ("replay + standings per event, µs (parsed)", "replay", LONG),
    ("parse per event, µs", "parse", LONG),
)


def engine_rows(logs: dict[str, list[Payload]], runs: int) -> None:
    """Only the engines' rows: replay and parse per event at 1,000 events, each game's timed in turn."""
    figures = {b.slug: replay_figures(b, logs[b.slug], runs) for b in BENCHES}
    names = [get_game(b.slug).name for b in BENCHES]
    rows = [r for r in ROWS if r[1] in ("replay", "parse")]
    width = max(len(r[0]) for r in rows) + 2
    print(f"  {runs} runs a figure")
    print("\n" + "at 1,000 events".ljust(width) + "".join(n.rjust(16) for n in names))
    for title, key, _ in rows:
        print(title.ljust(width) + "".join(figures[b.slug][key].rjust(16) for b in BENCHES))


def main(argv: Sequence[str] | None = None) -> int:
    made = common.parser(__doc__, seed=0, runs=15, requests=15)
    made.add_argument("--engines", action="store_true", help="only replay and parse per event (no database)")
    args = made.parse_args(argv)
    url = common.database_url(args)
    logs = {b.slug: b.events(LONG) for b in BENCHES}
    if args.engines:
        common.header("every game's engine")
        engine_rows(logs, args.runs)
        return 0
    common.header("every game's table page")
    figures: dict[tuple[str, int], dict[str, str]] = {}
    with ExitStack() as stack:
        label = stack.enter_context(common.django_database(url))
        created = stack.enter_context(common.kept_tables(url))
        from django.conf import settings

        settings.DEBUG = False  # production: no debug toolbar of templates, no query log
        print(f"  {label.replace('DEBUG=True', 'DEBUG=False')}, {args.requests} requests a figure")
        for bench in BENCHES:
            for size in (SHORT, LONG):
                table = bench.store(logs[bench.slug][:size], f"bench pages {size}")
                created.append(table)
                figures[bench.slug, size] = page_figures(table, args.requests)
            figures[bench.slug, LONG] |= replay_figures(bench, logs[bench.slug], args.runs)
    names = [get_game(b.slug).name for b in BENCHES]
    width = max(len(r[0]) for r in ROWS) + 2
    print("\n" + "at 1,000 events".ljust(width) + "".join(n.rjust(16) for n in names))
    for title, key, size in ROWS:
        print(title.ljust(width) + "".join(figures[b.slug, size][key].rjust(16) for b in BENCHES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
