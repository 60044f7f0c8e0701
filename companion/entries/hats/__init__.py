"""Hats entry forms -> events. Checks only the form's shape; the engine judges the rest (games/hats).

The forms' fields (seat numbers are indices into the table's players):
- setup: `pos-<i>` the card on position i+1, `first` (a seat);
- exchange: `player` (a seat), `card-0` the card put down, `position` (1 up);
- black hat: `player`; optional action: `player`, `kind` (redraw or partner_swap), `out-0`, `in-0`;
- favourite: `player`, `fav-0`;
- end state at once: `table-<i>`, `coll-<seat>` (several: the face-up cards), `fav-<seat>`, `cookie` (a seat,
  "none", or "auto": by distinct types). The black hats follow from the face-up cards (the game's
  black_hats_beside); a post may still give them as `hats-<seat>`, and the game then checks that they add up.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from django.http import QueryDict
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from companion import cardpicker
from companion.entries import FormError, deferred, picker, seat, whole_number
from companion.services import Snapshot
from games.hats.engine import TURNS_EACH, black_hats_beside
from games.hats.notation import HatsCard, HatsNotation
from games.hats.prompt import notation_for

MAX_BLACK_HATS = 8  # eight cards each: a final entry's black hats per player


def _playing(snap: Snapshot) -> dict[str, Any]:
    if snap.prompt.kind == "over":
        raise FormError(_("The game is over; nothing more can be played at this table."))
    return dict(snap.prompt.details)


def _card(post: QueryDict, key: str, what: str) -> str:
    card = post.get(key, "").strip()
    if not card or len(card) > 60:
        raise FormError(_("Choose %(what)s.") % {"what": what})
    return card


def setup(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    d = _playing(snap)
    table = [_card(post, f"pos-{i}", _("the card on position %(n)d") % {"n": i + 1}) for i in range(d["positions"])]
    return [{"type": "setup", "table": table, "first": seat(post, "first", snap.players, _("who starts"))}]


def exchange(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    d = _playing(snap)
    player = seat(post, "player", snap.players, _("who swaps"))
    card = _card(post, "card-0", _("the card put on the tea table"))
    position = whole_number(post, "position", _("The position"), 1, d["positions"])
    return [{"type": "exchange", "player": player, "card": card, "position": position}]


def black_hat(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    _playing(snap)
    return [{"type": "black_hat", "player": seat(post, "player", snap.players, _("who makes a black hat"))}]


def optional(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    _playing(snap)
    player = seat(post, "player", snap.players, _("who takes the optional action"))
    out = _card(post, "out-0", _("the card that goes"))
    got = _card(post, "in-0", _("the card that comes"))
    if post.get("kind") == "partner_swap":
        return [{"type": "partner_swap", "player": player, "gave": out, "got": got}]
    return [{"type": "redraw", "player": player, "discard": out, "draw": got}]


def favourite(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    _playing(snap)
    player = seat(post, "player", snap.players, _("whose favourite it is"))
    return [{"type": "favourite", "player": player, "card": _card(post, "fav-0", _("the favourite card"))}]


def final(post: QueryDict, snap: Snapshot) -> list[dict[str, Any]]:
    d = _playing(snap)
    players = snap.players
    table = [_card(post, f"table-{i}", _("the card on position %(n)d") % {"n": i + 1}) for i in range(d["positions"])]
    collections = {name: post.getlist(f"coll-{i}") for i, name in enumerate(players) if post.getlist(f"coll-{i}")}
    black_hats = {}
    for i, name in enumerate(players):
        count = _black_hats(post, i, name, len(collections.get(name, ())))
        if count:
            black_hats[name] = count
    favourites = {
        name: _card(post, f"fav-{i}", _("%(name)s's favourite") % {"name": name}) for i, name in enumerate(players)
    }
    event: dict[str, Any] = {
        "type": "final",
        "table": table,
        "collections": collections,
        "black_hats": black_hats,
        "favourites": favourites,
    }
    cookie = post.get("cookie", "auto")
    if cookie == "none":
        event["cookie"] = None
    elif cookie != "auto":
        event["cookie"] = seat(post, "cookie", players, _("who holds the cookie"))
    return [event]


def _black_hats(post: QueryDict, i: int, name: str, face_up: int) -> int:
    """Seat i's black hats: as posted in `hats-<i>` (the game refuses a count that does not add up to eight with
    the face-up cards, naming the player), else the game's count from the face-up cards: the form sends none."""
    if not post.get(f"hats-{i}", "").strip():
        return black_hats_beside(face_up)
    return whole_number(post, f"hats-{i}", _("%(name)s's black hats") % {"name": name}, 0, MAX_BLACK_HATS)


