"""Table versions each process keeps current from PostgreSQL's LISTEN/NOTIFY, so that the unchanged poll (the
request phones make most) answers 304 without touching the database.

A trigger on the table's version column (migration 0012) sends "set CODE VERSION" from the writing transaction,
so PostgreSQL delivers it only once that transaction commits, and no writer can forget it. Each process has one
listener thread with a connection of its own doing LISTEN; what it hears goes into a map that holds only tables
this process was polled about, each read from the database once.

PostgreSQL forwards a notification to each listener a moment after the COMMIT returns (a listening backend
has to be scheduled; under load that took milliseconds, longer than a write's answer took to reach a phone).
So after a write of this app commits, its process asks the others ("ask CODE VERSION") and answers only once
every other listening process has acknowledged ("ack CODE VERSION"), at most ACK_SECONDS. A listener reads
notifications in commit order, so one that hears the ask has applied the write's "set" already.

What is guaranteed, and what is not:
- The map answers only while the listener is connected and PostgreSQL has shown it delivers (a probe sent to
  itself came back). It is emptied whenever that connection is made or lost, because notifications may have
  been missed in between; until it is back, every poll reads the database, as without this module.
- A poll never answers 304 for a version older than one whose write was answered before the poll arrived:
  the writer's process updated its own map at commit, and every other listening process acknowledged the
  write before its answer went out. A process counts as listening from the moment it shows itself ready in
  pg_stat_activity (application_name); it empties its map after that, so a write it was not asked about is
  read from the database.
- Not guaranteed: a listener that does not acknowledge within ACK_SECONDS (gone without a word, or starved)
  is reported in the log and not waited for again until it acknowledges something; a write made outside this
  app's processes (psql, another program) asks no one. Either is seen once PostgreSQL has forwarded the
  notification, normally well under a millisecond after its COMMIT; a poll in between answers 304 for the
  version before, as it would have had it come a moment earlier. Writes never rely on the map: they check the
  version under the table's row lock.
- Before answering from the map, a poll also takes every notification already on the listener's socket,
  without waiting (under the lock).
- A table is read from the database under the lock, so a notification that comes after the read is applied
  after it, never before it and then overwritten. One sent before the read and applied after it changes
  nothing: versions only grow, so a notification raises a held version and never lowers it. A deleted table,
  a changed code or a lowered version drops the entry (read again next time); TRUNCATE drops them all.
- Bounded memory: at most CAP tables, the least recently polled dropped first.
- A poll inside a transaction (the tests' `db` fixture) reads the database: it may see its own uncommitted
  writes, of which no notification has told.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import select
import socket
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import connection

if TYPE_CHECKING:
    import psycopg

CHANNEL = "kibitz_table_version"  # migration 0012's trigger notifies on it
APPLICATION_NAME = "kibitz-listen"  # a listener that acknowledges, as pg_stat_activity shows it
STARTING_NAME = "kibitz-listen-starting"  # one that does not yet: writers do not wait for it
CAP = 10_000  # tables a process keeps the version of (a few hundred bytes each)
ACK_SECONDS = 0.5  # how long a write's answer waits for the other listeners
PROBE_SECONDS = 5.0  # how long a new connection's probe may take to come back
RETRY_SECONDS = (0.5, 60.0)  # the first and the longest wait between connection attempts
STOP_SECONDS = 10.0

Read = Callable[[str], int | None]
Connect = Callable[[], "psycopg.Connection[Any]"]
Peers = Callable[[], set[int]]

log = logging.getLogger(__name__)


class VersionMap:
    """Table code -> version, at most `cap` of them, the least recently used dropped first. No lock of its own:
    the Listener holds one around every use."""

    def __init__(self, cap: int = CAP) -> None:
        self.cap = cap
        self.items: OrderedDict[str, int] = OrderedDict()

    def __len__(self) -> int:
        return len(self.items)

    def get(self, code: str) -> int | None:
        version = self.items.get(code)
        if version is not None:
            self.items.move_to_end(code)
        return version

    def store(self, code: str, version: int) -> None:
        """A version read from the database."""
        self.items[code] = version
        self.items.move_to_end(code)
        while len(self.items) > self.cap:
            self.items.popitem(last=False)

    def committed(self, code: str, version: int) -> None:
        """A committed version: raises a held one, never lowers it (versions only grow), adds no table."""
        held = self.items.get(code)
        if held is not None and version > held:
            self.items[code] = version

    def apply(self, payload: str) -> None:
        """One notification of the trigger: "set CODE VERSION", "gone CODE" or "all"; anything else (a probe,
        an acknowledgement) leaves the map as it is."""
        verb, _, rest = payload.partition(" ")
        if verb == "set" and (write := parse_write(rest)):
            self.committed(*write)
        elif verb == "gone":
            self.items.pop(rest, None)
        elif verb == "all":
            self.items.clear()

    def clear(self) -> None:
        self.items.clear()


def parse_write(text: str) -> tuple[str, int] | None:
    """("CODE", VERSION) from "CODE VERSION", or None."""
    code, _, version = text.partition(" ")
    return (code, int(version)) if code and version.isdigit() else None


class Listener:
    """One process's table versions, kept current by a thread that LISTENs on a connection of its own."""

    def __init__(self, connect: Connect, cap: int = CAP) -> None:
        import psycopg  # only here: a SQLite deployment need not install it

        self.errors = (psycopg.Error, OSError)
        self.connect = connect
        self.versions = VersionMap(cap)
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)  # notified when listening begins and on acknowledgements
        self.conn: psycopg.Connection[Any] | None = None  # set while listening, under the lock
        self.pid = 0  # the listening connection's backend, as other listeners see its acknowledgements
        self.connects = 0  # how many times listening began
        self.attempts = 0  # how many times the thread tried to (successfully or not)
        self.asked: dict[tuple[str, int], set[int]] = {}  # this process's writes waiting -> who acknowledged
        self.silent: set[int] = set()  # listeners that did not acknowledge in time: not waited for meanwhile
        self.stopping = threading.Event()
        self.wake, self.waker = socket.socketpair()  # a byte on `waker` ends the thread's wait
        self.wake.setblocking(False)
        self.waker.setblocking(False)
        self.thread = threading.Thread(target=self._run, name="kibitz-listen", daemon=True)

    def start(self) -> Listener:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self._wake()
        self.thread.join(STOP_SECONDS)
        self.wake.close()
        self.waker.close()

    @property
    def listening(self) -> bool:
        return self.conn is not None

    def version(self, code: str, read: Read) -> int | None:
        """The table's version: from the map while listening, else `read(code)` from the database."""
        with self.lock:
            if self._drain():
                held = self.versions.get(code)
                if held is not None:
                    return held
                version = read(code)  # under the lock: see the module's docstring
                if version is not None and self.conn is not None:
                    self.versions.store(code, version)
                return version
        return read(code)

    def committed(self, code: str, version: int, peers: Peers, seconds: float = ACK_SECONDS) -> bool:
        """This process committed the table at `version`: into its own map at once, then ask every other
        listener (`peers()`: their backend pids) and wait until each has acknowledged; False when some did not
        in time, or this process is not listening."""
        deadline = time.monotonic() + seconds
        with self.lock:
            self.versions.committed(code, version)
            # A new process's first write waits for its first attempt to listen; not listening after that, it
            # asks no one.
            self.changed.wait_for(lambda: self.attempts > 0, max(0.0, deadline - time.monotonic()))
            if self.conn is None:
                return False
        others = peers() - {self.pid}
        write = (code, version)
        with self.lock:
            self.silent &= others  # forget listeners that are gone
            waiting = others - self.silent
            if not waiting or self.conn is None:
                return not waiting
            self.asked[write] = set()
            try:
                self.conn.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"ask {code} {version}"])
            except self.errors:
                self._lost()
            try:
                self._drain()  # what came during the ask waits in psycopg's backlog
                while (missing := waiting - self.asked[write]) and self.conn is not None:
                    if not self.changed.wait(max(0.0, deadline - time.monotonic())):
                        self.silent |= missing
                        log.warning("table versions: listeners %s did not acknowledge %s %d", missing, code, version)
                        return False
                return not missing
            finally:
                del self.asked[write]

    def _drain(self) -> bool:
        """Apply the notifications waiting on the socket without waiting, and acknowledge the asks among them;
        False when not listening. The caller holds the lock."""
        conn = self.conn
        if conn is None:
            return False
        try:
            while owed := self._take(conn):
                # What arrives meanwhile waits in psycopg's backlog, not on the socket: the loop takes it.
                conn.execute("SELECT pg_notify(%s, 'ack ' || w) FROM unnest(%s::text[]) AS w", [CHANNEL, owed])
        except self.errors:
            self._lost()
            return False
        return True

    def _lost(self) -> None:
        """The connection dropped: the thread closes it and connects again. The caller holds the lock."""
        log.warning("table versions: the listening connection dropped; polls read the database meanwhile")
        self.conn = None
        self.versions.clear()
        self.changed.notify_all()
        self._wake()

    def _take(self, conn: psycopg.Connection[Any]) -> list[str]:
        """Apply what is waiting, in the order it was committed; the asks to acknowledge ("CODE VERSION")."""
        owed, acked = [], False
        # A call that hands out psycopg's backlog does not look at the socket: again until one finds nothing.
        while notes := list(conn.notifies(timeout=0)):
            for note in notes:
                verb, _, rest = note.payload.partition(" ")
                if verb == "ask" and note.pid != self.pid:
                    owed.append(rest)  # everything committed before the ask is applied by now
                elif verb == "ack" and (write := parse_write(rest)) in self.asked:
                    self.asked[write].add(note.pid)
                    self.silent.discard(note.pid)
                    acked = True
                else:
                    self.versions.apply(note.payload)
        if acked:
            self.changed.notify_all()
        return owed

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # closed by stop(), or already full: the thread wakes either way
            self.waker.send(b"\0")

    def _run(self) -> None:
        wait, longest = RETRY_SECONDS
        while not self.stopping.is_set():
            conn = self._open()
            if conn is None:
                self.stopping.wait(wait)
                wait = min(wait * 2, longest)
                continue
            wait = RETRY_SECONDS[0]
            try:
                self._listen(conn)
            finally:
                with self.lock:
                    if self.conn is conn:
                        self.conn = None
                        self.versions.clear()
                conn.close()

    def _open(self) -> psycopg.Connection[Any] | None:
        """A connection that LISTENs, has shown that PostgreSQL delivers to it, and shows in pg_stat_activity
        that it acknowledges; or None."""
        conn = self._try_open()
        with self.lock:
            self.attempts += 1
            if conn is not None and self.stopping.is_set():
                conn.close()
                conn = None
            if conn is not None:
                self.versions.clear()
                self.conn, self.pid = conn, conn.info.backend_pid
                self.connects += 1
            self.changed.notify_all()
        return conn

    def _try_open(self) -> psycopg.Connection[Any] | None:
        try:
            conn = self.connect()
        except self.errors as exc:
            log.warning("table versions: cannot connect to listen (%s); polls read the database", exc)
            return None
        try:
            conn.execute(f"LISTEN {CHANNEL}")
            probe = f"probe {secrets.token_hex(8)}"
            conn.execute("SELECT pg_notify(%s, %s)", [CHANNEL, probe])
            if not any(note.payload == probe for note in conn.notifies(timeout=PROBE_SECONDS)):
                raise OSError(f"LISTEN {CHANNEL} was accepted, but no notification came back")
            # From here on writers ask this listener; it acknowledges every ask it hears from now on (the map,
            # emptied below, holds nothing from before).
            conn.execute(f"SET application_name TO '{APPLICATION_NAME}'")
        except self.errors as exc:
            log.warning("table versions: cannot listen (%s); polls read the database", exc)
            conn.close()
            return None
        return conn

    def _listen(self, conn: psycopg.Connection[Any]) -> None:
        """Apply notifications and acknowledge asks as they come, until stopped or the connection drops."""
        while not self.stopping.is_set():
            with self.lock:
                if self.conn is not conn or not self._drain():
                    return
            try:
                select.select([conn.fileno(), self.wake], [], [])
                while self.wake.recv(64):
                    pass
            except BlockingIOError:
                pass  # the wake socket is empty
            except self.errors:
                return


