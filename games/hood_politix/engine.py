"""Hood Politix replay: fold the events into an immutable State (rounds, penalties, disputes) and score it.

A round scores placement points: the first out 1, the next 2, ..., the loser of the one-on-one as many as
there are players; the loser deals the next round. After `rounds` rounds the lowest total wins; a tie is
shared, or (tie: extra-round) the whole table plays one more round at a time until one player is lowest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from games.base import shown
from games.cards import CardError
from games.hood_politix.dispute import Play
from games.hood_politix.events import Dispute, Event, Penalty, Round
from games.hood_politix.notation import HoodCard
from games.hood_politix.options import Options
from games.phase import PLAYING, Phase, settle
from games.replay import fold, refusal
from games.text import T


@dataclass(frozen=True)
class RoundResult:
    event: int  # index in the table's event list
    number: int  # 1-based, extra rounds included
    dealer: str
    order: tuple[str, ...]  # first out first
    extra: bool  # played to break a tie

    @property
    def points(self) -> Mapping[str, int]:
        return {name: place for place, name in enumerate(self.order, 1)}

    @property
    def loser(self) -> str:
        return self.order[-1]


@dataclass(frozen=True)
class PenaltyRecord:
    event: int
    round: int  # the round being played when it was given
    player: str
    cards: int
    reason: str


@dataclass(frozen=True)
class DisputeRecord:
    event: int
    round: int
    play: Play


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    options: Options
    rounds: tuple[RoundResult, ...] = ()
    penalties: tuple[PenaltyRecord, ...] = ()
    disputes: tuple[DisputeRecord, ...] = ()
    phase: Phase = PLAYING
    dealer: str = ""  # who deals the round being played (the last round's loser; the first seat at first)
    totals: Mapping[str, int] = field(default_factory=dict)

    @property
    def round_number(self) -> int:
        """The round being played (or next to be), 1-based."""
        return len(self.rounds) + 1


def replay(players: Sequence[str], options: Options, events: Sequence[Event]) -> State:
    start = State(tuple(players), options, dealer=players[0], totals=MappingProxyType(dict.fromkeys(players, 0)))
    return resume(start, events, 0)


def resume(state: State, events: Sequence[Event], start: int) -> State:
    """The state after `events` more, the first of them at index `start` of the table's events."""
    return fold(_Fold(state), events, start)


@lru_cache(maxsize=4096)
def read_card(colours: tuple[str, ...], text: str) -> HoodCard:
    """A card of a box with these colours; a long game names the same few dozen cards again and again."""
    return Options(colours=colours).notation.parse(text)


class _Fold:
    """The mutable fold behind replay(); only State leaves this module."""

    def __init__(self, state: State) -> None:
        self.players = state.players
        self.options = state.options
        self.rounds = list(state.rounds)
        self.penalties = list(state.penalties)
        self.disputes = list(state.disputes)
        self.phase = state.phase
        self.dealer = state.dealer
        self.totals = dict(state.totals)

    def state(self) -> State:
        return State(
            self.players,
            self.options,
            tuple(self.rounds),
            tuple(self.penalties),
            tuple(self.disputes),
            self.phase,
            self.dealer,
            MappingProxyType(self.totals),
        )

    def apply(self, index: int, event: Event) -> None:
        if self.phase.kind == "over":
            raise refusal(
                T(
                    "the game is over (%(names)s won after %(n)d rounds); nothing more can be recorded",
                    names=" & ".join(self.phase.players),
                    n=len(self.rounds),
                )
            )
        if isinstance(event, Round):
            self._round(index, event)
        elif isinstance(event, Penalty):
            self._seated(event.player, "player")
            cards = self.options.penalty_cards if event.cards is None else event.cards
            self.penalties.append(PenaltyRecord(index, len(self.rounds) + 1, event.player, cards, event.reason))
        else:
            self._dispute(index, event)

    def _seated(self, name: str, what: str) -> None:
        if name not in self.players:
            raise refusal(T("%(what)s %(name)s is not at this table", what=what, name=shown(name)))

    def _round(self, index: int, event: Round) -> None:
        for name in event.order:
            self._seated(name, "order:")
        twice = next((n for i, n in enumerate(event.order) if n in event.order[:i]), None)
        if twice is not None:
            raise refusal(T("the order names %(name)s twice: every player goes out once", name=twice))
        missing = [p for p in self.players if p not in event.order]
        if missing:
            raise refusal(
                T(
                    "the order leaves out %(names)s: it lists every player once, the loser of the one-on-one last",
                    names=", ".join(missing),
                )
            )
        record = RoundResult(index, len(self.rounds) + 1, self.dealer, event.order, self.phase.kind == "tie")
        self.rounds.append(record)
        for name, points in record.points.items():
            self.totals[name] += points
        self.dealer = record.loser
        self.phase = self._phase()

    def _phase(self) -> Phase:
        if len(self.rounds) < self.options.rounds:
            return Phase("play")
        return settle({p: self.totals[p] for p in self.players}, self.options.tie == "shared")

    def _dispute(self, index: int, event: Dispute) -> None:
        self._seated(event.player, "player")
        if event.target is not None:
            self._seated(event.target, "target")
        cards = []
        for what, text in (("top", event.top), ("played", event.played)):
            try:
                cards.append(read_card(self.options.colours, text))
            except CardError as exc:
                raise refusal(T("%(what)s: %(why)s", what=what, why=exc.text)) from None
        play = Play(
            event.player,
            cards[0],
            cards[1],
            event.deuces,
            event.in_yo_faces,
            event.jump_in,
            event.target,
            event.direction,
        )
        self.disputes.append(DisputeRecord(index, len(self.rounds) + 1, play))