ACTIONS = {
    "setup": setup,
    "exchange": exchange,
    "black_hat": black_hat,
    "optional": optional,
    "favourite": favourite,
    "final": final,
}

FIXABLE = ("exchange", "black_hat", "favourite")


def form_for(payload: Mapping[str, Any], snap: Snapshot) -> tuple[str, dict[str, list[str]]] | None:
    """The form (action, fields) that records `payload` at `snap`: a turn or a favourite, filled in again after an
    Undo or for a correction. None for other events, or when the entry does not fit these players."""
    kind = payload.get("type")
    if snap.prompt.kind == "over" or kind not in FIXABLE:
        return None
    players = list(snap.players)
    try:
        fields = {"player": [str(players.index(payload["player"]))]}
        if kind == "exchange":
            fields |= {"card-0": [str(payload["card"])], "position": [str(int(payload["position"]))]}
        elif kind == "favourite":
            fields["fav-0"] = [str(payload["card"])]
    except (KeyError, ValueError, TypeError):
        return None  # a stored entry these players cannot have made: no form for it
    return str(kind), fields


# A short game a scorer records at a new table with the fewest players (two: five positions).
DEMO = [
    (
        "setup",
        {"pos-0": "red-3", "pos-1": "blue-5", "pos-2": "green-2", "pos-3": "grey-4", "pos-4": "red-6", "first": "0"},
    ),
    ("exchange", {"player": "0", "card-0": "blue-6", "position": "2"}),
    ("black_hat", {"player": "1"}),
    ("optional", {"player": "0", "kind": "redraw", "out-0": "green-4", "in-0": "grey-2"}),
    (  # the quick end state replaces the turns above (a table that stopped tracking) and ends the game
        "final",
        {
            **{f"table-{i}": card for i, card in enumerate(("red-3", "blue-6", "green-2", "grey-4", "red-6"))},
            **{"coll-0": ["red-1", "red-2", "blue-1", "blue-2", "green-1", "green-3", "grey-1"]},  # 1 black hat
            **{"coll-1": ["red-5", "blue-3", "blue-4", "green-5", "green-6", "grey-3"]},  # 2 black hats
            **{"fav-0": "red-4", "fav-1": "blue-5", "cookie": "auto"},
        },
    ),
]
DEMO_LEAVES_OUT = {"favourite": "a favourite is shown only after a player's eighth turn"}


