"""Tally's web side (docs/games.md, "The web adapter"): two entry forms (a round's points per seat, a bonus for
one player), the form that stands for a stored round (Fix and Edit), and its templates in templates/."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from companion.entries import seat, whole_number
from companion.services import Snapshot
from tests.toygame import BONUS_MAX


def round_points(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    points = {name: whole_number(post, f"points-{i}", name, 0, 1000, default=0) for i, name in enumerate(snap.players)}
    return [{"type": "round", "points": points}]


def bonus(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    player = seat(post, "player", snap.players, _("who gets the bonus"))
    return [{"type": "bonus", "player": player, "points": whole_number(post, "bonus", _("Bonus"), 1, BONUS_MAX)}]


ACTIONS = {"round": round_points, "bonus": bonus}
FIXABLE = ("round",)  # the log offers Fix on rounds: form_for fills their form in

# A short game for the tests that every registered game must pass: the actions a scorer takes at a new table
# with the fewest players, in order.
DEMO = [
    ("round", {"points-0": "4", "points-1": "12"}),
    ("bonus", {"player": "1", "bonus": "5"}),
    ("round", {"points-0": "7", "points-1": "1"}),
]


def form_for(payload: Mapping[str, Any], snap: Snapshot) -> tuple[str, dict[str, list[str]]] | None:
    """The round form filled in with a stored round (a bonus is undone and typed again: two taps)."""
    if payload.get("type") != "round":
        return None
    points = payload.get("points", {})
    return "round", {f"points-{i}": [str(points.get(name, 0))] for i, name in enumerate(snap.players)}


def context(snap: Snapshot, form: QueryDict | None) -> dict[str, Any]:
    """`seats`: (seat, name, points typed) for the round form; `picked`, `bonus`: the bonus form's values."""
    form = form or QueryDict()
    return {
        "seats": [(i, name, form.get(f"points-{i}", "0")) for i, name in enumerate(snap.players)],
        "picked": form.get("player", ""),
        "bonus": form.get("bonus", ""),
        "bonus_max": BONUS_MAX,
    }
