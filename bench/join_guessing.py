"""Join-code guessing: how many wrong codes one client gets looked up, and how fast, before it is throttled,
and what a person at another address gets right after.

Run from the repository root:  .venv/bin/python bench/join_guessing.py [--tables N] [--threads N]
[--seconds S] [--max-requests N]. It serves the app with gunicorn in production mode on a free loopback port
(bench/load.py's server, a throw-away SQLite file, KIBITZ_BEHIND_PROXY on so that X-Forwarded-For names the
client), once with the rate limits off (what a guesser got before them: the issue measured 419 lookups/s) and
once with them on, and sends random well-formed join codes from one client (203.0.113.7), from `--threads`
connections at once, until `--max-requests` or `--seconds`, whichever comes first; then one right and one
wrong code from another network (198.51.100.20). It prints the answers it got and what the limits mean for
finding a live table's code. It only ever talks to 127.0.0.1, and it stops by itself. A benchmark, not a test:
it exits 0 whatever the figures are.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import load  # bench/load.py: the production environment and gunicorn on loopback

YEAR = 365.25 * 24 * 3600
GUESSER, OTHER = "203.0.113.7", "198.51.100.20"  # X-Forwarded-For: two clients in two networks


@dataclass
class Run:
    label: str
    seconds: float = 0.0
    statuses: Counter[int] = field(default_factory=Counter)
    last_lookup_at: float = 0.0  # seconds from the start to the last wrong code answered as a lookup (404)
    first_429_at: float | None = None
    other: dict[str, int] = field(default_factory=dict)  # what another network got afterwards, by code

    @property
    def total(self) -> int:
        return sum(self.statuses.values())

    @property
    def lookups(self) -> int:
        return self.statuses[404]

    @property
    def lookup_rate(self) -> float:
        """Wrong codes looked up per second, while they were being looked up."""
        return self.lookups / self.last_lookup_at if self.last_lookup_at else 0.0


def random_code(alphabet: str, length: int) -> str:
    return "".join(secrets.choice(alphabet) for _ in range(length))


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None  # a right code's 302 is the answer itself


OPENER = urllib.request.build_opener(NoRedirect)


def join(base: str, code: str, client: str) -> int:
    """The status /join/ answers `client` (by X-Forwarded-For) for `code`; 0 for no answer."""
    request = urllib.request.Request(f"{base}/join/?code={code}", headers={"X-Forwarded-For": client})
    try:
        with OPENER.open(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


def guess(base: str, run: Run, args: argparse.Namespace, alphabet: str, length: int) -> None:
    """One client (one address) sending wrong codes from several connections until the count or time is up."""
    lock = threading.Lock()
    sent = 0
    start = time.monotonic()
    deadline = start + args.seconds

    def worker() -> None:
        nonlocal sent
        while time.monotonic() < deadline:
            with lock:
                if sent >= args.max_requests:
                    return
                sent += 1
            status = join(base, random_code(alphabet, length), GUESSER)
            now = time.monotonic() - start
            with lock:
                run.statuses[status] += 1
                if status == 404:
                    run.last_lookup_at = max(run.last_lookup_at, now)
                elif status == 429 and run.first_429_at is None:
                    run.first_429_at = now

    threads = [threading.Thread(target=worker) for _ in range(args.threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    run.seconds = time.monotonic() - start


def serve_and_guess(label: str, env: dict[str, str], folder: Path, args: argparse.Namespace, right: str) -> Run:
    from companion.models import JOIN_ALPHABET, JOIN_CODE_LENGTH

    server = load.Server(load.WorkerConfig(args.workers, 1), env, folder)
    run = Run(label)
    with load.running(server):
        guess(server.base, run, args, JOIN_ALPHABET, JOIN_CODE_LENGTH)
        run.other = {"right": join(server.base, right, OTHER), "wrong": join(server.base, "22222222", OTHER)}
    problems = server.log_problems()
    if problems:
        print(f"  gunicorn log ({label}):", *problems[:5], sep="\n    ")
    return run


def report(run: Run) -> None:
    statuses = ", ".join(f"{status or 'no answer'}: {n}" for status, n in sorted(run.statuses.items()))
    print(f"{run.label}: {run.total} requests in {run.seconds:.1f} s ({statuses})")
    print(f"  wrong codes looked up: {run.lookups}, at {run.lookup_rate:.0f}/s over {run.last_lookup_at:.2f} s", end="")
    if run.first_429_at is None:
        print("; never throttled")
    else:
        refusals = run.statuses[429] / max(run.seconds - run.first_429_at, 1e-9)
        print(f"; the first 429 after {run.first_429_at:.2f} s, then {refusals:.0f} refusals/s")
    print(f"  then another network: the right code {run.other['right']}, a wrong code {run.other['wrong']}")


def odds(tables: int) -> None:
    """What the limits allow a guesser over time, against `tables` live eight-letter codes."""
    from companion import throttle
    from companion.models import JOIN_ALPHABET, JOIN_CODE_LENGTH

    rule = throttle.JOIN
    assert rule.per_network is not None
    space = len(JOIN_ALPHABET) ** JOIN_CODE_LENGTH
    print(
        f"limits: {rule.per_client.count} wrong codes per {rule.per_client.window} s per client,"
        f" {rule.per_network.count} per network, {rule.overall.count} from everyone together, and once that is"
        f" spent {rule.reserve} more per network; {space:.2e} possible codes"
    )
    overall = rule.overall.count / rule.overall.window
    rates = [
        ("one client", rule.per_client.count / rule.per_client.window),
        ("one network", rule.per_network.count / rule.per_network.window),
        ("every client together, at the overall cap", overall),
    ]
    for networks in (1_000, 65_536):  # a thousand /24s; every /48 of one IPv6 /32
        rates.append((f"{networks:,} networks, past the cap", overall + networks * rule.reserve / rule.overall.window))
    for label, rate in rates:
        seconds = space / tables / rate
        took = f"{seconds / YEAR:,.1f} years" if seconds > YEAR else f"{seconds / 86400:,.0f} days"
        print(f"  {label}: {rate * 3600:,.0f} guesses/hour; expected time to hit one of {tables:,} live codes: {took}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="live tables in the database (default 200)")
    parser.add_argument("--threads", type=int, default=4, help="connections at once from the one client")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn sync workers (default 3)")
    parser.add_argument("--seconds", type=float, default=10.0, help="time bound of each run (default 10)")
    parser.add_argument("--max-requests", type=int, default=3000, help="request bound of each run (default 3000)")
    parser.add_argument("--odds-tables", type=int, default=1000, help="live tables assumed for the odds")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="kibitz-join-") as tmp:
        folder = Path(tmp)
        env = load.production_env(f"sqlite:///{folder / 'bench.sqlite3'}")
        # The pages render {% static %}: production's hashed files, collected into the temporary folder.
        (folder / "bench_settings.py").write_text(
            f"from companion.settings import *  # noqa: F403\nSTATIC_ROOT = {str(folder / 'static')!r}\n"
        )
        env |= {"DJANGO_SETTINGS_MODULE": "bench_settings", "PYTHONPATH": f"{folder}:{load.ROOT}"}
        sys.path.insert(0, str(folder))
        os.environ.update(env)
        print(load.setup_django())
        from django.core.management import call_command

        call_command("collectstatic", verbosity=0, interactive=False)
        from companion import services

        codes = [services.create_table(load.SLUG, load.PLAYERS, {}).join_code for _ in range(args.tables)]
        right = codes[0]  # the code the person at another network holds
        load.close_connections()
        env |= {"KIBITZ_BEHIND_PROXY": "1"}
        before = serve_and_guess("limits off (as before)", env | {"KIBITZ_THROTTLE": "0"}, folder, args, right)
        after = serve_and_guess("limits on", env | {"KIBITZ_THROTTLE": "1"}, folder, args, right)
    report(before)
    report(after)
    odds(args.odds_tables)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
