"""Hood Politix: a fast shedding game for 2 to 8. Rounds score placement points (first out 1, the next 2, ...),
lowest total wins; penalties are drawn cards, logged without points; the referee rules on disputed plays."""

from __future__ import annotations

from games.base import GameBase, Panel, Round, Standings, gettext_noop, phase_standings
from games.hood_politix import describe, dispute, engine, events, options, prompt, referee, stats
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
    modules = (options, events, engine, prompt, describe, referee, stats)

    def standings(self, state: engine.State) -> Standings:
        over = state.phase.kind == "over"
        last = len(state.rounds) - 1
        rounds = tuple(Round(r.points, _explain(r, deals=not (over and i == last))) for i, r in enumerate(state.rounds))
        return phase_standings(self.slug, state, rounds)

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


def _explain(record: engine.RoundResult, deals: bool) -> Text:
    """The round in words; `deals`: there is a next round for its loser to deal (not after the game's last)."""
    if deals:
        what = T(
            "%(first)s out first; %(loser)s lost the one-on-one and deals next.",
            first=record.order[0],
            loser=record.loser,
        )
    else:
        what = T("%(first)s out first; %(loser)s lost the one-on-one.", first=record.order[0], loser=record.loser)
    return T("Extra round: %(what)s", what=what) if record.extra else what


GAME = HoodPolitix()
