"""The one layer between the views or commands and the games: load, append, undo, redo, import."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import partial
from typing import Any, cast
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.utils import timezone
from django.utils.translation import gettext as _

from games import registry, tablefile
from games.base import Flag, InvalidEvent, InvalidOptions
from games.players import InvalidPlayers, check_players
from games.text import Text

from . import names as look_alikes
from . import tableversions
from .i18n import tr
from .models import Event, Group, Player, Preset, Seat, Table, WriteKey, new_scorer_token
from .snapshots import SNAPSHOTS, LogEntry, Snapshot, checkpointed, derive, seat_names, snapshot

# The read side lives in snapshots.py; the views and commands reach it through here.
__all__ = ["SNAPSHOTS", "LogEntry", "Refused", "Snapshot", "Stale", "seat_names", "snapshot"]


class Refused(Exception):
    """A write that changed nothing; `message` says why in a player's words (a game's Text is rendered in the
    reader's language by the page, in English by str())."""

    def __init__(self, message: str | Text) -> None:
        super().__init__(str(message))
        self.message = message


class Stale(Refused):
    """The write was made against an older version of the table."""


# Longer keys are refused, never cut: cut keys could collide. (A CharField: max_length is set.)
MAX_KEY = cast(int, WriteKey._meta.get_field("key").max_length)


def create_table(
    game_slug: str,
    names: Sequence[str],
    raw_options: Mapping[str, Any],
    *,
    group: Group | None = None,
    title: str = "",
    played_on: date | None = None,
    notes: str = "",
) -> Table:
    """A new table of `group` (a new group when None) seating the group's players of these names (new ones
    join it), or Refused saying what is wrong with the players or options."""
    try:
        game = registry.get(game_slug)
        seats = check_players(list(names), game.min_players, game.max_players)
        game.options(raw_options, seats)
    except registry.UnknownGame as exc:
        raise Refused(exc.message) from None
    except (InvalidPlayers, InvalidOptions) as exc:
        raise Refused(exc.message) from None
    _refuse_look_alikes(seats)
    with transaction.atomic():
        if group is None:
            group = Group.objects.create()
        else:  # the group's names are read under its lock: two phones cannot add Ann and Cyrillic Аnn at once
            Group.objects.select_for_update().filter(pk=group.pk).first()
            _refuse_look_alikes(seats, group.players.values_list("name", flat=True))
        table = Table.objects.create_with_codes(
            group=group, game=game.slug, options=dict(raw_options), title=title, played_on=played_on, notes=notes
        )
        for position, name in enumerate(seats):
            player, _created = Player.objects.get_or_create(group=group, name=name)
            Seat.objects.create(table=table, player=player, position=position)
    return table


def rematch_seats(snap: Snapshot) -> list[str]:
    """The seats of the next game at this table: the same circle, moved one place on, so that the deal passes to
    the left (every game deals first from the first seat)."""
    players = list(snap.players)
    return players[1:] + players[:1]


def rematch_dealer(snap: Snapshot) -> str | None:
    """Who deals first in the next game (play_again), for games that name a dealer; None for the others."""
    seats = rematch_seats(snap)
    game = snap.game
    dealer = game.prompt(game.replay(seats, snap.options, [])).details.get("dealer")
    return str(dealer) if dealer else None


def play_again(snap: Snapshot) -> Table:
    """The next game of a finished table: the same players and options in the group, the deal one seat on. Once
    made it is the answer for this table (a double tap, or a second phone, lands on the same new table)."""
    if not snap.standings.finished:
        raise Refused(_("This game is not over yet: finish it, then play again."))
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=snap.table.pk)
        if locked.next_table is not None:
            return locked.next_table
        table = create_table(locked.game, rematch_seats(snap), locked.options, group=locked.group)
        locked.next_table = table
        locked.save(update_fields=["next_table"])
        _bump(locked, finished=True)  # a new version: the watchers' pages and the display learn of it by their poll
    return table


def _refuse_look_alikes(seats: Sequence[str], taken: Iterable[str] = ()) -> None:
    """Refused when two seats, or a new name and one of the group's, look alike (companion/names.py)."""
    if (sentence := look_alikes.look_alike(seats, taken)) is not None:
        raise Refused(sentence)


def version_of(code: str) -> int | None:
    """The table's version, or None: what the unchanged poll answers, the request phones make most. On
    PostgreSQL each process keeps the versions of the tables it serves current from LISTEN/NOTIFY, so most polls
    touch no database (companion/tableversions.py); elsewhere, and until it listens, one query."""
    listening = tableversions.listener()
    return read_version(code) if listening is None else listening.version(code, read_version)


