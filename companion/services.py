"""The one layer between the views or commands and the games: load, append, undo, redo, import."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import registry, tablefile
from games.base import Flag, Game, InvalidEvent, InvalidOptions, Prompt, Standings
from games.players import InvalidPlayers, check_players

from .models import Event, Player, Seat, Table, WriteKey, new_scorer_token


class Refused(Exception):
    """A write that changed nothing; `message` says why in a player's words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Stale(Refused):
    """The write was made against an older version of the table."""


MAX_KEY = WriteKey._meta.get_field("key").max_length  # longer keys are refused, never cut: cut keys could collide
CACHED_EVENTS = 50_000  # the events all cached snapshots may hold together, so memory stays bounded per process


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One stored event as the pages need it (lighter than a model instance)."""

    seq: int
    payload: Mapping[str, Any]
    retracted: bool
    undone_at: int | None = None  # the table version its undo made


@dataclass(frozen=True)
class Snapshot:
    """A table as every page shows it: derived from the log, never stored."""

    table: Table
    game: Game
    players: tuple[str, ...]
    options: Any
    log: tuple[LogEntry, ...]  # everything, undone events included
    live: tuple[LogEntry, ...]
    events: tuple[Any, ...]  # the live events, parsed
    state: Any
    standings: Standings
    prompt: Prompt
    # Answers derived once per version and shared by every copy of this snapshot (see review()).
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def can_undo(self) -> bool:
        return bool(self.live)

    @property
    def can_redo(self) -> bool:
        return any(_redoable(e, self.table) for e in reversed(self.log))


def _redoable(entry: LogEntry, table: Table) -> bool:
    return entry.retracted and entry.undone_at is not None and entry.undone_at > table.redo_floor


class _SnapshotCache:
    """Derived snapshots by (table, version, options): every write bumps the version, so an entry is
    never stale, and each app process keeps its own (nothing here is a second truth).

    Bounded by the events the snapshots hold, not by their number: memory grows with the logs."""

    def __init__(self, events: int = CACHED_EVENTS) -> None:
        self.events = events
        self.held = 0
        self.items: OrderedDict[tuple[Any, ...], Snapshot] = OrderedDict()
        self.lock = threading.Lock()

    @staticmethod
    def key(table: Table) -> tuple[Any, ...]:
        # The random code too: a database may hand a deleted table's id to a new one.
        return (table.pk, table.code, table.version, json.dumps(table.options, sort_keys=True))

    def get(self, table: Table) -> Snapshot | None:
        with self.lock:
            snap = self.items.get(self.key(table))
            if snap is not None:
                self.items.move_to_end(self.key(table))
            return snap

    def put(self, snap: Snapshot) -> None:
        with self.lock:
            old = self.items.pop(self.key(snap.table), None)
            self.held -= _weight(old)
            self.items[self.key(snap.table)] = snap
            self.held += _weight(snap)
            while self.held > self.events and len(self.items) > 1:
                _key, dropped = self.items.popitem(last=False)
                self.held -= _weight(dropped)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.held = 0


def _weight(snap: Snapshot | None) -> int:
    return 0 if snap is None else len(snap.log) + 1


SNAPSHOTS = _SnapshotCache()


def create_table(
    game_slug: str,
    names: Sequence[str],
    raw_options: Mapping[str, Any],
    *,
    title: str = "",
    played_on: date | None = None,
    notes: str = "",
) -> Table:
    """A new table, or Refused saying what is wrong with the players or options."""
    try:
        game = registry.get(game_slug)
        seats = check_players(list(names), game.min_players, game.max_players)
        game.options(raw_options, seats)
    except KeyError as exc:
        raise Refused(str(exc).strip("\"'")) from None
    except (InvalidPlayers, InvalidOptions) as exc:
        raise Refused(str(exc)) from None
    with transaction.atomic():
        table = Table.objects.create_with_codes(
            game=game.slug, options=dict(raw_options), title=title, played_on=played_on, notes=notes
        )
        for position, name in enumerate(seats):
            player, _created = Player.objects.get_or_create(name=name)
            Seat.objects.create(table=table, player=player, position=position)
    return table


def seat_names(table: Table) -> tuple[str, ...]:
    return tuple(table.seats.order_by("position").values_list("player__name", flat=True))


def version_of(code: str) -> int | None:
    """The table's version, or None: the only query of an unchanged poll, the request phones make most.

    Plain SQL, because building the same query through the ORM costs more than the database takes to answer
    it (bench/load.py on 2 cores: the 304 went from 52% to 82% of a minimal view's throughput on SQLite, from
    40% to 56% on PostgreSQL, where the round trip itself is most of what is left)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT version FROM {connection.ops.quote_name(Table._meta.db_table)} WHERE code = %s", [code])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def snapshot(table: Table) -> Snapshot:
    """The table's derived state at its current version (from the cache when another request built it)."""
    cached = SNAPSHOTS.get(table)
    if cached is not None:
        return replace(cached, table=table)
    snap = _build(table)
    SNAPSHOTS.put(snap)
    return snap


