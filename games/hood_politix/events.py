"""Hood Politix events: typed, immutable, checked for shape (names and cards are checked by the engine, which
knows the seats and the colours of the box)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from games.base import gettext_noop, shown, whole_number_in
from games.events import EventFormat, player_name
from games.replay import refusal
from games.text import T

PENALTY_REASONS = (
    "missed-turn",
    "too-slow",
    "out-of-turn",
    "wrong-jump-in",
    "mic-check",
    "mic-drop",
    "false-accusation",
    "respect-timeout",
    "helping",
    "preselected",
    "other",
)
_REASONS = frozenset(PENALTY_REASONS)
# The rules a dispute's ruling can find broken (dispute.py); a penalty given for one may name it (`rule`).
FLAGGED_RULES = (
    "hp.match",
    "hp.stack-deuce",
    "hp.stack-in-yo-face",
    "hp.stack-framed",
    "hp.busted",
    "hp.jump-in",
)
DIRECTIONS = ("left", "right")
# A penalty draws a few cards (2 by the rules); a stack holds as many cards as the box has of a kind.
PENALTY_CARDS = (1, 50)
MAX_STACK = 50


@dataclass(frozen=True)
class Round:
    order: tuple[str, ...]  # first out first; the last lost the one-on-one


class Penalty(NamedTuple):
    """Penalties and disputes are named tuples, not frozen dataclasses as Round: they are most events of a file,
    and a named tuple is made several times faster (each is made without its Python __new__ below)."""

    player: str
    cards: int | None  # None: the table's penalty_cards
    reason: str
    rule: str | None = None  # the rule a dispute's ruling found broken, when the penalty is for that


class Dispute(NamedTuple):
    """A stopped game: what lay on top, what `player` played, the draw penalty building before it."""

    player: str
    top: str  # card text, read with the table's colours by the engine
    played: str
    deuces: int = 0
    in_yo_faces: int = 0
    jump_in: bool = False
    target: str | None = None  # whom the Deal on top was aimed at
    direction: str | None = None  # Kibitz extension: which way play went before the card (None: left)


Event = Round | Penalty | Dispute


def _round(raw: dict[str, Any]) -> Round:
    order = raw["order"]
    if not isinstance(order, list) or not order:
        raise refusal(T('order must list the players in the order they went out, like ["Ben", "Ana", "Cleo"]'))
    return Round(tuple(player_name(name, "order") for name in order))


def _penalty(raw: dict[str, Any]) -> Penalty:
    # The hot path of reading a file: each check made in one step when it passes, its message only when not.
    player = raw["player"]
    if type(player) is not str or not player:
        player = player_name(player, "player")
    reason = raw.get("reason", "other")
    if not isinstance(reason, str) or reason not in _REASONS:  # a list would not hash
        raise refusal(
            T(
                "a penalty's reason is one of %(reasons)s, not %(value)s",
                reasons=", ".join(PENALTY_REASONS),
                value=shown(reason),
            )
        )
    cards = raw.get("cards")
    low, high = PENALTY_CARDS
    if cards is not None and not whole_number_in(cards, low, high):
        raise refusal(
            T(
                "penalty cards for %(name)s must be a whole number from %(low)d to %(high)d, not %(cards)s",
                name=shown(player),
                low=low,
                high=high,
                cards=shown(cards),
            )
        )
    rule = raw.get("rule")
    if rule is not None and rule not in FLAGGED_RULES:
        raise refusal(
            T("a penalty's rule is one of %(rules)s, not %(value)s", rules=", ".join(FLAGGED_RULES), value=shown(rule))
        )
    return tuple.__new__(Penalty, (player, cards, reason, rule))


def _dispute(raw: dict[str, Any]) -> Dispute:
    player = raw["player"]
    if type(player) is not str or not player:
        player = player_name(player, "player")
    for field in ("top", "played"):
        if not isinstance(raw[field], str):
            raise refusal(T("%(field)s must be a card like red-7, not %(value)s", field=field, value=shown(raw[field])))
    deuces, in_yo_faces = _stack(raw["stack"]) if "stack" in raw else (0, 0)  # a stack left out builds nothing
    jump_in = raw.get("jump_in", False)
    if not isinstance(jump_in, bool):
        raise refusal(T("jump_in must be true or false, not %(value)s", value=shown(jump_in)))
    target = raw.get("target")
    if target is not None:
        target = player_name(target, "target")
    direction = raw.get("direction")
    if direction is not None and direction not in DIRECTIONS:
        raise refusal(T('direction must be "left" or "right", not %(value)s', value=shown(direction)))
    return tuple.__new__(Dispute, (player, raw["top"], raw["played"], deuces, in_yo_faces, jump_in, target, direction))


def _stack(stack: Any) -> tuple[int, int]:
    """(Deuces, In Yo Faces) building; a kind left out counts as none."""
    if not isinstance(stack, dict):
        raise refusal(T('stack must count the cards building, like {"deuce": 1, "in-yo-face": 0}'))
    for key, count in stack.items():
        if key not in ("deuce", "in-yo-face"):
            raise refusal(T('stack counts only "deuce" and "in-yo-face", not %(key)s', key=shown(key)))
        if not whole_number_in(count, 0, MAX_STACK):
            raise refusal(
                T(
                    "the stack's %(key)s must be a count from 0 to %(max)d, not %(count)s",
                    key=key,
                    max=MAX_STACK,
                    count=shown(count),
                )
            )
    return stack.get("deuce", 0), stack.get("in-yo-face", 0)


_EVENTS: EventFormat[Event] = EventFormat(
    gettext_noop('an event must be an object like {"type": "round", ...}'),
    gettext_noop("unknown event type %(type)s (Hood Politix knows %(known)s)"),
    {
        "round": (_round, {"order"}, ()),
        "penalty": (_penalty, {"player"}, {"cards", "reason", "rule"}),
        "dispute": (_dispute, {"player", "top", "played"}, {"stack", "jump_in", "target", "direction"}),
    },
)
parse_event = _EVENTS.parse
