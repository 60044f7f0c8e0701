"""Tally: a throw-away game that lives in the tests folder only.

It proves a new game needs nothing outside its own folder but one registry line: the rules here (pure, no
Django), its rules page in rules/ (one file per language), its web side in web/ (entry forms and templates).
Each round every player writes down points; the game ends after `rounds` rounds, highest total winning. The
referee flags a round above `cap` points.
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
    gettext_noop,
    whole_number_in,
)
from games.text import T, Text


@dataclass(frozen=True)
class Options:
    rounds: int = 3
    cap: int = 10


@dataclass(frozen=True)
class Scores:
    points: Mapping[str, int]


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    rounds: tuple[tuple[int, Scores], ...] = ()  # (event index, scores)


RULE = "tally.cap"
OPTION_INFO = (
    OptionInfo("rounds", gettext_noop("Rounds"), gettext_noop("How many rounds make a game."), 3, rule="opt-rounds"),
    OptionInfo("cap", gettext_noop("Cap"), gettext_noop("The most points a round may give."), 10, rule="opt-cap"),
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
            raise InvalidOptions(f"unknown option {sorted(unknown)[0]!r}")
        if not all(whole_number_in(v, 1, 100) for v in raw.values()):
            raise InvalidOptions("rounds and cap are whole numbers from 1 to 100")
        return Options(**raw)

    def option_info(self) -> Sequence[OptionInfo]:
        return OPTION_INFO

    def options_dict(self, options: Options) -> dict[str, Any]:
        return {k: v for k, v in vars(options).items() if v != getattr(Options(), k)}

    def parse(self, raw: Any) -> Scores:
        if not isinstance(raw, dict) or raw.get("type") != "round" or not isinstance(raw.get("points"), dict):
            raise InvalidEvent(None, T('a tally event is {"type": "round", "points": {...}}'))
        if not all(whole_number_in(v, 0, 1000) for v in raw["points"].values()):
            raise InvalidEvent(None, T("points are whole numbers from 0 to 1000"))
        return Scores(dict(raw["points"]))

    def replay(self, players: Sequence[str], options: Options, events: Sequence[Scores]) -> State:
        return self.resume(State(tuple(players), options), events, 0)

    def resume(self, state: State, events: Sequence[Scores], start: int) -> State:
        rounds = list(state.rounds)
        for index, event in enumerate(events, start):
            if len(rounds) >= state.options.rounds:
                raise InvalidEvent(index, T("the game is over"))
            if set(event.points) - set(state.players):
                raise InvalidEvent(index, T("%(names)s not at this table", names=", ".join(event.points)))
            rounds.append((index, event))
        return State(state.players, state.options, tuple(rounds))

    def standings(self, state: State) -> Standings:
        rounds = tuple(Round(dict(scores.points)) for _i, scores in state.rounds)
        finished = len(rounds) == state.options.rounds
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
            for index, scores in state.rounds
            for player, n in scores.points.items()
            if n > cap
        ]

    def prompt(self, state: State) -> Prompt:
        if len(state.rounds) == state.options.rounds:
            return Prompt("over", T("The tally is done."))
        return Prompt("round", T("Round %(n)d of %(of)d.", n=len(state.rounds) + 1, of=state.options.rounds))

    def describe(self, event: Scores, players: Sequence[str]) -> Text:
        return T("Points: %(list)s", list=", ".join(f"{p} {event.points.get(p, 0)}" for p in players))

    def panel(self, state: State) -> Panel:
        return Panel("panel.html", {"played": len(state.rounds), "of": state.options.rounds})


GAME = Tally()