def _build(table: Table) -> Snapshot:
    game = registry.get(table.game)
    players = seat_names(table)
    rows = table.events.order_by("seq").values_list("seq", "payload", "retracted", "undone_at")
    log = tuple(LogEntry(*row) for row in rows)
    return _derive(table, game, players, log)


def _derive(
    table: Table,
    game: Game,
    players: tuple[str, ...],
    log: tuple[LogEntry, ...],
    events: tuple[Any, ...] | None = None,
    state: Any = None,
) -> Snapshot:
    live = tuple(e for e in log if not e.retracted)
    options = game.options(table.options, players)
    if events is None:
        events = tuple(game.parse(e.payload) for e in live)
    if state is None:
        state = game.replay(players, options, events)
    return Snapshot(table, game, players, options, log, live, events, state, game.standings(state), game.prompt(state))


def review(snap: Snapshot) -> list[tuple[Flag, LogEntry]]:
    """The referee's flags, each with the stored event it concerns; worked out once per table version."""
    if "review" not in snap.memo:
        flags = snap.game.review(snap.players, snap.options, snap.events)
        snap.memo["review"] = [(flag, snap.live[flag.event]) for flag in flags]
    return snap.memo["review"]


def append(
    table: Table, raw_events: Sequence[Mapping[str, Any]], expected_version: int | None = None, key: str = ""
) -> Snapshot:
    """Add events at the end of the log in one transaction, or change nothing and say why.

    A write whose idempotency `key` already landed changes nothing and returns the table as it is."""
    _storable(raw_events)
    with transaction.atomic():
        locked, repeated = _lock(table, expected_version, key)
        if repeated:
            return _sync(table, snapshot(locked))
        before = snapshot(locked)
        if len(before.log) + len(raw_events) > tablefile.MAX_EVENTS:
            raise Refused(
                _("This table is full: it holds at most %(max)d entries. Start a new table to go on.")
                % {"max": tablefile.MAX_EVENTS}
            )
        game = before.game
        try:
            added = tuple(game.parse(raw) for raw in raw_events)
            events = before.events + added
            state = game.replay(before.players, before.options, events)
        except InvalidEvent as exc:
            raise Refused(exc.message) from None
        last = before.log[-1].seq if before.log else 0
        rows = [Event(table=locked, seq=last + i, payload=dict(raw)) for i, raw in enumerate(raw_events, start=1)]
        Event.objects.bulk_create(rows)
        _bump(locked, game.standings(state).finished, key, recorded=True)
        log = before.log + tuple(LogEntry(r.seq, r.payload, False) for r in rows)
        after = _derive(locked, game, before.players, log, events, state)
        transaction.on_commit(lambda: SNAPSHOTS.put(after))
    return _sync(table, after)


def undo(table: Table, expected_version: int | None = None, key: str = "") -> Snapshot:
    """Mark the last live event retracted; it stays in the log, struck through."""
    with transaction.atomic():
        locked, repeated = _lock(table, expected_version, key)
        if repeated:
            return _sync(table, snapshot(locked))
        event = locked.events.filter(retracted=False).order_by("-seq").first()
        if event is None:
            raise Refused(_("There is nothing to undo."))
        event.retracted, event.undone_at = True, locked.version + 1  # the version _rebuild's bump makes
        event.save(update_fields=["retracted", "undone_at"])
        return _sync(table, _rebuild(locked, key))


def redo(table: Table, expected_version: int | None = None, key: str = "") -> Snapshot:
    """Restore the event undone most recently, while nothing has been recorded since: undone events form a
    stack, and recording anything empties it (what was undone before stays in the log, struck through)."""
    with transaction.atomic():
        locked, repeated = _lock(table, expected_version, key)
        if repeated:
            return _sync(table, snapshot(locked))
        event = locked.events.filter(retracted=True, undone_at__gt=locked.redo_floor).order_by("-undone_at").first()
        if event is None:
            raise Refused(_("There is nothing to redo."))
        event.retracted, event.undone_at = False, None
        event.save(update_fields=["retracted", "undone_at"])
        try:
            return _sync(table, _rebuild(locked, key))
        except InvalidEvent as exc:  # rolled back with the transaction
            raise Refused(_("That step cannot come back: %(why)s") % {"why": exc.message}) from None


