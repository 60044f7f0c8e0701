"""Tally's web side: one entry form (points per seat) and its templates in templates/."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from companion.entries import whole_number
from companion.services import Snapshot


def round_points(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    points = {name: whole_number(post, f"points-{i}", name, 0, 1000, default=0) for i, name in enumerate(snap.players)}
    return [{"type": "round", "points": points}]


ACTIONS = {"round": round_points}

# A short game for the tests that every registered game must pass: the actions a scorer takes at a new table
# with the fewest players, in order.
DEMO = [("round", {"points-0": "4", "points-1": "12"}), ("round", {"points-0": "7", "points-1": "1"})]


def context(snap: Snapshot, form: QueryDict | None) -> dict[str, Any]:
    form = form or QueryDict()
    return {"seats": [(i, name, form.get(f"points-{i}", "0")) for i, name in enumerate(snap.players)]}
