"""The table page's numbers, laid out in seat order for the templates (no rule is decided here: the game
gives the rows, the ranking with its own tie-breaks, the teams and the state panel)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from companion.services import Snapshot
from games.base import Panel, Place


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
class Board:
    players: tuple[str, ...]
    row_label: str  # in the reader's language: "Hand", "Round", ...
    rows: list[tuple[int, list[int], Any]]  # row number, points in seat order, explanation (a Text or "")
    totals: list[Cell]
    teams: list[TeamLine]
    ranking: tuple[Place, ...]
    details: dict[str, Any]
    panel: Panel | None


def board(snap: Snapshot) -> Board:
    standings = snap.standings
    players = snap.players
    rows = [(i, [r.points.get(p, 0) for p in players], r.explain) for i, r in enumerate(standings.rounds, start=1)]
    totals = standings.totals
    ranking = snap.game.ranking(standings)
    first = {name for place in ranking if place.place == 1 for name in place.names} if standings.rounds else set()
    teams = [TeamLine(p.names, p.total, p.place == 1 and bool(standings.rounds)) for p in ranking if standings.teams]
    return Board(
        players=players,
        row_label=gettext(snap.game.row_label),
        rows=rows,
        totals=[Cell(totals[p], leader=p in first) for p in players],
        teams=sorted(teams, key=lambda t: [players.index(n) for n in t.names]),
        ranking=ranking,
        details=dict(snap.prompt.details),
        panel=snap.game.panel(snap.state),
    )