# -- this process's listener ---------------------------------------------------------------------------------

_listener: Listener | None = None
_starting = threading.Lock()
_forked: list[Listener] = []


def listener() -> Listener | None:
    """This process's listener, started on first use; None on SQLite, with KIBITZ_LISTEN off, and inside a
    transaction (which may hold writes that no notification has told of)."""
    global _listener
    if connection.vendor != "postgresql" or not settings.KIBITZ_LISTEN or connection.in_atomic_block:
        return None
    if _listener is None:
        with _starting:
            if _listener is None:
                _listener = Listener(_connector()).start()
    return _listener


def committed(code: str, version: int) -> None:
    """This process committed the table at `version` (services._bump, on commit): into its own map, and the
    write's answer waits until the other listening processes have it in theirs."""
    if (listening := listener()) is not None:
        listening.committed(code, version, peers)


def peers() -> set[int]:
    """The backends of every listener on this database that acknowledges (this process's own among them)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = %s",
            [APPLICATION_NAME],
        )
        return {int(pid) for (pid,) in cursor.fetchall()}


def stop() -> None:
    """Stop this process's listener (the tests do, before their database is dropped)."""
    global _listener
    with _starting:
        if _listener is not None:
            _listener.stop()
            _listener = None


def connection_params(application_name: str = STARTING_NAME) -> dict[str, Any]:
    """psycopg's arguments for a connection like Django's to the same database, in autocommit, named for
    pg_stat_activity, with TCP keepalives both ways: a connection that died without a word (a network gone)
    is noticed in about half a minute, and the server ends its session (writers stop waiting for it)."""
    params = connection.get_connection_params()
    keepalives = "-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3"
    params.update(
        autocommit=True,
        application_name=application_name,
        connect_timeout=5,
        keepalives=1,
        keepalives_idle=10,
        keepalives_interval=5,
        keepalives_count=3,
        options=f"{params.get('options', '')} {keepalives}".strip(),
    )
    return params


def _connector() -> Connect:
    """Connections for the listener thread, with the arguments worked out here, in the thread that starts it."""
    import psycopg

    params = connection_params()
    return lambda: psycopg.Connection.connect(**params)


def _after_fork() -> None:
    """A forked process (a gunicorn worker) starts a listener of its own. The parent's is kept referenced, never
    closed: closing its inherited socket here would end the parent's session."""
    global _listener, _starting
    _starting = threading.Lock()  # another thread may have held it at the fork
    if _listener is not None:
        _forked.append(_listener)
        _listener = None


os.register_at_fork(after_in_child=_after_fork)
