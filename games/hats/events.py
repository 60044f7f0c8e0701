"""Hats events (FORMAT.md "hats"): typed, immutable, checked for shape. Cards stay as written here: which
types exist is an option, so the engine reads them against the table's options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from games.base import gettext_noop, shown, whole_number_in
from games.events import EventFormat, player_name
from games.replay import refusal
from games.text import T, Text

# A table's black hats per player: eight turns each, so eight at most in any real game (a final entry says so).
MAX_COUNT = 1000


@dataclass(frozen=True)
class Setup:
    table: tuple[str, ...]
    first: str | None = None


class Exchange(NamedTuple):
    """Exchanges, black hats and partner swaps are named tuples, not frozen dataclasses as the other events: they
    are nearly every event of a file, and a named tuple is made several times faster (each is made without its
    Python __new__ below). No two of them can be equal as tuples: their fields differ in number or kind."""

    player: str
    card: str
    position: int


class BlackHat(NamedTuple):
    player: str
    card: str | None = None


@dataclass(frozen=True)
class Redraw:
    player: str
    discard: str
    draw: str


class PartnerSwap(NamedTuple):
    player: str
    gave: str
    got: str


@dataclass(frozen=True)
class Favourite:
    player: str
    card: str


@dataclass(frozen=True)
class Final:
    table: tuple[str, ...]
    collections: Mapping[str, tuple[str, ...]]
    black_hats: Mapping[str, int]
    favourites: Mapping[str, str]
    cookie: str | None
    cookie_given: bool  # False: the key was absent, so the cookie goes by distinct types


Event = Setup | Exchange | BlackHat | Redraw | PartnerSwap | Favourite | Final


def _card(value: Any, what: str | Text) -> str:
    if not isinstance(value, str):
        raise refusal(T("%(what)s must be a card written like red-3, not %(value)s", what=what, value=shown(value)))
    return value


def _cards(value: Any, what: str | Text) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise refusal(T('%(what)s must be a list of cards, like ["red-3", "blue-5"]', what=what))
    return tuple(_card(v, what) for v in value)


def _mapping(value: Any, what: str, example: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise refusal(T("%(what)s must map players to values, like %(example)s", what=what, example=example))
    return value


def _setup(raw: dict[str, Any]) -> Setup:
    first = raw.get("first")
    return Setup(_cards(raw["table"], "table"), None if first is None else player_name(first, "first"))


# The readers of the usual events check each field in one step when it passes; the calls that say what is wrong
# are made only when one fails, in the order the fields were always checked.


def _exchange(raw: dict[str, Any]) -> Exchange:
    position = raw["position"]
    if type(position) is not int or not 1 <= position <= 99:  # whole_number_in(position, 1, 99), told inline
        raise refusal(T("position must be a position of the tea table (1 up), not %(value)s", value=shown(position)))
    player, card = raw["player"], raw["card"]
    if type(player) is not str or not player:
        player = player_name(player, "player")
    if type(card) is not str:
        card = _card(card, "card")
    return tuple.__new__(Exchange, (player, card, position))


def _black_hat(raw: dict[str, Any]) -> BlackHat:
    player, card = raw["player"], raw.get("card")
    if type(player) is not str or not player:
        player = player_name(player, "player")
    if card is not None and type(card) is not str:
        card = _card(card, "card")
    return tuple.__new__(BlackHat, (player, card))


def _redraw(raw: dict[str, Any]) -> Redraw:
    return Redraw(player_name(raw["player"], "player"), _card(raw["discard"], "discard"), _card(raw["draw"], "draw"))


def _partner_swap(raw: dict[str, Any]) -> PartnerSwap:
    player, gave, got = raw["player"], raw["gave"], raw["got"]
    if type(player) is not str or not player:
        player = player_name(player, "player")
    if type(gave) is not str:
        gave = _card(gave, "gave")
    if type(got) is not str:
        got = _card(got, "got")
    return tuple.__new__(PartnerSwap, (player, gave, got))


def _favourite(raw: dict[str, Any]) -> Favourite:
    return Favourite(player_name(raw["player"], "player"), _card(raw["card"], "card"))


def _final(raw: dict[str, Any]) -> Final:
    collections = _mapping(raw.get("collections", {}), "collections", '{"Ana": ["red-3"]}')
    black_hats = _mapping(raw.get("black_hats", {}), "black_hats", '{"Ana": 2}')
    favourites = _mapping(raw["favourites"], "favourites", '{"Ana": "blue-4"}')
    for player, count in black_hats.items():
        if not whole_number_in(count, 0, MAX_COUNT):
            raise refusal(
                T(
                    "black_hats of %(name)s must be a count from 0 up, not %(count)s",
                    name=shown(player),
                    count=shown(count),
                )
            )
    cookie = raw.get("cookie")
    return Final(
        table=_cards(raw["table"], "table"),
        collections=MappingProxyType(
            {
                player_name(p, "collections"): _cards(c, T("%(name)s's collection", name=p[:40]))
                for p, c in collections.items()
            }
        ),
        black_hats=MappingProxyType({player_name(p, "black_hats"): n for p, n in black_hats.items()}),
        favourites=MappingProxyType(
            {
                player_name(p, "favourites"): _card(c, T("%(name)s's favourite", name=p[:40]))
                for p, c in favourites.items()
            }
        ),
        cookie=None if cookie is None else player_name(cookie, "cookie"),
        cookie_given="cookie" in raw,
    )


_EVENTS: EventFormat[Event] = EventFormat(
    gettext_noop('an event must be an object like {"type": "exchange", ...}'),
    gettext_noop("unknown event type %(type)s (Hats knows %(known)s)"),
    {
        "setup": (_setup, {"table"}, {"first"}),
        "exchange": (_exchange, {"player", "card", "position"}, ()),
        "black_hat": (_black_hat, {"player"}, {"card"}),
        "redraw": (_redraw, {"player", "discard", "draw"}, ()),
        "partner_swap": (_partner_swap, {"player", "gave", "got"}, ()),
        "favourite": (_favourite, {"player", "card"}, ()),
        "final": (_final, {"table", "favourites"}, {"collections", "black_hats", "cookie"}),
    },
)
parse_event = _EVENTS.parse
