"""Rickety Kate entry forms -> events. Checks only the form's shape; the engine judges the rest, and the game
says when the new moon rule needs the shooter's choice (games/rickety_kate/moon.py).

The forms' fields (seat numbers are indices into the hand's players, the prompt's `players`):
- quick hand: `hearts-<seat>` (a count), `lady-<k>` (a seat per lady in play), `bonus-<card>-<k>`, `moon`;
- trick: `leader` (a seat), `card-<n>` the n-th card played (0: the lead), `moon`;
- passes: `pass-<seat>`, the cards that player passed (several values).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import partial
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from companion import cardpicker
from companion.entries import FormError, Question, deferred, picker, seat, whole_number
from companion.services import Snapshot
from games.base import InvalidEvent
from games.cards import parse_card
from games.rickety_kate.events import MOON_CHOICES, PENALTY_POINTS
from games.rickety_kate.moon import MoonQuestion, moon_question
from games.rickety_kate.notation import FrenchNotation


def _playing(snap: Snapshot) -> dict[str, Any]:
    """The prompt's details for the hand to enter; once the game is over there is none (and no details)."""
    if snap.prompt.kind == "over":
        raise FormError(_("The game is over; nothing more can be played at this table."))
    return dict(snap.prompt.details)


def _hand_event(post: QueryDict, d: Mapping[str, Any]) -> dict[str, Any]:
    players: list[str] = d["players"]
    hearts = {}
    for i, name in enumerate(players):
        count = whole_number(post, f"hearts-{i}", _("%(name)s's hearts") % {"name": name}, 0, d["hearts"], default=0)
        if count:
            hearts[name] = count
    ladies = [seat(post, f"lady-{k}", players, _("who took the lady")) for k in range(d["ladies"])]
    event: dict[str, Any] = {"type": "hand", "hearts": hearts, "lady": ladies[0] if len(ladies) == 1 else ladies}
    bonus = {}
    for card in d["bonus"]:
        takers = [
            seat(post, f"bonus-{card}-{k}", players, _("who took %(card)s") % {"card": card})
            for k in range(d["bonus_copies"])
        ]
        bonus[card] = takers[0] if len(takers) == 1 else takers
    if bonus:
        event["bonus"] = bonus
    return event


def _trick_event(post: QueryDict, d: Mapping[str, Any]) -> dict[str, Any]:
    players: list[str] = d["players"]
    leader = seat(post, "leader", players, _("who led the trick"))
    cards = []
    for i in range(len(players)):
        card = post.get(f"card-{i}", "").strip()
        if not card:
            raise FormError(_("A trick needs %(n)d cards; card %(i)d is missing.") % {"n": len(players), "i": i + 1})
        cards.append(card.upper())
    return {"type": "trick", "leader": leader, "cards": cards}


def _question(snap: Snapshot, event: Mapping[str, Any]) -> MoonQuestion | None:
    """The game's moon question for this entry (None when there is none, or the entry does not read)."""
    try:
        parsed = snap.game.parse(dict(event))
    except InvalidEvent:
        return None
    return moon_question(snap.state, parsed)


def _with_moon(post: QueryDict, snap: Snapshot, event: dict[str, Any]) -> dict[str, Any]:
    """The shooter's choice, as the game asks for it: kept when the entry completes a moon under the new rule,
    asked for (Question) when the form has none, dropped when the game asks nothing (a stale choice)."""
    question = _question(snap, event)
    if question is None:
        return event
    choice = post.get("moon", "")
    if choice not in MOON_CHOICES:
        words = _moon_words(question)
        raise Question(
            _("%(name)s shot the moon: choose “%(add)s” or “%(subtract)s”.")
            % {"name": question.shooter, "add": words["add"], "subtract": words["subtract"]}
        )
    return event | {"moon": choice}


def _moon_words(question: MoonQuestion) -> dict[str, str]:
    """The two choices in the words on their buttons."""
    n = question.points
    return {
        "add": _("+%(n)s to everyone else") % {"n": n},
        "subtract": _("−%(n)s for %(name)s") % {"n": n, "name": question.shooter},
    }


