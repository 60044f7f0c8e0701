"""The one layer between the views or commands and the games: load, append, undo, redo, import."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from games import registry, tablefile
from games.base import Flag, Game, InvalidEvent, InvalidOptions, Prompt, Standings
from games.players import InvalidPlayers, check_players

from .models import Event, Player, Seat, Table


class Refused(Exception):
    """A write that changed nothing; `message` says why in a player's words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Stale(Refused):
    """The write was made against an older version of the table."""


@dataclass(frozen=True)
class Snapshot:
    """A table as every page shows it: derived from the log, never stored."""

    table: Table
    game: Game
    players: tuple[str, ...]
    options: Any
    log: tuple[Event, ...]  # everything, undone events included
    live: tuple[Event, ...]
    state: Any
    standings: Standings
    prompt: Prompt

    @property
    def can_undo(self) -> bool:
        return bool(self.live)

    @property
    def can_redo(self) -> bool:
        return bool(self.log) and self.log[-1].retracted

    def live_index(self) -> dict[int, int]:
        """Event seq -> index among live events (what `referee` calls `event`)."""
        return {e.seq: i for i, e in enumerate(self.live)}


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
        table = Table.objects.create(
            game=game.slug, options=dict(raw_options), title=title, played_on=played_on, notes=notes
        )
        for position, name in enumerate(seats):
            player, _ = Player.objects.get_or_create(name=name)
            Seat.objects.create(table=table, player=player, position=position)
    return table


def seat_names(table: Table) -> tuple[str, ...]:
    return tuple(table.seats.order_by("position").values_list("player__name", flat=True))


def snapshot(table: Table) -> Snapshot:
    game = registry.get(table.game)
    players = seat_names(table)
    options = game.options(table.options, players)
    log = tuple(table.events.order_by("seq"))
    live = tuple(e for e in log if not e.retracted)
    state = game.replay(players, options, [game.parse(e.payload) for e in live])
    return Snapshot(table, game, players, options, log, live, state, game.standings(state), game.prompt(state))


def review(snap: Snapshot) -> list[tuple[Flag, Event]]:
    """The referee's flags, each with the stored event it concerns."""
    flags = snap.game.review(snap.players, snap.options, [snap.game.parse(e.payload) for e in snap.live])
    return [(flag, snap.live[flag.event]) for flag in flags]


def append(table: Table, raw_events: Sequence[Mapping[str, Any]], expected_version: int | None = None) -> Table:
    """Add events at the end of the log in one transaction, or change nothing and say why."""
    with transaction.atomic():
        locked = _lock(table, expected_version)
        game = registry.get(locked.game)
        players = seat_names(locked)
        options = game.options(locked.options, players)
        live = [e.payload for e in locked.events.filter(retracted=False).order_by("seq")]
        try:
            parsed = [game.parse(p) for p in live]
            for raw in raw_events:
                parsed.append(game.parse(raw))
            state = game.replay(players, options, parsed)
        except InvalidEvent as exc:
            raise Refused(exc.message) from None
        last = locked.events.aggregate(m=Max("seq"))["m"] or 0
        Event.objects.bulk_create(
            Event(table=locked, seq=last + i, payload=dict(raw)) for i, raw in enumerate(raw_events, start=1)
        )
        _bump(locked, game.standings(state).finished)
    return locked


def undo(table: Table, expected_version: int | None = None) -> Event:
    """Mark the last live event retracted; it stays in the log, struck through."""
    with transaction.atomic():
        locked = _lock(table, expected_version)
        event = locked.events.filter(retracted=False).order_by("-seq").first()
        if event is None:
            raise Refused(_("There is nothing to undo."))
        event.retracted = True
        event.save(update_fields=["retracted"])
        _bump(locked, _finished(locked))
    return event


def redo(table: Table, expected_version: int | None = None) -> Event:
    """Restore the event undone most recently, while nothing has been recorded after it."""
    with transaction.atomic():
        locked = _lock(table, expected_version)
        last_live = locked.events.filter(retracted=False).aggregate(m=Max("seq"))["m"] or 0
        event = locked.events.filter(retracted=True, seq__gt=last_live).order_by("seq").first()
        if event is None:
            raise Refused(_("There is nothing to redo."))
        event.retracted = False
        event.save(update_fields=["retracted"])
        _bump(locked, _finished(locked))
    return event


def _lock(table: Table, expected_version: int | None) -> Table:
    locked = Table.objects.select_for_update().get(pk=table.pk)
    if expected_version is not None and locked.version != expected_version:
        raise Stale(_("Someone else changed this table a moment ago. Here is the new state; check it and try again."))
    return locked


def _finished(table: Table) -> bool:
    return snapshot(table).standings.finished


def _bump(table: Table, finished: bool) -> None:
    table.version += 1
    table.finished = (table.finished or timezone.now()) if finished else None
    table.save(update_fields=["version", "finished"])


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


def import_table(data: Any) -> Table:
    """A new table from a table file; the whole file is checked before anything is stored."""
    try:
        parsed = tablefile.read(data)
        parsed.replay()
    except (tablefile.TableFileError, InvalidEvent) as exc:
        raise Refused(str(exc)) from None
    meta = parsed.meta
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
        _bump(table, parsed.game.standings(parsed.replay()).finished)
    return table


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
