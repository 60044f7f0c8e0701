"""Rickety Kate (Black Lady): Hearts for 3 to 6 players, the Q♠ worth 13, moon shots."""

from __future__ import annotations

from games.base import GameBase, Round, Standings, gettext_noop
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
    options_module = options
    events_module = events
    engine_module = engine
    prompt_module = prompt
    describe_module = describe
    referee_module = referee
    stats_module = stats

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


GAME = RicketyKate()
