"""What the history pages know of a table: its Summary, derived from the log through the game's own code and
cached by table version (in this process, and in the TableSummary table so a new process does not replay every
table of a group). Nothing here is a truth of its own: a summary at another version or format is derived again.

Pages read many tables at once (`summaries`): one query finds the cached rows of the tables this process does
not hold, so a page costs the same number of queries for 10 tables as for 500 once their summaries exist. The
first visit, with no stored summaries, reads the logs of all the tables missing one in bulk (a few statements
per snapshots.BULK tables) and stores what it derives in one write.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import date
from typing import Any, Protocol, cast

from django.db.models import DateField, QuerySet
from django.db.models.functions import Coalesce, TruncDate

from games import registry

from . import busy, durations, services, snapshots
from .fingerprint import RULES  # a stored summary derived with other games' code is derived again
from .models import Table, TableSummary

FORMAT = 3  # bump when Summary's fields or their meaning change: every stored summary is derived again
CACHED = 5000  # summaries one process holds (a few hundred bytes each)
IN_LIST = 900  # table ids per IN (...) list: under the 999 SQL parameters old SQLite builds allow


@dataclass(frozen=True)
class Summary:
    """One table's outcome as the history pages show it; players in seat order."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]  # the game's ranking: a team's place for each of its players; shared places repeat
    winners: tuple[str, ...]
    finished: bool
    broken: bool  # the log stops replaying: the table counts in no stat
    lowest_wins: bool
    progression: tuple[tuple[int, ...], ...]  # the totals after each round, in seat order
    end_score: int | None  # the line the game ends at, where the game has one
    stats: Mapping[str, Mapping[str, int]]  # Game.stats(): per player, whole-number counters
    notes: tuple[tuple[int, str], ...] = ()  # (round, text) of every live event with a note
    # What the home page says of the table (companion/groups.py), so it replays nothing:
    broken_at: int | None = None  # the log entry where the log stops replaying
    leaders: tuple[tuple[str, ...], ...] = ()  # the first place of the game's ranking: a player, or a team, a line
    lead: int = 0  # their total (a team's together)
    teams: tuple[tuple[str, ...], ...] = ()  # the game's teams, where it plays in teams (Hats with four): ratings
    duration: int | None = None  # seconds played, breaks left out (companion/durations.py); None: unknown

    @property
    def counts(self) -> bool:
        """Whether the table counts in the players' stats: finished, and replaying to its end."""
        return self.finished and not self.broken

    def total(self, player: str) -> int:
        return self.totals[self.players.index(player)]

    def place(self, player: str) -> int:
        return self.places[self.players.index(player)]

    def as_json(self) -> dict[str, Any]:
        """The fields as JSON takes them: what dataclasses.asdict gives, without its deep copy of every number
        (a quarter of the first history visit's CPU); the fields are tuples, only `stats` is copied."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["stats"] = {player: dict(counters) for player, counters in self.stats.items()}
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Summary:
        return cls(
            players=tuple(data["players"]),
            totals=tuple(data["totals"]),
            places=tuple(data["places"]),
            winners=tuple(data["winners"]),
            finished=bool(data["finished"]),
            broken=bool(data["broken"]),
            lowest_wins=bool(data["lowest_wins"]),
            progression=tuple(tuple(row) for row in data["progression"]),
            end_score=data["end_score"],
            stats={p: dict(c) for p, c in data["stats"].items()},
            notes=tuple((int(n), str(t)) for n, t in data["notes"]),
            broken_at=data["broken_at"],
            leaders=tuple(tuple(line) for line in data["leaders"]),
            lead=int(data["lead"]),
            teams=tuple(tuple(team) for team in data["teams"]),
            duration=data["duration"],
        )


EMPTY = Summary((), (), (), (), False, True, True, (), None, {})


def derive(snap: services.Snapshot) -> Summary:
    """The summary of a table's snapshot: standings, the game's ranking and its own stats."""
    standings, game = snap.standings, snap.game
    places: dict[str, int] = {}
    ranking = game.ranking(standings)
    for line in ranking:
        for name in line.names:
            places[name] = line.place
    first = [line for line in ranking if line.place == 1]
    running = dict.fromkeys(snap.players, 0)
    progression = []
    for rnd in standings.rounds:
        for player, points in rnd.points.items():
            running[player] += points
        progression.append(tuple(running[p] for p in snap.players))
    end = getattr(snap.options, "end_score", None)
    return Summary(
        players=snap.players,
        totals=tuple(standings.totals[p] for p in snap.players),
        places=tuple(places.get(p, len(snap.players)) for p in snap.players),
        winners=tuple(standings.winners),
        finished=standings.finished,
        broken=snap.broken is not None,
        lowest_wins=game.lowest_wins,
        progression=tuple(progression),
        end_score=end if type(end) is int else None,
        stats={p: {k: int(v) for k, v in counters.items()} for p, counters in game.stats(snap.state).items()},
        notes=_notes(snap),
        broken_at=snap.broken.seq if snap.broken is not None else None,
        leaders=tuple(line.names for line in first),
        lead=first[0].total if first else 0,
        teams=tuple(tuple(team) for team in standings.teams or ()),
        duration=durations.playing_seconds(e.at for e in snap.live),
    )


def of_snapshot(snap: services.Snapshot) -> Summary:
    """The summary of a snapshot the page already holds, worked out once per version (the table page uses it:
    nothing is stored on the way, so a write costs no extra query)."""
    if "summary" not in snap.memo:
        snap.memo["summary"] = derive(snap)
    return cast(Summary, snap.memo["summary"])  # memo holds what the line above put


def _notes(snap: services.Snapshot) -> tuple[tuple[int, str], ...]:
    """Each live event's note with the round it belongs to (the round it completes or is part of). Replays the
    log one event at a time only when some event has a note."""
    noted = [i for i, e in enumerate(snap.live[: len(snap.events)]) if _note(e.payload)]
    if not noted:
        return ()
    game, state = snap.game, snap.game.replay(snap.players, snap.options, ())
    notes, done = [], 0
    for index in noted:
        state = game.resume(state, snap.events[done:index], done)
        done = index
        notes.append((len(game.standings(state).rounds) + 1, _note(snap.live[index].payload)))
    return tuple(notes)


def _note(payload: Mapping[str, Any]) -> str:
    note = payload.get("note")
    return note.strip() if isinstance(note, str) else ""


# -- the caches -------------------------------------------------------------------------------------------


class SummaryCache:
    """Summaries this process derived or read, by (table id, code, version): a new version is a new key."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self.items: OrderedDict[tuple[int, str, int], Summary] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[int, str, int]) -> Summary | None:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: tuple[int, str, int], summary: Summary) -> None:
        with self.lock:
            self.items[key] = summary
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