def read_version(code: str) -> int | None:
    """The table's version read from the database.

    Plain SQL, because building the same query through the ORM costs more than the database takes to answer
    it (bench/load.py on 2 cores: the 304 went from 52% to 82% of a minimal view's throughput on SQLite, from
    40% to 56% on PostgreSQL, where the round trip itself is most of what is left)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT version FROM {connection.ops.quote_name(Table._meta.db_table)} WHERE code = %s", [code])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def table_by_code(code: str) -> Table | None:
    """The table whose link code is `code`, or None: what every table page reads first. The ORM's own statement
    and converters, worked out once per connection: building them for every page took three times as long as
    the database's answer (a raw query set: 0.29 ms; this: 0.09)."""
    db = connections[DEFAULT_DB_ALIAS]
    read = _TABLE_READS.get(db)
    if read is None:
        read = _TABLE_READS[db] = TableRead.of(db)
    return read.one(db, code)


@dataclass(frozen=True)
class TableRead:
    """Reading one table by its code as the ORM reads it: its statement, its columns and their converters."""

    sql: str
    names: list[str]
    converters: dict[int, tuple[list[Any], Any]]

    @classmethod
    def of(cls, db: BaseDatabaseWrapper) -> TableRead:
        compiler = Table.objects.filter(code="").query.get_compiler(connection=db)
        sql, _params = compiler.as_sql()
        columns = [col for col, _sql, _alias in compiler.select]
        return cls(sql, [col.target.attname for col in columns], compiler.get_converters(columns))

    def one(self, db: BaseDatabaseWrapper, code: str) -> Table | None:
        with db.cursor() as cursor:
            cursor.execute(self.sql, [code])
            row = cursor.fetchone()
        if row is None:
            return None
        for index, (converters, expression) in self.converters.items():
            value = row[index]
            for convert in converters:
                value = convert(value, expression, db)
            row = (*row[:index], value, *row[index + 1 :])
        return Table.from_db(db.alias, self.names, row)


_TABLE_READS: WeakKeyDictionary[BaseDatabaseWrapper, TableRead] = WeakKeyDictionary()  # each thread its connection


def review(snap: Snapshot) -> list[tuple[Flag, LogEntry]]:
    """The referee's flags, each with the stored event it concerns; worked out once per table version."""
    if "review" not in snap.memo:
        flags = snap.game.review(snap.state)
        snap.memo["review"] = [(flag, snap.live[flag.event]) for flag in flags]
    return cast("list[tuple[Flag, LogEntry]]", snap.memo["review"])  # memo holds what the line above put


def append(
    table: Table, raw_events: Sequence[Mapping[str, Any]], expected_version: int | None = None, key: str = ""
) -> Snapshot:
    """Add events at the end of the log in one transaction, or change nothing and say why.

    A write whose idempotency `key` already landed changes nothing and returns the table as it is."""
    _storable(raw_events)
    with transaction.atomic():
        locked, repeated = _lock(table, expected_version, key)
        before = snapshot(locked)
        if repeated:
            return _sync(table, before)
        if len(before.log) + len(raw_events) > tablefile.MAX_EVENTS:
            raise Refused(
                _("This table is full: it holds at most %(max)d entries. Start a new table to go on.")
                % {"max": tablefile.MAX_EVENTS}
            )
        if before.broken is not None:
            raise Refused(broken_text(before))
        version = locked.version + 1
        last = before.log[-1].seq if before.log else 0
        now = timezone.now()  # the rows' own time, to a millisecond: the snapshot needs no re-read
        added = tuple(LogEntry(last + i, dict(raw), False, written=now) for i, raw in enumerate(raw_events, start=1))
        after = _replay(locked, before, before.log + added, redo_floor=version)
        if after.broken is not None:
            raise Refused(after.broken.message)
        Event.objects.bulk_create(Event(table=locked, seq=e.seq, payload=e.payload, changed=version) for e in added)
        return _commit(table, locked, after, key, recorded=True)


def undo(table: Table, expected_version: int | None = None, key: str = "") -> Snapshot:
    """Mark the last live event retracted; it stays in the log, struck through."""
    with transaction.atomic():
        locked, repeated = _lock(table, expected_version, key)
        before = snapshot(locked)
        if repeated:
            return _sync(table, before)
        if not before.live:
            raise Refused(_("There is nothing to undo."))
        version = locked.version + 1
        gone = replace(before.live[-1], retracted=True, undone_at=version)
        after = _replay(locked, before, _with(before.log, gone))  # may still be broken: it opens all the same
        Event.objects.filter(table=locked, seq=gone.seq).update(retracted=True, undone_at=version, changed=version)
        return _commit(table, locked, after, key)


