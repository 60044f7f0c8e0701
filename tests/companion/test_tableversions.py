"""The table versions each process keeps from LISTEN/NOTIFY (companion/tableversions.py): the map, the listener
thread and its trigger (migration 0012), and the unchanged poll that touches no database on PostgreSQL."""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion import services, tableversions
from companion.models import Table
from companion.tableversions import Listener, VersionMap
from tests.companion.conftest import PLAYERS, hand

on_postgresql = pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
    reason="LISTEN/NOTIFY is PostgreSQL's; SQLite polls read the database",
)


def eventually(check: Callable[[], Any], seconds: float = 10.0) -> Any:
    """`check()` once it is true (a notification takes a moment to come), or the test fails."""
    deadline = time.monotonic() + seconds
    while not (result := check()):
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.01)
    return result


class Reads:
    """services.read_version, counted: how often the database was asked."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, code: str) -> int | None:
        self.count += 1
        return services.read_version(code)


# -- the map -----------------------------------------------------------------------------------------------


def test_a_notified_version_raises_the_held_one_and_never_lowers_it() -> None:
    versions = VersionMap()
    versions.store("abc", 3)
    versions.apply("set abc 5")
    versions.apply("set abc 4")  # a notification sent before the read that stored 5, taken after it
    assert versions.get("abc") == 5


def test_a_notification_adds_no_table_the_process_was_not_asked_about() -> None:
    versions = VersionMap()
    versions.apply("set abc 5")
    versions.committed("abc", 6)
    assert versions.get("abc") is None and len(versions) == 0


def test_gone_drops_that_table_and_all_drops_every_table() -> None:
    versions = VersionMap()
    for code in ("abc", "def", "ghi"):
        versions.store(code, 1)
    versions.apply("gone def")
    assert (versions.get("abc"), versions.get("def"), versions.get("ghi")) == (1, None, 1)
    versions.apply("all")
    assert len(versions) == 0


def test_a_probe_or_an_unknown_notification_changes_nothing() -> None:
    versions = VersionMap()
    versions.store("abc", 1)
    for payload in ("probe 1f2e", "set abc", "set abc x", "set abc -3", "", "abc 9"):
        versions.apply(payload)
    assert versions.get("abc") == 1 and len(versions) == 1


def test_the_map_holds_at_most_its_cap_and_drops_the_least_recently_polled() -> None:
    versions = VersionMap(cap=3)
    for code in ("a", "b", "c"):
        versions.store(code, 1)
    versions.get("a")  # polled again: now b is the least recent
    versions.store("d", 1)
    assert [code for code in "abcd" if versions.get(code) is not None] == ["a", "c", "d"]


# -- the listener --------------------------------------------------------------------------------------------


def test_while_not_listening_every_poll_reads_the_database() -> None:
    """A listener that cannot connect (no such server here) answers from `read`, every time."""

    def refused() -> psycopg.Connection[Any]:
        raise psycopg.OperationalError("connection refused")

    listener = Listener(refused).start()
    try:
        reads: list[str] = []

        def read(code: str) -> int:
            reads.append(code)
            return 7

        assert [listener.version("abc", read) for _ in range(3)] == [7, 7, 7]
        assert reads == ["abc"] * 3 and not listener.listening
    finally:
        listener.stop()
    assert not listener.thread.is_alive()


@pytest.fixture
def listener(transactional_db: None) -> Iterator[Listener]:
    """A listener of its own on the test database, listening; committed writes notify it."""
    started = Listener(tableversions._connector()).start()
    eventually(lambda: started.listening)
    yield started
    started.stop()


@pytest.fixture
def table(transactional_db: None) -> Table:
    return services.create_table("rickety-kate", PLAYERS, {"moon": "new"})


@on_postgresql
def test_a_table_is_read_once_then_answered_from_the_map(listener: Listener, table: Table) -> None:
    reads = Reads()
    assert [listener.version(table.code, reads) for _ in range(3)] == [0, 0, 0]
    assert reads.count == 1


@on_postgresql
def test_a_write_committed_elsewhere_reaches_the_map_through_the_trigger(listener: Listener, table: Table) -> None:
    """The test's own services.append is "elsewhere" for this listener: it hears of it only from NOTIFY."""
    reads = Reads()
    listener.version(table.code, reads)
    services.append(table, [hand(Ana=13)])
    eventually(lambda: listener.version(table.code, reads) == 1)
    services.undo(table)
    eventually(lambda: listener.version(table.code, reads) == 2)
    assert reads.count == 1