SUMMARIES = SummaryCache()


class Versioned(Protocol):
    """What the caches need to know of a table: a Table, or a Ref read without building the model (read-only, so
    Ref may be frozen)."""

    @property
    def pk(self) -> int: ...
    @property
    def code(self) -> str: ...
    @property
    def version(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Ref:
    """One table as the history list reads it: a plain row, far cheaper than a model instance for 500 tables."""

    pk: int
    code: str
    version: int
    game: str
    title: str
    notes: str
    day: date


def refs(tables: QuerySet[Table]) -> list[Ref]:
    """The tables as Refs, the day each was played newest first (then the newest started): one query."""
    played = Coalesce("played_on", TruncDate("created"), output_field=DateField())
    rows = tables.annotate(day=played).order_by("-day", "-created", "-pk")
    fields = ("pk", "code", "version", "game", "title", "notes", "day")
    return [Ref(*row) for row in rows.values_list(*fields)]


def _key(table: Versioned) -> tuple[int, str, int]:
    return (table.pk, table.code, table.version)


def summary(table: Table) -> Summary:
    return summaries([table])[table.pk]


def summaries(tables: Sequence[Versioned]) -> dict[int, Summary]:
    """Each table's summary at the version it was read at: from this process, else from the stored rows (one
    query for up to IN_LIST tables), else derived from its log and stored (`_derive_and_store`)."""
    found: dict[int, Summary] = {}
    missing: list[Versioned] = []
    for table in tables:
        held = SUMMARIES.get(_key(table))
        if held is not None:
            found[table.pk] = held
        else:
            missing.append(table)
    if not missing:
        return found
    versions = {t.pk: t.version for t in missing}
    for pks in _chunks(list(versions), IN_LIST):
        rows = TableSummary.objects.filter(table_id__in=pks, format=FORMAT, rules=RULES)
        for row in rows.only("table_id", "version", "data"):
            if versions[row.table_id] == row.version:
                found[row.table_id] = Summary.from_json(row.data)
    fresh = [t for t in missing if t.pk not in found]
    if fresh:
        found |= _derive_and_store(fresh)
    for table in missing:
        SUMMARIES.put(_key(table), found[table.pk])
    return found


def _derive_and_store(missing: Sequence[Versioned]) -> dict[int, Summary]:
    """The tables' summaries derived from their logs, read in bulk (snapshots.each_snapshot: a few statements
    per BULK tables, not two per table), and stored in one write that replaces whatever row a table had (at
    another version or rules, or stored meanwhile by a request deriving the same tables)."""
    once = list({t.pk: t for t in missing}.values())  # one row per table: an upsert may touch a row only once
    derived = dict.fromkeys((t.pk for t in once), EMPTY)  # a table gone meanwhile: nothing to show
    rows = []
    for table, snap in snapshots.each_snapshot(_tables(once)):
        if snap is None:  # a game no longer registered, options no longer valid: nothing to store
            continue
        derived[table.pk] = of_snapshot(snap)
        data = derived[table.pk].as_json()
        rows.append(TableSummary(table_id=table.pk, version=snap.version, format=FORMAT, rules=RULES, data=data))
    if rows:  # a page read stores the cache only if no write holds the lock: it never waits for one
        busy.unless_busy(
            lambda: TableSummary.objects.bulk_create(
                rows,
                update_conflicts=True,
                unique_fields=["table"],
                update_fields=["version", "format", "rules", "data"],
            )
        )
    return derived


def _tables(given: Sequence[Versioned]) -> list[Table]:
    """Table instances of the tables given: themselves where they are ones, else read (one query for up to
    IN_LIST of them)."""
    tables = [t for t in given if isinstance(t, Table)]
    if len(tables) == len(given):
        return tables
    for pks in _chunks([t.pk for t in given if not isinstance(t, Table)], IN_LIST):
        tables += Table.objects.filter(pk__in=pks)
    return tables


def _chunks(items: Sequence[int], size: int) -> list[Sequence[int]]:
    return [items[start : start + size] for start in range(0, len(items), size)]


def game_name(slug: str) -> str:
    try:
        return registry.get(slug).name
    except KeyError:
        return slug


def day(table: Table) -> date:
    """The day a table was played: the one its file names, else the day it was started."""
    return table.played_on or table.created.date()


def round_ends(snap: services.Snapshot) -> list[int]:
    """The live index of the event that completed each scored round, in order (round n ends at [n - 1])."""
    game = snap.game
    state = game.replay(snap.players, snap.options, ())
    ends, rounds = [], 0
    for index, event in enumerate(snap.events):
        state = game.resume(state, (event,), index)
        now = len(game.standings(state).rounds)
        if now > rounds:
            ends.extend([index] * (now - rounds))
            rounds = now
    return ends
