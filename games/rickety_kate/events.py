"""Rickety Kate events: typed, immutable, checked for shape (names and deck come later)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, cast

from games.base import InvalidEvent, shown, whole_number_in
from games.cards import Card, CardError, parse_card
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


def _fail(message: str | Text) -> InvalidEvent:
    return InvalidEvent(None, message)


def parse_event(raw: Any) -> Event:
    """One event from its JSON shape, or InvalidEvent naming what is wrong."""
    if not isinstance(raw, dict):
        raise _fail(T('an event must be an object like {"type": "hand", ...}'))
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        known = ", ".join(_FIELDS)
        raise _fail(T("unknown event type %(type)s (Rickety Kate knows %(known)s)", type=shown(kind), known=known))
    required, _optional = _FIELDS[kind]
    allowed = _ALLOWED[kind]
    for name in raw:
        if name not in allowed:
            raise _fail(T("a %(type)s event has no field %(field)s", type=kind, field=shown(name)))
    for name in sorted(required - set(raw)):
        raise _fail(T("a %(type)s event needs %(field)s", type=kind, field=repr(name)))
    if "note" in raw and not isinstance(raw["note"], str):
        raise _fail(T("note must be text"))
    return _PARSERS[kind](raw)


def _name(value: Any, what: str | Text) -> str:
    """A player's name; `what` is the field (a word of the file format, or a Text)."""
    if not isinstance(value, str) or not value:
        raise _fail(T("%(what)s must be a player's name, not %(value)s", what=what, value=shown(value)))
    return value


def _cards(value: Any, what: str | Text) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _fail(T("%(what)s must be a list of cards", what=what))
    try:
        return tuple(parse_card(v) for v in value)
    except CardError as exc:
        raise _fail(T("%(what)s: %(why)s", what=what, why=exc.text)) from None


def _moon(value: Any) -> str | None:
    if value is None or value in MOON_CHOICES:
        return cast("str | None", value)
    raise _fail(T('moon must be "add" or "subtract", not %(value)s', value=shown(value)))


def _names(value: Any, what: str | Text) -> tuple[str, ...]:
    """One name, or a list of names (the double deck has two of each card)."""
    if isinstance(value, list):
        if not value:
            raise _fail(T("%(what)s needs a player's name", what=what))
        return tuple(_name(v, what) for v in value)
    return (_name(value, what),)


def _deal(raw: dict[str, Any]) -> Deal:
    return Deal(_name(raw["dealer"], "dealer"))


def _pass(raw: dict[str, Any]) -> Pass:
    cards = raw["cards"]
    if not isinstance(cards, dict):
        raise _fail(T('cards must map each player to the cards passed, like {"Ana": ["QS", "AS", "KS"]}'))
    return Pass(
        MappingProxyType(
            {_name(p, "cards"): _cards(c, T("%(name)s's passed cards", name=shown(p))) for p, c in cards.items()}
        )
    )


def _trick(raw: dict[str, Any]) -> Trick:
    return Trick(_name(raw["leader"], "leader"), _cards(raw["cards"], "cards"), _moon(raw.get("moon")))


def _hand(raw: dict[str, Any]) -> Hand:
    hearts = raw["hearts"]
    if not isinstance(hearts, dict):
        raise _fail(T('hearts must map players to how many hearts they took, like {"Ana": 3}'))
    for player, count in hearts.items():
        if not whole_number_in(count, 0, MAX_HEARTS):
            raise _fail(
                T(
                    "hearts of %(name)s must be a count from 0 to %(max)d, not %(count)s",
                    name=shown(player),
                    max=MAX_HEARTS,
                    count=shown(count),
                )
            )
    bonus = raw.get("bonus", {})
    if not isinstance(bonus, dict):
        raise _fail(T('bonus must map each bonus card to who took it, like {"JD": "Ana"}'))
    taken: dict[Card, tuple[str, ...]] = {}
    for text, who in bonus.items():
        try:
            card = parse_card(text)
        except CardError as exc:
            raise _fail(T("bonus: %(why)s", why=exc.text)) from None
        if card in taken:  # "JD" and "jd": one card, two answers
            raise _fail(T("bonus names %(card)s twice; give each bonus card's taker once", card=card.pretty()))
        taken[card] = _names(who, T("the taker of %(card)s", card=card.pretty()))
    return Hand(
        MappingProxyType(dict(hearts)), _names(raw["lady"], "lady"), MappingProxyType(taken), _moon(raw.get("moon"))
    )


def _penalty(raw: dict[str, Any]) -> Penalty:
    player = _name(raw["player"], "player")
    points = raw.get("points")
    reason = raw.get("reason", "")
    if not isinstance(reason, str):
        raise _fail(T("reason must be text"))
    low, high = PENALTY_POINTS
    if points is None:
        if reason != "revoke":
            raise _fail(T("a penalty needs its points (only a revoke has a default)"))
    elif not whole_number_in(points, low, high):
        raise _fail(
            T(
                "penalty points for %(name)s must be a whole number from %(low)d to %(high)d, not %(points)s",
                name=shown(player),
                low=low,
                high=high,
                points=shown(points),
            )
        )
    return Penalty(player, points, reason)


_PARSERS: dict[str, Callable[[dict[str, Any]], Event]]
_PARSERS = {"deal": _deal, "pass": _pass, "trick": _trick, "hand": _hand, "penalty": _penalty}
