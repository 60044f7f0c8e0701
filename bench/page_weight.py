"""Page weight on the wire: the scorer's first load of a table page and the htmx swap after a write, as Chromium
receives them from the app run the way it is deployed (gunicorn, debug off, whitenoise's compressed static
files) or the way bin/serve runs it (--debug: runserver, debug on, static files as they are).

Run from the repository root:  .venv/bin/python bench/page_weight.py [--debug] [--hands N] [--players N]
                                 [--games SLUG ...] [--events N]
It prints, per response, the bytes on the wire (headers and encoded body) and the decoded body, then the totals
against the goals (issue 8: the scorer's first load at most 40 KB, a swap after a hand at most 5 KB). First, the
Rickety Kate table made through its own new-table form; then, for every game (issue 19), a table of --events
legal events from its bench script (bench/pages.py's), its first load on the scorer's phone (whose script has run)
and on a new phone, and the swap after every write kind in its log: Undo of an entry of that kind, then Redo (a
Redo is answered as the entry's own write is, with the board and the line saying what changed); --parts adds what
each swap carries (the board's parts sent, with their decoded size, and those kept). A measuring script, not a test:
it exits 0 whatever the figures. The service worker (issue 20 §4) is kept out: a request it passes on reaches the
page with no size on the wire, and its own copy of the table page, fetched again in the background after a change,
is no part of what the page waits for.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.e2e.chromium import launch  # noqa: E402  (the browser tests' Chromium, launched the same way)

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")
PHONE = {"viewport": {"width": 390, "height": 844}, "service_workers": "block"}  # what the page itself moves
FIRST_LOAD_GOAL = 40_000
SWAP_GOAL = 5_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(folder: Path, debug: bool) -> tuple[subprocess.Popen, str, dict[str, str]]:
    shim = folder / "weight_settings.py"
    shim.write_text(
        "from companion.settings import *  # noqa\n"
        f"STATIC_ROOT = {str(folder / 'static')!r}\n"
        f"DATABASES['default']['NAME'] = {str(folder / 'db.sqlite3')!r}\n"
    )
    env = dict(os.environ)
    env.update(
        PYTHONPATH=f"{folder}{os.pathsep}{ROOT}",
        DJANGO_SETTINGS_MODULE="weight_settings",
        KIBITZ_DEBUG="1" if debug else "0",
        KIBITZ_SECRET_KEY=secrets.token_urlsafe(40),
        KIBITZ_ALLOWED_HOSTS="127.0.0.1,localhost",
        KIBITZ_SSL_REDIRECT="0",
        KIBITZ_SECURE_COOKIES="0",
        KIBITZ_HSTS_SECONDS="0",
        KIBITZ_THROTTLE="0",
    )
    env.pop("DATABASE_URL", None)
    python = str(ROOT / ".venv" / "bin" / "python")
    subprocess.run([python, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    if debug:
        command = [python, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    else:
        subprocess.run([python, "manage.py", "collectstatic", "--no-input", "-v0"], cwd=ROOT, env=env, check=True)
        gunicorn = str(ROOT / ".venv" / "bin" / "gunicorn")
        command = [gunicorn, "companion.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2"]
    log = open(folder / "server.log", "w")  # noqa: SIM115 (closed with the process)
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/", timeout=1)  # loopback
            break
        except OSError:
            time.sleep(0.1)
    return server, url, env


class Wire:
    """Every finished response of the page: url, status, bytes on the wire, decoded body size."""

    def __init__(self, page) -> None:
        self.rows: list[tuple[str, int, int, int]] = []
        page.on("requestfinished", self.finished)

    def finished(self, request) -> None:
        sizes = request.sizes()
        response = request.response()
        try:
            body = len(response.body()) if response and response.status not in (204, 301, 302, 304) else 0
        except Exception:  # the page closed meanwhile
            body = 0
        wire = sizes["responseHeadersSize"] + sizes["responseBodySize"]
        self.rows.append((request.url, response.status if response else 0, wire, body))

    def take(self) -> list[tuple[str, int, int, int]]:
        rows, self.rows = self.rows, []
        return rows


def show(title: str, rows: list[tuple[str, int, int, int]], goal: int) -> int:
    wire = sum(r[2] for r in rows)
    print(f"\n{title}: {wire:,} bytes on the wire ({sum(r[3] for r in rows):,} decoded), goal {goal:,}:", end=" ")
    print("PASS" if wire <= goal else "FAIL")
    for url, status, size, body in rows:
        print(f"  {status} {size:>7,} {body:>7,}  {url.split('//', 1)[1].split('/', 1)[1][:70]}")
    return wire


# -- every game: tables from the bench scripts, stored by this process in the server's database ----------------


def use_server_database(env: dict[str, str]) -> None:
    """Django in this process with the server's settings, so the tables it stores are the ones the server shows."""
    os.environ.update(env)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "1"  # Playwright's sync API runs an event loop in this thread
    for folder in reversed(env["PYTHONPATH"].split(os.pathsep)):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    import django

    django.setup()


