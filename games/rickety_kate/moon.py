"""The new moon rule's question, asked before an entry is saved.

A quick hand, or a hand's last trick, may complete a moon shot: one player took every heart and every lady.
Under the new rule the shooter then chooses between two scorings, and the entry screen must ask, showing
what each choice makes of the totals. Under the old rule, or when nobody shot the moon, nothing is asked.
`moon_question` answers that by replaying the entry on the state (it stores nothing).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from games.base import InvalidEvent
from games.rickety_kate.engine import State, resume
from games.rickety_kate.events import MOON_CHOICES, Event, Hand, Trick


@dataclass(frozen=True)
class MoonOutcome:
    """What one choice makes of the hand."""

    choice: str  # "add" or "subtract"
    points: Mapping[str, int]  # the hand's points per player, penalties and bonus cards included
    totals: Mapping[str, int]  # every player's total once the hand is scored this way


@dataclass(frozen=True)
class MoonQuestion:
    shooter: str
    points: int  # what the moon is worth: every heart and lady in play (26 with one deck)
    outcomes: tuple[MoonOutcome, ...]  # one per choice, in MOON_CHOICES order ("add", then "subtract")

    def outcome(self, choice: str) -> MoonOutcome:
        return next(o for o in self.outcomes if o.choice == choice)


def moon_question(state: State, event: Event) -> MoonQuestion | None:
    """The shooter's choice that recording `event` next needs, or None when it needs none: the table plays the
    old moon rule or none, the event does not end a hand (a trick before the last, a pass, a penalty), nobody
    took every heart and lady, or the event cannot follow at all (the engine says why when it is saved).

    Whatever choice `event` already carries is ignored: the question is whether one is needed."""
    if state.options.moon != "new" or not isinstance(event, Hand | Trick):
        return None
    outcomes = []
    shooter, worth = None, 0
    for choice in MOON_CHOICES:
        try:
            after = resume(state, [_with_moon(event, choice)], 0)
        except InvalidEvent:
            return None  # no moon here ("nobody shot the moon"), or the event is wrong in another way
        if len(after.hands) != len(state.hands) + 1:
            return None
        result = after.hands[-1]
        if result.shooter is None or result.moon != choice:
            return None
        shooter, worth = result.shooter, result.play.deck.penalty_points
        outcomes.append(MoonOutcome(choice, dict(result.points), dict(after.totals)))
    assert shooter is not None
    return MoonQuestion(shooter, worth, tuple(outcomes))


def _with_moon(event: Hand | Trick, choice: str) -> Hand | Trick:
    """The event with the shooter's `choice` (a trick is a named tuple, a hand a dataclass)."""
    return event._replace(moon=choice) if isinstance(event, Trick) else replace(event, moon=choice)
