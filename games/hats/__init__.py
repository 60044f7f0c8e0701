"""Hats: 2 to 4 players trade hats with the tea table; black hats, favourites and the last cookie."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Flag, GameBase, OptionInfo, Panel, Place, Prompt, Standings, StatInfo, gettext_noop, rank
from games.hats import engine, scoring
from games.hats.describe import describe as _describe
from games.hats.events import Event, parse_event
from games.hats.options import OPTION_INFO, Rules, options_dict, read_options
from games.hats.prompt import panel as _panel
from games.hats.prompt import prompt as _prompt
from games.text import Text

STATS = (
    StatInfo("cookies", gettext_noop("Cookies kept to the end")),
    StatInfo("black_hats", gettext_noop("Black hats per game"), per="games"),
    StatInfo("favourite", gettext_noop("Favourite points per game"), per="games"),
)


class Hats(GameBase):
    slug = "hats"
    name = "Hats"
    min_players = 2
    max_players = 4
    lowest_wins = False
    row_label = gettext_noop("Game")
    rule_ids = engine.RULES
    web = "companion.entries.hats"

    def options(self, raw: Mapping[str, Any], players: Sequence[str]) -> Rules:
        return read_options(raw, players)

    def option_info(self) -> Sequence[OptionInfo]:
        return OPTION_INFO

    def options_dict(self, options: Rules) -> dict[str, Any]:
        return options_dict(options)

    def parse(self, raw: Any) -> Event:
        return parse_event(raw)

    def replay(self, players: Sequence[str], options: Rules, events: Sequence[Event]) -> engine.State:
        return engine.replay(players, options, events)

    def resume(self, state: engine.State, events: Sequence[Event], start: int) -> engine.State:
        return engine.resume(state, events, start)

    def standings(self, state: engine.State) -> Standings:
        return scoring.standings(self.slug, state)

    def ranking(self, standings: Standings) -> tuple[Place, ...]:
        """Total, then more black hats, then the cookie (teams as one line with four players)."""
        if isinstance(standings, scoring.HatsStandings) and standings.places:
            return standings.places
        return rank(standings, lowest_wins=False)

    def review(self, state: engine.State) -> list[Flag]:
        return state.review()

    def prompt(self, state: engine.State) -> Prompt:
        return _prompt(state)

    def describe(self, event: Event, players: Sequence[str]) -> Text:
        return _describe(event, players)

    def panel(self, state: engine.State) -> Panel:
        return _panel(state)

    def stat_info(self) -> Sequence[StatInfo]:
        return STATS

    def stats(self, state: engine.State) -> Mapping[str, Mapping[str, int]]:
        """Per player of a finished game: the cookie kept (0 or 1), black hats, what the favourite earned."""
        if not state.over:
            return {}
        by_player = scoring.scores(state)
        return {
            p: {
                "games": 1,
                "cookies": int(s.cookie),
                "black_hats": s.black_hats,
                "favourite": s.points("favourite"),
            }
            for p, s in by_player.items()
        }


GAME = Hats()