def _rebuild(locked: Table, key: str) -> Snapshot:
    after = _build(locked)  # never from the cache: the log just changed under the same version
    _bump(locked, after.standings.finished, key)
    transaction.on_commit(lambda: SNAPSHOTS.put(after))
    return after


def _lock(table: Table, expected_version: int | None, key: str = "") -> tuple[Table, bool]:
    """The table, locked for this transaction, and whether this write's key has landed before.

    The key is checked first: a retry carries the version it was first sent with, now stale."""
    if len(key) > MAX_KEY:
        raise Refused(_("This write's key is longer than %(max)d characters; send a shorter one.") % {"max": MAX_KEY})
    locked = Table.objects.select_for_update().get(pk=table.pk)
    if key and WriteKey.objects.filter(table=locked, key=key).exists():
        return locked, True
    if expected_version is not None and locked.version != expected_version:
        raise Stale(_("Someone else changed this table a moment ago. Here is the new state; check it and try again."))
    return locked, False


def _bump(table: Table, finished: bool, key: str = "", recorded: bool = False) -> None:
    """The next version; recording something new also ends what could be redone."""
    table.version += 1
    if recorded:
        table.redo_floor = table.version
    table.finished = (table.finished or timezone.now()) if finished else None
    table.save(update_fields=["version", "redo_floor", "finished"])
    if key:
        WriteKey.objects.create(table=table, key=key)


def _sync(caller: Table, snap: Snapshot) -> Snapshot:
    """Keep the caller's Table instance at the version it just wrote (snapshots are keyed by version)."""
    caller.version, caller.finished, caller.redo_floor = snap.table.version, snap.table.finished, snap.table.redo_floor
    return snap


# -- table files ------------------------------------------------------------------------------------


def export_table(table: Table) -> dict[str, Any]:
    """The table as a FORMAT.md table file; undone events go in the `retracted` extension."""
    game = registry.get(table.game)
    live: list[Mapping[str, Any]] = []
    retracted: list[tablefile.RetractedEvent] = []
    for event in table.events.order_by("seq"):
        if event.retracted:
            retracted.append(tablefile.RetractedEvent(len(live), event.payload))
        else:
            live.append(event.payload)
    return tablefile.dump(game, seat_names(table), table.options, live, _meta(table), retracted)


def _meta(table: Table) -> dict[str, str]:
    meta = {
        "title": table.title,
        "played_on": table.played_on.isoformat() if table.played_on else "",
        "notes": table.notes,
    }
    return {k: v for k, v in meta.items() if v}


def hand_over(table: Table) -> Table:
    """A new scorer token: phones holding the old one can only watch from now on."""
    with transaction.atomic():
        locked, _repeated = _lock(table, None)
        locked.scorer_token = new_scorer_token()
        locked.save(update_fields=["scorer_token"])
    return locked


def import_table(data: Any) -> Table:
    """A new table from a table file; the whole file is checked before anything is stored."""
    try:
        parsed = tablefile.read(data)
        parsed.replay()
    except (tablefile.TableFileError, InvalidEvent) as exc:
        raise Refused(str(exc)) from None
    meta = parsed.meta
    if len(meta.get("title", "")) > Table._meta.get_field("title").max_length:
        raise Refused(_("The title is too long."))
    _storable([meta, parsed.raw_options, parsed.raw_events, [r.event for r in parsed.retracted]])
    with transaction.atomic():
        table = create_table(
            parsed.game.slug,
            parsed.players,
            data.get("options", {}),
            title=meta.get("title", ""),
            played_on=date.fromisoformat(meta["played_on"]) if "played_on" in meta else None,
            notes=meta.get("notes", ""),
        )
        rows = _interleave(parsed.raw_events, parsed.retracted)
        Event.objects.bulk_create(
            Event(table=table, seq=seq, payload=dict(payload), retracted=gone)
            for seq, (payload, gone) in enumerate(rows, start=1)
        )
        _bump(table, parsed.standings().finished)
    return table


def _storable(value: Any) -> None:
    """Refused for text no database column takes: NUL (PostgreSQL) and lone surrogates (they have no UTF-8)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item or (not item.isascii() and any("\ud800" <= ch <= "\udfff" for ch in item)):
                raise Refused(_("Some text cannot be stored: it has a NUL or a broken character."))
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


def _interleave(
    live: Sequence[Mapping[str, Any]], retracted: Sequence[tablefile.RetractedEvent]
) -> list[tuple[Mapping[str, Any], bool]]:
    rows: list[tuple[Mapping[str, Any], bool]] = []
    pending = list(retracted)
    for i in range(len(live) + 1):
        while pending and pending[0].after == i:
            rows.append((pending.pop(0).event, True))
        if i < len(live):
            rows.append((live[i], False))
    return rows
