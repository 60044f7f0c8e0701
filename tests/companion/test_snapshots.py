"""Snapshots: a process with an older snapshot reads only the changed rows; a write replays only the tail."""

from __future__ import annotations

from typing import Any

import pytest

from companion import services, snapshots
from companion.models import Event, Table
from tests.companion.conftest import hand

PENALTY = {"type": "penalty", "player": "Ben", "points": 1}


def same(a: snapshots.Snapshot, b: snapshots.Snapshot) -> None:
    assert (a.version, a.log, a.events, a.state, a.standings) == (b.version, b.log, b.events, b.state, b.standings)


def full(table: Table) -> snapshots.Snapshot:
    return snapshots.load(Table.objects.get(pk=table.pk), None)


@pytest.fixture
def rows_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many event rows each read of the log returned."""
    counts: list[int] = []
    original = snapshots._read

    def spy(pk: int, since: int) -> Any:
        version, floor, rows = original(pk, since)
        counts.append(len(rows))
        return version, floor, rows

    monkeypatch.setattr(snapshots, "_read", spy)
    return counts


def test_another_process_catches_up_from_the_changed_rows(table: Table, rows_read: list[int]) -> None:
    services.append(table, [hand(Ana=13)] * 3)
    old = services.snapshot(Table.objects.get(pk=table.pk))
    services.append(table, [hand(Ben=13)])  # written by "another worker": this process keeps `old`
    services.undo(table)
    services.undo(table)
    services.SNAPSHOTS.clear()
    services.SNAPSHOTS.put(old)
    rows_read.clear()
    caught_up = services.snapshot(Table.objects.get(pk=table.pk))
    assert rows_read == [2]  # the new hand and the one undone after it, not the whole log
    same(caught_up, full(table))
    assert [e.retracted for e in caught_up.log] == [False, False, True, True]


def test_a_write_replays_from_the_last_checkpoint(
    table: Table, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    Event.objects.bulk_create(Event(table=table, seq=i, payload=PENALTY) for i in range(1, 601))
    table.refresh_from_db()
    before = services.snapshot(table)
    assert [n for n, _ in before.checkpoints] == [0, 250, 500]
    folded: list[int] = []
    game = type(before.game)
    original = game.resume
    monkeypatch.setattr(
        game, "resume", lambda self, s, events, start: folded.append(len(events)) or original(self, s, events, start)
    )
    with django_capture_on_commit_callbacks(execute=True):  # the write caches its snapshot, as on commit
        services.append(table, [PENALTY])
    assert folded == [1]  # an append goes on from the state before it
    folded.clear()
    after = services.undo(table)
    assert sum(folded) == 100  # from the checkpoint at 500, not from the start
    same(after, full(table))


def test_a_snapshot_keeps_its_version_when_the_table_moves_on(table: Table) -> None:
    snap = services.snapshot(table)
    services.append(table, [hand(Ana=13)])
    assert snap.version == 0 and services.snapshot(table).version == 1


def test_the_cache_never_goes_back_to_an_older_version(table: Table) -> None:
    old = services.snapshot(table)
    services.append(table, [hand(Ana=13)])
    new = services.snapshot(Table.objects.get(pk=table.pk))
    services.SNAPSHOTS.put(old)
    assert services.SNAPSHOTS.newest(table) is new
