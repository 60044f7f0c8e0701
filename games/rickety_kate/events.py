"""Rickety Kate events: typed, immutable, checked for shape (names and deck come later)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from games.base import gettext_noop, shown, whole_number_in
from games.cards import CARDS, Card, CardError, parse_card
from games.events import EventFormat, player_name
from games.replay import refusal
from games.text import T, Text

MOON_CHOICES = ("add", "subtract")
# The numbers an event can carry, checked before anything adds them up or prints them.
MAX_HEARTS = 26  # two decks of 13 hearts: more than any one player can take
# A penalty is a house punishment: 13 (the seed's revoke) or 26 (a full deck's points) in practice; the
# whole two-deck hand is 52. 1000 leaves any table room and keeps totals small enough to show.
PENALTY_POINTS = (1, 1000)


@dataclass(frozen=True)
class Deal:
    dealer: str


@dataclass(frozen=True)
class Pass:
    cards: Mapping[str, tuple[Card, ...]]


class Trick(NamedTuple):
    """A named tuple, not a frozen dataclass as the other events: most events of a file are tricks, and a named
    tuple is made several times faster (White Hat's events are the same)."""

    leader: str
    cards: tuple[Card, ...]
    moon: str | None = None


@dataclass(frozen=True)
class Hand:
    hearts: Mapping[str, int]
    lady: tuple[str, ...]
    bonus: Mapping[Card, tuple[str, ...]]
    moon: str | None = None


@dataclass(frozen=True)
class Penalty:
    player: str
    points: int | None  # None: the revoke penalty of the options
    reason: str


Event = Deal | Pass | Trick | Hand | Penalty


def _cards(value: Any, what: str | Text) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise refusal(T("%(what)s must be a list of cards", what=what))
    try:
        return tuple(map(CARDS.__getitem__, value))  # the canonical texts files and forms carry, looked up in C
    except (KeyError, TypeError):
        pass
    try:
        return tuple(parse_card(v) for v in value)
    except CardError as exc:
        raise refusal(T("%(what)s: %(why)s", what=what, why=exc.text)) from None


def _moon(value: Any) -> str | None:
    if value is None or value in MOON_CHOICES:
        return cast("str | None", value)
    raise refusal(T('moon must be "add" or "subtract", not %(value)s', value=shown(value)))


def _names(value: Any, what: str | Text) -> tuple[str, ...]:
    """One name, or a list of names (the double deck has two of each card)."""
    if isinstance(value, list):
        if not value:
            raise refusal(T("%(what)s needs a player's name", what=what))
        return tuple(player_name(v, what) for v in value)
    return (player_name(value, what),)


def _deal(raw: dict[str, Any]) -> Deal:
    return Deal(player_name(raw["dealer"], "dealer"))


def _pass(raw: dict[str, Any]) -> Pass:
    cards = raw["cards"]
    if not isinstance(cards, dict):
        raise refusal(T('cards must map each player to the cards passed, like {"Ana": ["QS", "AS", "KS"]}'))
    return Pass(
        MappingProxyType(
            {player_name(p, "cards"): _cards(c, T("%(name)s's passed cards", name=shown(p))) for p, c in cards.items()}
        )
    )


def _trick(raw: dict[str, Any]) -> Trick:
    # The hot path of reading a file: the usual trick (a name, canonical cards, no moon) passes each check in one
    # step, and the calls that say what is wrong are made only when one fails.
    leader = raw["leader"]
    if type(leader) is not str or not leader:
        leader = player_name(leader, "leader")
    cards = _cards(raw["cards"], "cards")
    moon = raw.get("moon")
    if moon is not None:
        moon = _moon(moon)
    # What Trick(...) makes, without the Python call of a named tuple's generated __new__.
    return tuple.__new__(Trick, (leader, cards, moon))


def _hand(raw: dict[str, Any]) -> Hand:
    hearts = raw["hearts"]
    if not isinstance(hearts, dict):
        raise refusal(T('hearts must map players to how many hearts they took, like {"Ana": 3}'))
    for player, count in hearts.items():
        if not whole_number_in(count, 0, MAX_HEARTS):
            raise refusal(
                T(
                    "hearts of %(name)s must be a count from 0 to %(max)d, not %(count)s",
                    name=shown(player),
                    max=MAX_HEARTS,
                    count=shown(count),
                )
            )
    bonus = raw.get("bonus", {})
    if not isinstance(bonus, dict):
        raise refusal(T('bonus must map each bonus card to who took it, like {"JD": "Ana"}'))
    taken: dict[Card, tuple[str, ...]] = {}
    for text, who in bonus.items():
        try:
            card = parse_card(text)
        except CardError as exc:
            raise refusal(T("bonus: %(why)s", why=exc.text)) from None
        if card in taken:  # "JD" and "jd": one card, two answers
            raise refusal(T("bonus names %(card)s twice; give each bonus card's taker once", card=card.pretty()))
        taken[card] = _names(who, T("the taker of %(card)s", card=card.pretty()))
    return Hand(
        MappingProxyType(dict(hearts)), _names(raw["lady"], "lady"), MappingProxyType(taken), _moon(raw.get("moon"))
    )


def _penalty(raw: dict[str, Any]) -> Penalty:
    player = player_name(raw["player"], "player")
    points = raw.get("points")
    reason = raw.get("reason", "")
    if not isinstance(reason, str):
        raise refusal(T("reason must be text"))
    low, high = PENALTY_POINTS
    if points is None:
        if reason != "revoke":
            raise refusal(T("a penalty needs its points (only a revoke has a default)"))
    elif not whole_number_in(points, low, high):
        raise refusal(
            T(
                "penalty points for %(name)s must be a whole number from %(low)d to %(high)d, not %(points)s",
                name=shown(player),
                low=low,
                high=high,
                points=shown(points),
            )
        )
    return Penalty(player, points, reason)


_EVENTS: EventFormat[Event] = EventFormat(
    gettext_noop('an event must be an object like {"type": "hand", ...}'),
    gettext_noop("unknown event type %(type)s (Rickety Kate knows %(known)s)"),
    {
        "deal": (_deal, {"dealer"}, ()),
        "pass": (_pass, {"cards"}, ()),
        "trick": (_trick, {"leader", "cards"}, {"moon"}),
        "hand": (_hand, {"hearts", "lady"}, {"bonus", "moon"}),
        "penalty": (_penalty, {"player"}, {"points", "reason"}),
    },
)
parse_event = _EVENTS.parse
