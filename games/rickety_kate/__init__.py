"""Rickety Kate (Black Lady): Hearts for 3 to 6 players, the Q♠ worth 13, moon shots."""

from __future__ import annotations

from games.base import GameBase, Round, Standings, gettext_noop, phase_standings
from games.rickety_kate import describe, engine, events, options, prompt, referee, stats


class RicketyKate(GameBase):
    slug = "rickety-kate"
    name = "Rickety Kate"
    min_players = 3
    max_players = 8  # 7 and 8 only with the double deck (options.SINGLE_DECK_SEATS)
    lowest_wins = True
    row_label = gettext_noop("Hand")
    rule_ids = tuple(referee.RULES)
    web = "companion.entries.rickety_kate"
    modules = (options, events, engine, prompt, describe, referee, stats)

    def standings(self, state: engine.State) -> Standings:
        return phase_standings(self.slug, state, tuple(Round(h.points, h.explain) for h in state.hands))


GAME = RicketyKate()
