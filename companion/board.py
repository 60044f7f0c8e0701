"""The table page's numbers, laid out in seat order for the templates (no rule is decided here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.services import Snapshot


@dataclass(frozen=True)
class Cell:
    value: int
    leader: bool = False


@dataclass(frozen=True)
class Board:
    players: tuple[str, ...]
    rows: list[tuple[int, list[int], str]]  # hand number, points in seat order, explanation
    totals: list[Cell]
    headline: str
    details: dict[str, Any]


def board(snap: Snapshot) -> Board:
    standings = snap.standings
    players = snap.players
    rows = [(i, [r.points.get(p, 0) for p in players], r.explain) for i, r in enumerate(standings.rounds, start=1)]
    totals = standings.totals
    best = (min if snap.game.lowest_wins else max)(totals.values())
    marked = bool(standings.rounds)
    cells = [Cell(totals[p], leader=marked and totals[p] == best) for p in players]
    return Board(players, rows, cells, snap.prompt.headline, dict(snap.prompt.details))