@on_postgresql
def test_a_deleted_table_is_dropped_from_the_map(listener: Listener, table: Table) -> None:
    reads = Reads()
    listener.version(table.code, reads)
    Table.objects.filter(pk=table.pk).delete()
    eventually(lambda: table.code not in listener.versions.items)
    assert listener.version(table.code, reads) is None


@on_postgresql
def test_truncate_drops_every_table_from_the_map(listener: Listener, table: Table) -> None:
    listener.version(table.code, Reads())
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {Table._meta.db_table} CASCADE")
    eventually(lambda: len(listener.versions) == 0)


@on_postgresql
def test_a_reconnect_empties_the_map(listener: Listener, table: Table) -> None:
    """Notifications sent while the connection was down are lost: after it is back, tables are read again."""
    reads = Reads()
    listener.version(table.code, reads)
    assert listener.conn is not None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [listener.conn.info.backend_pid])
    eventually(lambda: listener.connects == 2 and listener.listening)
    assert len(listener.versions) == 0
    assert listener.version(table.code, reads) == 0 and reads.count == 2


@on_postgresql
def test_the_trigger_notifies_on_commit_only(table: Table) -> None:
    other = services.create_table("rickety-kate", PLAYERS, {})
    heard = psycopg.Connection.connect(**tableversions.connection_params())
    try:
        heard.execute(f"LISTEN {tableversions.CHANNEL}")
        with pytest.raises(RuntimeError), transaction.atomic():
            services.append(table, [hand(Ana=13)])
            raise RuntimeError("rolled back")
        services.append(other, [hand(Ana=13)])
        first = next(note.payload for note in heard.notifies(timeout=10) if note.payload.startswith("set "))
    finally:
        heard.close()
    assert first == f"set {other.code} 1"


@on_postgresql
def test_a_listener_acknowledges_an_ask_once_it_has_applied_what_came_before(listener: Listener, table: Table) -> None:
    listener.version(table.code, Reads())
    asker = psycopg.Connection.connect(**tableversions.connection_params())
    try:
        asker.execute(f"LISTEN {tableversions.CHANNEL}")
        Table.objects.filter(pk=table.pk).update(version=1)  # committed first: its "set" comes before the ask
        asker.execute("SELECT pg_notify(%s, %s)", [tableversions.CHANNEL, f"ask {table.code} 1"])
        ack = next(note for note in asker.notifies(timeout=10) if note.pid == listener.pid)
        held = listener.versions.items[table.code]
    finally:
        asker.close()
    assert ack.payload == f"ack {table.code} 1" and held == 1


@pytest.fixture
def second(transactional_db: None) -> Iterator[Listener]:
    """Another listener, as another process would have: it acknowledges what it hears."""
    started = Listener(tableversions._connector()).start()
    eventually(lambda: started.listening)
    yield started
    started.stop()


@on_postgresql
def test_a_write_is_answered_once_every_other_listener_has_it(
    listener: Listener, second: Listener, table: Table
) -> None:
    second.version(table.code, Reads())
    Table.objects.filter(pk=table.pk).update(version=1)
    assert listener.committed(table.code, 1, tableversions.peers)
    assert second.versions.items[table.code] == 1  # in its map before the write's answer, without a poll there


@on_postgresql
def test_a_process_that_starts_listening_at_its_first_write_still_waits_for_the_others(
    second: Listener, table: Table
) -> None:
    second.version(table.code, Reads())
    Table.objects.filter(pk=table.pk).update(version=1)
    writer = Listener(tableversions._connector()).start()  # as a worker whose first request is this write
    try:
        assert writer.committed(table.code, 1, tableversions.peers)
        assert second.versions.items[table.code] == 1
    finally:
        writer.stop()