def context(snap: Snapshot, form: QueryDict | None) -> dict[str, Any]:
    """What the entry templates show: the seats, the pickers (refilled after an error) and, for the swap, which
    positions the game allows for each card (kibitz.js only shows it). The pickers come as callables, which the
    template calls where it first reads them (once): a page whose script runs leaves the closed optional action and
    end state out (`lazy`), and their pickers were most of this context's cost."""
    d = dict(snap.prompt.details)
    kind = snap.prompt.kind
    if kind == "over":
        return {"d": d, "kind": kind}
    form = form or QueryDict()
    notation = notation_for(snap.state)
    players = list(snap.players)
    seats = list(enumerate(players))
    positions = list(range(d["positions"]))
    next_index = str(players.index(d["next"]))
    out: dict[str, Any] = {
        "d": d,
        "kind": kind,
        "seats": seats,
        "player": form.get("player", next_index),
        "first": form.get("first", "0"),
        "position": form.get("position", ""),
        # The end state at once, until the game is over: also after tracked turns (a table that stopped tracking),
        # whose end state it replaces.
        "final": EndState(notation, snap, form, positions, seats),
    }
    if kind == "setup":
        out["setup_picker"] = deferred(partial(_positions_picker, notation, "pos", positions, form))
        return out
    state = snap.state
    out["table"] = [
        {"number": n, "card": notation.label(card), "text": notation.format(card)}
        for n, card in enumerate(state.table or (), 1)
    ]
    out["legal"] = json.dumps(d.get("legal", {}), separators=(",", ":"))  # hats.js reads it: no spaces needed
    out["card_picker"] = deferred(partial(_put_down_picker, notation, state.table or (), form))
    out["out_picker"] = deferred(partial(_one, notation, "out", _("Card that goes"), form))
    out["in_picker"] = deferred(partial(_one, notation, "in", _("Card that comes"), form))
    out["fav_picker"] = deferred(partial(_one, notation, "fav", _("The last card"), form))
    out["missing"] = [(players.index(p), p) for p in d.get("can_reveal", ())]  # eight turns had, none shown
    out["fav_player"] = form.get("player", str(out["missing"][0][0]) if out["missing"] else "")
    out["kind_choice"] = form.get("kind", "partner_swap" if d["teams"] else "redraw")
    out["next"] = "exchange" if kind == "turn" else "favourite"  # the form the prompt asks for (the template marks it)
    return out


def _put_down_picker(notation: HatsNotation, table: Sequence[HatsCard], form: QueryDict) -> cardpicker.Picker:
    """The card a swap puts on the tea table: never one already lying there (offered disabled, saying so)."""
    chosen = cardpicker.picked(form, "card", [(0, "")])[0]
    return _put_down(notation, tuple(table), tuple(chosen), get_language() or "")


@functools.lru_cache(maxsize=64)  # a picker is immutable: a few tables' tea tables, in each language
def _put_down(
    notation: HatsNotation, table: tuple[HatsCard, ...], chosen: tuple[str, ...], language: str
) -> cardpicker.Picker:
    """The put-down picker for the tea table `table`, holding `chosen`, in `language` (the active one, which its
    words are in: a key here). Kept, as every page of the table at one turn shows the same one."""
    lying = Counter(table)
    left = {card: notation.copies(card) - lying[card] for card in notation.cards()}
    return picker(
        notation,
        [(0, _("Card put down"))],
        {"card-0": list(chosen)},
        "card",
        exclusive=False,
        available=left,
        unavailable=_("on the tea table"),
    )


def _one(notation: HatsNotation, name: str, legend: str, form: QueryDict) -> cardpicker.Picker:
    """The one card a form cannot be saved without (the favourite; the optional action's card out and card in):
    required, so a phone without script is told before it posts. Alike, too, to the tea table's required
    pickers further down the page, which gzip then carries for a few bytes a card."""
    return picker(notation, [(0, legend)], form, name, exclusive=False, required=True)


def _positions_picker(notation: HatsNotation, name: str, positions: list[int], form: QueryDict) -> cardpicker.Picker:
    seats = [(i, _("Position %(n)d") % {"n": i + 1}) for i in positions]
    return picker(notation, seats, form, name, exclusive=False, required=True)


