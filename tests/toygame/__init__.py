"""Tally: a throw-away game that lives in the tests folder only: the worked example of docs/games.md.

It proves a new game needs nothing outside its own folder but one registry line: the rules here (pure, no
Django), its rules page in rules/ (one file per language), its words in words/ (one file per language), its web
side in web/ (entry forms and templates), its property-test strategies in strategies.py and its golden cases in
cases/. Each round every player writes down points; a bonus gives one player extra points between rounds; the
game ends after `rounds` rounds, highest total winning. The referee flags a round's points above `cap`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import (
    Flag,
    GameBase,
    InvalidEvent,
    InvalidOptions,
    OptionInfo,
    Panel,
    Prompt,
    Round,
    Standings,
    StatInfo,
    gettext_noop,
    shown,
    whole_number_in,
)
from games.text import T, Text


@dataclass(frozen=True)
class Options:
    rounds: int = 3
    cap: int = 10


@dataclass(frozen=True)
class Scores:
    """A round: every player's points (a player left out wrote 0)."""

    points: Mapping[str, int]


@dataclass(frozen=True)
class Bonus:
    """Extra points for one player between rounds; it is a row of its own and counts no round."""

    player: str
    points: int


Event = Scores | Bonus


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    rows: tuple[tuple[int, Event], ...] = ()  # (event index, event), in order

    @property
    def played(self) -> int:
        return sum(isinstance(event, Scores) for _i, event in self.rows)


RULE = "tally.cap"
BONUS_MAX = 100
OPTION_INFO = (
    OptionInfo("rounds", gettext_noop("Rounds"), gettext_noop("How many rounds make a game."), 3, rule="opt-rounds"),
    OptionInfo("cap", gettext_noop("Cap"), gettext_noop("The most points a round may give."), 10, rule="opt-cap"),
)
STAT_INFO = (
    StatInfo("bonuses", gettext_noop("Bonuses")),
    StatInfo("points", gettext_noop("Points per round"), per="rounds"),
)


class Tally(GameBase):
    slug = "tally"
    name = "Tally"
    min_players = 2
    max_players = 4
    lowest_wins = False
    row_label = gettext_noop("Round")
    rule_ids = (RULE,)
    web = "tests.toygame.web"

    def options(self, raw: Mapping[str, Any], players: Sequence[str]) -> Options:
        unknown = set(raw) - {"rounds", "cap"}
        if unknown:
            raise InvalidOptions(T("unknown option %(name)s", name=shown(sorted(unknown)[0])))
        if not all(whole_number_in(v, 1, 100) for v in raw.values()):
            raise InvalidOptions(T("rounds and cap are whole numbers from 1 to 100"))
        return Options(**raw)

    def option_info(self) -> Sequence[OptionInfo]:
        return OPTION_INFO

    def options_dict(self, options: Options) -> dict[str, Any]:
        return {k: v for k, v in vars(options).items() if v != getattr(Options(), k)}

    def parse(self, raw: Any) -> Event:
        kind = raw.get("type") if isinstance(raw, dict) else None
        if kind == "bonus":
            if not isinstance(raw.get("player"), str) or not whole_number_in(raw.get("points"), 1, BONUS_MAX):
                raise InvalidEvent(None, T('a bonus is {"type": "bonus", "player": name, "points": 1 to 100}'))
            return Bonus(raw["player"], raw["points"])
        if kind != "round" or not isinstance(raw.get("points"), dict):
            raise InvalidEvent(None, T('a tally event is {"type": "round", "points": {...}} or a bonus'))
        if not all(whole_number_in(v, 0, 1000) for v in raw["points"].values()):
            raise InvalidEvent(None, T("points are whole numbers from 0 to 1000"))
        return Scores(dict(raw["points"]))

    def replay(self, players: Sequence[str], options: Options, events: Sequence[Event]) -> State:
        return self.resume(State(tuple(players), options), events, 0)

    def resume(self, state: State, events: Sequence[Event], start: int) -> State:
        rows, played = list(state.rows), state.played
        for index, event in enumerate(events, start):
            if played >= state.options.rounds:
                raise InvalidEvent(index, T("the game is over"))
            names = [event.player] if isinstance(event, Bonus) else list(event.points)
            strangers = [name for name in names if name not in state.players]
            if strangers:
                raise InvalidEvent(index, T("%(names)s not at this table", names=", ".join(map(str, strangers))))
            played += isinstance(event, Scores)
            rows.append((index, event))
        return State(state.players, state.options, tuple(rows))

    def standings(self, state: State) -> Standings:
        rounds = tuple(_row(event) for _i, event in state.rows)
        finished = state.played == state.options.rounds
        standings = Standings(self.slug, state.players, rounds, finished)
        if not finished:
            return standings
        best = max(standings.totals.values())
        return Standings(
            self.slug, state.players, rounds, True, tuple(p for p, t in standings.totals.items() if t == best)
        )

    def review(self, state: State) -> list[Flag]:
        cap = state.options.cap
        return [
            Flag(index, player, RULE, T("%(who)s got %(n)d points, above the cap of %(cap)d", who=player, n=n, cap=cap))
            for index, event in state.rows
            if isinstance(event, Scores)
            for player, n in event.points.items()
            if n > cap
        ]

    def prompt(self, state: State) -> Prompt:
        if state.played == state.options.rounds:
            return Prompt("over", T("The tally is done."))
        return Prompt("round", T("Round %(n)d of %(of)d.", n=state.played + 1, of=state.options.rounds))

    def describe(self, event: Event, players: Sequence[str], options: Options) -> Text:
        if isinstance(event, Bonus):
            return T("Bonus: %(who)s +%(n)d", who=event.player, n=event.points)
        return T("Points: %(list)s", list=", ".join(f"{p} {event.points.get(p, 0)}" for p in players))

    def panel(self, state: State) -> Panel:
        return Panel(
            "panel.html", {"line": T("%(n)d of %(of)d rounds played", n=state.played, of=state.options.rounds)}
        )

    def stat_info(self) -> Sequence[StatInfo]:
        return STAT_INFO

    def stats(self, state: State) -> Mapping[str, Mapping[str, int]]:
        """Per player: bonuses won, and round points over rounds played (for "Points per round")."""
        out = {p: {"bonuses": 0, "points": 0, "rounds": 0} for p in state.players}
        for _i, event in state.rows:
            if isinstance(event, Bonus):
                out[event.player]["bonuses"] += 1
                continue
            for p in state.players:
                out[p]["points"] += event.points.get(p, 0)
                out[p]["rounds"] += 1
        return out


def _row(event: Event) -> Round:
    if isinstance(event, Bonus):
        return Round({event.player: event.points}, T("%(who)s: bonus", who=event.player))
    return Round(dict(event.points))


GAME = Tally()