@on_postgresql
def test_a_listener_that_does_not_acknowledge_is_waited_for_once(listener: Listener, table: Table) -> None:
    mute = psycopg.Connection.connect(**tableversions.connection_params(tableversions.APPLICATION_NAME))
    try:
        Table.objects.filter(pk=table.pk).update(version=1)
        start = time.monotonic()
        assert not listener.committed(table.code, 1, tableversions.peers, seconds=0.3)
        assert time.monotonic() - start >= 0.3 and mute.info.backend_pid in listener.silent
        Table.objects.filter(pk=table.pk).update(version=2)
        assert listener.committed(table.code, 2, tableversions.peers, seconds=0.3)
    finally:
        mute.close()


def test_a_write_in_a_process_that_cannot_listen_waits_for_no_one() -> None:
    def refused() -> psycopg.Connection[Any]:
        raise psycopg.OperationalError("connection refused")

    listener = Listener(refused).start()
    try:
        start = time.monotonic()
        assert not listener.committed("abc", 1, lambda: {1, 2, 3})
        assert not listener.committed("abc", 2, lambda: {1, 2, 3})
        assert time.monotonic() - start < 0.5
    finally:
        listener.stop()


def test_the_trigger_notifies_on_the_channel_the_listener_listens_to() -> None:
    migration = importlib.import_module("companion.migrations.0012_table_version_notify")
    assert f"pg_notify('{tableversions.CHANNEL}'" in migration.CREATE


# -- the poll ---------------------------------------------------------------------------------------------------


def live(client: Client, table: Table, etag: int) -> Any:
    return client.get(f"/t/{table.code}/live/", HTTP_IF_NONE_MATCH=f'"{etag}"')


def process_listener() -> Listener:
    """This process's listener (the views' one), started and listening."""
    found = eventually(tableversions.listener)
    eventually(lambda: found.listening)
    return found


@on_postgresql
def test_the_unchanged_poll_answers_304_without_a_query(table: Table) -> None:
    client = Client()
    process_listener()
    assert live(client, table, 0).status_code == 304  # the first poll reads the table's version
    with CaptureQueriesContext(connection) as queries:
        response = live(client, table, 0)
    assert response.status_code == 304 and response["ETag"] == '"0"'
    assert len(queries) == 0


def test_a_write_tells_this_process_when_it_commits_and_only_then(
    monkeypatch: pytest.MonkeyPatch, table: Table
) -> None:
    told: list[tuple[str, int]] = []
    monkeypatch.setattr(tableversions, "committed", lambda code, version: told.append((code, version)))
    with pytest.raises(RuntimeError), transaction.atomic():
        services.append(table, [hand(Ana=13)])
        raise RuntimeError("rolled back")
    assert told == []
    services.append(table, [hand(Ana=13)])
    assert told == [(table.code, 1)]


@on_postgresql
def test_a_process_answers_its_own_write_at_once(table: Table) -> None:
    """No waiting for the notification: services._bump tells this process's map when the write commits."""
    client = Client()
    process_listener()
    live(client, table, 0)
    services.append(table, [hand(Ana=13)])
    response = live(client, table, 0)
    assert response.status_code == 200 and response["ETag"] == '"1"'


@on_postgresql
def test_with_listen_off_every_poll_reads_the_database(settings: Any, table: Table) -> None:
    settings.KIBITZ_LISTEN = False
    client = Client()
    live(client, table, 0)
    with CaptureQueriesContext(connection) as queries:
        assert live(client, table, 0).status_code == 304
    assert len(queries) == 1 and tableversions.listener() is None


@pytest.mark.skipif(settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3", reason="SQLite's")
def test_on_sqlite_every_poll_reads_the_database(table: Table) -> None:
    client = Client()
    live(client, table, 0)
    with CaptureQueriesContext(connection) as queries:
        assert live(client, table, 0).status_code == 304
    assert len(queries) == 1 and tableversions.listener() is None


def test_a_poll_inside_a_transaction_reads_the_database(db: None) -> None:
    """The tests' `db` fixture holds every test in a transaction: its writes notify no one, so the map is not
    used (on SQLite there is none)."""
    table = services.create_table("rickety-kate", PLAYERS, {})
    assert tableversions.listener() is None
    assert services.version_of(table.code) == 0
    services.append(table, [hand(Ana=13)])
    assert services.version_of(table.code) == 1