def redo(table: Table, expected_version: int | None = None, key: str = "") -> Snapshot:
    """Restore the event undone most recently, while nothing has been recorded since: undone events form a
    stack, and recording anything empties it (what was undone before stays in the log, struck through)."""
    with transaction.atomic():
        locked, repeated = _lock(table, expected_version, key)
        before = snapshot(locked)
        if repeated:
            return _sync(table, before)
        entry = before.redoable()
        if entry is None:
            raise Refused(_("There is nothing to redo."))
        back = replace(entry, retracted=False, undone_at=None)
        after = _replay(locked, before, _with(before.log, back))
        if after.broken is not None and before.broken is None:
            raise Refused(_("That step cannot come back: %(why)s") % {"why": tr(after.broken.message)})
        version = locked.version + 1
        Event.objects.filter(table=locked, seq=back.seq).update(retracted=False, undone_at=None, changed=version)
        return _commit(table, locked, after, key)


def correct(
    table: Table, seq: int, raw_event: Mapping[str, Any], expected_version: int | None = None, key: str = ""
) -> Snapshot:
    """Put a corrected event in place of log entry `seq`, as new events: that entry and every live one after it
    are undone (kept, struck through), then the corrected event and copies of the later ones are recorded.
    Refused, changing nothing, when the corrected log would not replay."""
    _storable([raw_event])
    with transaction.atomic():
        locked, repeated = _lock(table, expected_version, key)
        before = snapshot(locked)
        if repeated:
            return _sync(table, before)
        index = next((i for i, e in enumerate(before.live) if e.seq == seq), None)
        if index is None:
            raise Refused(_("Log entry %(seq)d cannot be corrected: it is not in play.") % {"seq": seq})
        redone = before.live[index:]
        if len(before.log) + len(redone) > tablefile.MAX_EVENTS:
            raise Refused(
                _("This table is full: it holds at most %(max)d entries. Start a new table to go on.")
                % {"max": tablefile.MAX_EVENTS}
            )
        version = locked.version + 1
        gone = {e.seq for e in redone}
        log = tuple(replace(e, retracted=True, undone_at=None) if e.seq in gone else e for e in before.log)
        payloads = [dict(raw_event), *(dict(e.payload) for e in redone[1:])]
        now = timezone.now()  # as append: the rows' own time, to a millisecond
        added = tuple(LogEntry(before.log[-1].seq + i, p, False, written=now) for i, p in enumerate(payloads, start=1))
        after = _replay(locked, before, log + added, redo_floor=version)
        if after.broken is not None:
            raise Refused(_corrected_text(after, added))
        Event.objects.filter(table=locked, seq__in=gone).update(retracted=True, undone_at=None, changed=version)
        Event.objects.bulk_create(Event(table=locked, seq=e.seq, payload=e.payload, changed=version) for e in added)
        return _commit(table, locked, after, key, recorded=True)


def changed_since(snap: Snapshot, version: int) -> tuple[LogEntry, ...]:
    """The entries of `snap`'s log that the writes after table version `version` recorded, undid or brought
    back, oldest first: what another phone did while a form made at `version` was filled in (a stale write's
    answer shows their log lines). Each row keeps the version that last wrote it (`Event.changed`)."""
    seqs = set(Event.objects.filter(table_id=snap.table.pk, changed__gt=version).values_list("seq", flat=True))
    return tuple(e for e in snap.log if e.seq in seqs)


def as_of(snap: Snapshot, seq: int) -> Snapshot:
    """The table as it stood just before live entry `seq` (for a correction's form); nothing is stored."""
    index = next((i for i, e in enumerate(snap.live) if e.seq == seq), len(snap.live))
    cut = {e.seq for e in snap.live[index:]}
    log = tuple(e for e in snap.log if e.seq not in cut)
    return derive(snap.table, snap.game, snap.players, log, snap, version=snap.version)


def _corrected_text(after: Snapshot, added: tuple[LogEntry, ...]) -> str:
    assert after.broken is not None
    if after.broken.seq == added[0].seq:
        return tr(after.broken.message)
    later = after.broken.seq - added[0].seq
    return _("With that correction, the entry %(n)d after it no longer fits: %(why)s") % {
        "n": later,
        "why": tr(after.broken.message),
    }


def _with(log: tuple[LogEntry, ...], changed: LogEntry) -> tuple[LogEntry, ...]:
    return tuple(changed if e.seq == changed.seq else e for e in log)


def _replay(locked: Table, before: Snapshot, log: tuple[LogEntry, ...], redo_floor: int | None = None) -> Snapshot:
    """The snapshot after a write (at the next version), from the one before it."""
    return derive(locked, before.game, before.players, log, before, version=before.version + 1, redo_floor=redo_floor)


