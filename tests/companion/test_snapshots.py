"""Snapshots: a process with an older snapshot reads only the changed rows; a write replays only the tail."""

from __future__ import annotations

import zlib
from typing import Any

import pytest

from companion import checkpoints, services, snapshots
from companion.fingerprint import RULES
from companion.models import Event, Table, TableCheckpoint
from games import registry
from tests.companion.conftest import PLAYERS, hand

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

    def spy(pk: int, since: int) -> snapshots.Rows:
        rows = original(pk, since)
        counts.append(len(rows.entries))
        return rows

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


# -- a cold process starts from the table's stored checkpoint ---------------------------------------------------

COVERED = 150  # the live events of `long_table`'s checkpoint (more than STORE_AFTER)


def penalty(i: int) -> dict[str, Any]:
    """The log entry `i` of a long table: a hand, then penalties of each player in turn (its game goes on)."""
    return hand(Ana=13) if i == 1 else {"type": "penalty", "player": PLAYERS[i % 4], "points": 1}


def replayed(table: Table) -> snapshots.Snapshot:
    """The table replayed from its whole log, whatever checkpoint is stored: what every snapshot must equal."""
    fresh = Table.objects.get(pk=table.pk)
    rows = snapshots._read(fresh.pk, -1)
    fresh.version, fresh.redo_floor = rows.version, rows.redo_floor
    return snapshots.derive(fresh, registry.get(fresh.game), snapshots.seat_names(fresh), tuple(rows.entries))


def cold(table: Table) -> snapshots.Snapshot:
    """The table as a process that holds no snapshot of it loads it (after a restart, say)."""
    services.SNAPSHOTS.clear()
    return services.snapshot(Table.objects.get(pk=table.pk))


def equal(a: snapshots.Snapshot, b: snapshots.Snapshot) -> None:
    same(a, b)
    assert (a.prompt, a.broken, a.live) == (b.prompt, b.broken, b.live)