def hand(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    return [_with_moon(post, snap, _hand_event(post, _playing(snap)))]


def trick(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    return [_with_moon(post, snap, _trick_event(post, _playing(snap)))]


def passes(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    players: list[str] = _playing(snap)["players"]
    cards = {name: post.getlist(f"pass-{i}") for i, name in enumerate(players) if post.getlist(f"pass-{i}")}
    if not cards:
        raise FormError(_("Tick the cards each player passed."))
    return [{"type": "pass", "cards": cards}]


def penalty(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    player = seat(post, "player", snap.players, _("who gets the penalty"))
    reason = post.get("reason", "revoke").strip()[:80] or "revoke"
    event: dict[str, Any] = {"type": "penalty", "player": player, "reason": reason}
    if reason != "revoke" or post.get("points", "").strip():
        event["points"] = whole_number(post, "points", _("The penalty"), *PENALTY_POINTS)
    events: list[dict[str, Any]] = [event]
    # Between hands a penalty belongs to the hand just finished (FORMAT.md), and the game's end is judged on that
    # hand again; only "the next hand", chosen, opens that hand with a deal event so the penalty waits for it.
    if post.get("when") == "next" and snap.state.current is None and snap.state.hands:
        events.insert(0, {"type": "deal", "dealer": _playing(snap)["dealer"]})
    return events


def deal(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    return [{"type": "deal", "dealer": seat(post, "dealer", snap.players, _("who dealt"))}]


ACTIONS = {"hand": hand, "trick": trick, "pass": passes, "penalty": penalty, "deal": deal}
FIXABLE = ("hand", "trick", "pass", "penalty")

# A short game a scorer records at a new table with the fewest players (three: 13 hearts in play), for the
# tests every registered game must pass.
DEMO = [
    ("hand", {"hearts-0": "5", "hearts-1": "8", "lady-0": "2"}),
    ("penalty", {"player": "0", "reason": "revoke"}),
    ("deal", {"dealer": "1"}),
    ("pass", {"pass-0": ["2H", "3H", "4H"], "pass-1": ["5H", "6H", "7H"], "pass-2": ["8H", "9H", "10H"]}),
    ("trick", {"leader": "0", "card-0": "3C", "card-1": "4C", "card-2": "5C"}),
]


def form_for(payload: Mapping[str, Any], snap: Snapshot) -> tuple[str, dict[str, list[str]]] | None:
    """The form (action, fields) that records `payload` at `snap`: a quick hand, a trick, the passes or a penalty,
    filled in again after an Undo or for a correction. None for other events, or when the entry does not fit these
    players."""
    if snap.prompt.kind == "over" or payload.get("type") not in FIXABLE:
        return None
    players: list[str] = snap.prompt.details["players"]
    try:
        if payload["type"] == "penalty":
            return "penalty", _penalty_fields(payload, list(snap.players))
        fields = FIELDS[payload["type"]](payload, players)
    except (KeyError, ValueError, TypeError, AttributeError):
        return None  # a stored entry these players cannot have made: no form for it
    if payload.get("moon") in MOON_CHOICES:
        fields["moon"] = [str(payload["moon"])]
    return str(payload["type"]), fields


def _names(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _hand_fields(payload: Mapping[str, Any], players: list[str]) -> dict[str, list[str]]:
    fields = {f"hearts-{players.index(name)}": [str(int(n))] for name, n in payload["hearts"].items() if n}
    for k, name in enumerate(_names(payload["lady"])):
        fields[f"lady-{k}"] = [str(players.index(name))]
    for card, takers in (payload.get("bonus") or {}).items():
        for k, name in enumerate(_names(takers)):
            fields[f"bonus-{parse_card(card)}-{k}"] = [str(players.index(name))]
    return fields


def _penalty_fields(payload: Mapping[str, Any], seats: list[str]) -> dict[str, list[str]]:
    """A penalty's form: who (a seat of the table, not only of the hand), why and the points typed, if any."""
    fields = {"player": [str(seats.index(payload["player"]))], "reason": [str(payload.get("reason", "revoke"))]}
    if "points" in payload:
        fields["points"] = [str(int(payload["points"]))]
    return fields


def _trick_fields(payload: Mapping[str, Any], players: list[str]) -> dict[str, list[str]]:
    fields = {"leader": [str(players.index(payload["leader"]))]}
    for n, card in enumerate(payload["cards"]):
        fields[f"card-{n}"] = [str(parse_card(card))]
    return fields


def _pass_fields(payload: Mapping[str, Any], players: list[str]) -> dict[str, list[str]]:
    return {
        f"pass-{players.index(name)}": [str(parse_card(c)) for c in cards] for name, cards in payload["cards"].items()
    }


FIELDS = {"hand": _hand_fields, "trick": _trick_fields, "pass": _pass_fields}


def context(snap: Snapshot, form: QueryDict | None) -> dict[str, Any]:
    """What the entry templates show: seats, the card pickers with the cards still possible, values to refill
    (after an error, an Undo, or for a correction), and the game's moon question for the entry as filled in."""
    d = dict(snap.prompt.details)
    if snap.prompt.kind == "over":
        return {"d": d, "kind": "over"}
    form = form or QueryDict()
    players: list[str] = d["players"]
    seats = list(enumerate(players))
    # The game says who leads when it can know (the last trick's winner, or left of the dealer without 2♣).
    known = d.get("leader") or d["first_lead"]
    leader_index = form.get("leader", str(players.index(known)) if known else "")
    # ASCII digits only: "²" is a digit that int() cannot read.
    chosen = int(leader_index) if leader_index.isascii() and leader_index.isdigit() and len(leader_index) < 4 else None
    leader = players[chosen] if chosen is not None and chosen < len(players) else None
    notation = FrenchNotation(removed=d["removed"], double_deck=d["bonus_copies"] == 2)
    remaining = [card for cards in d["remaining"].values() for card in cards]
    can_pass = not d["tricks_done"] and not d["passed"] and d["direction"] != "hold"
    by_tricks, with_passes = _recorded_by_tricks(snap)
    return {
        "d": d,
        "kind": snap.prompt.kind,
        "seats": [(i, name, form.get(f"hearts-{i}", "0")) for i, name in seats],
        "lady_slots": [(k, form.get(f"lady-{k}", "")) for k in range(d["ladies"])],
        "bonus_slots": [
            (card, k, form.get(f"bonus-{card}-{k}", "")) for card in d["bonus"] for k in range(d["bonus_copies"])
        ],
        "leaders": [(i, name, json.dumps(d["orders"][name])) for i, name in seats],
        "leader_index": leader_index,
        # Built where the page shows them: a phone whose script runs gets the trick and pass forms when opened.
        "trick_picker": deferred(partial(_trick_picker, notation, d, remaining, form, leader)),
        "last_trick": d["tricks_done"] + 1 == d["hand_size"],
        "can_pass": can_pass,
        # the hand is being recorded trick by trick (its passes or a trick are in), or the last one was and this one
        # has not begun: "By tricks" leads, open
        "tracked": bool(d["passed"] or d["tricks_done"]) or by_tricks,
        # and when its passes were recorded too, the pass form comes first, open (the next form to fill in)
        "pass_first": can_pass and by_tricks and with_passes,
        "pass_picker": deferred(partial(_pass_picker, notation, seats, remaining, form)) if can_pass else None,
        "moon": _moon_context(snap, form),
        "between_hands": snap.state.current is None and bool(snap.state.hands),
        "revoke_points": snap.options.revoke_points,
        "penalty_min": PENALTY_POINTS[0],
        "penalty_max": PENALTY_POINTS[1],
        "table_seats": list(enumerate(snap.players)),
        # a refused penalty comes back as typed (the default reason and hand otherwise)
        "penalty": {
            "player": form.get("player", ""),
            "reason": form.get("reason", "revoke"),
            "points": form.get("points", ""),
            "when": form.get("when", "last"),
        },
    }


def _trick_picker(
    notation: FrenchNotation, d: Mapping[str, Any], remaining: list[str], form: QueryDict, leader: str | None
) -> cardpicker.Picker:
    """One seat of the picker per card of the trick, in play order (`card-0` is the lead), each named by who
    plays it once the leader is known ("Card 1" ... until then; the game's script renames them when one is tapped).
    The hand's first trick comes with its lead filled in when the game fixes it (the 2♣)."""
    players: list[str] = d["players"]
    order = d["orders"][leader] if leader else [_("Card %(n)s") % {"n": n + 1} for n in range(len(players))]
    plays = dict.fromkeys(order, "")
    if leader:
        plays = {name: _("%(name)s plays") % {"name": name} for name in order}
    chosen = {n: [form.get(f"card-{n}", "")] for n in range(len(players)) if form.get(f"card-{n}")}
    if d["first_card"] and not chosen:  # the hand opens with the 2♣: only who led it is left to tap
        chosen[0] = [d["first_card"]]
    return cardpicker.build(
        notation,
        list(enumerate(order)),
        name="card",
        available=remaining,
        chosen=chosen,
        legend=lambda name: plays[name] or name,
        required=True,
    )


def _recorded_by_tricks(snap: Snapshot) -> tuple[bool, bool]:
    """How this table's newest hands were recorded: trick by trick (the newest hand's last entry a trick, not a quick
    hand), and with their passes (a pass before those tricks, or a hand earlier). A scorer who records tricks and
    passes keeps doing so, so the next hand's forms open that way; quick entry stays one tap away."""
    tricks = False
    for entry in reversed(snap.log):
        kind = None if entry.retracted else entry.payload.get("type")
        if kind == "hand":
            return tricks, False
        if kind == "pass":
            return tricks, tricks
        tricks = tricks or kind == "trick"
    return tricks, False


def _pass_picker(
    notation: FrenchNotation, seats: list[tuple[int, str]], remaining: list[str], form: QueryDict
) -> cardpicker.Picker:
    """A set of cards per player, one player at a time (static/games/rickety-kate.js counts them to pass_count)."""
    return picker(
        notation,
        seats,
        form,
        "pass",
        multiple=True,
        available=remaining,
        legend=lambda name: _("%(name)s passed") % {"name": name},
        per_seat=1,
    )


def _moon_context(snap: Snapshot, form: QueryDict) -> dict[str, Any] | None:
    """The moon question for the entry as filled in (a quick hand, or a trick), with each choice's words and the
    totals it leads to; None when the game asks nothing (or the form is not a whole entry yet)."""
    d = snap.prompt.details
    question = None
    for build in (_trick_event, _hand_event):
        try:
            event = build(form, d)
        except FormError:
            continue
        if build is _trick_event or any(form.get(f"hearts-{i}") for i in range(len(d["players"]))):
            question = _question(snap, event)
        if question is not None:
            break
    if question is None:
        return None
    words = _moon_words(question)
    return {
        "shooter": question.shooter,
        "points": question.points,
        "choices": [
            {
                "value": o.choice,
                "words": words[o.choice],
                "totals": [(name, o.totals[name]) for name in snap.players],
                "chosen": form.get("moon") == o.choice,
            }
            for o in question.outcomes
        ],
    }
