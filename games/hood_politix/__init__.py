"""Hood Politix: a fast shedding game for 2 to 8. Rounds score placement points (first out 1, the next 2, ...),
lowest total wins; penalties are drawn cards, logged without points; the referee rules on disputed plays."""

from __future__ import annotations

from games.base import GameBase, Panel, Round, Standings, gettext_noop
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
            rounds=tuple(Round(r.points, _explain(r)) for r in state.rounds),
            finished=phase.kind == "over",
            winners=phase.players if phase.kind == "over" else (),
            pending={"reason": "tie", "players": list(phase.players)} if phase.kind == "tie" else None,
        )

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


def _explain(record: engine.RoundResult) -> Text:
    what = T(
        "%(first)s out first; %(loser)s lost the one-on-one and deals next.",
        first=record.order[0],
        loser=record.loser,
    )
    return T("Extra round: %(what)s", what=what) if record.extra else what


GAME = HoodPolitix()