def fetch(url: str, method: str, path: str, headers: dict[str, str], body: str = "") -> tuple[int, int, str]:
    """One request as a phone sends it: its status, bytes on the wire (status line, headers and the body as sent,
    compressed) and the decoded body."""
    host = url.split("//", 1)[1]
    connection = http.client.HTTPConnection(host, timeout=30)
    sent = {"Accept-Encoding": "gzip, deflate, br, zstd"} | headers
    if body:
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body or None, headers=sent)
    response = connection.getresponse()
    raw = response.read()
    head = len(f"HTTP/1.1 {response.status} {response.reason}\r\n") + 2
    head += sum(len(k) + len(v) + 4 for k, v in response.getheaders())
    encoding = response.getheader("Content-Encoding", "")
    if encoding == "gzip":
        decoded = gzip.decompress(raw)
    elif encoding == "br":
        import brotli

        decoded = brotli.decompress(raw)
    else:
        decoded = raw
    connection.close()
    return response.status, head + len(raw), decoded.decode()


PART = re.compile(r'<([a-z]+) id="([\w-]+)"(?:[^>]* data-digest="(\w+)"| hx-preserve)')
BOARD_PART = re.compile(r'<(?:section|nav|div) id="(poller|scoreboard|entry|panel|flags|log|past|actions|decks)"')


def carried(board: str) -> str:
    """What a swap carries (--parts): each part of the board sent, with its decoded size and the parts inside it
    kept, and the parts kept whole."""
    starts = [(m.start(), m[1]) for m in BOARD_PART.finditer(board)]
    sent, kept = [], []
    for (start, ident), (end, _next) in zip(starts, [*starts[1:], (len(board), "")], strict=True):
        markup = board[start:end]
        if " hx-preserve>" in markup[:80]:
            kept.append(ident)
        elif ident != "poller":
            inner = markup.count(" hx-preserve>")
            sent.append(f"{ident} {len(markup):,}" + (f" ({inner} kept inside)" if inner else ""))
    return f"sent {', '.join(sent)}; kept {' '.join(kept)}"


def holding(before: dict[str, str], board: str) -> dict[str, str]:
    """The parts (id: digest) a page holds after `board` was swapped in: as kibitz.js names them to the server."""
    after = dict(before)
    for _tag, ident, mark in PART.findall(board):
        if mark:
            after[ident] = mark
    return after


def held_header(parts: dict[str, str], sender: str) -> str:
    """X-Kibitz-Parts as kibitz.js sends it: every part held but the one whose form sends the request."""
    return " ".join(f"{ident}={mark}" for ident, mark in parts.items() if ident != sender)


def first_load(browser: Any, url: str, path: str, cookies: list[Any]) -> list[tuple[str, int, int, int]]:
    """Everything a phone with these cookies and an empty cache receives to show `path` (polls left out)."""
    context = browser.new_context(base_url=url, **PHONE)
    context.add_cookies(cookies)
    page = context.new_page()
    wire = Wire(page)
    page.goto(path)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    rows = [r for r in wire.take() if "/live/" not in r[0]]
    context.close()
    return rows


def swaps(url: str, events: list[Any], bench: Any) -> list[tuple[str, int, int, int, int, str, str]]:
    """Per event type in `events`: (type, Undo's wire and decoded bytes, Redo's, what each carried), each on a table
    whose log ends with the last event of that type. The phone names the parts it holds as kibitz.js does: all but
    those holding the form that sends (the bar's Undo, the confirmation's Redo: no part of theirs holds another)."""
    from companion.models import Table

    rows = []
    for kind in dict.fromkeys(e["type"] for e in events):
        last = max(i for i, e in enumerate(events) if e["type"] == kind)
        table = bench.store(events[: last + 1], f"swap after {kind}")
        version = Table.objects.get(pk=table.pk).version
        headers = {"X-Kibitz-Scorer": table.scorer_token, "Cookie": "kibitz_script=1"}
        _s, _w, page = fetch(url, "GET", f"/t/{table.code}/", headers)
        held = holding({}, page)
        headers["HX-Request"] = "true"
        # Undo from the bar at the bottom, Redo from the confirmation line above (the scoreboard)
        headers["X-Kibitz-Parts"] = held_header(held, "actions")
        _s, undo_wire, undo = fetch(url, "POST", f"/t/{table.code}/undo/", headers, f"version={version}")
        headers["X-Kibitz-Parts"] = held_header(holding(held, undo), "scoreboard")
        _s, redo_wire, redo = fetch(url, "POST", f"/t/{table.code}/redo/", headers, f"version={version + 1}")
        rows.append((kind, undo_wire, len(undo), redo_wire, len(redo), carried(undo), carried(redo)))
    return rows


