"""White Hat: a trick-taking race for 2 to 6, pursuit points that never go back, the White Hat reversing tricks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import GameBase, Panel, Round, Standings, StatInfo, gettext_noop
from games.white_hat import describe, engine, events, options, prompt, referee
from games.white_hat.prompt import board_view

STATS = (
    StatInfo("pursuit", gettext_noop("Pursuit points per round"), per="rounds"),
    StatInfo("zero_rounds", gettext_noop("Rounds ending at zero")),
    StatInfo("goal", gettext_noop("Pawns in the goal")),
)


class WhiteHat(GameBase):
    slug = "white-hat"
    name = "White Hat"
    min_players = 2
    max_players = 6
    lowest_wins = True
    row_label = gettext_noop("Round")
    rule_ids = tuple(referee.RULES)
    web = "companion.entries.white_hat"
    modules = (options, events, engine, prompt, describe, referee)

    def standings(self, state: engine.State) -> Standings:
        return Standings(
            game=self.slug,
            players=state.players,
            rounds=tuple(Round(r.points, r.explain) for r in state.rounds),
            finished=state.finished,
            winners=state.winners,
        )

    def panel(self, state: engine.State) -> Panel:
        """The score track (every marker only ever moves forward under the default) and, with a board, the
        board with its pawns."""
        return Panel(
            "panel.html",
            {
                "players": list(state.players),
                "track": track(state),
                "board": board_view(state, frozenset(m["to"] for m in prompt.prompt(state).details.get("moves", ()))),
            },
        )

    def stat_info(self) -> Sequence[StatInfo]:
        return STATS

    def stats(self, state: engine.State) -> Mapping[str, Mapping[str, int]]:
        goals = {p: state.goals.count(p) for p in state.players}
        return {
            p: {
                "pursuit": sum(r.points[p] for r in state.rounds),
                "rounds": len(state.rounds),
                "zero_rounds": sum(1 for r in state.rounds if r.points[p] == 0),
                "goal": goals[p],
            }
            for p in state.players
        }


TRACK_WIDTH = 300  # the score track's drawing units (an SVG viewBox)
TRACK_ROW = 22


def track(state: engine.State) -> dict[str, Any]:
    """The Kramerleiste as a drawing: one row per player, the marker at their total, a bar from zero to it and a
    faint dot where it stood a round ago (under the default floor never right of the marker); ticks every 10
    points, or every 20, 50, ... on a long game."""
    running = dict.fromkeys(state.players, 0)
    paths: dict[str, list[int]] = {p: [0] for p in state.players}
    for r in state.rounds:
        for p in state.players:
            running[p] += r.points[p]
            paths[p].append(running[p])
    values = [v for path in paths.values() for v in path]
    low = min(0, *values)
    length = max(30, -(-max(values) // 10) * 10) - low

    def x(v: int) -> int:
        return 10 + (v - low) * (TRACK_WIDTH - 20) // length

    rows = [
        {
            "name": p,
            "total": running[p],
            "x": x(running[p]),
            "y": 14 + i * TRACK_ROW,
            "start": x(0),
            "before": x(paths[p][-2]) if len(paths[p]) > 1 else None,
            "initial": p[:2],
        }
        for i, p in enumerate(state.players)
    ]
    step = next(s for s in (10, 20, 50, 100, 200, 500, 1000, 10**9) if length // s <= 10)  # at most 11 ticks
    ticks = [{"x": x(v), "label": v} for v in range(low - low % step, length + low + 1, step)]
    return {"rows": rows, "ticks": ticks, "width": TRACK_WIDTH, "height": 14 + len(rows) * TRACK_ROW}


GAME = WhiteHat()
