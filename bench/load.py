"""Kibitz load test: the app under gunicorn in production mode, polled by phones and written by scorers.

Run from the repository root:  .venv/bin/python bench/load.py [--database-url URL] [--workers N] [--threads N]
[--tables N] [--phones N] [--duration S] [--mixed-duration S] [--sweep]. Without --database-url it uses a
throw-away SQLite file in a temporary folder; with it, that database (e.g. PostgreSQL), whose load tables are
deleted at the end. Needs `wrk` (Debian package; installed with apt-get when missing and running as root).
A load script, not a test: it prints figures and PASS/FAIL per goal, and exits 0 whatever they are.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import platform
import random
import re
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SLUG = "rickety-kate"
PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
OPTIONS: dict[str, Any] = {"end_score": 10000}  # the game must not end during the load
QUICK_HAND = {"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}  # the stored form of HAND_FORM
HAND_FORM = "hearts-0=13&lady-0=1"  # the htmx quick-hand form; no version field, so writes never get a 409
HOST = "127.0.0.1"
TICKS = os.sysconf("SC_CLK_TCK")

GOAL_RATIO = 0.70  # the unchanged poll's throughput against /ping/'s
GOAL_P99_MS = 100.0  # mixed phase: p99 of the polls
GOAL_RATE_SHARE = 0.99  # mixed phase: polls completed against those scheduled


# -- the database and the tables ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TableRef:
    code: str
    token: str
    version: int


def production_env(database_url: str) -> dict[str, str]:
    """The environment of a production deployment on plain http over loopback."""
    return {
        "DJANGO_SETTINGS_MODULE": "companion.settings",
        "DATABASE_URL": database_url,
        "KIBITZ_DEBUG": "0",
        "KIBITZ_SECRET_KEY": secrets.token_urlsafe(50),
        "KIBITZ_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "KIBITZ_SSL_REDIRECT": "0",
        "KIBITZ_SECURE_COOKIES": "0",
        # Nothing measured renders a static file (the fragments have no {% static %}; the smoke check renders
        # the poll's 200 and the write's), so there is no collectstatic and whitenoise's note on the missing
        # STATIC_ROOT is silenced.
        "PYTHONWARNINGS": "ignore:No directory at:UserWarning",
    }


def setup_django() -> str:
    """Django set up in this process on the environment's database, migrated; a label for the report."""
    import django
    from django.core.management import call_command
    from django.db import connection

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    version = ".".join(str(part) for part in connection.get_database_version())
    return f"Django {django.get_version()}, {connection.vendor} {version}"


def create_tables(count: int, events: int) -> list[TableRef]:
    """`count` Rickety Kate tables with `events` quick hands each, through the services layer."""
    from companion import services

    refs = []
    for n in range(count):
        table = services.create_table(SLUG, PLAYERS, OPTIONS, title=f"load {n}")
        if events:
            services.append(table, [QUICK_HAND] * events)
        refs.append(TableRef(table.code, table.scorer_token, table.version))
    return refs


def delete_tables(refs: Sequence[TableRef]) -> None:
    from companion.models import Table

    Table.objects.filter(code__in=[r.code for r in refs]).delete()


def close_connections() -> None:
    """This process keeps no connection open while the server is under load (SQLite: no reader to wait for)."""
    from django.db import connections

    connections.close_all()


# -- the server ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WorkerConfig:
    workers: int
    threads: int

    @property
    def worker_class(self) -> str:
        return "gthread" if self.threads > 1 else "sync"

    def __str__(self) -> str:
        if self.threads > 1:
            return f"{self.workers} gthread workers x {self.threads} threads"
        return f"{self.workers} sync workers"


def system_cpu() -> tuple[float, float, float]:
    """Seconds of CPU since boot, all cores added up: busy, idle (with I/O wait), stolen by the hypervisor."""
    user, nice, system, idle, iowait, irq, softirq, steal = (
        int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    )
    return (user + nice + system + irq + softirq) / TICKS, (idle + iowait) / TICKS, steal / TICKS


def process_cpu(pid: int | str) -> float:
    """CPU seconds a process and its reaped children have used (so a total over a server's processes only grows
    when some of them exit, e.g. a database connection closed); 0 when the process is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2 :].split()
    return sum(int(x) for x in fields[11:15]) / TICKS  # utime, stime, cutime, cstime


def database_cpu() -> float:
    """CPU seconds used by a PostgreSQL server on this machine (its processes are all named postgres); 0 for
    SQLite, which runs inside the app's processes."""
    total = 0.0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if Path(entry.path, "comm").read_text().strip() == "postgres":
                    total += process_cpu(entry.name)
    return total


