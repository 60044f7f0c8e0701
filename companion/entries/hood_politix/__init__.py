"""Hood Politix entry forms -> events. Checks only the form's shape; the game judges the rest, and rules on a
dispute (games/hood_politix/dispute.py) the moment it is recorded: the entry panel shows the ruling at once.

The forms' fields (seat numbers are indices into the table's players):
- round: `place-<k>` the seat that went out k-th (0: first out); the last may be left out (the one left lost);
- penalty: `player` (a seat), `reason` (FORMAT.md's reasons), `cards` (empty: the table's penalty cards), `rule`
  (after a dispute's ruling: the rule broken);
- dispute: `player`, `top-colour`, `top-face`, `top-framed`, the same for `played-`, `deuces`, `in_yo_faces`,
  `jump_in`, `target` (a seat, or empty), `direction` (left or right).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from companion.entries import FormError, seat, whole_number
from companion.entries.hood_politix import chooser
from companion.services import Snapshot
from games.hood_politix import referee
from games.hood_politix.describe import REASON_WORDS
from games.hood_politix.events import DIRECTIONS, FLAGGED_RULES, MAX_STACK, PENALTY_CARDS, PENALTY_REASONS
from games.hood_politix.notation import HOOD_ACTION_NAMES, HOOD_FACES, HoodCard

CARD_SLOTS = ("top", "played")


def _playing(snap: Snapshot) -> dict[str, Any]:
    if snap.prompt.kind == "over":
        raise FormError(_("The game is over; nothing more can be played at this table."))
    return dict(snap.prompt.details)


def round_(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    """The finishing order from the places tapped; the one seat left over lost the one-on-one."""
    players = list(_playing(snap)["players"])
    order: list[str] = []
    for k in range(len(players) - 1):
        name = seat(post, f"place-{k}", players, _("who went out in place %(n)d") % {"n": k + 1})
        if name in order:
            raise FormError(_("%(name)s is tapped twice; each player goes out once.") % {"name": name})
        order.append(name)
    left = [p for p in players if p not in order]
    last = post.get(f"place-{len(players) - 1}", "")
    if last and seat(post, f"place-{len(players) - 1}", players, _("who lost the one-on-one")) != left[0]:
        raise FormError(_("%(name)s is tapped twice; each player goes out once.") % {"name": left[0]})
    return [{"type": "round", "order": [*order, left[0]]}]


def penalty(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    _playing(snap)
    player = seat(post, "player", snap.players, _("who gets the penalty"))
    reason = post.get("reason", "")
    if reason not in PENALTY_REASONS:
        raise FormError(_("Choose why %(name)s gets the penalty.") % {"name": player})
    event: dict[str, Any] = {"type": "penalty", "player": player, "reason": reason}
    if post.get("rule") in FLAGGED_RULES:  # given for a dispute's ruling: the log says what was broken
        event["rule"] = post["rule"]
    if post.get("cards", "").strip():
        event["cards"] = whole_number(post, "cards", _("Penalty cards"), *PENALTY_CARDS)
    return [event]


def _card(post: QueryDict, slot: str, colours: tuple[str, ...]) -> str:
    what = _("the card on top") if slot == "top" else _("the card played")
    colour, face = post.get(f"{slot}-colour", ""), post.get(f"{slot}-face", "")
    if colour not in colours or face not in HOOD_FACES:
        raise FormError(_("Choose the colour and face of %(what)s.") % {"what": what})
    return str(HoodCard(colour, face, bool(post.get(f"{slot}-framed"))))


def dispute(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    _playing(snap)
    colours = snap.options.colours
    event: dict[str, Any] = {
        "type": "dispute",
        "player": seat(post, "player", snap.players, _("who played the card")),
        "top": _card(post, "top", colours),
        "played": _card(post, "played", colours),
    }
    deuces = whole_number(post, "deuces", _("Deuces building"), 0, MAX_STACK, default=0)
    faces = whole_number(post, "in_yo_faces", _("In Yo Faces building"), 0, MAX_STACK, default=0)
    if deuces or faces:
        event["stack"] = {"deuce": deuces, "in-yo-face": faces}
    if post.get("jump_in"):
        event["jump_in"] = True
    if post.get("target", ""):
        event["target"] = seat(post, "target", snap.players, _("whom the Deal was aimed at"))
    direction = post.get("direction", "")
    if direction in DIRECTIONS:
        event["direction"] = direction
    return [event]


ACTIONS = {"round": round_, "penalty": penalty, "dispute": dispute}
FIXABLE = ("round", "penalty", "dispute")
# static/games/hood-politix.js stands alone (it needs no kibitz.js) and runs the state panel's timers: the table
# display (companion/displayviews.py) loads it too.
DISPLAY_SCRIPT = True

# A short game a scorer records at a new table with the fewest players (two), for the tests every game passes.
DEMO = [
    ("round", {"place-0": "1"}),
    ("penalty", {"player": "0", "reason": "too-slow"}),
    (
        "dispute",
        {"player": "1", "top-colour": "red", "top-face": "7", "played-colour": "blue", "played-face": "7"},
    ),
]


def form_for(payload: Mapping[str, Any], snap: Snapshot) -> tuple[str, dict[str, list[str]]] | None:
    """The form that records `payload` at `snap` (a round, a penalty or a dispute), for Undo and Fix; None
    otherwise."""
    if snap.prompt.kind == "over" or payload.get("type") not in FIXABLE:
        return None
    players = list(snap.players)
    try:
        if payload["type"] == "round":
            return "round", {f"place-{k}": [str(players.index(n))] for k, n in enumerate(payload["order"])}
        if payload["type"] == "penalty":
            return "penalty", _penalty_fields(payload, players)
        return "dispute", _dispute_fields(payload, snap, players)
    except (KeyError, ValueError, TypeError, AttributeError):
        return None  # a stored entry these players cannot have made: no form for it


def _penalty_fields(payload: Mapping[str, Any], players: list[str]) -> dict[str, list[str]]:
    """Who and how many cards; the reason is tapped again (one tap saves), the rule of a ruling carried along."""
    fields = {"player": [str(players.index(payload["player"]))]}
    if "cards" in payload:
        fields["cards"] = [str(int(payload["cards"]))]
    if payload.get("rule") in FLAGGED_RULES:
        fields["rule"] = [str(payload["rule"])]
    return fields


def _dispute_fields(payload: Mapping[str, Any], snap: Snapshot, players: list[str]) -> dict[str, list[str]]:
    fields = {"player": [str(players.index(payload["player"]))]}
    for slot in CARD_SLOTS:
        card = snap.options.notation.parse(payload[slot])
        fields[f"{slot}-colour"], fields[f"{slot}-face"] = [card.colour], [card.face]
        if card.framed:
            fields[f"{slot}-framed"] = ["on"]
    stack = payload.get("stack") or {}
    fields["deuces"], fields["in_yo_faces"] = [str(stack.get("deuce", 0))], [str(stack.get("in-yo-face", 0))]
    if payload.get("jump_in"):
        fields["jump_in"] = ["on"]
    if payload.get("target"):
        fields["target"] = [str(players.index(payload["target"]))]
    fields["direction"] = [str(payload.get("direction") or "left")]
    return fields


def context(snap: Snapshot, form: QueryDict | None) -> dict[str, Any]:
    """What the entry templates show: seats, places to refill, the card choices, the newest ruling."""
    d = dict(snap.prompt.details)
    if snap.prompt.kind == "over":
        return {"d": d, "kind": "over", "verdict": _newest_verdict(snap)}
    form = form or QueryDict()
    players: list[str] = d["players"]
    notation = snap.options.notation
    colours = [(c, notation.symbol(HoodCard(c, "0")), notation.group_label(c)) for c in notation.colours]
    faces = [(f, HOOD_ACTION_NAMES.get(f, f), f in HOOD_ACTION_NAMES) for f in HOOD_FACES]
    return {
        "d": d,
        "kind": snap.prompt.kind,
        "seats": list(enumerate(players)),
        "places": chooser.places(
            list(enumerate(players)), [(k, form.get(f"place-{k}", "")) for k in range(len(players))]
        ),
        "reasons": [(r, REASON_WORDS[r]) for r in PENALTY_REASONS],
        "penalty_cards": snap.options.penalty_cards,
        "penalty_max": PENALTY_CARDS[1],
        "stack_max": MAX_STACK,
        "cards": [
            chooser.card(slot, legend, _slot_form(form, slot), colours, faces)
            for slot, legend in zip(CARD_SLOTS, (_("What lay on top?"), _("What was played?")), strict=True)
        ],
        "dispute": {
            "player": form.get("player", ""),
            "deuces": form.get("deuces", "0"),
            "in_yo_faces": form.get("in_yo_faces", "0"),
            "jump_in": bool(form.get("jump_in")),
            "target": form.get("target", ""),
            "direction": form.get("direction", "left"),
        },
        "verdict": _newest_verdict(snap),
        # a refused one, as typed, or one being fixed
        "penalty": {"player": form.get("player", ""), "cards": form.get("cards", ""), "rule": form.get("rule", "")},
    }


def _slot_form(form: QueryDict, slot: str) -> dict[str, Any]:
    return {
        "colour": form.get(f"{slot}-colour", ""),
        "face": form.get(f"{slot}-face", ""),
        "framed": bool(form.get(f"{slot}-framed")),
    }


def _newest_verdict(snap: Snapshot) -> dict[str, Any] | None:
    """The game's ruling on the newest entry when it is a dispute: the screen shows it as soon as it is saved."""
    state = snap.state
    if snap.broken is not None or not state.disputes or state.disputes[-1].event != len(snap.events) - 1:
        return None
    record = state.disputes[-1]
    ruling = referee.verdict(state, record)
    player = record.play.player
    seats = list(enumerate(snap.players))
    titles = {section["anchor"]: section["title"] for section in snap.game.rules(get_language() or "en")}
    return {
        "ruling": ruling,
        "title": titles.get(ruling.rule, ruling.rule),
        "player": player,
        "seat": snap.players.index(player),
        # the penalty that goes with the ruling, one tap away: the player's, or the false accuser's
        "reason": "wrong-jump-in" if record.play.jump_in else "other",
        "rule": ruling.rule,
        "others": [(i, name) for i, name in seats if name != player],
        "cards": snap.options.penalty_cards,
        "open": snap.prompt.kind != "over",
    }
