"""Rickety Kate entry forms -> events. Checks only the form's shape; the engine judges the rest."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from companion.entries import FormError, seat, whole_number
from companion.services import Snapshot
from games.cards import SYMBOLS as SUIT_SYMBOLS
from games.rickety_kate.events import PENALTY_POINTS


def _playing(snap: Snapshot) -> dict[str, Any]:
    """The prompt's details for the hand to enter; once the game is over there is none (and no details)."""
    if snap.prompt.kind == "over":
        raise FormError(_("The game is over; nothing more can be played at this table."))
    return dict(snap.prompt.details)


def hand(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    d = _playing(snap)
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
    moon = post.get("moon", "")
    if moon in ("add", "subtract"):
        event["moon"] = moon
    return [event]


def trick(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    d = _playing(snap)
    players: list[str] = d["players"]
    leader = seat(post, "leader", players, _("who led the trick"))
    cards = []
    for i in range(len(players)):
        card = post.get(f"card-{i}", "").strip()
        if not card:
            raise FormError(_("A trick needs %(n)d cards; card %(i)d is missing.") % {"n": len(players), "i": i + 1})
        cards.append(card.upper())
    event: dict[str, Any] = {"type": "trick", "leader": leader, "cards": cards}
    moon = post.get("moon", "")
    if moon in ("add", "subtract"):
        event["moon"] = moon
    return [event]


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
    # "This hand" between hands: a deal event opens the hand so the penalty lands on it, not the last one.
    if post.get("when") == "next" and snap.state.current is None and snap.state.hands:
        events.insert(0, {"type": "deal", "dealer": _playing(snap)["dealer"]})
    return events


def deal(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    return [{"type": "deal", "dealer": seat(post, "dealer", snap.players, _("who dealt"))}]


ACTIONS = {"hand": hand, "trick": trick, "pass": passes, "penalty": penalty, "deal": deal}

# A short game a scorer records at a new table with the fewest players (three: 13 hearts in play), for the
# tests every registered game must pass.
DEMO = [
    ("hand", {"hearts-0": "5", "hearts-1": "8", "lady-0": "2"}),
    ("penalty", {"player": "0", "reason": "revoke"}),
]


def context(snap: Snapshot, form: QueryDict | None) -> dict[str, Any]:
    """What the entry templates show: seats, the cards still possible, and values to refill after an error."""
    d = snap.prompt.details
    if snap.prompt.kind == "over":
        return {}
    form = form or QueryDict()
    players: list[str] = d["players"]
    leader = d.get("leader") or d["first_lead"]  # the game says who leads, when it can know
    suits = [(suit, SUIT_SYMBOLS[suit], cards) for suit, cards in d["remaining"].items() if cards]
    return {
        "seats": [(i, name, form.get(f"hearts-{i}", "0")) for i, name in enumerate(players)],
        "lady_slots": [(k, form.get(f"lady-{k}", "")) for k in range(d["ladies"])],
        "bonus_slots": [
            (card, k, form.get(f"bonus-{card}-{k}", "")) for card in d["bonus"] for k in range(d["bonus_copies"])
        ],
        "leader_index": str(players.index(leader)) if leader else form.get("leader", ""),
        "card_slots": [(i, form.get(f"card-{i}", "")) for i in range(len(players))],
        "suits": suits,
        "last_trick": d["tricks_done"] + 1 == d["hand_size"],
        "can_pass": not d["tricks_done"] and not d["passed"] and d["direction"] != "hold",
        "between_hands": snap.state.current is None and bool(snap.state.hands),
        "revoke_points": snap.options.revoke_points,
        "penalty_min": PENALTY_POINTS[0],
        "penalty_max": PENALTY_POINTS[1],
        "table_seats": list(enumerate(snap.players)),
    }
