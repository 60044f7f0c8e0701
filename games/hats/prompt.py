"""What the Hats table page asks and shows: the prompt (whose turn, which exchanges are legal) and the state
panel (the tea table as it lies, the cookie, each collection, and at the end each player's score line by line).
Everything is decided here, so the templates only display it."""

from __future__ import annotations

from typing import Any

from games.base import Panel, Prompt
from games.hats import scoring
from games.hats.engine import TURNS_EACH, State
from games.hats.notation import HatsCard, HatsNotation, hats_notation
from games.text import T, join

PICKER_VALUES = (1, 2, 3, 4, 5, 6)  # what a picker offers when no card has shown a higher value


def notation_for(state: State) -> HatsNotation:
    """The table's notation, its picker offering 1-6 and any higher value a card of this table has shown."""
    seen = {c.value for c in state.table or ()}
    seen |= {c.value for cards in state.collections.values() for c in cards}
    return hats_notation(tuple(state.rules.notation.types), tuple(sorted(set(PICKER_VALUES) | seen)))


def legal(table: tuple[HatsCard, ...], cards: tuple[HatsCard, ...]) -> dict[str, list[int]]:
    """The positions each of `cards` (by its text) may be exchanged onto: the same type, or a lower card lying
    there. None for a card lying on the tea table itself: the box holds each card once, so nobody has it to put
    down. The tea table is read once for all the cards (a picker's 42)."""
    lying = set(table)
    positions = [(n, there.type, there.value) for n, there in enumerate(table, 1)]
    return {
        str(card): []
        if card in lying
        else [n for n, kind, value in positions if kind == card.type or value < card.value]
        for card in cards
    }


def prompt(state: State) -> Prompt:
    players = state.players
    details: dict[str, Any] = {
        "players": list(players),
        "positions": state.rules.positions,
        "teams": state.rules.teams,
        "cookie": state.cookie,
        "turns": {p: state.turns.get(p, 0) for p in players},
        "quick": state.quick,
    }
    if state.over:
        standings = scoring.standings("hats", state)
        details["winners"] = list(standings.winners)  # a team's members, with four players
        return Prompt("over", T("Game over: %(names)s won.", names=join(standings.winners, " & ")), details)
    if state.table is None and state.last_actor is None:
        details["next"] = players[0]
        return Prompt(
            "setup",
            T("Lay out the tea table: %(n)d cards from position 1 up, and who starts.", n=state.rules.positions),
            details,
        )
    missing = [p for p in players if p not in state.favourites]
    details["favourites_missing"] = missing
    details["can_reveal"] = [p for p in missing if state.turns.get(p, 0) >= TURNS_EACH]
    player = state.next_player
    details["next"] = player
    details["turn"] = state.turns.get(player, 0) + 1
    details["partner"] = state.partner(player)
    details["optional_taken"] = state.early_optional == player
    if state.table is not None:
        notation = notation_for(state)
        details["legal"] = legal(state.table, notation.cards())
    if state.turns_done:
        return Prompt(
            "favourite",
            T("Every player has had eight turns: reveal the favourites (%(names)s).", names=join(missing)),
            details,
        )
    return Prompt(
        "turn",
        T("%(name)s's turn, %(n)d of %(of)d.", name=player, n=details["turn"], of=TURNS_EACH),
        details,
    )


def panel(state: State) -> Panel:
    """The tea table and the players' collections; at the end, each player's score line by line. Shown from the
    start (the table page keeps its place for it), the tea table empty until the setup."""
    notation = state.rules.notation
    positions = scoring.tea_table(state.table, state.rules.values) if state.table is not None else ()
    # The lines in words only once the game is over; during play a number is enough (and a long log is fast).
    by_player = scoring.scores(state) if state.over else {}
    worth = scoring.worth(state)
    rows = []
    for player in state.players:
        score = by_player.get(player)
        rows.append(
            {
                "name": player,
                "turns": state.turns.get(player, 0),
                "types": state.distinct(player),
                "black_hats": state.black_hats.get(player, 0),
                "groups": _groups(notation, state.collections.get(player, ())),
                "favourite": _card(notation, state.favourites[player]) if player in state.favourites else None,
                "cookie": state.cookie == player,
                "lines": [{"text": line.text, "points": line.points} for line in score.lines] if score else [],
                "total": worth[player],
                "next": not state.over and state.next_player == player and not state.turns_done,
            }
        )
    return Panel(
        "panel.html",
        {
            "positions": [
                {"number": p.number, "value": p.value, "counts": p.counts, "card": _card(notation, p.card)}
                for p in positions
            ],
            "players": rows,
            "cookie": state.cookie,
            "over": state.over,
            "tracked": not state.quick,
        },
    )


def _groups(notation: HatsNotation, cards: tuple[HatsCard, ...]) -> list[dict[str, Any]]:
    """A collection by type, in the order the types are listed: what a type's cards are worth depends on the
    type alone, and the favourite adds up their printed values."""
    by_type: dict[str, list[int]] = {}
    for card in cards:
        by_type.setdefault(card.type, []).append(card.value)
    return [
        {
            "label": notation.group_label(kind),
            "symbol": notation.symbol(HatsCard(kind, 1)),
            "tone": "tone-" + notation.tone(HatsCard(kind, 1)),
            "count": len(by_type[kind]),
            "values": " ".join(str(v) for v in by_type[kind]),
        }
        for kind in notation.types
        if kind in by_type
    ]


def _card(notation: HatsNotation, card: HatsCard) -> dict[str, Any]:
    return {
        "text": notation.format(card),
        "label": notation.label(card),
        "face": notation.face(card),
        "symbol": notation.symbol(card),
        "tone": "tone-" + notation.tone(card),
    }
