"""A player's Hood Politix counters for the players' pages: rounds, the places they went out in, and their
penalties by reason. Whole numbers only; the page adds them up over tables and divides where a stat says `per`."""

from __future__ import annotations

from collections.abc import Mapping

from games.base import StatInfo, gettext_noop
from games.hood_politix.engine import State
from games.hood_politix.events import PENALTY_REASONS

STAT_INFO: tuple[StatInfo, ...] = (
    StatInfo("rounds", gettext_noop("Rounds played")),
    StatInfo("place-1", gettext_noop("Went out 1st")),
    StatInfo("place-2", gettext_noop("Went out 2nd")),
    StatInfo("place-3", gettext_noop("Went out 3rd")),
    StatInfo("place-4", gettext_noop("Went out 4th")),
    StatInfo("place-5", gettext_noop("Went out 5th")),
    StatInfo("place-6", gettext_noop("Went out 6th")),
    StatInfo("place-7", gettext_noop("Went out 7th")),
    StatInfo("place-8", gettext_noop("Went out 8th")),
    StatInfo("lost", gettext_noop("Lost the one-on-one")),
    StatInfo("places", gettext_noop("Average place"), per="rounds"),
    StatInfo("penalties", gettext_noop("Penalties")),
    StatInfo("penalty-cards", gettext_noop("Penalty cards drawn")),
    StatInfo("penalty-missed-turn", gettext_noop("Penalties: missed turn")),
    StatInfo("penalty-too-slow", gettext_noop("Penalties: too slow")),
    StatInfo("penalty-out-of-turn", gettext_noop("Penalties: out of turn")),
    StatInfo("penalty-wrong-jump-in", gettext_noop("Penalties: wrong jump-in")),
    StatInfo("penalty-mic-check", gettext_noop("Penalties: no Mic Check")),
    StatInfo("penalty-mic-drop", gettext_noop("Penalties: no Mic Drop")),
    StatInfo("penalty-false-accusation", gettext_noop("Penalties: false accusation")),
    StatInfo("penalty-respect-timeout", gettext_noop("Penalties: Respect time up")),
    StatInfo("penalty-helping", gettext_noop("Penalties: helping")),
    StatInfo("penalty-preselected", gettext_noop("Penalties: picked cards early")),
    StatInfo("penalty-other", gettext_noop("Penalties: other")),
)
assert {f"penalty-{r}" for r in PENALTY_REASONS} <= {s.key for s in STAT_INFO}


def stats(state: State) -> Mapping[str, Mapping[str, int]]:
    """Per player: rounds, place-N counts, lost, places (the sum of places, for the average), penalties by reason."""
    out: dict[str, dict[str, int]] = {
        p: {"rounds": 0, "places": 0, "lost": 0, "penalties": 0, "penalty-cards": 0} for p in state.players
    }
    for record in state.rounds:
        for place, name in enumerate(record.order, 1):
            counters = out[name]
            counters["rounds"] += 1
            counters["places"] += place
            counters[f"place-{place}"] = counters.get(f"place-{place}", 0) + 1
        out[record.loser]["lost"] += 1
    for penalty in state.penalties:
        counters = out[penalty.player]
        counters["penalties"] += 1
        counters["penalty-cards"] += penalty.cards
        key = f"penalty-{penalty.reason}"
        counters[key] = counters.get(key, 0) + 1
    return out
