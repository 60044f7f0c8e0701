"""A table's derived state (a Snapshot), built from its event log and kept per process by version.

Nothing here is a second truth: every snapshot can be rebuilt from the log. What keeps a long table fast:
- one SQL statement reads the table's version with its events, so a snapshot always matches its version;
- a process that holds an older snapshot of the table reads only the rows changed since (Event.changed);
- the replay keeps a state every CHECKPOINT live events, so a change near the end of the log replays only
  what follows the last checkpoint before it (games offer resume() for that);
- a process that holds no snapshot of the table starts from the table's stored checkpoint when it still holds
  (companion/checkpoints.py): it replays only the later events, and parses the ones before only when a page
  reads them (LazyEvents). A new checkpoint is stored once the live events grew past it by STORE_AFTER (or a
  STORE_SHARE of the log, when more), after a write commits or by a cold load that had to replay them.
"""

from __future__ import annotations

import bisect
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, overload

from django.db import connection, transaction
from django.utils.dateparse import parse_datetime

from games import registry
from games.base import Game, InvalidEvent, InvalidOptions, Prompt, Standings
from games.text import Text

from . import checkpoints
from .models import Event, Player, Seat, Table

CHECKPOINT = 250  # live events between kept states: a change replays at most this many plus what it adds
# Live events past the stored checkpoint that make a new one worth storing: what a cold load replays at most. A
# share of the log on a long table, where storing its state costs more (110 ms at 5,000 Rickety Kate events).
STORE_AFTER = 100
STORE_SHARE = 10  # a tenth
CACHED_EVENTS = 50_000  # the events all cached snapshots may hold together, so memory stays bounded per process
BULK = 100  # tables `each_snapshot` reads per statement: bounds the logs held at once and the SQL parameters


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One stored event as the pages need it (lighter than a model instance)."""

    seq: int
    payload: Mapping[str, Any]
    retracted: bool
    undone_at: int | None = None  # the table version its undo made
    # When it was written, as the database hands it back (a datetime, or its text on SQLite): read into a number
    # only by the pages that ask (`at`), so replaying a long log pays nothing for it. Not part of an entry's
    # identity: a write's own snapshot carries the time it took, a microsecond before the row's.
    written: Any = field(default=None, compare=False)

    @property
    def at(self) -> float | None:
        """When it was written, in seconds since the epoch (a table's playing time); None when unknown."""
        return epoch(self.written)


@dataclass(frozen=True)
class Break:
    """Where a stored log stops replaying (after an upgrade changed a rule, or a row edited by hand)."""

    index: int  # among the live events
    seq: int  # the log entry
    message: str | Text  # why, in the reader's language on the page (i18n.tr)


@dataclass(frozen=True)
class Snapshot:
    """A table as every page shows it: derived from the log, never stored."""

    table: Table
    game: Game
    players: tuple[str, ...]
    options: Any
    log: tuple[LogEntry, ...]  # everything, undone events included
    live: tuple[LogEntry, ...]
    events: Sequence[Any]  # the live events, parsed (a tuple, or LazyEvents after a stored checkpoint)
    state: Any
    standings: Standings
    prompt: Prompt
    version: int = 0  # the table version this snapshot shows (the table instance may move on)
    redo_floor: int = 0
    checkpoints: tuple[tuple[int, Any], ...] = ()  # (live events folded, state), oldest first
    broken: Break | None = None  # where the log stops replaying; `events` and `state` stop just before it
    stored: int = 0  # the live events the table's stored checkpoint covers, as far as this process knows
    # Answers derived once per version and shared by every copy of this snapshot (the referee's, say).
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def can_undo(self) -> bool:
        return bool(self.live)

    @property
    def can_redo(self) -> bool:
        return self.redoable() is not None

    def redoable(self) -> LogEntry | None:
        """The event Redo would restore: the latest undone since anything was last recorded."""
        floor = self.redo_floor
        undone = [e for e in self.log if e.retracted and e.undone_at is not None and e.undone_at > floor]
        return max(undone, key=lambda e: e.undone_at or 0, default=None)


def derive(
    table: Table,
    game: Game,
    players: tuple[str, ...],
    log: tuple[LogEntry, ...],
    previous: Snapshot | None = None,
    *,
    version: int | None = None,
    redo_floor: int | None = None,
    start: Start | None = None,
) -> Snapshot:
    """The snapshot of `log`, replaying only what differs from `previous` (a snapshot of the same table), or
    what follows `start` (a stored checkpoint's state, its events known to be the log's first live ones).
    `version` and `redo_floor` default to the table's (a write passes the ones it is about to store).

    A log that stops replaying still gives a snapshot: the state just before the first bad event, and `broken`
    saying which one and why, so the table opens and can be undone."""
    live = tuple(e for e in log if not e.retracted)
    if start is None:
        start = _start(game, players, table, previous, live)
    parsed, broken = _parse(game, live, len(start.events))
    events = _joined(start.events, parsed)
    checkpoints, done, state = start.checkpoints, start.done, start.state
    while done < len(events):
        upto = min(len(events), (done // CHECKPOINT + 1) * CHECKPOINT)
        try:
            state = game.resume(state, events[done:upto], done)
        except InvalidEvent as exc:
            bad = exc.index if exc.index is not None else done
            state = game.resume(state, events[done:bad], done)  # everything before the bad one replays
            events, broken = _head(events, bad), Break(bad, live[bad].seq, exc.message)
            break
        done = upto
        if done % CHECKPOINT == 0:
            checkpoints = (*checkpoints, (done, state))
    return Snapshot(
        table,
        game,
        players,
        start.options,
        log,
        live,
        events,
        state,
        game.standings(state),
        game.prompt(state),
        table.version if version is None else version,
        table.redo_floor if redo_floor is None else redo_floor,
        checkpoints,
        broken,
        min(start.stored, len(events)),
    )


@dataclass(frozen=True)
class Start:
    """Where a replay goes on from: the log's first live events (`events`, parsed, maybe lazily), and the state
    after the first `done` of them, with the kept states (checkpoints) up to there."""

    options: Any
    events: Sequence[Any]
    checkpoints: tuple[tuple[int, Any], ...]
    done: int
    state: Any
    stored: int  # the live events the stored checkpoint covers (0: none known)


def _common_prefix(old: Sequence[LogEntry], new: Sequence[LogEntry]) -> int:
    same, end = 0, min(len(old), len(new))
    while same < end and old[same].seq == new[same].seq:
        same += 1
    return same


def _parse(game: Game, live: Sequence[LogEntry], start: int) -> tuple[tuple[Any, ...], Break | None]:
    """The live events from `start` on, parsed, up to the first that cannot be read."""
    parsed = []
    for index in range(start, len(live)):
        try:
            parsed.append(game.parse(live[index].payload))
        except InvalidEvent as exc:
            return tuple(parsed), Break(index, live[index].seq, exc.message)
    return tuple(parsed), None


def _start(
    game: Game, players: tuple[str, ...], table: Table, previous: Snapshot | None, live: tuple[LogEntry, ...]
) -> Start:
    """Where `live` goes on from `previous`: the events they share, with the checkpoints still valid for them,
    and the previous state itself when it covers exactly those events (an append), else the last of those
    checkpoints. Without a previous snapshot, from the start."""
    if previous is None:
        options = game.options(table.options, players)
        initial = game.replay(players, options, ())
        return Start(options, (), ((0, initial),), 0, initial, 0)
    same = min(_common_prefix(previous.live, live), len(previous.events))
    events = _head(previous.events, same)
    stored = previous.stored if previous.stored <= same else 0  # a change to an event it covers voids it
    kept = tuple(c for c in previous.checkpoints if c[0] <= same)
    if not kept:
        kept = ((0, game.replay(players, previous.options, ())),)
    if same == len(previous.events):
        return Start(previous.options, events, kept, same, previous.state, stored)
    return Start(previous.options, events, kept, kept[-1][0], kept[-1][1], stored)


_UNREAD: Any = object()


class LazyEvents(Sequence[Any]):
    """The live events, each parsed when first read: the replay needs none of those a stored checkpoint covers,
    and a page reads only a few (its log lines). Each of those parsed when the checkpoint was made, by the same
    games' code from the same stored text (its digest says so), so parsing it again gives the same event."""

    __slots__ = ("_game", "_items", "_payloads")

    def __init__(self, game: Game, payloads: Sequence[Mapping[str, Any]], items: list[Any] | None = None) -> None:
        self._game = game
        self._payloads = payloads  # of the first events: those after them come parsed (`then`)
        self._items = items if items is not None else [_UNREAD] * len(payloads)

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return tuple(self._event(i) for i in range(*index.indices(len(self._items))))
        at = index + len(self._items) if index < 0 else index
        if not 0 <= at < len(self._items):
            raise IndexError("event index out of range")
        return self._event(at)

    def __iter__(self) -> Iterator[Any]:
        return (self._event(i) for i in range(len(self._items)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, tuple | LazyEvents):
            return NotImplemented
        return len(self) == len(other) and tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]  # equal to a tuple, yet not one: unhashable, as a list

    def __repr__(self) -> str:
        return f"LazyEvents({len(self._items)} events)"

    def head(self, count: int) -> LazyEvents:
        """The first `count` events, still parsed when first read."""
        return LazyEvents(self._game, self._payloads[:count], self._items[:count])

    def then(self, parsed: Sequence[Any]) -> LazyEvents:
        """These events followed by `parsed`."""
        return LazyEvents(self._game, self._payloads, [*self._items, *parsed]) if parsed else self

    def _event(self, index: int) -> Any:
        item = self._items[index]
        if item is _UNREAD:
            item = self._items[index] = self._game.parse(self._payloads[index])
        return item


def _head(events: Sequence[Any], count: int) -> Sequence[Any]:
    return events.head(count) if isinstance(events, LazyEvents) else tuple(events[:count])


def _joined(head: Sequence[Any], parsed: tuple[Any, ...]) -> Sequence[Any]:
    return head.then(parsed) if isinstance(head, LazyEvents) else (*head, *parsed)


# -- reading the log ---------------------------------------------------------------------------------------


def load(table: Table, cached: Snapshot | None) -> Snapshot:
    """The table's snapshot as stored now: from `cached` (an older snapshot) and the rows changed since it, or
    from the table's stored checkpoint and the events after it, or from the whole log. `table` takes the
    version read with the rows."""
    if cached is not None:
        rows = _read(table.pk, cached.version)
        table.version, table.redo_floor = rows.version, rows.redo_floor
        return derive(table, cached.game, cached.players, _merge(cached.log, rows.entries), cached)
    stored = checkpoints.fetch(table.pk)
    rows = _read(table.pk, -1)
    table.version, table.redo_floor = rows.version, rows.redo_floor
    game = registry.get(table.game)
    players = seat_names(table)
    start = _resumed(table, game, players, rows, stored) if stored is not None else None
    return checkpointed(derive(table, game, players, tuple(rows.entries), start=start), rows)


@dataclass(frozen=True, slots=True)
class Rows:
    """The table's version and redo floor, read with its log entries changed after some version."""

    version: int
    redo_floor: int
    entries: list[LogEntry]
    texts: list[Any]  # each entry's payload as the database handed it back (JSON text), for checkpoints.digest

    def digest(self, upto: int) -> str:
        """The digest of the entries up to log entry `upto`, as stored."""
        covered = bisect.bisect_right(self.entries, upto, key=lambda e: e.seq)
        marks = [-e.seq if e.retracted else e.seq for e in self.entries[:covered]]
        return checkpoints.digest(marks, self.texts[:covered])


def _read(pk: int, since: int) -> Rows:
    """The table's version and redo floor with its events changed after version `since`, in one statement (so
    they agree even while another request writes). Plain SQL: the ORM costs more than the rows here."""
    q = connection.ops.quote_name
    sql = (
        f"SELECT t.version, t.redo_floor, e.seq, e.payload, e.retracted, e.undone_at, e.created "
        f"FROM {q(Table._meta.db_table)} t LEFT JOIN {q(Event._meta.db_table)} e "
        f"ON e.table_id = t.id AND e.changed > %s WHERE t.id = %s ORDER BY e.seq"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [since, pk])
        rows = cursor.fetchall()
    if not rows:
        raise Table.DoesNotExist(f"no table {pk}")
    version, floor = rows[0][0], rows[0][1]
    return _rows(int(version), int(floor), [row[2:] for row in rows])


def _rows(version: int, floor: int, rows: Sequence[Sequence[Any]]) -> Rows:
    """Rows of (seq, payload, retracted, undone_at, created) as entries; a row whose seq is NULL (the LEFT JOIN's row
    for a table with no changed events) gives none."""
    rows = [row for row in rows if row[0] is not None]
    texts = [row[1] for row in rows]
    payloads = texts
    if texts and isinstance(texts[0], str):  # JSON text (SQLite): one decode for all rows is faster
        payloads = json.loads("[" + ",".join(texts) + "]")
    entries = [
        LogEntry(seq, payload, bool(gone), undone, created)
        for (seq, _text, gone, undone, created), payload in zip(rows, payloads, strict=True)
    ]
    return Rows(version, floor, entries, texts)


def epoch(value: Any) -> float | None:
    """A timestamp as a raw cursor hands it back (a datetime, naive in UTC on SQLite, or its text) in seconds
    since the epoch: a number compares and subtracts the same whatever the database."""
    if isinstance(value, str):
        value = parse_datetime(value)
    if not isinstance(value, datetime):
        return None
    return (value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp()


def _read_many(since: Mapping[int, int]) -> dict[int, Rows]:
    """`_read` for many tables in one statement: each table's version and redo floor with its events changed
    after its own `since` version. A table that is gone is left out."""
    q = connection.ops.quote_name
    pks = list(since)
    if len(set(since.values())) == 1:
        after, params = "%s", [since[pks[0]]]
    else:  # each table its own floor
        after = "CASE t.id " + "WHEN %s THEN %s " * len(pks) + "END"
        params = [value for pk in pks for value in (pk, since[pk])]
    sql = (
        f"SELECT t.id, t.version, t.redo_floor, e.seq, e.payload, e.retracted, e.undone_at, e.created "
        f"FROM {q(Table._meta.db_table)} t LEFT JOIN {q(Event._meta.db_table)} e "
        f"ON e.table_id = t.id AND e.changed > {after} "
        f"WHERE t.id IN ({', '.join(['%s'] * len(pks))}) ORDER BY t.id, e.seq"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *pks])
        rows = cursor.fetchall()
    by_table: dict[int, list[tuple[Any, ...]]] = {}
    for row in rows:
        by_table.setdefault(row[0], []).append(row)
    return {pk: _rows(int(found[0][1]), int(found[0][2]), [row[3:] for row in found]) for pk, found in by_table.items()}


def _resumed(
    table: Table, game: Game, players: tuple[str, ...], rows: Rows, stored: checkpoints.Stored
) -> Start | None:
    """Where the replay goes on from the stored checkpoint, or None when it does not hold for this log: its
    events must be the log's first live ones, as stored then (companion/checkpoints.py)."""
    covered = bisect.bisect_right(rows.entries, stored.seq, key=lambda e: e.seq)
    live = [e for e in rows.entries[:covered] if not e.retracted]
    if not live or len(live) != stored.events or live[-1].seq != stored.seq:
        return None
    state = checkpoints.opened(stored, table, players, rows.digest(stored.seq))
    if state is None:
        return None
    events = LazyEvents(game, [e.payload for e in live])
    return Start(
        game.options(table.options, players), events, ((stored.events, state),), stored.events, state, stored.events
    )


def checkpointed(snap: Snapshot, rows: Rows | None = None) -> Snapshot:
    """`snap`, and its state stored as the table's checkpoint once the transaction commits (at once outside
    one) when its live events grew past the stored one by STORE_AFTER, or a STORE_SHARE of them when more.
    `rows`: the log as read for it, if at hand. A write's transaction never stores it: a failure to store is only
    logged."""
    count = len(snap.events)
    if snap.broken is not None or count - snap.stored < max(STORE_AFTER, count // STORE_SHARE):
        return snap
    transaction.on_commit(lambda: _store(snap, rows), robust=True)  # robust: a failure is logged, never raised
    return replace(snap, stored=len(snap.events))


def _store(snap: Snapshot, rows: Rows | None) -> None:
    count = len(snap.events)
    seq = snap.live[count - 1].seq
    digest = rows.digest(seq) if rows is not None else _stored_digest(snap.table.pk, snap.version, seq)
    if digest is not None:
        checkpoints.save(snap.table, snap.players, snap.version, count, seq, digest, snap.state)


def _stored_digest(pk: int, version: int, upto: int) -> str | None:
    """The digest of the table's log entries up to `upto` as stored, read with the table's version in one
    statement; None when the table is no longer at `version` (a later write stores its own checkpoint)."""
    q = connection.ops.quote_name
    sql = (
        f"SELECT t.version, e.seq, e.retracted, e.payload "
        f"FROM {q(Table._meta.db_table)} t LEFT JOIN {q(Event._meta.db_table)} e "
        f"ON e.table_id = t.id AND e.seq <= %s WHERE t.id = %s ORDER BY e.seq"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [upto, pk])
        rows = cursor.fetchall()
    if not rows or rows[0][0] != version:
        return None
    rows = [row for row in rows if row[1] is not None]  # the LEFT JOIN's row for a table with no events
    return checkpoints.digest([-seq if gone else seq for _v, seq, gone, _t in rows], [row[3] for row in rows])


def _merge(log: tuple[LogEntry, ...], changed: Sequence[LogEntry]) -> tuple[LogEntry, ...]:
    """The cached log with changed rows replaced and new ones (always at the end: seq only grows) added."""
    by_seq = {e.seq: e for e in changed}
    if not by_seq:
        return log
    merged = [by_seq.pop(e.seq, e) for e in log]
    return (*merged, *by_seq.values())


def seat_names(table: Table) -> tuple[str, ...]:
    """The players in seat order. Plain SQL, as in _read: through the ORM it took six times as long (0.43 ms)."""
    q = connection.ops.quote_name
    sql = (
        f"SELECT p.name FROM {q(Seat._meta.db_table)} s JOIN {q(Player._meta.db_table)} p ON p.id = s.player_id "
        f"WHERE s.table_id = %s ORDER BY s.position"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [table.pk])
        return tuple(row[0] for row in cursor.fetchall())


def seats_of(pks: Iterable[int]) -> dict[int, tuple[str, ...]]:
    """`seat_names` of many tables in one query."""
    found: dict[int, list[str]] = {}
    rows = Seat.objects.filter(table_id__in=list(pks)).order_by("table_id", "position")
    for pk, name in rows.values_list("table_id", "player__name"):
        found.setdefault(pk, []).append(name)
    return {pk: tuple(names) for pk, names in found.items()}


# -- the per-process cache -----------------------------------------------------------------------------------


class SnapshotCache:
    """The newest snapshot of each table this process has built, by table; bounded by the events they hold
    (memory grows with the logs, not with the number of tables)."""

    def __init__(self, events: int = CACHED_EVENTS) -> None:
        self.events = events
        self.held = 0
        self.items: OrderedDict[tuple[Any, ...], Snapshot] = OrderedDict()
        self.lock = threading.Lock()

    @staticmethod
    def key(table: Table) -> tuple[Any, ...]:
        # The random code too: a database may hand a deleted table's id to a new one.
        return (table.pk, table.code, json.dumps(table.options, sort_keys=True))

    def newest(self, table: Table) -> Snapshot | None:
        """The newest snapshot held for the table, at whatever version."""
        key = self.key(table)  # once: White Hat's options hold a board of 60 fields to write out
        with self.lock:
            snap = self.items.get(key)
            if snap is not None:
                self.items.move_to_end(key)
            return snap

    def get(self, table: Table) -> Snapshot | None:
        """The snapshot at exactly the table's version, if held."""
        snap = self.newest(table)
        return snap if snap is not None and snap.version == table.version else None

    def put(self, snap: Snapshot) -> None:
        with self.lock:
            key = self.key(snap.table)
            old = self.items.get(key)
            if old is not None and old.version > snap.version:
                return  # a slower request must not put an older state back
            self.items.pop(key, None)
            self.held += _weight(snap) - _weight(old)
            self.items[key] = snap
            while self.held > self.events and len(self.items) > 1:
                _key, dropped = self.items.popitem(last=False)
                self.held -= _weight(dropped)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.held = 0


def _weight(snap: Snapshot | None) -> int:
    return 0 if snap is None else len(snap.log) + 1


SNAPSHOTS = SnapshotCache()


def snapshot(table: Table) -> Snapshot:
    """The table's derived state at its current version: cached, brought up to date, or built."""
    newest = SNAPSHOTS.newest(table)
    if newest is not None and newest.version == table.version:
        return replace(newest, table=table)
    snap = load(table, newest)
    SNAPSHOTS.put(snap)
    return snap


def each_snapshot(tables: Iterable[Table]) -> Iterator[tuple[Table, Snapshot | None]]:
    """Each table with its snapshot at its current version, as `snapshot` gives it, but read BULK tables at a
    time in two statements (their versions with their events, their seats): so many tables cost a number of
    queries that grows with BULK, not with them, and only BULK logs are held at once (besides the cache).
    None for a table that gives no snapshot: its game no longer registered, its options no longer valid, or
    the table gone."""
    batch: list[Table] = []
    for table in tables:
        batch.append(table)
        if len(batch) == BULK:
            yield from _snapshots(batch)
            batch = []
    if batch:
        yield from _snapshots(batch)


def _snapshots(tables: Sequence[Table]) -> Iterator[tuple[Table, Snapshot | None]]:
    held = {t.pk: SNAPSHOTS.newest(t) for t in tables}
    stale = [t for t in tables if not _at_version(held[t.pk], t)]
    logs = _read_many({t.pk: _since(held[t.pk]) for t in stale}) if stale else {}
    unseated = [t.pk for t in stale if held[t.pk] is None]
    seats = seats_of(unseated) if unseated else {}
    for table in tables:
        cached = held[table.pk]
        if cached is not None and _at_version(cached, table):
            yield table, replace(cached, table=table)
        elif table.pk in logs:
            yield table, _built(table, cached, logs[table.pk], seats.get(table.pk, ()))
        else:
            yield table, None


def _at_version(cached: Snapshot | None, table: Table) -> bool:
    return cached is not None and cached.version == table.version


def _since(cached: Snapshot | None) -> int:
    return cached.version if cached is not None else -1


def _built(table: Table, cached: Snapshot | None, read: Rows, players: tuple[str, ...]) -> Snapshot | None:
    """What `load` makes of the rows read for the table (and caches it, as `snapshot` does). A stored checkpoint
    is not read here: the tables read in bulk are those missing a summary, after an upgrade of the games mostly,
    which leaves every checkpoint behind too."""
    table.version, table.redo_floor = read.version, read.redo_floor
    try:
        if cached is None:
            snap = derive(table, registry.get(table.game), players, tuple(read.entries))
        else:
            snap = derive(table, cached.game, cached.players, _merge(cached.log, read.entries), cached)
    except (KeyError, InvalidOptions):  # a game no longer registered, options no longer valid
        return None
    SNAPSHOTS.put(snap)
    return snap
