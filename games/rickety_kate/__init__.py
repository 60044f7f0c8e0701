"""Rickety Kate (Black Lady): Hearts for 3 to 6 players, the Q♠ worth 13, moon shots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Flag, GameBase, OptionInfo, Prompt, Round, Standings, StatInfo, gettext_noop
from games.rickety_kate import engine, referee, stats
from games.rickety_kate.describe import describe as _describe
from games.rickety_kate.events import Event, parse_event
from games.rickety_kate.options import OPTION_INFO, Options, options_dict, read_options
from games.rickety_kate.prompt import prompt as _prompt
from games.text import Text


class RicketyKate(GameBase):
    slug = "rickety-kate"
    name = "Rickety Kate"
    min_players = 3
    max_players = 8  # 7 and 8 only with the double deck (options.SINGLE_DECK_SEATS)
    lowest_wins = True
    row_label = gettext_noop("Hand")
    rule_ids = tuple(referee.RULES)
    web = "companion.entries.rickety_kate"

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
            rounds=tuple(Round(h.points, h.explain) for h in state.hands),
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

    def stat_info(self) -> Sequence[StatInfo]:
        return stats.STAT_INFO

    def stats(self, state: engine.State) -> dict[str, dict[str, int]]:
        return stats.stats(state)


GAME = RicketyKate()