class EndState:
    """The end state at once: the tea table, then per player the face-up cards and the favourite (the black hats
    follow from the face-up cards), and the words hats.js counts with. After tracked turns it starts from the end
    state they built (the scorer changes what happened since), unless the form itself comes back with an error.
    Whether it follows tracked turns is known at once (the closed form's summary says so); the rest is worked out
    when the template first reads it, which a page that leaves the closed form out never does."""

    each = TURNS_EACH  # cards a player plays in a game, face up or as black hats: hats.js counts with it

    def __init__(
        self,
        notation: HatsNotation,
        snap: Snapshot,
        form: QueryDict,
        positions: list[int],
        seats: list[tuple[int, str]],
    ) -> None:
        self.after_turns = snap.state.last_actor is not None
        self._notation, self._snap, self._sent, self._positions, self._seats = notation, snap, form, positions, seats

    @functools.cached_property
    def _form(self) -> QueryDict:
        if self.after_turns and not _final_posted(self._sent):
            return _built_so_far(self._notation, self._snap)
        return self._sent

    @functools.cached_property
    def words(self) -> dict[str, str]:
        return _live_words(self._notation, len(self._positions), len(self._seats))

    @functools.cached_property
    def table(self) -> cardpicker.Picker:
        return _positions_picker(self._notation, "table", self._positions, self._form)

    @functools.cached_property
    def players(self) -> list[dict[str, Any]]:
        notation, form = self._notation, self._form
        return [
            {
                "name": name,
                "collection": picker(
                    notation,
                    [(i, name)],
                    form,
                    "coll",
                    multiple=True,
                    exclusive=False,
                    legend=lambda who: _("%(name)s's collected cards") % {"name": who},
                ),
                "favourite": picker(
                    notation,
                    [(i, name)],
                    form,
                    "fav",
                    exclusive=False,
                    legend=lambda who: _("%(name)s's favourite") % {"name": who},
                ),
            }
            for i, name in self._seats
        ]

    @functools.cached_property
    def cookie(self) -> str:
        return str(self._form.get("cookie", "auto"))


def _live_words(notation: HatsNotation, positions: int, players: int) -> dict[str, str]:
    """What hats.js says while the end state is filled, in the reader's language (plural forms come from the
    catalogue, not the script), each as `_counted` writes it: `cards` by the face-up cards a player may tick (0 to
    every card at the table), `hats` by the black hats beside them, `positions` by the empty positions,
    `favourites` by the players without one."""
    return {
        "cards": _counted(
            lambda n: ngettext("%(n)d card face up", "%(n)d cards face up", n), range(len(notation.cards()) + 1)
        ),
        "hats": _counted(lambda n: ngettext("so %(n)d black hat", "so %(n)d black hats", n), range(TURNS_EACH + 1)),
        "positions": _counted(
            lambda n: ngettext("tea-table position {list}", "tea-table positions {list}", n), range(1, positions + 1)
        ),
        "favourites": _counted(
            lambda n: ngettext("the favourite of {names}", "the favourites of {names}", n), range(1, players + 1)
        ),
    }


def _counted(form: Callable[[int], str], counts: range) -> str:
    """The plural form `form` gives each of `counts`, as JSON `[[count, text], ...]`: each form once, from the first
    count that takes it, its number as `{n}` (hats.js takes the last pair whose count is at most its own, and fills
    in the number). The same words as one text per count, in a tenth of the bytes (42 of them for the cards)."""
    pairs: list[tuple[int, str]] = []
    for n in counts:
        text = form(n).replace("%(n)d", "{n}")
        if not pairs or pairs[-1][1] != text:
            pairs.append((n, text))
    return json.dumps(pairs, ensure_ascii=False, separators=(",", ":"))


def _final_posted(form: Mapping[str, Any]) -> bool:
    """Whether `form` is the end-state form sent back (it always sends the cookie; a post may name black hats)."""
    return "cookie" in form or "hats-0" in form


def _built_so_far(notation: HatsNotation, snap: Snapshot) -> QueryDict:
    """The end state the recorded turns built, as the end-state form's fields."""
    state = snap.state
    fields = QueryDict(mutable=True)
    for i, card in enumerate(state.table or ()):
        fields[f"table-{i}"] = notation.format(card)
    for i, name in enumerate(snap.players):
        fields.setlist(f"coll-{i}", [notation.format(c) for c in state.collections.get(name, ())])
        if name in state.favourites:
            fields[f"fav-{i}"] = notation.format(state.favourites[name])
    return fields
