"""A busy database under gunicorn: what writes and reads get while another connection holds SQLite's write lock.

Run from the repository root:  .venv/bin/python bench/busy_lock.py [--lock S] [--writes N] [--configs 3x1,3x4]
It starts gunicorn in production mode on a throw-away SQLite file (bench/load.py's server), once per worker
configuration, holds the write lock (BEGIN IMMEDIATE from this process) for --lock seconds, sends --writes quick
hands at once, then, while they wait, reads the table page and /ping/. It prints each answer's status and time
beside the same reads with no lock: a script that prints figures, not a test; it exits 0 whatever they are.
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (  # bench/ is not a package: load.py is found by the path above
    HAND_FORM,
    Server,
    WorkerConfig,
    close_connections,
    create_tables,
    http,
    production_env,
    running,
    setup_django,
    write_headers,
)


def timed(call: Callable[[], tuple[int, dict[str, str], bytes]]) -> tuple[int, float, str]:
    start = time.perf_counter()
    status, headers, _body = call()
    return status, time.perf_counter() - start, headers.get("Retry-After", "")


def run(server: Server, code: str, token: str, database: Path, lock: float, writes: int) -> None:
    def page() -> tuple[int, float, str]:
        return timed(lambda: http(server.base, f"/t/{code}/"))

    def ping() -> tuple[int, float, str]:
        return timed(lambda: http(server.base, "/ping/"))

    for _ in range(server.config.workers * server.config.threads * 2):
        page()  # warm: the first request of a worker (a thread) connects and builds what it caches
    quiet_page, quiet_ping = page(), ping()
    answers: list[tuple[int, float, str]] = []

    def write() -> None:
        headers = write_headers(token, "busy-" + secrets.token_hex(6))
        answers.append(timed(lambda: http(server.base, f"/t/{code}/record/hand/", "POST", headers, HAND_FORM.encode())))

    holder = sqlite3.connect(database, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(lock, lambda: (holder.execute("ROLLBACK"), holder.close()))
    release.start()
    threads = [threading.Thread(target=write) for _ in range(writes)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)  # the writes are waiting for the lock now; both reads are sent at once, as two phones would
    reads: dict[str, tuple[int, float, str]] = {}
    readers = [threading.Thread(target=lambda f=f: reads.__setitem__(f.__name__, f())) for f in (page, ping)]
    for thread in readers:
        thread.start()
    for thread in readers:
        thread.join(timeout=60)
    busy_page, busy_ping = reads["page"], reads["ping"]
    for thread in [*threads, release]:
        thread.join(timeout=60)

    more = f" ({server.env['GUNICORN_CMD_ARGS']})" if server.env.get("GUNICORN_CMD_ARGS") else ""
    print(f"  {server.config}{more}, lock held {lock:.0f} s, {writes} writes at once:")
    for status, took, retry in sorted(answers, key=lambda a: a[1]):
        print(f"    write: {status} in {took:.2f} s" + (f", Retry-After {retry}" if retry else ""))
    print(f"    table page: {busy_page[1] * 1000:.0f} ms during the lock ({quiet_page[1] * 1000:.0f} ms without);")
    print(f"    /ping/:     {busy_ping[1] * 1000:.0f} ms during the lock ({quiet_ping[1] * 1000:.0f} ms without)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--lock", type=float, default=8, help="seconds the lock is held (default 8)")
    parser.add_argument("--writes", type=int, default=4, help="writes sent at once while it is held (default 4)")
    parser.add_argument("--configs", default="3x1,3x4", help="workers x threads, comma-separated (default 3x1,3x4)")
    parser.add_argument("--gunicorn", default="", help="more gunicorn options (GUNICORN_CMD_ARGS)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="kibitz-busy-"))
    database = folder / "busy.sqlite3"
    env = production_env(f"sqlite:///{database}")
    import os

    os.environ.update(env)
    if args.gunicorn:
        env["GUNICORN_CMD_ARGS"] = args.gunicorn
    try:
        busy = os.environ.get("KIBITZ_DB_BUSY_SECONDS", "3")
        print(f"Kibitz busy-lock bench ({setup_django()}, busy timeout {busy} s)")
        (table,) = create_tables(1, 1)
        close_connections()
        for spec in args.configs.split(","):
            workers, threads = (int(n) for n in spec.split("x"))
            with running(Server(WorkerConfig(workers, threads), env, folder)) as server:
                run(server, table.code, table.token, database, args.lock, args.writes)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
