"""White Hat entry forms -> events. Checks only the form's shape; the engine judges the rest (and its referee
flags what breaks a rule). Seat numbers are indices into the table's players.

The forms' fields:
- start (a round begins): `dealer`, `hat` (seats);
- round (its end, quick): `sum-<seat>` the pursuit points typed, or `hand-<seat>` the cards tapped (a set
  picker: a count per number, `hand-<seat>:<card>`); `field-<seat>-1`, `field-<seat>-2` the values under that
  player's pawns (left empty on a table whose board tracks the pawns); `final` when a pawn reached the goal;
- trick: `leader` (a seat), `play-<seat>` the cards that player played (a set picker, seats in seat order);
  after a hat trick `take` ("all", or "some" with the cards in `taken-0`);
- move: `move` ("Ben:2@14", one of the legal moves offered) or `pawn` and `to`; `player` (a seat, default the
  trick's winner);
- field: `field` (an index), `value`, `player`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.urls import path
from django.utils.translation import gettext as _

from companion import cardpicker
from companion.entries import FormError, cards, deferred, picker, seat, whole_number
from companion.entries.white_hat import box
from companion.entries.white_hat.box import before_new_table, default_preset
from companion.services import Snapshot
from games.white_hat.events import FIELD_POINTS, MAX_HAND_POINTS, MAX_SET
from games.white_hat.notation import WhiteHatNotation


def _playing(snap: Snapshot) -> dict[str, Any]:
    if snap.prompt.kind == "over":
        raise FormError(_("The game is over; nothing more can be played at this table."))
    return dict(snap.prompt.details)


def start(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    _playing(snap)
    players = snap.players
    return [
        {
            "type": "round",
            "dealer": seat(post, "dealer", players, _("who dealt")),
            "hat": seat(post, "hat", players, _("who was given the White Hat")),
        }
    ]


def round_end(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    d = _playing(snap)
    players = snap.players
    hands: dict[str, Any] = {}
    for i, name in enumerate(players):
        typed = post.get(f"sum-{i}", "").strip()
        if typed:
            hands[name] = whole_number(
                post, f"sum-{i}", _("%(name)s's pursuit points") % {"name": name}, 0, MAX_HAND_POINTS
            )
        else:
            hands[name] = cards(post, f"hand-{i}", name)
    event: dict[str, Any] = {"type": "round_end", "hands": hands}
    typed_fields = any(post.get(f"field-{i}-{k}", "").strip() for i in range(len(players)) for k in (1, 2))
    if typed_fields or not d["tracked"]:
        low, high = FIELD_POINTS
        event["fields"] = {
            name: [
                whole_number(
                    post, f"field-{i}-{k}", _("%(name)s's field %(k)d") % {"name": name, "k": k}, low, high, default=0
                )
                for k in (1, 2)
            ]
            for i, name in enumerate(players)
        }
    if post.get("final") or d["goal"]:
        event["final"] = True
    return [event]


def trick(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    d = _playing(snap)
    players = snap.players
    leader = seat(post, "leader", players, _("who led the trick"))
    plays = []
    for name in d["orders"][leader]:
        played = cards(post, f"play-{players.index(name)}", name)
        if not played:
            raise FormError(_("Tap the card or cards %(name)s played.") % {"name": name})
        if len(played) > MAX_SET:
            raise FormError(_("%(name)s cannot play more than %(n)d cards.") % {"name": name, "n": MAX_SET})
        plays.append({"player": name, "cards": played})
    event: dict[str, Any] = {"type": "trick", "plays": plays}
    if any(c.strip().lower() == "hat" for p in plays for c in p["cards"]):
        take = post.get("take", "")
        if take == "all":
            event["taken"] = [c for p in plays for c in p["cards"]]
        elif take == "some":
            taken = cards(post, "taken-0", _("taken"))
            event["taken"] = ["hat", *(c for c in taken if c.strip().lower() != "hat")]
        else:
            raise FormError(_("The White Hat was played: say what its winner took back."))
    return [event]


def move(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    d = _playing(snap)
    players = snap.players
    if snap.options.board is None:
        raise FormError(_("This table has no board; enter the field values at the end of the round."))
    chosen = post.get("move", "")
    pawn, _sep, to_text = chosen.partition("@") if chosen else (post.get("pawn", ""), "", post.get("to", ""))
    owner, _sep, number = pawn.rpartition(":")
    if owner not in players or number not in ("1", "2"):
        raise FormError(_("Choose the pawn that moved."))
    to = whole_number(QueryDict(f"to={to_text}"), "to", _("The field"), 0, len(snap.options.board.fields) - 1)
    player = seat(post, "player", players, _("who moved")) if post.get("player") else d["mover"] or owner
    return [{"type": "move", "player": player, "pawn": f"{owner}:{number}", "to": to}]


def field(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    d = _playing(snap)
    board = snap.options.board
    if board is None:
        raise FormError(_("This table has no board."))
    index = whole_number(post, "field", _("The field"), 0, len(board.fields) - 1)
    value = whole_number(post, "value", _("The new value"), *FIELD_POINTS)
    ability = d.get("ability") or {}
    player = seat(post, "player", snap.players, _("who changed it")) if post.get("player") else ability.get("player")
    if not player:
        raise FormError(_("Choose who changed the field."))
    return [{"type": "field", "player": player, "field": index, "value": value}]


__all__ = ["ACTIONS", "DEMO", "DEMO_LEAVES_OUT", "before_new_table", "context", "default_preset", "form_for"]

ACTIONS = {"start": start, "round": round_end, "trick": trick, "move": move, "field": field}
FIXABLE = ("round_end", "trick")  # the log offers Fix on these: form_for fills their forms in
URLS = [path("box/", box.box, name="white_hat_box")]  # /white-hat/box/: the group's cards and board


def form_for(payload: Mapping[str, Any], snap: Snapshot) -> tuple[str, dict[str, list[str]]] | None:
    """The form (action, fields) that records `payload`: a round's end or a trick, filled in again after an Undo.
    None for other events, or when the entry does not fit these players."""
    if snap.prompt.kind == "over":
        return None
    players = list(snap.players)
    try:
        if payload.get("type") == "round_end":
            return "round", _round_fields(payload, players)
        if payload.get("type") == "trick":
            return "trick", _trick_fields(payload, players)
    except (KeyError, ValueError, TypeError, AttributeError):
        return None  # a stored entry these players cannot have made: no form for it
    return None


def _round_fields(payload: Mapping[str, Any], players: list[str]) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = {}
    for name, hand in payload["hands"].items():
        i = players.index(name)
        if isinstance(hand, list):
            fields[f"hand-{i}"] = [str(card) for card in hand]
        else:
            fields[f"sum-{i}"] = [str(int(hand))]
    for name, values in (payload.get("fields") or {}).items():
        i = players.index(name)
        fields[f"field-{i}-1"], fields[f"field-{i}-2"] = [str(int(values[0]))], [str(int(values[1]))]
    if payload.get("final"):
        fields["final"] = ["1"]
    return fields


def _trick_fields(payload: Mapping[str, Any], players: list[str]) -> dict[str, list[str]]:
    plays = payload["plays"]
    fields = {"leader": [str(players.index(plays[0]["player"]))]}
    for play in plays:
        fields[f"play-{players.index(play['player'])}"] = [str(card) for card in play["cards"]]
    taken = payload.get("taken")
    if taken is not None:
        lying = sorted(str(card) for play in plays for card in play["cards"])
        if sorted(str(card) for card in taken) == lying:
            fields["take"] = ["all"]
        else:
            fields["take"] = ["some"]
            fields["taken-0"] = [str(card) for card in taken if str(card) != "hat"]
    return fields


# A short game a scorer records at a new table with the fewest players (two, no board), for the tests every
# registered game must pass: a round starts (Ben has the hat, so Ana leads), one trick, the round's end.
DEMO = [
    ("start", {"dealer": "0", "hat": "1"}),
    ("trick", {"leader": "0", "play-0": "7", "play-1": "9"}),
    ("round", {"sum-0": "3", "hand-1": ["13", "joker"], "field-0-1": "1", "field-0-2": "2", "field-1-1": "-1"}),
]
DEMO_LEAVES_OUT = {
    "move": "pawns are moved only on a table with a board, and a new table has none by default",
    "field": "fields are changed only on a table with a board, and a new table has none by default",
}


def notation(snap: Snapshot) -> WhiteHatNotation:
    return WhiteHatNotation(pursuit=dict(snap.options.pursuit))


def _next_form(snap: Snapshot, move_first: bool) -> str:
    """The action whose form the prompt asks for next (the template marks it; an open form goes first)."""
    d = snap.prompt.details
    if d["goal"]:
        return "round"
    if d["ability"]:
        return "field"
    if move_first:
        return "move"
    return "trick" if d["hat"] or snap.prompt.kind == "trick" else "round"


def _pawn(pawn: str) -> dict[str, str]:
    """A pawn's owner and number ("Ben:2"), for its name in the player's words ("Ben's pawn 2")."""
    owner, _sep, n = pawn.rpartition(":")
    return {"owner": owner, "n": n}


def context(snap: Snapshot, form: QueryDict | None) -> dict[str, Any]:
    """What the entry template shows: the prompt's details, the set pickers, the legal moves, values to refill."""
    d = dict(snap.prompt.details)
    if snap.prompt.kind == "over":
        return {"d": d, "kind": "over"}
    form = form or QueryDict()
    players = list(snap.players)
    seats = list(enumerate(players))
    deck = notation(snap)
    leader_index = form.get("leader", str(players.index(d["leader"])) if d["leader"] else "")
    leader = (
        players[int(leader_index)]
        if leader_index.isascii() and leader_index.isdigit() and int(leader_index) < len(players)
        else None
    )
    board = snap.options.board
    move_first = bool(d["mover"] and d["moves"])
    return {
        "d": d,
        "kind": snap.prompt.kind,
        # none unless companion.entries.panel says so: a key the template reads and does not find costs Django an
        # exception and a dir() each time
        "fix": None,
        "last": None,
        "move_first": move_first,  # the trick's winner moves first: the next trick waits behind "No move"
        "next": _next_form(snap, move_first),
        # By tricks once a round is under way that way (or its form is being answered); quick entry otherwise.
        "tricks_open": snap.prompt.kind in ("trick", "move") or bool(d["hat"]) or bool(d["ability"]),
        "seats": [
            (i, name, form.get(f"sum-{i}", ""), form.get(f"field-{i}-1", ""), form.get(f"field-{i}-2", ""))
            for i, name in seats
        ],
        # Built where the page shows them: a phone whose script runs gets each when its section opens.
        "hand_picker": deferred(
            lambda: picker(
                deck,
                seats,
                form,
                "hand",
                multiple=True,
                exclusive=False,
                legend=lambda name: _("%(name)s still holds") % {"name": name},
            )
        ),
        # Each leader's play order as seat numbers (static/games/white-hat.js moves through the seats in it).
        "leaders": [(i, name, json.dumps([players.index(p) for p in d["orders"][name]])) for i, name in seats],
        "leader_index": leader_index,
        "trick_picker": deferred(
            lambda: picker(
                deck,
                seats,
                form,
                "play",
                multiple=True,
                legend=lambda name: (_("%(name)s leads") if name == leader else _("%(name)s plays")) % {"name": name},
            )
        ),
        "taken_picker": deferred(
            lambda: picker(
                deck,
                [(0, _("taken"))],
                form,
                "taken",
                multiple=True,
                exclusive=False,
                legend=lambda name: _("Besides the hat, the winner took"),
            )
        ),
        "take": form.get("take", ""),
        # the pickers the form sent cards in (a refusal, an undo, a fix): shown filled in, never left out (lazy)
        "typed": {
            "hand": any(cardpicker.picked(form, "hand", seats).values()),
            "taken": any(cardpicker.picked(form, "taken", [(0, "")]).values()),
        },
        "moves": [{**m, "value": f"{m['pawn']}@{m['to']}", **_pawn(m["pawn"])} for m in d["moves"]],
        "pawns": [(f"{p}:{n}", p, n) for p in players for n in (1, 2)] if board else [],
        "fields": [(i, f.name) for i, f in enumerate(board.fields)] if board else [],
        "table_seats": seats,
        "dealer_index": str(players.index(d["dealer"])) if d["dealer"] in players else "",
        "final": bool(form.get("final")) or bool(d["goal"]),
    }
