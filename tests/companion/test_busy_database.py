"""A busy database (issue 16, section 2): another connection holds the write lock (SQLite: BEGIN IMMEDIATE on the
test database file; PostgreSQL: the table row a write locks, services._lock). A write waits for it at most the
busy timeout and is answered 503 with Retry-After and a sentence; nothing is stored; the same form sent again
with the same idempotency key lands once. Reads never wait meanwhile, and a page that stores a derived cache on
the way skips it rather than wait. Runs on SQLite and PostgreSQL alike (DATABASE_URL selects)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.db import OperationalError, connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion import busy, history, services
from companion.models import Event, Table, TableSummary
from tests.companion.conftest import PLAYERS
from tests.companion.test_settings import run_check

pytestmark = pytest.mark.django_db(transaction=True)

HAND = {"hearts-0": "4", "hearts-1": "9", "hearts-2": "0", "hearts-3": "0", "lady-0": "3"}  # Dan takes the lady
HTMX = {"HTTP_HX_REQUEST": "true"}
FAST = 1.0  # seconds: a read during the lock answers well within this (the busy timeout is 3 s)
WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE|BEGIN)\b", re.IGNORECASE)


@pytest.fixture
def table(client: Client) -> Table:
    """A table of a group this client is in, and whose scorer it is."""
    table = services.create_table("rickety-kate", PLAYERS, {"moon": "new"})
    client.get(f"/g/{table.group.token}/")
    client.get(f"/s/{table.scorer_token}/")
    return table


@contextmanager
def lock_held(table: Table) -> Iterator[None]:
    """The lock a write needs, held by another connection for as long as the block runs (a long write elsewhere)."""
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            if other.vendor == "sqlite":
                cursor.execute("BEGIN IMMEDIATE")
            else:
                name = other.ops.quote_name(Table._meta.db_table)
                cursor.execute("BEGIN")
                cursor.execute(f"SELECT id FROM {name} WHERE id = %s FOR UPDATE", [table.pk])
            try:
                yield
            finally:
                cursor.execute("ROLLBACK")
    finally:
        other.close()


def timed(send, *args, **kwargs):
    start = time.perf_counter()
    response = send(*args, **kwargs)
    return response, time.perf_counter() - start


def hand_fields(key: str) -> dict[str, str]:
    return HAND | {"version": "0", "key": key}


def test_the_connection_waits_for_the_database_a_bounded_time() -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA busy_timeout")
            assert cursor.fetchone()[0] == round(settings.KIBITZ_DB_BUSY_SECONDS * 1000) == 3000
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"  # readers go on during a write
        else:
            cursor.execute("SHOW lock_timeout")
            assert cursor.fetchone()[0] == "3s"
            cursor.execute("SHOW statement_timeout")
            assert cursor.fetchone()[0] == "30s"


def test_a_write_while_the_database_is_busy_is_answered_503_in_words_and_lands_once_when_sent_again(
    client: Client, table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    url = f"/t/{table.code}/record/hand/"
    with lock_held(table):
        answer, took = timed(client.post, url, hand_fields("busy-1"), **HTMX)
        assert answer.status_code == 503
        logged = [(r.name, r.levelname) for r in caplog.records]
        assert logged == [("django.request", "WARNING")], logged  # an answer by design, not an error
        assert answer["Retry-After"] == "3"
        text = answer.content.decode()
        assert "The table is busy for a moment: what you typed is kept and will be sent again in 3 s." in text
        assert 'data-tries="5"' in text  # kibitz.js sends it again by itself, at most this often
        assert took < settings.KIBITZ_DB_BUSY_SECONDS + 2, f"the write waited {took:.1f} s"  # not 20 s
        assert not Event.objects.filter(table=table).exists()

        # Meanwhile the table page, its poll, the home page and the history answer at once.
        for path in (f"/t/{table.code}/", f"/t/{table.code}/live/", "/", "/history/"):
            page, took = timed(client.get, path)
            assert page.status_code == 200, path
            assert took < FAST, f"{path} took {took:.2f} s during the lock"

    # The lock is gone: the same form, the same key, lands once; sent once more, it changes nothing.
    for _ in range(2):
        answer = client.post(url, hand_fields("busy-1"), **HTMX)
        assert answer.status_code == 200
        assert list(Event.objects.filter(table=table).values_list("payload", flat=True)) == [
            {"type": "hand", "hearts": {"Ana": 4, "Ben": 9}, "lady": "Dan"}
        ]
    table.refresh_from_db()
    assert table.version == 1


def test_the_table_page_its_poll_and_the_home_page_write_nothing(client: Client, table: Table) -> None:
    """Reads write nothing of the truth. The home page's first visit may store the tables' derived summaries (a
    cache it then reads in one query; the store is skipped while the database is busy, test above); once they
    are stored, no read writes at all."""
    services.append(table, [{"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}])
    with CaptureQueriesContext(connection) as first:
        assert client.get("/").status_code == 200
    stored = [q["sql"] for q in first if WRITES.match(q["sql"]) and "TRANSACTION" not in q["sql"].upper()]
    assert all(
        "tablesummary" in sql.lower() or sql.upper().startswith(("BEGIN", "SAVEPOINT", "RELEASE")) for sql in stored
    )
    for path in (f"/t/{table.code}/", f"/t/{table.code}/live/", "/"):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path).status_code == 200
        assert [q["sql"] for q in queries if WRITES.match(q["sql"])] == [], path


def test_the_history_skips_storing_a_summary_while_the_database_is_busy(client: Client, table: Table) -> None:
    services.append(table, [{"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}])
    history.SUMMARIES.clear()
    with lock_held(table):
        page, took = timed(client.get, "/history/")
        assert page.status_code == 200
        assert took < FAST, f"the history took {took:.2f} s during the lock"
        assert "Ana" in page.content.decode()
    assert not TableSummary.objects.filter(table=table).exists()  # a cache: the next reader stores it
    history.SUMMARIES.clear()
    assert client.get("/history/").status_code == 200
    assert TableSummary.objects.get(table=table).version == 1


def test_a_plain_post_gets_the_table_page_with_the_entry_as_typed(client: Client, table: Table) -> None:
    with lock_held(table):
        answer = client.post(f"/t/{table.code}/record/hand/", hand_fields("plain-1"))
    assert answer.status_code == 503
    assert answer["Retry-After"] == "3"
    text = answer.content.decode()
    assert "The table is busy for a moment: what you typed is kept. Send it again in 3 s." in text
    assert re.search(r'name="hearts-1"[^>]*value="9"', text)  # the hand as typed, ready to send again
    assert re.search(r'name="lady-0" value="3" checked', text)
    assert not Event.objects.filter(table=table).exists()


def test_any_other_plain_post_gets_a_button_that_sends_the_same_fields_again(client: Client, table: Table) -> None:
    with lock_held(table):
        answer = client.post(f"/t/{table.code}/undo/", {"version": "0", "key": "undo-7"})
    assert answer.status_code == 503
    text = answer.content.decode()
    assert f'<form method="post" action="/t/{table.code}/undo/">' in text
    assert '<input type="hidden" name="key" value="undo-7">' in text
    assert f'href="/t/{table.code}/"' in text


def test_the_answer_is_in_the_readers_language(client: Client, table: Table) -> None:
    with lock_held(table):
        answer = client.post(f"/t/{table.code}/record/hand/", hand_fields("de-1"), HTTP_ACCEPT_LANGUAGE="de", **HTMX)
    assert answer.status_code == 503
    assert "Der Tisch ist gerade beschäftigt" in answer.content.decode()


def test_another_database_error_stays_a_500(client: Client, table: Table, monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise OperationalError("no such table: companion_event")

    monkeypatch.setattr(services, "append", broken)
    client.raise_request_exception = False
    answer = client.post(f"/t/{table.code}/record/hand/", hand_fields("err-1"), **HTMX)
    assert answer.status_code == 500
    assert "Retry-After" not in answer


def test_busy_errors_are_told_apart_from_other_database_errors() -> None:
    import sqlite3

    locked = sqlite3.connect(":memory:")
    try:
        locked.execute("SELECT * FROM nowhere")
    except sqlite3.OperationalError as exc:
        other = exc
    assert not busy.is_busy(other)

    class LockTimeout(Exception):
        sqlstate = "55P03"

    wrapped = OperationalError("canceling statement due to lock timeout")
    wrapped.__cause__ = LockTimeout()
    assert busy.is_busy(wrapped)


@pytest.mark.parametrize("value", ["soon", "0", "-3"])
def test_a_busy_timeout_that_is_no_number_of_seconds_stops_the_start(value: str) -> None:
    result = run_check(KIBITZ_DB_BUSY_SECONDS=value)
    assert result.returncode != 0
    assert "KIBITZ_DB_BUSY_SECONDS must be a number of seconds" in result.stderr
