"""Rickety Kate events: typed, immutable, checked for shape (names and deck come later)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games.base import InvalidEvent, shown, whole_number_in
from games.cards import Card, parse_card

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


@dataclass(frozen=True)
class Trick:
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

# type -> (required fields, optional fields). "note" is a Kibitz extension on every event.
_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "deal": ({"dealer"}, set()),
    "pass": ({"cards"}, set()),
    "trick": ({"leader", "cards"}, {"moon"}),
    "hand": ({"hearts", "lady"}, {"bonus", "moon"}),
    "penalty": ({"player"}, {"points", "reason"}),
}

_ALLOWED = {kind: required | optional | {"type", "note"} for kind, (required, optional) in _FIELDS.items()}


def _fail(message: str) -> InvalidEvent:
    return InvalidEvent(None, message)


def parse_event(raw: Any) -> Event:
    """One event from its JSON shape, or InvalidEvent naming what is wrong."""
    if not isinstance(raw, dict):
        raise _fail('an event must be an object like {"type": "hand", ...}')
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        known = ", ".join(_FIELDS)
        raise _fail(f"unknown event type {shown(kind)} (Rickety Kate knows {known})")
    required, _optional = _FIELDS[kind]
    allowed = _ALLOWED[kind]
    for name in raw:
        if name not in allowed:
            raise _fail(f"a {kind} event has no field {shown(name)}")
    for name in sorted(required - set(raw)):
        raise _fail(f"a {kind} event needs {name!r}")
    if "note" in raw and not isinstance(raw["note"], str):
        raise _fail("note must be text")
    return _PARSERS[kind](raw)


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(f"{what} must be a player's name, not {shown(value)}")
    return value


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _fail(f"{what} must be a list of cards")
    try:
        return tuple(parse_card(v) for v in value)
    except ValueError as exc:
        raise _fail(f"{what}: {exc}") from None


def _moon(value: Any) -> str | None:
    if value is None or value in MOON_CHOICES:
        return value
    raise _fail(f'moon must be "add" or "subtract", not {shown(value)}')


def _names(value: Any, what: str) -> tuple[str, ...]:
    """One name, or a list of names (the double deck has two of each card)."""
    if isinstance(value, list):
        if not value:
            raise _fail(f"{what} needs a player's name")
        return tuple(_name(v, what) for v in value)
    return (_name(value, what),)


def _deal(raw: dict[str, Any]) -> Deal:
    return Deal(_name(raw["dealer"], "dealer"))


def _pass(raw: dict[str, Any]) -> Pass:
    cards = raw["cards"]
    if not isinstance(cards, dict):
        raise _fail('cards must map each player to the cards passed, like {"Ana": ["QS", "AS", "KS"]}')
    return Pass(
        MappingProxyType({_name(p, "cards"): _cards(c, f"{shown(p)}'s passed cards") for p, c in cards.items()})
    )


def _trick(raw: dict[str, Any]) -> Trick:
    return Trick(_name(raw["leader"], "leader"), _cards(raw["cards"], "cards"), _moon(raw.get("moon")))


def _hand(raw: dict[str, Any]) -> Hand:
    hearts = raw["hearts"]
    if not isinstance(hearts, dict):
        raise _fail('hearts must map players to how many hearts they took, like {"Ana": 3}')
    for player, count in hearts.items():
        if not whole_number_in(count, 0, MAX_HEARTS):
            raise _fail(f"hearts of {shown(player)} must be a count from 0 to {MAX_HEARTS}, not {shown(count)}")
    bonus = raw.get("bonus", {})
    if not isinstance(bonus, dict):
        raise _fail('bonus must map each bonus card to who took it, like {"JD": "Ana"}')
    taken: dict[Card, tuple[str, ...]] = {}
    for text, who in bonus.items():
        try:
            card = parse_card(text)
        except ValueError as exc:
            raise _fail(f"bonus: {exc}") from None
        if card in taken:  # "JD" and "jd": one card, two answers
            raise _fail(f"bonus names {card.pretty()} twice; give each bonus card's taker once")
        taken[card] = _names(who, f"the taker of {card.pretty()}")
    return Hand(
        MappingProxyType(dict(hearts)), _names(raw["lady"], "lady"), MappingProxyType(taken), _moon(raw.get("moon"))
    )


def _penalty(raw: dict[str, Any]) -> Penalty:
    player = _name(raw["player"], "player")
    points = raw.get("points")
    reason = raw.get("reason", "")
    if not isinstance(reason, str):
        raise _fail("reason must be text")
    low, high = PENALTY_POINTS
    if points is None:
        if reason != "revoke":
            raise _fail("a penalty needs its points (only a revoke has a default)")
    elif not whole_number_in(points, low, high):
        raise _fail(
            f"penalty points for {shown(player)} must be a whole number from {low} to {high}, not {shown(points)}"
        )
    return Penalty(player, points, reason)


_PARSERS = {"deal": _deal, "pass": _pass, "trick": _trick, "hand": _hand, "penalty": _penalty}
