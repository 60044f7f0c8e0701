"""Where a game that the lowest total wins stands (Rickety Kate, Hood Politix): still playing, tied with the
tied players playing on, or over; and how the lowest scores settle it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    kind: str  # "play", "tie" (the tied players play one more hand or round) or "over"
    players: tuple[str, ...] = ()  # the tied players, or the winners


PLAYING = Phase("play")  # a game under way (a default for a state's dataclass field: one shared, frozen value)


def settle(scores: Mapping[str, int], shared_ties: bool) -> Phase:
    """Over for the lowest score; a tie among the lowest, unless the table shares ties. The players come in the
    order of `scores`."""
    low = min(scores.values())
    lowest = tuple(p for p, s in scores.items() if s == low)
    if len(lowest) == 1 or shared_ties:
        return Phase("over", lowest)
    return Phase("tie", lowest)
