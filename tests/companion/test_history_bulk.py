"""The first history visit with no stored summaries (issue 19, section 7): the logs of every table missing one are
read in bulk, so its query count does not grow with the tables; what it derives equals what each table's own
replay gives, a stale stored summary is replaced, and two requests deriving at once both succeed."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion import history, services, snapshots
from companion.models import Event, Group, Table, TableSummary
from tests.companion.history_golden import OPTIONS, build, hand
from tests.companion.test_history_every_game import GOLDEN as EVERY_GAME

THREE = ["Ana", "Ben", "Cleo"]


def forget() -> None:
    """A new process after an upgrade: no summary held or stored, no snapshot held."""
    history.SUMMARIES.clear()
    services.SNAPSHOTS.clear()
    TableSummary.objects.all().delete()


def group_of(count: int) -> Group:
    """`count` tables of one group: finished ones, one in play, one never played."""
    group = Group.objects.create(name=f"{count} tables")
    for n in range(count):
        table = services.create_table("rickety-kate", THREE, OPTIONS, group=group, title=f"X{n}")
        if n % 3 == 0:
            services.append(table, [hand("Cleo", Ana=5, Ben=4, Cleo=4), hand("Ana", Ana=4, Ben=9, Cleo=0)])
        elif n % 3 == 1:
            services.append(table, [hand("Ben", Ana=3, Ben=5, Cleo=5)])
    return group


def one_by_one(tables: Iterable[Table]) -> dict[int, history.Summary]:
    """Each table's summary from its own replay, as the table page works it out."""
    services.SNAPSHOTS.clear()
    return {t.pk: history.derive(services.snapshot(Table.objects.get(pk=t.pk))) for t in tables}


def first_visit(client: Client, url: str) -> int:
    forget()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def phone_in(group: Group) -> Client:
    client = Client()
    client.get(f"/g/{group.token}/")
    return client


@pytest.mark.parametrize("url", ["/history/", "/history/player/Ana/", "/"])
def test_the_first_visit_costs_as_many_queries_for_12_tables_as_for_3(db: None, url: str) -> None:
    few, many = phone_in(group_of(3)), phone_in(group_of(12))
    counts = (first_visit(few, url), first_visit(many, url))
    assert counts[0] == counts[1], counts
    assert counts[1] <= 15, counts  # the page's own queries, one read of stored rows, three of the logs, one write
    assert TableSummary.objects.count() == 12


def test_the_summaries_of_many_tables_cost_a_constant_number_of_queries(db: None) -> None:
    """history.summaries itself, given plain rows (Refs): the tables, their logs, their seats, one write."""
    for count in (3, 12):
        refs = history.refs(group_of(count).tables.all())
        forget()
        with CaptureQueriesContext(connection) as queries:
            history.summaries(refs)
        sql = [q["sql"] for q in queries if "set_config" not in q["sql"]]  # PostgreSQL's no-waiting write
        reads = [s for s in sql if s.upper().startswith("SELECT")]
        assert len(reads) == 4, sql  # stored rows, tables, versions with events, seats
        assert len([s for s in sql if s.upper().startswith("INSERT")]) == 1, sql


