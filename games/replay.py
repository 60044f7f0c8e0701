"""The replay fold every engine shares: events applied one by one to a mutable builder, the first refusal tied
to its event's index, the immutable state out at the end.

A game brings the builder (`apply` for one event, `state` for the result); its engine's replay() starts one
from the players and options, its resume() from a state, and both hand it to fold(). Refusals inside `apply`
are InvalidEvent(None, ...) (or carry the index already); fold() adds the index of the event at fault.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from games.base import InvalidEvent
from games.text import Text

S_co = TypeVar("S_co", covariant=True)


class Builder(Protocol[S_co]):
    """The mutable state a replay folds into; only what state() returns leaves the engine."""

    def apply(self, index: int, event: Any) -> None: ...

    def state(self) -> S_co: ...


def refusal(message: str | Text) -> InvalidEvent:
    """The refusal of an event, not yet tied to its index: fold() adds it to one refused inside `apply`, the table
    file to one its game cannot read."""
    return InvalidEvent(None, message)


def fold(builder: Builder[S_co], events: Sequence[Any], start: int) -> S_co:
    """The state after `events`, the first of them at index `start` of the table's events; raises InvalidEvent
    naming the first event that cannot follow the ones before it."""
    apply = builder.apply  # looked up once: this loop is the replay's hot path
    index = start
    try:
        for index, event in enumerate(events, start):
            apply(index, event)
    except InvalidEvent as exc:
        if exc.index is None:
            raise exc.at(index) from None
        raise
    return builder.state()