@pytest.fixture
def folded(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many events each resume() of Rickety Kate folded."""
    counts: list[int] = []
    game = type(registry.get("rickety-kate"))
    original = game.resume
    monkeypatch.setattr(
        game, "resume", lambda self, s, events, start: counts.append(len(events)) or original(self, s, events, start)
    )
    return counts


@pytest.fixture
def long_table(table: Table, django_capture_on_commit_callbacks: Any) -> Table:
    """A table of COVERED penalties whose state is stored as its checkpoint, by the cold load that replayed them."""
    Event.objects.bulk_create(Event(table=table, seq=i, payload=penalty(i), changed=1) for i in range(1, COVERED + 1))
    Table.objects.filter(pk=table.pk).update(version=1)
    with django_capture_on_commit_callbacks(execute=True):
        cold(table)
    return Table.objects.get(pk=table.pk)


def test_a_cold_load_that_replayed_many_events_stores_their_state(long_table: Table) -> None:
    stored = TableCheckpoint.objects.get(table=long_table)
    assert (stored.version, stored.events, stored.seq) == (1, COVERED, COVERED)
    assert (stored.format, stored.rules) == (checkpoints.FORMAT, RULES)


def test_a_cold_load_replays_only_the_events_after_the_checkpoint(long_table: Table, folded: list[int]) -> None:
    services.append(long_table, [penalty(0), penalty(1)])  # its commit stores nothing: 2 past the checkpoint
    folded.clear()
    snap = cold(long_table)
    assert folded == [2]
    assert isinstance(snap.events, snapshots.LazyEvents)
    equal(snap, replayed(long_table))
    assert snap.standings.totals == replayed(long_table).standings.totals != dict.fromkeys(PLAYERS, 0)
    assert snap.state.totals == replayed(long_table).state.totals


def test_a_cold_load_of_a_short_log_stores_nothing(table: Table, django_capture_on_commit_callbacks: Any) -> None:
    services.append(table, [penalty(i) for i in range(1, snapshots.STORE_AFTER)])
    with django_capture_on_commit_callbacks(execute=True):
        cold(table)
    assert not TableCheckpoint.objects.exists()


def test_a_write_stores_a_checkpoint_once_the_log_grew_past_the_stored_one(
    table: Table, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):  # each write's callbacks run as it commits
        services.append(table, [penalty(i) for i in range(1, snapshots.STORE_AFTER)])
    assert not TableCheckpoint.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.append(table, [penalty(0)])
    stored = TableCheckpoint.objects.get(table=table)
    assert (stored.version, stored.events) == (2, snapshots.STORE_AFTER)
    with django_capture_on_commit_callbacks(execute=True):
        services.append(table, [penalty(2)])  # not on every write
    assert TableCheckpoint.objects.get(table=table).version == 2
    snap = cold(table)
    assert isinstance(snap.events, snapshots.LazyEvents)
    equal(snap, replayed(table))


def test_a_checkpoint_that_fails_to_store_fails_no_write(
    table: Table, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    def fail(*args: Any) -> bool:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(checkpoints, "save", fail)
    with django_capture_on_commit_callbacks(execute=True):
        after = services.append(table, [penalty(i) for i in range(1, snapshots.STORE_AFTER + 1)])
    assert len(after.live) == Event.objects.filter(table=table).count() == snapshots.STORE_AFTER
    assert not TableCheckpoint.objects.exists()


@pytest.mark.parametrize("field", ["rules", "format"])
def test_a_checkpoint_of_other_code_or_format_is_ignored(long_table: Table, folded: list[int], field: str) -> None:
    TableCheckpoint.objects.filter(table=long_table).update(**{field: "old-code" if field == "rules" else 0})
    folded.clear()
    snap = cold(long_table)
    assert sum(folded) == COVERED and not isinstance(snap.events, snapshots.LazyEvents)
    equal(snap, replayed(long_table))


def test_a_checkpoint_is_ignored_once_an_event_it_covers_is_undone(long_table: Table, folded: list[int]) -> None:
    services.undo(long_table)  # its commit would store a new one: here it stays as it was
    folded.clear()
    snap = cold(long_table)
    assert sum(folded) == COVERED - 1
    equal(snap, replayed(long_table))


def test_a_checkpoint_holds_again_once_the_undone_event_is_redone(long_table: Table, folded: list[int]) -> None:
    services.undo(long_table)
    services.redo(long_table)
    folded.clear()
    snap = cold(long_table)
    assert folded == []
    equal(snap, replayed(long_table))


def test_a_checkpoint_is_ignored_once_an_event_it_covers_is_corrected(long_table: Table, folded: list[int]) -> None:
    services.correct(long_table, 10, {"type": "penalty", "player": "Ana", "points": 9})
    folded.clear()
    snap = cold(long_table)
    assert sum(folded) == COVERED
    equal(snap, replayed(long_table))
    assert snap.standings.totals["Ana"] == replayed(long_table).standings.totals["Ana"]


def test_a_row_edited_by_hand_breaks_the_log_where_it_would_without_a_checkpoint(long_table: Table) -> None:
    Event.objects.filter(table=long_table, seq=20).update(payload={"type": "penalty", "player": "Eve", "points": 1})
    snap = cold(long_table)
    assert snap.broken is not None and (snap.broken.index, snap.broken.seq) == (19, 20)
    assert len(snap.events) == 19
    equal(snap, replayed(long_table))


def tamper(table: Table, how: str) -> None:
    rows = TableCheckpoint.objects.filter(table=table)
    stored = rows.get()
    if how == "state":
        blob = bytearray(stored.state)
        blob[len(blob) // 2] ^= 1
        rows.update(state=bytes(blob))
    elif how == "count":  # as if it covered one event less: it would then replay the last one again
        rows.update(events=COVERED - 1, seq=COVERED - 1, digest=snapshots._read(table.pk, -1).digest(COVERED - 1))
    elif how == "signature":
        rows.update(signature="0" * 64)
    elif how == "signed, yet no state":  # as a signed row from a build whose states pickle otherwise
        blob = zlib.compress(b"not a pickle")
        signature = checkpoints._signature(
            table, PLAYERS, stored.version, stored.events, stored.seq, stored.digest, blob
        )
        rows.update(state=blob, signature=signature)
    elif how == "another table's":  # the same log at another table: the same digest, another table
        other = services.create_table("rickety-kate", PLAYERS, {"moon": "new"})
        Event.objects.bulk_create(Event(table=other, seq=e.seq, payload=e.payload) for e in table.events.all())
        theirs = snapshots.derive(other, registry.get("rickety-kate"), tuple(PLAYERS), replayed(table).log)
        checkpoints.save(other, PLAYERS, 0, COVERED, COVERED, stored.digest, theirs.state)
        rows.update(signature=TableCheckpoint.objects.get(table=other).signature)


@pytest.mark.parametrize("how", ["state", "count", "signature", "signed, yet no state", "another table's"])
def test_a_tampered_checkpoint_is_ignored(long_table: Table, folded: list[int], how: str) -> None:
    tamper(long_table, how)
    folded.clear()
    snap = cold(long_table)
    assert sum(folded) == COVERED
    equal(snap, replayed(long_table))


def test_a_checkpoint_too_large_to_read_is_ignored(
    long_table: Table, folded: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoints, "MAX_STORED", 64)
    folded.clear()
    cold(long_table)
    assert sum(folded) == COVERED


def test_the_events_a_checkpoint_covers_are_parsed_only_when_read(
    long_table: Table, monkeypatch: pytest.MonkeyPatch, client: Any
) -> None:
    parsed: list[int] = []
    game = type(registry.get("rickety-kate"))
    original = registry.get("rickety-kate").parse
    monkeypatch.setattr(game, "parse", lambda self, raw: parsed.append(1) or original(raw))
    snap = cold(long_table)
    assert parsed == []
    whole = replayed(long_table)
    parsed.clear()
    assert (snap.events[-1], snap.events[5], snap.events[5]) == (whole.events[-1], whole.events[5], whole.events[5])
    assert len(parsed) == 2  # each once
    assert snap.events[140:] == whole.events[140:] and tuple(snap.events) == whole.events
    with pytest.raises(IndexError):
        snap.events[COVERED]
    services.SNAPSHOTS.clear()
    parsed.clear()
    assert client.get(f"/t/{long_table.code}/").status_code == 200
    assert 0 < len(parsed) < COVERED // 2  # the page reads its log lines, not every event


def test_a_correction_form_of_a_covered_entry_comes_from_the_same_state(long_table: Table) -> None:
    snap, whole = cold(long_table), replayed(long_table)
    for seq in (10, COVERED):
        before, expected = services.as_of(snap, seq), services.as_of(whole, seq)
        assert (before.state, before.standings, tuple(before.events)) == (
            expected.state,
            expected.standings,
            expected.events,
        )


def test_writes_after_a_cold_load_go_on_from_the_checkpoint(
    long_table: Table, folded: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    cold(long_table)
    folded.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.append(long_table, [penalty(3)])
    assert folded == [1]  # from the checkpoint's state itself
    folded.clear()
    with django_capture_on_commit_callbacks(execute=True):
        after = services.undo(long_table)
    assert folded == []  # back to the checkpoint's state
    equal(after, replayed(long_table))
    cold(long_table)
    folded.clear()
    after = services.undo(long_table)  # the last covered event: replayed from the start
    assert sum(folded) == COVERED - 1
    equal(after, replayed(long_table))


def test_a_long_log_stores_a_checkpoint_after_a_share_of_it(
    long_table: Table, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    """Storing a long table's state costs more: a new checkpoint waits for a tenth of the log (16 of 166 here)."""
    monkeypatch.setattr(snapshots, "STORE_AFTER", 5)
    for i in range(1, 16):
        with django_capture_on_commit_callbacks(execute=True):
            services.append(long_table, [penalty(i)])
    assert TableCheckpoint.objects.get(table=long_table).events == COVERED
    with django_capture_on_commit_callbacks(execute=True):
        services.append(long_table, [penalty(16)])
    assert TableCheckpoint.objects.get(table=long_table).events == COVERED + 16