def test_a_larger_group_is_read_bulk_tables_at_a_time(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past snapshots.BULK tables, each further BULK costs two statements more (their events, their seats), so
    the rows held at once and the SQL parameters stay bounded; the summaries are the same."""
    monkeypatch.setattr(snapshots, "BULK", 4)
    group = group_of(12)
    refs = history.refs(group.tables.all())
    counts = []
    for upto in (4, 8, 12):
        forget()
        with CaptureQueriesContext(connection) as queries:
            found = history.summaries(refs[:upto])
        counts.append(len(queries))
    assert counts[1] - counts[0] == counts[2] - counts[1] == 2, counts
    assert found == one_by_one(group.tables.all())


def test_the_bulk_summaries_equal_the_ones_derived_one_by_one(db: None) -> None:
    """The golden group, a log that stops replaying, a game no longer registered, options no longer valid and
    every game's golden tables: derived together, each summary is the one its own replay gives."""
    tables = list(build().values())
    group = tables[0].group
    for data in EVERY_GAME.values():
        for file in data:
            tables.append(services.import_table(file, group=group))
    broken = services.create_table("rickety-kate", THREE, OPTIONS, group=group)
    Event.objects.create(table=broken, seq=1, payload=hand("Ana", Ana=99), changed=1)
    Table.objects.filter(pk=broken.pk).update(version=1)
    gone = services.create_table("rickety-kate", THREE, OPTIONS, group=group)
    Table.objects.filter(pk=gone.pk).update(game="no-such-game")
    invalid = services.create_table("rickety-kate", THREE, OPTIONS, group=group)
    Table.objects.filter(pk=invalid.pk).update(options={"end_score": "many"})
    forget()
    together = history.summaries(history.refs(group.tables.all()))
    assert together[broken.pk].broken_at == 1
    assert together[gone.pk] == together[invalid.pk] == history.EMPTY
    played = [t for t in group.tables.all() if t.pk not in (gone.pk, invalid.pk)]
    assert {pk: s for pk, s in together.items() if pk not in (gone.pk, invalid.pk)} == one_by_one(played)
    stored = {row.table_id: history.Summary.from_json(row.data) for row in TableSummary.objects.all()}
    assert stored == {t.pk: together[t.pk] for t in played}  # nothing stored for the tables with no snapshot


def test_a_table_a_process_holds_at_an_older_version_reads_only_its_changed_rows(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that served a table before another worker wrote to it catches up from the rows changed since,
    in the same statement as the tables it holds nothing of."""
    group = group_of(3)
    moved = group.tables.get(title="X1")
    old = services.snapshot(moved)
    services.append(moved, [hand("Ana", Ana=13)])
    services.undo(moved)
    services.append(moved, [hand("Ben", Ben=13)])
    forget()
    services.SNAPSHOTS.put(old)
    read: list[dict[int, int]] = []
    original = snapshots._read_many

    def spy(since: dict[int, int]) -> Any:
        read.append(dict(since))
        return original(since)

    monkeypatch.setattr(snapshots, "_read_many", spy)
    together = history.summaries(list(group.tables.all()))
    assert len(read) == 1 and read[0][moved.pk] == old.version and set(read[0].values()) == {-1, old.version}
    assert together == one_by_one(group.tables.all())
    assert together[moved.pk].totals == (3, 44, 5)  # Ana's hand was undone: it counts nothing


def test_a_stale_summary_is_replaced(db: None) -> None:
    """A stored summary at another version, or derived by other game code, is derived again and overwritten
    in place: one row per table, at the table's version and the current rules."""
    tables = build()
    history.summaries(list(Table.objects.all()))
    t1, t4 = tables["T1"], tables["T4"]
    TableSummary.objects.filter(table=t1).update(rules="old-code", data={"totals": "wrong"})
    TableSummary.objects.filter(table=t4).update(version=0, data={"totals": "wrong"})
    history.SUMMARIES.clear()
    services.SNAPSHOTS.clear()
    found = history.summaries([*Table.objects.all(), t1])  # a table given twice is derived and stored once
    assert TableSummary.objects.count() == 4
    for table in (t1, t4):
        row = TableSummary.objects.get(table=table)
        version = Table.objects.get(pk=table.pk).version
        assert (row.version, row.format, row.rules) == (version, history.FORMAT, history.RULES)
        assert history.Summary.from_json(row.data) == found[table.pk]
    assert found == one_by_one(Table.objects.all())


def test_two_requests_deriving_the_same_tables_at_once_both_succeed(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another request stores the summaries after this one found none stored and before it stores its own: the
    write replaces those rows, it does not fail, and every row is whole."""
    tables = build()
    original = snapshots.each_snapshot
    interleaved: list[bool] = []

    def meanwhile(given: Iterable[Table]) -> Iterator[tuple[Table, snapshots.Snapshot | None]]:
        if not interleaved:
            interleaved.append(True)
            history.SUMMARIES.clear()
            history.summaries(list(Table.objects.all()))  # the other request, to its end
            history.SUMMARIES.clear()
        return original(given)

    monkeypatch.setattr(snapshots, "each_snapshot", meanwhile)
    forget()
    found = history.summaries(list(Table.objects.all()))
    assert interleaved and TableSummary.objects.count() == 4
    for row in TableSummary.objects.all():
        assert history.Summary.from_json(row.data) == found[row.table_id]
        assert row.version == Table.objects.get(pk=row.table_id).version
    assert found[tables["T1"].pk].totals == (15, 5, 9, 23)


def test_a_summary_is_stored_as_dataclasses_would_give_it(db: None) -> None:
    """Summary.as_json skips asdict's deep copy, not a field or a value: for every game's golden tables it is
    what asdict gives, and it reads back as the same summary."""
    group = Group.objects.create()
    tables = [services.import_table(file, group=group) for data in EVERY_GAME.values() for file in data]
    for summary in one_by_one(tables).values():
        assert summary.as_json() == dataclasses.asdict(summary)
        assert history.Summary.from_json(json.loads(json.dumps(summary.as_json()))) == summary