def wait_quiet(limit: float, threshold: float = 0.2) -> float:
    """Waits up to `limit` seconds for the machine to go quiet (under `threshold` cores busy for 2 s in a row),
    for a shared machine where other work comes and goes; the seconds waited."""
    started = time.monotonic()
    calm = 0
    while calm < 2 and time.monotonic() - started < limit:
        before = system_cpu()[0]
        time.sleep(1)
        calm = calm + 1 if system_cpu()[0] - before < threshold else 0
    return time.monotonic() - started


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Server:
    """gunicorn serving the app on a free loopback port, in its own process group."""

    def __init__(self, config: WorkerConfig, env: dict[str, str], folder: Path, extra: Sequence[str] = ()) -> None:
        self.config = config
        self.env = env
        self.extra = list(extra)  # more gunicorn arguments (tests/companion/test_poll_processes.py logs access)
        self.port = free_port()
        self.log = folder / f"gunicorn-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "companion.wsgi:application",
            f"--bind={HOST}:{self.port}",
            f"--workers={self.config.workers}",
            f"--threads={self.config.threads}",
            f"--worker-class={self.config.worker_class}",
            "--worker-tmp-dir=/dev/shm",
            f"--error-logfile={self.log}",
            "--log-level=warning",
            "--graceful-timeout=5",
            *self.extra,
        ]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env={**os.environ, **self.env},
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"gunicorn exited with {self.process.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(OSError), urllib.request.urlopen(f"{self.base}/ping/", timeout=2) as response:
                if response.status == 200 and len(self.workers()) == self.config.workers:
                    return
            time.sleep(0.1)
        raise SystemExit(f"gunicorn did not answer within 30 s:\n{self.log_tail()}")

    def workers(self) -> list[int]:
        assert self.process is not None
        master = str(self.process.pid)
        found = []
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    stat = Path(entry.path, "stat").read_text()
                    if stat[stat.rindex(")") + 2 :].split()[1] == master:
                        found.append(int(entry.name))
        return found

    def cpu_seconds(self) -> float:
        """CPU time used so far by the master and its workers."""
        assert self.process is not None
        return sum(process_cpu(pid) for pid in [self.process.pid, *self.workers()])

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def log_tail(self, lines: int = 30) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def log_problems(self) -> list[str]:
        """Error lines in gunicorn's log (the app logs its 500s there too), and the table-version listeners'
        warnings (companion/tableversions.py: a connection lost, a write another worker did not acknowledge)."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [
            line
            for line in text.splitlines()
            if re.search(r"error|exception|traceback|critical|table versions", line, re.IGNORECASE)
            and "Shutting down" not in line
        ]


# -- checks before the load ------------------------------------------------------------------------------------


def http(
    base: str, path: str, method: str = "GET", headers: dict[str, str] | None = None, body: bytes | None = None
) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(base + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def smoke(base: str, watched: TableRef, spare: TableRef) -> list[str]:
    """What the load relies on, checked once: problems found, or none."""
    problems = []
    status, _, body = http(base, "/ping/")
    if status != 200 or body != b"ok":
        problems.append(f"/ping/: {status} {body[:40]!r}")
    live = f"/t/{watched.code}/live/"
    status, headers, body = http(base, live, headers={"HX-Request": "true"})
    if status != 200 or headers.get("ETag") != f'"{watched.version}"':
        problems.append(f"{live} without If-None-Match: {status}, ETag {headers.get('ETag')}")
    status, _, _ = http(base, live, headers={"HX-Request": "true", "If-None-Match": f'"{watched.version}"'})
    if status != 304:
        problems.append(f"{live} with the current ETag: {status}, not 304")
    # A write on a table outside the load, as the mixed phase sends it (it renders the board fragment).
    write = write_headers(spare.token, "smoke-" + secrets.token_hex(4))
    status, _, body = http(base, f"/t/{spare.code}/record/hand/", "POST", write, HAND_FORM.encode())
    if status != 200 or b'role="alert"' in body:
        problems.append(f"quick-hand POST: {status}")
    status, headers, _ = http(base, f"/t/{spare.code}/live/", headers={"If-None-Match": f'"{spare.version}"'})
    if status != 200 or headers.get("ETag") != f'"{spare.version + 1}"':
        problems.append(f"poll after the write: {status}, ETag {headers.get('ETag')}")
    return problems


def write_headers(token: str, key: str) -> dict[str, str]:
    return {
        "X-Kibitz-Scorer": token,
        "Idempotency-Key": key,
        "HX-Request": "true",
        "Content-Type": "application/x-www-form-urlencoded",
    }


# -- throughput: wrk ---------------------------------------------------------------------------------------------

# Requests are formatted once in init(); response() counts the statuses so the report can show that every
# poll was a 304. Both runs (ping and poll) use this same script, so the client does the same work for each.
WRK_SCRIPT = """
local paths = {%(paths)s}
local etags = {%(etags)s}
local requests_ = {}
local n = #paths
local i = 0
statuses = {}

