"""Page weight on the wire: the scorer's first load of a table page and the htmx swap after a hand, as Chromium
receives them from the app run the way it is deployed (gunicorn, debug off, whitenoise's compressed static
files) or the way bin/serve runs it (--debug: runserver, debug on, static files as they are).

Run from the repository root:  .venv/bin/python bench/page_weight.py [--debug] [--hands N] [--players N]
It prints, per response, the bytes on the wire (headers and encoded body) and the decoded body, then the totals
against the goals (issue 8: the scorer's first load at most 40 KB, a swap after a hand at most 5 KB). A
measuring script, not a test: it exits 0 whatever the figures; tests/e2e/test_weight.py holds the goals.
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.e2e.chromium import launch  # noqa: E402  (the browser tests' Chromium, launched the same way)

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")
FIRST_LOAD_GOAL = 40_000
SWAP_GOAL = 5_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(folder: Path, debug: bool) -> tuple[subprocess.Popen, str]:
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
    return server, url


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--debug", action="store_true", help="runserver with debug on, as bin/serve")
    parser.add_argument("--hands", type=int, default=5, help="quick hands saved before the measured one")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7))
    args = parser.parse_args(argv)
    from playwright.sync_api import expect, sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server, url = start_server(Path(tmp), args.debug)
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                context = browser.new_context(base_url=url, viewport={"width": 390, "height": 844})
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
                fresh = browser.new_context(base_url=url, viewport={"width": 390, "height": 844})
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
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    sys.exit(main())
