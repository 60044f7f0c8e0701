"""The replay fold every engine shares: events applied one by one to a mutable builder, the first refusal tied
to its event's index, the immutable state out at the end.

A game brings the builder (`apply` for one event, `state` for the result); its engine's replay() starts one
from the players and options, its resume() from a state, and both hand it to fold() (a builder made from the
players and options can subclass Replayer, which gives both). Refusals inside `apply` are InvalidEvent(None,
...) (or carry the index already); fold() adds the index of the event at fault.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from games.base import InvalidEvent
from games.text import Text

S_co = TypeVar("S_co", covariant=True)
OptionsT = TypeVar("OptionsT")  # a game's options
StateT = TypeVar("StateT")  # a game's state


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


class Replayer(ABC, Generic[OptionsT, StateT]):
    """A builder that starts at a new table from its players and options, or goes on where a state it made
    stopped (`from_state`); `replay` and `resume` are the engine's replay() and resume()."""

    def __init__(self, players: tuple[str, ...], options: OptionsT) -> None:
        self.players = players
        self.options = options

    @classmethod
    @abstractmethod
    def from_state(cls, state: StateT) -> Replayer[OptionsT, StateT]: ...

    @abstractmethod
    def apply(self, index: int, event: Any) -> None: ...

    @abstractmethod
    def state(self) -> StateT: ...

    @classmethod
    def replay(cls, players: Sequence[str], options: OptionsT, events: Sequence[Any]) -> StateT:
        return fold(cls(tuple(players), options), events, 0)

    @classmethod
    def resume(cls, state: StateT, events: Sequence[Any], start: int) -> StateT:
        """The state after `events` more, the first of them at index `start` of the table's events."""
        return fold(cls.from_state(state), events, start)
