"""What the entry screen asks next, as plain data; the templates only display it."""

from __future__ import annotations

from typing import Any

from games.base import Prompt
from games.hood_politix.engine import State
from games.text import T


def prompt(state: State) -> Prompt:
    phase = state.phase
    if phase.kind == "over":
        return Prompt(
            "over", T("Game over: %(names)s won.", names=" & ".join(phase.players)), {"winners": list(phase.players)}
        )
    details: dict[str, Any] = {
        "number": state.round_number,
        "of": state.options.rounds,
        "dealer": state.dealer,
        "players": list(state.players),
        "penalty_cards": state.options.penalty_cards,
        "tied": list(phase.players) if phase.kind == "tie" else [],
    }
    if phase.kind == "tie":
        headline = T(
            "Tie for the lowest total: %(names)s. Extra round %(n)d, %(dealer)s deals.",
            names=" & ".join(phase.players),
            n=state.round_number,
            dealer=state.dealer,
        )
    else:
        headline = T(
            "Round %(n)d of %(of)d: %(dealer)s deals.",
            n=state.round_number,
            of=state.options.rounds,
            dealer=state.dealer,
        )
    return Prompt("round", headline, details)
