"""Rickety Kate's own numbers for the players' pages, counted from a replayed state.

Every counter is a whole number per player, so the web side only adds them up over tables (games.base.StatInfo):
hearts per hand is "hearts" over "hands", both sums. Only completed hands count; the hand being played does not.
"""

from __future__ import annotations

from collections import Counter

from games.base import StatInfo, gettext_noop
from games.rickety_kate.engine import State

STAT_INFO = (
    StatInfo("moons", gettext_noop("Moons shot")),
    StatInfo("ladies", gettext_noop("Ladies taken")),
    StatInfo("hearts", gettext_noop("Hearts per hand"), per="hands"),
    StatInfo("penalties", gettext_noop("Penalties")),
)


def stats(state: State) -> dict[str, dict[str, int]]:
    """Per player: hands played (a playoff hand only for those in it), hearts and ladies taken, moons that
    counted (shot under a moon rule that scores them), and penalties given."""
    counts = {p: Counter({"hands": 0, "hearts": 0, "ladies": 0, "moons": 0, "penalties": 0}) for p in state.players}
    for hand in state.hands:
        for player in hand.play.players:
            counts[player]["hands"] += 1
            counts[player]["hearts"] += hand.hearts.get(player, 0)
            counts[player]["ladies"] += hand.ladies.get(player, 0)
        if hand.moon is not None and hand.shooter is not None:
            counts[hand.shooter]["moons"] += 1
        for penalty in hand.play.penalties:
            counts[penalty.player]["penalties"] += 1
    return {p: dict(c) for p, c in counts.items()}