def every_game(browser: Any, url: str, slugs: list[str], n: int, show_parts: bool = False) -> None:
    import pages

    for bench in pages.BENCHES:
        if slugs and bench.slug not in slugs:
            continue
        events = bench.events(n)
        table = bench.store(events, f"weight of {bench.slug}")
        scorer = browser.new_context(base_url=url, **PHONE)
        page = scorer.new_page()
        page.goto(f"/s/{table.scorer_token}/")  # the scorer link: this phone records, and its script runs
        page.wait_for_load_state("networkidle")
        cookies = scorer.cookies()
        scorer.close()
        print(f"\n== {bench.slug}: {len(events)} events ==")
        show("The scorer's first load", first_load(browser, url, f"/t/{table.code}/", cookies), FIRST_LOAD_GOAL)
        show(
            "A new phone's first load (scorer link, no script yet)",
            first_load(browser, url, f"/s/{table.scorer_token}/", []),
            FIRST_LOAD_GOAL,
        )
        print(f"\nSwaps after a write (wire / decoded bytes), goal {SWAP_GOAL:,} on the wire:")
        worst = 0
        for kind, undo_wire, undo_body, redo_wire, redo_body, undo_parts, redo_parts in swaps(url, events, bench):
            worst = max(worst, undo_wire, redo_wire)
            print(f"  {kind:<10} undo {undo_wire:>6,} / {undo_body:>7,}   redo {redo_wire:>6,} / {redo_body:>7,}")
            if show_parts:
                print(f"      undo: {undo_parts}\n      redo: {redo_parts}")
        print(f"  largest: {worst:,}", "PASS" if worst <= SWAP_GOAL else "FAIL")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--debug", action="store_true", help="runserver with debug on, as bin/serve")
    parser.add_argument("--hands", type=int, default=5, help="quick hands saved before the measured one")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7))
    parser.add_argument("--games", nargs="*", default=[], metavar="SLUG", help="only these games (default: all)")
    parser.add_argument("--events", type=int, default=60, help="events in each game's measured table (60)")
    parser.add_argument("--parts", action="store_true", help="what each swap carries: the parts sent and kept")
    args = parser.parse_args(argv)
    from playwright.sync_api import expect, sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server, url, env = start_server(Path(tmp), args.debug)
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                context = browser.new_context(base_url=url, **PHONE)
                page = context.new_page()
                page.goto("/new/rickety-kate/")
                for seat, name in enumerate(NAMES[: args.players], start=1):
                    field = page.get_by_label(f"Seat {seat}", exact=True)
                    if not field.is_visible():  # "More players"
                        page.locator("details.sub > summary").first.click()
                    field.fill(name)
                page.get_by_role("button", name="Start the table").click()
                page.wait_for_url("**/t/*/")
                code = page.url.rstrip("/").rsplit("/", 1)[1]

                def hand() -> None:
                    form = page.locator("form.quick")
                    form.locator(".stepper").first.get_by_role("button", name="the rest").click()
                    form.locator("fieldset.lady label").nth(1).click()
                    before = page.locator("#board").get_attribute("data-version")
                    form.locator("[data-save]").click()
                    expect(page.locator("#board")).not_to_have_attribute("data-version", before or "")
                    page.wait_for_load_state("networkidle")

                for _ in range(args.hands):
                    hand()
                wire = Wire(page)
                # A new phone's first load: nothing cached.
                fresh = browser.new_context(base_url=url, **PHONE)
                fresh.add_cookies(context.cookies())
                first = fresh.new_page()
                first_wire = Wire(first)
                first.goto(f"/t/{code}/")
                first.wait_for_load_state("networkidle")
                first.wait_for_timeout(500)
                first_rows = [r for r in first_wire.take() if "/live/" not in r[0]]
                fresh.close()
                wire.take()
                hand()
                page.wait_for_timeout(500)  # let the finished requests' events arrive
                swap = [r for r in wire.take() if "/live/" not in r[0]]
                print(f"{'debug on (runserver)' if args.debug else 'debug off (gunicorn)'}, {args.players} players,")
                print(f"{args.hands} hands recorded; columns: status, wire, decoded, path")
                show("The scorer's first load", first_rows, FIRST_LOAD_GOAL)
                show("The swap after a hand", swap, SWAP_GOAL)
                use_server_database(env)
                every_game(browser, url, args.games, args.events, args.parts)
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    sys.exit(main())
