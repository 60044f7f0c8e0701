"""A busy database: the errors that mean "another write holds the lock", and cache writes that never wait for it.

A write waits for the database at most settings.KIBITZ_DB_BUSY_SECONDS (SQLite's busy timeout, PostgreSQL's
lock_timeout; PostgreSQL also cancels a statement after KIBITZ_DB_STATEMENT_SECONDS). Then it fails with an
OperationalError that `is_busy` recognises, and companion.middleware answers it with 503 and Retry-After. Reads
take no lock (SQLite in WAL mode; plain SELECTs on PostgreSQL), so they never wait. A page that stores a derived
cache on the way (companion/history.py) stores it only when the lock is free at once (`unless_busy`): a cache is
never a truth, and the next reader stores it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import OperationalError, connection, transaction

SQLITE_BUSY, SQLITE_LOCKED = 5, 6  # primary result codes (the extended ones keep them in the low byte)
PG_BUSY = frozenset({"55P03", "57014"})  # lock_not_available (lock_timeout), query_canceled (statement_timeout)


def is_busy(exc: BaseException) -> bool:
    """Whether a database error means the database was busy (locked, a lock or statement timed out): worth
    trying again in a moment, unlike any other OperationalError."""
    cause = exc.__cause__ if isinstance(exc, OperationalError) and exc.__cause__ is not None else exc
    code = getattr(cause, "sqlite_errorcode", None)  # sqlite3, Python 3.11+
    if isinstance(code, int):
        return code & 0xFF in (SQLITE_BUSY, SQLITE_LOCKED)
    state = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)  # psycopg 3, psycopg2
    return state in PG_BUSY


def retry_after() -> int:
    """The seconds a refused write is told to wait before it is sent again: the busy timeout, whole."""
    return max(1, math.ceil(settings.KIBITZ_DB_BUSY_SECONDS))


def unless_busy(write: Callable[[], object]) -> bool:
    """Run `write` in a transaction of its own, or skip it when the database is busy: it waits for no lock.
    True when it ran. Only for what can be derived again (a cache): a write of the truth waits its turn."""
    try:
        with _no_waiting():
            write()
    except OperationalError as exc:
        if not is_busy(exc):
            raise
        return False
    return True


@contextmanager
def _no_waiting() -> Iterator[None]:
    """A transaction that fails at once, instead of waiting, on a lock another connection holds."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        waits = round(connection.settings_dict.get("OPTIONS", {}).get("timeout", 5) * 1000)  # sqlite3's default: 5 s
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA busy_timeout = 0")
        try:
            with transaction.atomic():  # BEGIN IMMEDIATE: takes the write lock now, or fails now
                yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute(f"PRAGMA busy_timeout = {int(waits)}")
    elif connection.vendor == "postgresql":
        nested = connection.in_atomic_block
        with transaction.atomic(), connection.cursor() as cursor:
            # Local to this transaction (a savepoint's rollback undoes it too); 1 ms, as 0 would mean no limit.
            # It must hold until the commit, which checks the deferred foreign keys (a key share lock on the
            # table's row, which a write holds FOR UPDATE); only an enclosing transaction gets its own back.
            cursor.execute("SELECT current_setting('lock_timeout'), set_config('lock_timeout', '1ms', true)")
            before = cursor.fetchone()[0]
            yield
            if nested:
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # check them now, under this limit
                cursor.execute("SET CONSTRAINTS ALL DEFERRED")
                cursor.execute("SELECT set_config('lock_timeout', %s, true)", [before])
    else:
        with transaction.atomic():
            yield