def broken_text(snap: Snapshot) -> str:
    """What a player reads about a log that stops replaying."""
    assert snap.broken is not None
    return _(
        "This table's history stops at log entry %(seq)d: %(why)s. Undo back past that entry to go on recording."
    ) % {"seq": snap.broken.seq, "why": tr(snap.broken.message)}


def _commit(caller: Table, locked: Table, after: Snapshot, key: str, recorded: bool = False) -> Snapshot:
    """Bump the version the write was derived for, and cache its snapshot once the transaction commits (and
    store its state as the table's checkpoint then, when the log grew enough past the stored one)."""
    _bump(locked, after.standings.finished, key, recorded)
    cached = checkpointed(after)
    transaction.on_commit(lambda: SNAPSHOTS.put(cached))
    return _sync(caller, cached)


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
    # Into this process's table versions at once; the answer waits until the others have it (tableversions.py).
    transaction.on_commit(partial(tableversions.committed, table.code, table.version), robust=True)
    if key:
        WriteKey.objects.create(table=table, key=key)


def _sync(caller: Table, snap: Snapshot) -> Snapshot:
    """Keep the caller's Table instance at the version it just wrote (snapshots are keyed by version)."""
    caller.version, caller.finished, caller.redo_floor = snap.version, snap.table.finished, snap.redo_floor
    return snap


# -- presets ----------------------------------------------------------------------------------------


MAX_PRESET_NAME = cast(int, Preset._meta.get_field("name").max_length)


def save_preset(group: Group, game_slug: str, name: str, raw_options: Mapping[str, Any]) -> Preset:
    """Store `raw_options` (as a table stores them) as the group's preset of that name for the game, replacing
    the one of the same name. Tables copy their options, so no table changes with it."""
    name = " ".join(name.split())
    if not name:
        raise Refused(_("A preset needs a name."))
    if len(name) > MAX_PRESET_NAME:
        raise Refused(_("A preset's name has at most %(max)d characters.") % {"max": MAX_PRESET_NAME})
    _storable([name, dict(raw_options)])
    preset, _created = Preset.objects.update_or_create(
        group=group, game=game_slug, name=name, defaults={"options": dict(raw_options)}
    )
    return preset


# -- table files ------------------------------------------------------------------------------------


def export_table(table: Table) -> dict[str, Any]:
    """The table as a FORMAT.md table file; undone events go in the `retracted` extension."""
    snap = snapshot(table)
    live: list[Mapping[str, Any]] = []
    retracted: list[tablefile.RetractedEvent] = []
    for entry in snap.log:
        if entry.retracted:
            retracted.append(tablefile.RetractedEvent(len(live), entry.payload))
        else:
            live.append(entry.payload)
    return tablefile.dump(snap.game, snap.players, table.options, live, _meta(table), retracted)


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


def check_import(data: Any, group: Group | None = None) -> tuple[tablefile.TableFile, Any]:
    """The table file read and replayed with every check an import into `group` makes (the web page's preview
    uses it), or Refused saying what is wrong; nothing is stored."""
    try:
        parsed = tablefile.read(data)
        state = parsed.replay()
    except (tablefile.TableFileError, InvalidEvent) as exc:
        raise Refused(exc.text) from None
    _refuse_look_alikes(parsed.players, group.players.values_list("name", flat=True) if group else ())
    if len(parsed.meta.get("title", "")) > cast(int, Table._meta.get_field("title").max_length):
        raise Refused(_("The title is too long."))
    _storable([parsed.meta, parsed.raw_options, parsed.raw_events, [r.event for r in parsed.retracted]])
    return parsed, state


def import_table(data: Any, group: Group | None = None) -> Table:
    """A new table of `group` (a new group when None) from a table file; the whole file is checked before
    anything is stored."""
    parsed, state = check_import(data)
    meta = parsed.meta
    with transaction.atomic():
        table = create_table(
            parsed.game.slug,
            parsed.players,
            data.get("options", {}),
            group=group,
            title=meta.get("title", ""),
            played_on=date.fromisoformat(meta["played_on"]) if "played_on" in meta else None,
            notes=meta.get("notes", ""),
        )
        rows = _interleave(parsed.raw_events, parsed.retracted)
        Event.objects.bulk_create(
            Event(table=table, seq=seq, payload=dict(payload), retracted=gone, changed=table.version + 1)
            for seq, (payload, gone) in enumerate(rows, start=1)
        )
        _bump(table, parsed.game.standings(state).finished)
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


def set_notes(table: Table, text: str) -> None:
    """The table's note (free text for people; it goes into the table file's `notes`). Not a log event: it
    changes no score, so the table's version stays."""
    _storable([text])
    Table.objects.filter(pk=table.pk).update(notes=text)
    table.notes = text
