"""What the entry screen asks next, and what the board panel shows, as plain data; templates only display it."""

from __future__ import annotations

from typing import Any

from games.base import Prompt
from games.players import left_of
from games.text import T, Text
from games.white_hat.engine import HAND_SIZE, State
from games.white_hat.tricks import order_from


def legal_moves(state: State, player: str) -> list[dict[str, Any]]:
    """The moves `player` may make after winning a trick: each pawn not stuck (another player's only from a
    field below zero, unless opponent_pawns is "any") one step forward, over occupied fields."""
    board = state.board
    if board is None:
        return []
    out = []
    for (owner, n), here in state.pawns.items():
        if board.fields[here].ability == "sticky":
            continue
        if owner != player and state.options.opponent_pawns == "negative" and state.values[here] >= 0:
            continue
        others = [spot for key, spot in state.pawns.items() if key != (owner, n)]
        for to in board.forward(here, others):
            out.append(
                {"pawn": f"{owner}:{n}", "owner": owner, "n": n, "from": here, "to": to, "name": board.fields[to].name}
            )
    return out


def board_view(state: State, targets: frozenset[int] = frozenset()) -> list[dict[str, Any]]:
    """Each field with its value now (and the printed one when Exploit or the Randomizer changed it), its
    ability, the pawns on it, and whether a legal move ends there (`targets`)."""
    board = state.board
    if board is None:
        return []
    on: dict[int, list[str]] = {}
    for (owner, n), spot in state.pawns.items():
        on.setdefault(spot, []).append(f"{owner}:{n}")
    values = state.values
    return [
        {
            "index": i,
            "name": f.name,
            "value": values[i],
            "changed": f.value if values[i] != f.value else None,
            "ability": f.ability,
            "pawns": " ".join(on.get(i, ())),
            "target": i in targets,
        }
        for i, f in enumerate(board.fields)
    ]


def prompt(state: State) -> Prompt:
    players = list(state.players)
    if state.finished:
        winners = list(state.winners)
        return Prompt(
            "over", T("Game over: %(names)s won.", names=" & ".join(winners)), {"winners": winners, "players": players}
        )
    play = state.current
    details: dict[str, Any] = {
        "players": players,
        "number": play.number if play else len(state.rounds) + 1,
        "dealer": play.dealer if play else state.next_dealer,
        "hat": play.hat if play else None,
        "tricks_done": len(play.tricks) if play else 0,
        "held": dict(play.held) if play else dict.fromkeys(players, HAND_SIZE),
        "tracked": state.board is not None,
        "goal": play.goal if play else None,
        "mover": None,
        "moves": [],
        "ability": None,
        "first_lead": state.options.first_lead,
    }
    leader = None
    if play and play.tricks:
        last = play.tricks[-1]
        leader = last.winner
        details["last"] = {"winner": last.winner, "why": last.why, "hat": last.hat, "number": last.number}
        if not play.moved and state.board is not None:
            details["mover"] = last.winner
            details["moves"] = legal_moves(state, last.winner)
        if play.ability is not None:
            details["ability"] = {"kind": play.ability.kind, "player": play.ability.player, "left": play.ability.left}
    elif play and play.hat and state.options.first_lead == "right-of-hat":
        leader = left_of(players, play.hat, -1)
    details["leader"] = leader
    details["orders"] = {p: list(order_from(players, p)) for p in players}
    kind = "move" if details["mover"] else "trick" if play and play.tricks else "round"
    return Prompt(kind, _headline(details, kind), details)


def _headline(d: dict[str, Any], kind: str) -> Text:
    if d["goal"]:
        return T(
            "Round %(n)d: a pawn reached the goal. Record every hand as it stands: it is the last round.", n=d["number"]
        )
    if kind == "move":
        return T(
            "Round %(n)d: %(name)s won trick %(t)d and moves a pawn.",
            n=d["number"],
            name=d["mover"],
            t=d["tricks_done"],
        )
    if kind == "trick":
        return T("Round %(n)d, trick %(t)d: %(name)s leads.", n=d["number"], t=d["tricks_done"] + 1, name=d["leader"])
    if d["leader"]:
        return T("Round %(n)d: %(name)s leads the first trick.", n=d["number"], name=d["leader"])
    return T("Round %(n)d: %(name)s deals.", n=d["number"], name=d["dealer"])
