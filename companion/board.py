"""The table page's numbers, laid out in seat order for the templates (no rule is decided here: the game
gives the rows, the ranking with its own tie-breaks, the teams, the state panel and the pending penalties),
and what a write changed, for the line that confirms it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext as _

from companion.services import LogEntry, Snapshot
from games.base import InvalidEvent, Panel, Place

SHOWN_ROWS = 3  # the newest rows the scoreboard shows; a link above them shows the rest
# Characters a column head holds at 320 px, by number of players; a longer name is shortened where space is short.
HEAD_CHARS = {2: 12, 3: 9, 4: 7, 5: 5, 6: 4}


@dataclass(frozen=True)
class Cell:
    value: int
    leader: bool = False


@dataclass(frozen=True)
class TeamLine:
    names: tuple[str, ...]
    total: int
    leader: bool


@dataclass(frozen=True)
class Head:
    """A player's column: the name, and a shorter form for narrow screens (the same when the name fits)."""

    name: str
    short: str
    deals: bool = False  # marked "deals" (the game names a dealer, and the game is not over)

    @property
    def shortened(self) -> bool:
        return self.short != self.name


@dataclass(frozen=True)
class Pending:
    """A penalty given during a hand: it counts when the hand is scored."""

    player: str
    points: int
    reason: Any  # a game's Text, or a reason as typed, or ""


@dataclass(frozen=True)
class Board:
    players: tuple[str, ...]
    heads: tuple[Head, ...]
    row_label: str  # in the reader's language: "Hand", "Round", ...
    rows: list[tuple[int, list[int], Any]]  # row number, points in seat order, explanation (a Text or "")
    earlier: int  # the rows before `rows`, shown on request
    totals: list[Cell]
    teams: list[TeamLine]
    ranking: tuple[Place, ...]
    details: dict[str, Any]
    panel: Panel | None
    pending: list[Pending]  # penalties that count when the hand being played is scored
    pending_totals: list[int]  # the same, added up per player in seat order

    @property
    def shortened(self) -> bool:
        return any(h.shortened for h in self.heads)


def board(snap: Snapshot, all_rows: bool = False) -> Board:
    """The scoreboard; it shows the newest SHOWN_ROWS rows unless `all_rows`."""
    standings = snap.standings
    players = snap.players
    rows = [(i, [r.points.get(p, 0) for p in players], r.explain) for i, r in enumerate(standings.rounds, start=1)]
    earlier = 0 if all_rows else max(0, len(rows) - SHOWN_ROWS)
    totals = standings.totals
    ranking = snap.game.ranking(standings)
    first = {name for place in ranking if place.place == 1 for name in place.names} if standings.rounds else set()
    teams = [TeamLine(p.names, p.total, p.place == 1 and bool(standings.rounds)) for p in ranking if standings.teams]
    details = dict(snap.prompt.details)
    dealer = None if standings.finished else details.get("dealer")
    pending = [Pending(p["player"], p["points"], p.get("reason", "")) for p in details.get("penalties", ())]
    return Board(
        players=players,
        heads=tuple(Head(p, s, p == dealer) for p, s in zip(players, short_names(players), strict=True)),
        row_label=gettext(snap.game.row_label),
        rows=rows[earlier:],
        earlier=earlier,
        totals=[Cell(totals[p], leader=p in first) for p in players],
        teams=sorted(teams, key=lambda t: [players.index(n) for n in t.names]),
        ranking=ranking,
        details=details,
        panel=snap.game.panel(snap.state),
        pending=pending,
        pending_totals=[sum(x.points for x in pending if x.player == p) for p in players],
    )


def short_names(names: Sequence[str]) -> list[str]:
    """A short form of each name for a column head at 320 px: the name when it fits HEAD_CHARS, else its first
    letters and a dot ("Christopher" -> "Chr."), as many more letters as it takes to tell it from the others."""
    room = HEAD_CHARS.get(len(names), 4)
    shorts = {}
    for name in names:
        if len(name) <= room:
            shorts[name] = name
            continue
        keep = max(1, room - 1)
        while keep < len(name) and any(
            other != name and other[:keep].casefold() == name[:keep].casefold() for other in names
        ):
            keep += 1
        shorts[name] = name if keep >= len(name) else name[:keep].rstrip(" -.") + "."
    return [shorts[n] for n in names]


@dataclass(frozen=True)
class Change:
    """What one write did, for the line that confirms it ("Hand 5 saved — Ana +4, Ben +9 …")."""

    verb: str  # "saved", "undone", "redone"
    lines: list[Any]  # the log lines of the entries concerned (a game's Text or a plain string)
    rounds: list[tuple[int, list[tuple[str, int]], bool]]  # rows added or changed: number, points, whether new
    gone: list[int]  # rows taken back
    undo: bool = True  # Undo beside the line would take this write back (a table's note is no log entry)

    @property
    def named(self) -> list[Any]:
        """The entries' own lines, shown when no row was added: a write that only changed a row (a penalty on the
        hand just finished, a fix) says what it was, then what the row is now."""
        return [] if any(new for _n, _p, new in self.rounds) else self.lines


def change(before: Snapshot, after: Snapshot, verb: str) -> Change:
    """The entries a write added (verb "saved"), undid or brought back, and the rows it added, changed or
    took back, from the snapshots before and after it."""
    if verb == "undone":
        entries = _parsed(before, {e.seq for e in after.live})
    else:
        entries = _parsed(after, {e.seq for e in before.live})
    lines = [log_line(after, entry, event) for entry, event in entries]
    old, new = before.standings.rounds, after.standings.rounds
    rounds = [
        (i, [(p, r.points.get(p, 0)) for p in after.players], i > len(old))
        for i, r in enumerate(new, start=1)
        if i > len(old) or dict(old[i - 1].points) != dict(r.points)
    ]
    gone = list(range(len(new) + 1, len(old) + 1))
    return Change(verb, lines, rounds, gone)


def noted(snap: Snapshot, round_number: int | None) -> Change:
    """A note saved: on the table (no log entry, so no Undo), or on one round (a correction Undo takes back)."""
    if round_number is None:
        return Change("saved", [_("Note on this table")], [], [], undo=False)
    label = gettext(snap.game.row_label)
    return Change("saved", [_("Note on %(label)s %(n)d") % {"label": label, "n": round_number}], [], [])


def _parsed(snap: Snapshot, leave: set[int]) -> list[tuple[LogEntry, Any]]:
    """The live entries but those of the seqs in `leave`, with their parsed events (None past a break in the
    log); only theirs are read (the snapshot's events may be parsed when first read)."""
    events = snap.events
    return [(e, events[i] if i < len(events) else None) for i, e in enumerate(snap.live) if e.seq not in leave]


def log_line(snap: Snapshot, entry: LogEntry, event: Any) -> Any:
    """An entry's log line (a game's Text, rendered with |tr); `event` is its parsed event, or None to parse it
    here. One that no longer reads (a broken log) is named by its type."""
    if event is None:
        try:
            event = snap.game.parse(entry.payload)
        except InvalidEvent:
            return _("A %(type)s entry that cannot be read") % {"type": str(entry.payload.get("type", "?"))[:20]}
    return snap.game.describe(event, snap.players, snap.options)
