"""Table versions each process keeps current from PostgreSQL's LISTEN/NOTIFY, so that the unchanged poll (the
request phones make most) answers 304 without touching the database.

A trigger on the table's version column (migration 0011) sends a notification from the writing transaction, so
PostgreSQL delivers it only once that transaction commits, and it catches every writer, later ones too. Each
process has one listener thread with its own connection doing LISTEN; the versions it learns go into a map that
holds only tables this process was polled about, each read from the database once.

What is guaranteed, and what is not:
- The map answers only while the listener is connected and PostgreSQL has shown it delivers (a probe sent to
  itself came back). It is emptied whenever that connection is made or lost, because notifications may have
  been missed in between; until it is back, every poll reads the database, as without this module.
- Before answering from the map a poll takes, without waiting, every notification already on the listener's
  socket (under the lock). So it sees every write whose notification PostgreSQL had forwarded to this process
  when the poll arrived, and every write this process committed itself (services._bump tells it on commit).
- Not guaranteed: a write committed in another process during the moment between its COMMIT and PostgreSQL's
  listening backend forwarding the notification (the server signals the listeners before the COMMIT returns;
  the forwarding takes them well under a millisecond unless the machine is starved). A poll in that moment
  answers 304 for the version before, as it would have had it come a moment earlier; the next poll gets the
  write. Writes never rely on the map: they check the version under the table's row lock.
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
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import connection

if TYPE_CHECKING:
    import psycopg

CHANNEL = "kibitz_table_version"  # migration 0011's trigger notifies on it
APPLICATION_NAME = "kibitz-listen"  # the listener's connection, as pg_stat_activity shows it
CAP = 10_000  # tables a process keeps the version of (a few hundred bytes each)
PROBE_SECONDS = 5.0  # how long a new connection's probe may take to come back
RETRY_SECONDS = (0.5, 60.0)  # the first and the longest wait between connection attempts
STOP_SECONDS = 10.0

Read = Callable[[str], int | None]
Connect = Callable[[], "psycopg.Connection[Any]"]

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
        """One notification of the trigger: "set CODE VERSION", "gone CODE" or "all"; anything else (a
        listener's probe) changes nothing."""
        verb, _, rest = payload.partition(" ")
        if verb == "set":
            code, _, version = rest.partition(" ")
            if version.isdigit():
                self.committed(code, int(version))
        elif verb == "gone":
            self.items.pop(rest, None)
        elif verb == "all":
            self.items.clear()

    def clear(self) -> None:
        self.items.clear()


class Listener:
    """One process's table versions, kept current by a thread that LISTENs on a connection of its own."""

    def __init__(self, connect: Connect, cap: int = CAP) -> None:
        import psycopg  # only here: a SQLite deployment need not install it

        self.errors = (psycopg.Error, OSError)
        self.connect = connect
        self.versions = VersionMap(cap)
        self.lock = threading.Lock()
        self.conn: psycopg.Connection[Any] | None = None  # set while listening, under the lock
        self.connects = 0  # how many times listening began
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

    def committed(self, code: str, version: int) -> None:
        with self.lock:
            self.versions.committed(code, version)

    def _drain(self) -> bool:
        """Apply the notifications waiting on the socket, without waiting; False when not listening. The caller
        holds the lock."""
        conn = self.conn
        if conn is None:
            return False
        try:
            for note in conn.notifies(timeout=0):
                self.versions.apply(note.payload)
        except self.errors:  # the connection dropped: the thread closes it and connects again
            log.warning("table versions: the listening connection dropped; polls read the database meanwhile")
            self.conn = None
            self.versions.clear()
            self._wake()
            return False
        return True

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
        """A connection that LISTENs and has shown that PostgreSQL delivers to it, or None."""
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
        except self.errors as exc:
            log.warning("table versions: cannot listen (%s); polls read the database", exc)
            conn.close()
            return None
        with self.lock:
            if self.stopping.is_set():
                conn.close()
                return None
            self.versions.clear()
            self.conn = conn
            self.connects += 1
        return conn

    def _listen(self, conn: psycopg.Connection[Any]) -> None:
        """Apply notifications as they come, until stopped or the connection drops."""
        while not self.stopping.is_set() and self.conn is conn:
            try:
                select.select([conn.fileno(), self.wake], [], [])
                while self.wake.recv(64):
                    pass
            except BlockingIOError:
                pass  # the wake socket is empty
            except self.errors:
                return
            with self.lock:
                if self.conn is not conn or not self._drain():
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
    """This process committed the table at `version`: its own next poll must not wait for the notification."""
    if _listener is not None:
        _listener.committed(code, version)


def stop() -> None:
    """Stop this process's listener (the tests do, before their database is dropped)."""
    global _listener
    with _starting:
        if _listener is not None:
            _listener.stop()
            _listener = None


def connection_params() -> dict[str, Any]:
    """psycopg's arguments for a connection like Django's to the same database, in autocommit, named for
    pg_stat_activity, with TCP keepalives: a connection that died without a word (a network gone) is noticed
    in about half a minute."""
    params = connection.get_connection_params()
    params.update(
        autocommit=True,
        application_name=APPLICATION_NAME,
        connect_timeout=5,
        keepalives=1,
        keepalives_idle=10,
        keepalives_interval=5,
        keepalives_count=3,
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
