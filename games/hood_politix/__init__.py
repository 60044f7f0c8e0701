"""Hood Politix: a fast shedding game for 2 to 8. Rounds score placement points (first out 1, the next 2, ...),
lowest total wins; penalties are drawn cards, logged without points; the referee rules on disputed plays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Flag, GameBase, OptionInfo, Panel, Prompt, Round, Standings, StatInfo, gettext_noop
from games.hood_politix import dispute, engine, referee
from games.hood_politix.describe import describe as _describe
from games.hood_politix.events import Event, parse_event
from games.hood_politix.options import OPTION_INFO, Options, options_dict, read_options
from games.hood_politix.prompt import prompt as _prompt
from games.hood_politix.stats import STAT_INFO
from games.hood_politix.stats import stats as _stats
from games.text import T, Text

TURN_SECONDS = 3  # the three-second rule
RESPECT_SECONDS = dispute.RESPECT_SECONDS


class HoodPolitix(GameBase):
    slug = "hood-politix"
    name = "Hood Politix"
    min_players = 2
    max_players = 8
    lowest_wins = True
    row_label = gettext_noop("Round")
    rule_ids = referee.RULES
    web = "companion.entries.hood_politix"

    def options(self, raw: Mapping[str, Any], players: Sequence[str]) -> Options:
        return read_options(raw, players)

    def option_info(self) -> Sequence[OptionInfo]:
        return OPTION_INFO

    def options_dict(self, options: Options) -> dict[str, Any]:
        return options_dict(options)

    def parse(self, raw: Any) -> Event:
        return parse_event(raw)

    def replay(self, players: Sequence[str], options: Options, events: Sequence[Event]) -> engine.State:
        return engine.replay(players, options, events)

    def resume(self, state: engine.State, events: Sequence[Event], start: int) -> engine.State:
        return engine.resume(state, events, start)

    def standings(self, state: engine.State) -> Standings:
        phase = state.phase
        return Standings(
            game=self.slug,
            players=state.players,
            rounds=tuple(Round(r.points, _explain(r)) for r in state.rounds),
            finished=phase.kind == "over",
            winners=phase.players if phase.kind == "over" else (),
            pending={"reason": "tie", "players": list(phase.players)} if phase.kind == "tie" else None,
        )

    def review(self, state: engine.State) -> list[Flag]:
        return referee.review(state)

    def prompt(self, state: engine.State) -> Prompt:
        return _prompt(state)

    def describe(self, event: Event, players: Sequence[str]) -> Text:
        return _describe(event, players)

    def panel(self, state: engine.State) -> Panel:
        """The turn timer and the Respect timer (the phone's part during play), with the round and its dealer."""
        return Panel(
            "panel.html",
            {
                "over": state.phase.kind == "over",
                "extra": state.phase.kind == "tie",
                "number": state.round_number,
                "of": state.options.rounds,
                "dealer": state.dealer,
                "turn_seconds": TURN_SECONDS,
                "respect_seconds": RESPECT_SECONDS,
                "penalty_cards": state.options.penalty_cards,
            },
        )

    def stat_info(self) -> Sequence[StatInfo]:
        return STAT_INFO

    def stats(self, state: engine.State) -> Mapping[str, Mapping[str, int]]:
        return _stats(state)


def _explain(record: engine.RoundResult) -> Text:
    what = T(
        "%(first)s out first; %(loser)s lost the one-on-one and deals next.",
        first=record.order[0],
        loser=record.loser,
    )
    return T("Extra round: %(what)s", what=what) if record.extra else what


GAME = HoodPolitix()