init = function(args)
  for k = 1, n do
    local headers = {["HX-Request"] = "true"}
    if etags[k] ~= "" then headers["If-None-Match"] = etags[k] end
    requests_[k] = wrk.format("GET", paths[k], headers)
  end
  i = math.random(n) - 1
end

request = function()
  i = i %% n + 1
  return requests_[i]
end

response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

local threads = {}
setup = function(thread) table.insert(threads, thread) end

done = function(summary, latency, requests)
  local counts = {}
  for _, t in ipairs(threads) do
    for status, count in pairs(t:get("statuses")) do counts[status] = (counts[status] or 0) + count end
  end
  local parts = {}
  for status, count in pairs(counts) do table.insert(parts, status .. ":" .. count) end
  local e = summary.errors
  io.write(string.format("KIBITZ requests=%%d duration_us=%%d p50_us=%%d p99_us=%%d max_us=%%d " ..
    "connect=%%d read=%%d write=%%d status=%%d timeout=%%d statuses=%%s\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout, table.concat(parts, ",")))
end
"""


def lua_strings(values: Sequence[str]) -> str:
    return ", ".join('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in values)


def wrk_script(folder: Path, name: str, paths: Sequence[str], etags: Sequence[str]) -> Path:
    path = folder / f"{name}.lua"
    path.write_text(WRK_SCRIPT % {"paths": lua_strings(paths), "etags": lua_strings(etags)})
    return path


@dataclass(frozen=True)
class WrkResult:
    name: str
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    errors: dict[str, int]
    statuses: dict[int, int]
    waited: float  # seconds spent waiting for a quiet machine first
    client_cpu: float  # wrk's CPU seconds
    server_cpu: float  # gunicorn's CPU seconds
    db_cpu: float  # a local PostgreSQL server's CPU seconds
    machine_busy: float  # CPU seconds of the whole machine, anything that ran
    machine_steal: float

    @property
    def rps(self) -> float:
        return self.requests / self.seconds

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    @property
    def others_cpu(self) -> float:
        """CPU seconds of everything else on the machine (other processes, the kernel's share not billed)."""
        return max(0.0, self.machine_busy - self.server_cpu - self.client_cpu - self.db_cpu)

    def status_text(self) -> str:
        return ", ".join(f"{count:,} x {status}" for status, count in sorted(self.statuses.items()))


def ensure_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    if os.geteuid() != 0:
        raise SystemExit("wrk is missing: apt-get install wrk (Debian package)")
    print("  installing wrk with apt-get ...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "wrk"], check=True, env=env)
    return shutil.which("wrk") or "wrk"


def run_wrk(wrk: str, server: Server, name: str, script: Path, seconds: float, args: argparse.Namespace) -> WrkResult:
    """wrk against the server for `seconds`; the CPU it used is read from this process's reaped children."""
    waited = wait_quiet(args.quiet_wait) if name != "warm-up" else 0.0
    before_client = resource.getrusage(resource.RUSAGE_CHILDREN)
    before_server = server.cpu_seconds()
    before_machine, before_db = system_cpu(), database_cpu()
    command = [
        wrk,
        f"--threads={args.wrk_threads}",
        f"--connections={args.connections}",
        f"--duration={max(1, round(seconds))}s",
        "--timeout=10s",
        f"--script={script}",
        f"{server.base}/",
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    after_client = resource.getrusage(resource.RUSAGE_CHILDREN)
    server_cpu = server.cpu_seconds() - before_server
    machine = [after - before for after, before in zip(system_cpu(), before_machine, strict=True)]
    db_cpu = database_cpu() - before_db
    client_cpu = (after_client.ru_utime - before_client.ru_utime) + (after_client.ru_stime - before_client.ru_stime)
    line = next((x for x in done.stdout.splitlines() if x.startswith("KIBITZ ")), None)
    if done.returncode or line is None:
        raise SystemExit(f"wrk failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    values = dict(item.split("=", 1) for item in line.split()[1:])
    statuses = {int(s): int(c) for s, c in (p.split(":") for p in values["statuses"].split(",") if p)}
    errors = {k: int(values[k]) for k in ("connect", "read", "write", "timeout")}
    # wrk's own status errors count only codes >= 400; any answer but the expected one counts here.
    expected = 304 if name.startswith("poll") else 200
    errors["status"] = sum(count for status, count in statuses.items() if status != expected)
    return WrkResult(
        name=name,
        requests=int(values["requests"]),
        seconds=int(values["duration_us"]) / 1e6,
        p50_ms=int(values["p50_us"]) / 1000,
        p99_ms=int(values["p99_us"]) / 1000,
        max_ms=int(values["max_us"]) / 1000,
        errors=errors,
        statuses=statuses,
        waited=waited,
        client_cpu=client_cpu,
        server_cpu=server_cpu,
        db_cpu=db_cpu,
        machine_busy=machine[0],
        machine_steal=machine[2],
    )


def total_rps(runs: Sequence[WrkResult]) -> float:
    return sum(r.requests for r in runs) / sum(r.seconds for r in runs)


def cpu_per_answer(runs: Sequence[WrkResult]) -> float:
    """Seconds of CPU (gunicorn and a local PostgreSQL) per request answered."""
    return sum(r.server_cpu + r.db_cpu for r in runs) / sum(r.requests for r in runs)


@dataclass(frozen=True)
class Throughput:
    ping: list[WrkResult]
    poll: list[WrkResult]

    @property
    def ping_rps(self) -> float:
        return total_rps(self.ping)

    @property
    def poll_rps(self) -> float:
        return total_rps(self.poll)

    @property
    def ratio(self) -> float:
        return self.poll_rps / self.ping_rps

    @property
    def cpu_ratio(self) -> float:
        """The same ratio by CPU time an answer cost the server and the database (what a machine busy with other
        work moves less than the throughput): ping's per answer over the poll's."""
        return cpu_per_answer(self.ping) / cpu_per_answer(self.poll)

    @property
    def poll_errors(self) -> int:
        return sum(r.error_count for r in self.poll)

    @property
    def runs(self) -> list[WrkResult]:
        return [r for pair in zip(self.ping, self.poll, strict=True) for r in pair]


def throughput(
    wrk: str, server: Server, refs: Sequence[TableRef], folder: Path, args: argparse.Namespace
) -> Throughput:
    """Ping and poll in turns, `rounds` times, so a change in what else runs on the machine hits both alike."""
    ping = wrk_script(folder, "ping", ["/ping/"], [""])
    poll = wrk_script(folder, "poll", [f"/t/{r.code}/live/" for r in refs], [f'"{r.version}"' for r in refs])
    for script in (ping, poll):  # warm-up: every worker imports, connects and compiles what it needs
        run_wrk(wrk, server, "warm-up", script, 2, args)
    result = Throughput([], [])
    for _ in range(args.rounds):
        result.ping.append(run_wrk(wrk, server, "ping /ping/", ping, args.duration, args))
        result.poll.append(run_wrk(wrk, server, "poll /t/<code>/live/ (304)", poll, args.duration, args))
    return result


def print_throughput(result: Throughput, args: argparse.Namespace) -> None:
    print(
        f"\nThroughput: {args.rounds} x {args.duration:.0f} s each, in turns; wrk {args.wrk_threads} thread, "
        f"{args.connections} connections, same client and settings for both"
    )
    print(
        f"  {'':<28}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}{'errors':>7}"
        "  CPU cores: server  wrk    db  others  stolen"
    )
    for r in result.runs:
        print(
            f"  {r.name:<28}{r.rps:8,.0f}{r.p50_ms:8.2f}{r.p99_ms:8.2f}{r.max_ms:8.1f}{r.error_count:7}"
            f"             {r.server_cpu / r.seconds:6.2f}{r.client_cpu / r.seconds:5.2f}{r.db_cpu / r.seconds:6.2f}"
            f"{r.others_cpu / r.seconds:8.2f}{r.machine_steal / r.seconds:8.2f}"
        )
        waited = f"; waited {r.waited:.0f} s for a quiet machine" if r.waited >= 3 else ""
        print(f"  {'':<28}answers: {r.status_text()}; errors {r.errors}{waited}")
    print(
        f"  all rounds: ping {result.ping_rps:,.0f} req/s, poll {result.poll_rps:,.0f} req/s, "
        f"ratio poll/ping {result.ratio:.2f}"
    )
    print(
        f"  CPU per answer (server + db): ping {cpu_per_answer(result.ping) * 1e6:,.0f} us, "
        f"poll {cpu_per_answer(result.poll) * 1e6:,.0f} us, ratio by CPU {result.cpu_ratio:.2f}"
    )
    busy = max(r.others_cpu / r.seconds for r in result.runs)
    if busy > 0.15:
        print(f"  note: other processes took up to {busy:.2f} cores: the figures are lower than on a quiet machine")


# -- mixed fixed-rate phase: an open-model asyncio client ---------------------------------------------------------


@dataclass
class Outcome:
    latencies: list[float] = field(default_factory=list)  # ms, from the scheduled start to the last byte
    lags: list[float] = field(default_factory=list)  # ms, how late the client started a request
    statuses: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    scheduled: int = 0
    ok: int = 0  # answered as expected: a poll 200 or 304, a write 200 that recorded the hand

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())


@dataclass
class Phone:
    table: int
    etag: str


class Mixed:
    """Phones polling on a fixed schedule and scorers writing quick hands, at a constant arrival rate.

    Every request starts at its scheduled time whether or not earlier ones have finished (an open model),
    and its latency counts from that time, so a slow server cannot hide behind a client that waits for it.
    Each request opens its own connection and asks the server to close it, as a phone polling every few
    seconds would (gunicorn's keep-alive is shorter than the poll interval)."""

    def __init__(self, port: int, refs: Sequence[TableRef], args: argparse.Namespace, seed: int) -> None:
        self.port = port
        self.refs = refs
        self.args = args
        self.rng = random.Random(seed)
        self.phones = [Phone(p % len(refs), f'"{refs[p % len(refs)].version}"') for p in range(args.phones)]
        self.polls = Outcome()
        self.writes = Outcome()
        self.changed = 0  # polls answered 200: a phone seeing a write for the first time
        self.in_flight = 0
        self.peak_in_flight = 0

    def schedule(self) -> list[tuple[float, str, int]]:
        duration = self.args.mixed_duration
        interval = self.args.poll_interval
        plan: list[tuple[float, str, int]] = []
        for p in range(len(self.phones)):
            at = self.rng.uniform(0, interval)
            while at < duration:
                plan.append((at, "poll", p))
                at += interval
        low, high = self.args.write_interval
        for t in range(len(self.refs)):
            at = self.rng.uniform(0, (low + high) / 2)
            while at < duration:
                plan.append((at, "write", t))
                at += self.rng.uniform(low, high)
        plan.sort()
        return plan

    async def request(self, raw: bytes) -> tuple[int, str, bytes]:
        reader, writer = await asyncio.open_connection(HOST, self.port)
        try:
            writer.write(raw)
            data = await reader.read()  # to the end: the server closes the connection
        finally:
            writer.close()
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        if not lines[0].startswith(b"HTTP/"):
            raise ConnectionError("no HTTP answer")
        etag = ""
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"etag":
                etag = value.strip().decode()
        return int(lines[0].split()[1]), etag, body

    def poll_bytes(self, phone: Phone) -> bytes:
        code = self.refs[phone.table].code
        return (
            f"GET /t/{code}/live/ HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nHX-Request: true\r\n"
            f"If-None-Match: {phone.etag}\r\nConnection: close\r\n\r\n"
        ).encode()

    def write_bytes(self, table: int) -> bytes:
        ref = self.refs[table]
        body = HAND_FORM.encode()
        headers = write_headers(ref.token, f"load-{table}-{secrets.token_hex(8)}")
        lines = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        return (
            f"POST /t/{ref.code}/record/hand/ HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n{lines}"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        ).encode() + body

    async def one(self, kind: str, index: int, due: float) -> None:
        loop = asyncio.get_running_loop()
        outcome = self.polls if kind == "poll" else self.writes
        outcome.lags.append((loop.time() - due) * 1000)
        self.in_flight += 1
        self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
        try:
            raw = self.poll_bytes(self.phones[index]) if kind == "poll" else self.write_bytes(index)
            status, etag, body = await asyncio.wait_for(self.request(raw), timeout=self.args.timeout)
        except TimeoutError:
            outcome.errors["timeout"] += 1
            return
        except OSError as exc:
            outcome.errors[type(exc).__name__] += 1
            return
        finally:
            self.in_flight -= 1
        outcome.latencies.append((loop.time() - due) * 1000)
        outcome.statuses[status] += 1
        if kind == "poll":
            if status == 200 and etag:
                self.phones[index].etag = etag
                self.changed += 1
                outcome.ok += 1
            elif status == 304:
                outcome.ok += 1
            else:
                outcome.errors[f"status {status}"] += 1
        elif status != 200 or b'role="alert"' in body:
            outcome.errors[f"status {status}" if status != 200 else "refused (alert)"] += 1
        else:
            outcome.ok += 1

    async def run(self) -> float:
        """Runs the schedule; the client's own CPU seconds."""
        plan = self.schedule()
        loop = asyncio.get_running_loop()
        tasks: set[asyncio.Task[None]] = set()

        def start(kind: str, index: int, due: float) -> None:
            task = loop.create_task(self.one(kind, index, due))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        before = resource.getrusage(resource.RUSAGE_SELF)
        t0 = loop.time() + 0.5
        for at, kind, index in plan:
            (self.polls if kind == "poll" else self.writes).scheduled += 1
            loop.call_at(t0 + at, start, kind, index, t0 + at)
        await asyncio.sleep(max(0.0, t0 + self.args.mixed_duration - loop.time()))
        while tasks:
            await asyncio.gather(*list(tasks), return_exceptions=True)
        after = resource.getrusage(resource.RUSAGE_SELF)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def percentile(values: Sequence[float], share: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]  # nearest rank


def print_mixed(mixed: Mixed, server_cpu: float, client_cpu: float, db_cpu: float, others_cpu: float) -> None:
    a = mixed.args
    seconds = a.mixed_duration
    low, high = a.write_interval
    target = a.phones / a.poll_interval
    print(
        f"\nMixed, fixed rate (open model, {seconds:.0f} s): {a.phones} phones on {len(mixed.refs)} tables poll "
        f"every {a.poll_interval:g} s (target {target:.0f} polls/s); one scorer a table writes a quick hand "
        f"every {low:g}-{high:g} s (about {len(mixed.refs) * 2 / (low + high):.1f} writes/s)"
    )
    print(f"  {'':<8}{'scheduled':>10}{'done':>8}{'rate/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'errors':>8}")
    for name, o in (("polls", mixed.polls), ("writes", mixed.writes)):
        print(
            f"  {name:<8}{o.scheduled:10,}{o.ok:8,}{o.ok / seconds:9.1f}{percentile(o.latencies, 0.5):9.2f}"
            f"{percentile(o.latencies, 0.99):9.2f}{max(o.latencies, default=math.nan):9.1f}{o.error_count:8}"
        )
    statuses = ", ".join(f"{c:,} x {s}" for s, c in sorted(mixed.polls.statuses.items()))
    print(f"  poll answers: {statuses} (a 200 is a phone's first poll after a write)")
    errors = {f"poll {k}": v for k, v in mixed.polls.errors.items()}
    errors |= {f"write {k}": v for k, v in mixed.writes.errors.items()}
    print(f"  errors: {errors or 'none'}")
    lags = mixed.polls.lags + mixed.writes.lags
    print(
        f"  client: started requests late by p99 {percentile(lags, 0.99):.2f} ms, max {max(lags, default=0):.1f} ms; "
        f"at most {mixed.peak_in_flight} requests in flight"
    )
    print(
        f"  CPU cores: server {server_cpu / seconds:.2f}, this client {client_cpu / seconds:.2f}, "
        f"PostgreSQL {db_cpu / seconds:.2f}, other processes {others_cpu / seconds:.2f}"
    )


# -- main ---------------------------------------------------------------------------------------------------------


def goal_line(passed: bool, goal: str, got: str) -> str:
    return f"  {'PASS' if passed else 'FAIL'}  {goal:<50}{got}"


def interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


@contextlib.contextmanager
def running(server: Server) -> Iterator[Server]:
    try:
        server.start()
        yield server
    finally:
        server.stop()


# The default, CPUs + 1 sync workers, came out of this on 2 cores (bench/README.md): the app is CPU-bound (small
# queries on a local database), so processes beyond the cores only add switching and memory; gthread was no
# faster and had 2-3 times the p99 (one GIL a process). The one spare worker serves polls while another waits on
# a write's lock or a PostgreSQL round trip.
SWEEP = (WorkerConfig(2, 1), WorkerConfig(3, 1), WorkerConfig(5, 1), WorkerConfig(2, 4), WorkerConfig(3, 4))


def sweep(wrk: str, env: dict[str, str], refs: Sequence[TableRef], folder: Path, args: argparse.Namespace) -> None:
    print(
        f"\nWorker sweep: ping and unchanged poll, {args.rounds} x {args.duration:.0f} s each in turns, "
        f"wrk {args.connections} connections; others: the most CPU cores other processes took in a run"
    )
    print(f"  {'':<30}{'ping/s':>9}{'poll/s':>9}{'ratio':>7}{'ping p99':>10}{'poll p99':>10}{'others':>8}")
    for config in SWEEP:
        with running(Server(config, env, folder)) as server:
            r = throughput(wrk, server, refs, folder, args)
        others = max(x.others_cpu / x.seconds for x in r.runs)
        print(
            f"  {config!s:<30}{r.ping_rps:9,.0f}{r.poll_rps:9,.0f}{r.ratio:7.2f}"
            f"{max(x.p99_ms for x in r.ping):10.2f}{max(x.p99_ms for x in r.poll):10.2f}{others:8.2f}",
            flush=True,
        )


def print_goals(
    result: Throughput | None, mixed: Mixed | None, problems: Sequence[str], args: argparse.Namespace
) -> None:
    print("\nGoals")
    if result is not None:
        print(
            goal_line(
                result.ratio >= GOAL_RATIO and not result.poll_errors,
                f"unchanged poll >= {GOAL_RATIO:.0%} of /ping/ throughput",
                f"{result.poll_rps:,.0f} / {result.ping_rps:,.0f} req/s = {result.ratio:.0%}, "
                f"{result.poll_errors} errors",
            )
        )
    if mixed is None:
        return
    target = args.phones / args.poll_interval
    polls = mixed.polls
    scheduled = polls.scheduled / args.mixed_duration
    print(
        goal_line(
            polls.ok >= GOAL_RATE_SHARE * polls.scheduled and scheduled >= GOAL_RATE_SHARE * target,
            f"mixed: {target:.0f} polls/s sustained",
            f"{polls.ok / args.mixed_duration:.1f}/s answered of {scheduled:.1f}/s scheduled",
        )
    )
    p99 = percentile(polls.latencies, 0.99)
    print(goal_line(p99 < GOAL_P99_MS, f"mixed: poll p99 < {GOAL_P99_MS:.0f} ms", f"{p99:.2f} ms"))
    errors = polls.error_count + mixed.writes.error_count
    smoke_note = f", smoke check: {len(problems)} problems" if problems else ""
    print(
        goal_line(errors == 0 and not problems, "mixed: no errors (polls and writes)", f"{errors} errors{smoke_note}")
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--database-url", metavar="URL", help="this database (e.g. PostgreSQL), not a temp SQLite")
    parser.add_argument("--workers", type=int, default=0, help="gunicorn workers (default: CPUs + 1)")
    parser.add_argument("--threads", type=int, default=1, help="threads a worker; above 1 means gthread (default 1)")
    parser.add_argument("--tables", type=int, default=200, help="tables under load (default 200)")
    parser.add_argument("--events", type=int, default=3, help="quick hands each table starts with (default 3)")
    parser.add_argument("--duration", type=float, default=10, help="seconds of each throughput run (default 10)")
    parser.add_argument("--rounds", type=int, default=2, help="ping and poll runs, in turns (default 2)")
    parser.add_argument("--connections", type=int, default=16, help="wrk connections (default 16)")
    parser.add_argument("--wrk-threads", type=int, default=1, help="wrk threads (default 1)")
    parser.add_argument("--phones", type=int, default=900, help="phones polling in the mixed phase (default 900)")
    parser.add_argument("--poll-interval", type=float, default=3.0, help="seconds between a phone's polls (3)")
    parser.add_argument(
        "--write-interval", type=float, nargs=2, default=(20.0, 30.0), metavar=("MIN", "MAX"), help="(20 30)"
    )
    parser.add_argument("--mixed-duration", type=float, default=30, help="seconds of the mixed phase (default 30)")
    parser.add_argument("--timeout", type=float, default=10, help="seconds before a mixed request is an error")
    parser.add_argument("--seed", type=int, default=20260, help="seed of the mixed phase's schedule")
    parser.add_argument(
        "--quiet-wait",
        type=float,
        default=0,
        metavar="S",
        help="before each measured run, wait up to S seconds for other processes to go quiet (default 0)",
    )
    parser.add_argument("--skip-throughput", action="store_true", help="no throughput phase")
    parser.add_argument("--skip-mixed", action="store_true", help="no mixed phase")
    parser.add_argument("--sweep", action="store_true", help="compare a few worker configurations, then stop")
    args = parser.parse_args(argv)

    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C, even when started with SIGINT ignored
    cpus = os.cpu_count() or 1
    config = WorkerConfig(args.workers or cpus + 1, max(1, args.threads))
    wrk = ensure_wrk()
    wrk_version = subprocess.run([wrk, "--version"], capture_output=True, text=True, check=False).stdout.split()[:2]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Kibitz load test (Python {platform.python_version()}, {cpus} CPUs, load {load}, {' '.join(wrk_version)})")

    folder = Path(tempfile.mkdtemp(prefix="kibitz-load-"))
    database_url = args.database_url or f"sqlite:///{folder}/load.sqlite3"
    env = production_env(database_url)
    os.environ.update(env)  # this process sets up Django on the same database and settings as the server
    refs: list[TableRef] = []
    try:
        label = setup_django()
        where = "the --database-url database" if args.database_url else "a throw-away SQLite file"
        print(f"  database: {label} ({where})")
        started = time.perf_counter()
        refs = create_tables(args.tables + 1, args.events)
        load_refs, spare = refs[:-1], refs[-1]
        print(
            f"  created {len(load_refs)} tables with {args.events} quick hands each (+1 for the smoke check) "
            f"through the services layer in {time.perf_counter() - started:.1f} s"
        )
        close_connections()
        if args.sweep:
            sweep(wrk, env, load_refs, folder, args)
            return 0

        server = Server(config, env, folder)
        with running(server):
            import gunicorn

            why = "from --workers/--threads" if args.workers or args.threads > 1 else "CPUs + 1, the default"
            print(f"  server: gunicorn {gunicorn.__version__}, {config} ({why}), production settings (DEBUG off)")
            problems = smoke(server.base, load_refs[0], spare)
            print(f"  smoke check (ping, poll 200 and 304, quick-hand POST, poll after it): {problems or 'ok'}")

            result = None
            if not args.skip_throughput:
                result = throughput(wrk, server, load_refs, folder, args)
                print_throughput(result, args)

            mixed = None
            if not args.skip_mixed:
                mixed = Mixed(server.port, load_refs, args, args.seed)
                waited = wait_quiet(args.quiet_wait)
                if waited >= 3:
                    print(f"\n  (waited {waited:.0f} s for a quiet machine)")
                before, before_machine, before_db = server.cpu_seconds(), system_cpu(), database_cpu()
                client_cpu = asyncio.run(mixed.run())
                server_cpu = server.cpu_seconds() - before
                db_cpu = database_cpu() - before_db
                others_cpu = max(0.0, system_cpu()[0] - before_machine[0] - server_cpu - client_cpu - db_cpu)
                print_mixed(mixed, server_cpu, client_cpu, db_cpu, others_cpu)
            log_problems = server.log_problems()
        print(f"  gunicorn log: {len(log_problems)} error lines" + "".join(f"\n    {x}" for x in log_problems[:10]))
        print_goals(result, mixed, problems + log_problems, args)
    except KeyboardInterrupt:
        print("\ninterrupted: gunicorn stopped", file=sys.stderr)
        return 130
    finally:
        if args.database_url and refs:
            with contextlib.suppress(Exception):
                delete_tables(refs)  # not ours to keep: the database goes back to how we found it
        with contextlib.suppress(Exception):
            close_connections()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
