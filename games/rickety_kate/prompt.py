"""What the entry screen asks next, as plain data; the templates only display it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import Prompt
from games.cards import SUITS, Card, full_deck
from games.rickety_kate.deck import TWO_OF_CLUBS, deck_for
from games.rickety_kate.engine import HandPlay, State, pass_direction, penalty_reason
from games.text import T, Text, join


def prompt(state: State) -> Prompt:
    phase = state.phase
    if phase.kind == "over":
        won = T("Game over: %(names)s won.", names=" & ".join(phase.players))
        return Prompt("over", won, {"winners": list(phase.players)})
    hand = state.current
    details = _hand_details(state, hand)
    if phase.kind == "tie":
        details["tied"] = list(phase.players)
    kind = "trick" if hand is not None and hand.tricks else "hand"
    if kind == "trick" and hand is not None:
        details.update(_trick_details(hand))
    return Prompt(kind, _headline(details), details)


def _hand_details(state: State, hand: HandPlay | None) -> dict[str, Any]:
    options = state.options
    players = hand.players if hand else state.next_players
    number = hand.number if hand else len(state.hands) + 1
    deck = hand.deck if hand else deck_for(options, len(players), len(state.players))
    direction = hand.direction if hand else pass_direction(options.passing, number, len(players))
    return {
        "number": number,
        "dealer": hand.dealer if hand else state.next_dealer,
        "direction": direction,
        "players": list(players),
        "playoff": len(players) < len(state.players),
        "penalties": _penalties(state, hand),  # given during this hand: they count when it is scored
        "hearts": deck.hearts,
        "ladies": deck.ladies,
        "lady": str(options.lady),
        "bonus": [str(c) for c in options.bonus_cards],
        "bonus_copies": deck.copies,
        "moon": options.moon,
        "penalty_points": deck.penalty_points,
        "hand_size": deck.hand_size,
        "tricks_done": len(hand.tricks) if hand else 0,
        "passed": hand is not None and hand.passes is not None,
        "first_lead": None if TWO_OF_CLUBS in deck else _left_of_dealer(players, hand, state),
        # the card the hand's first trick opens with, when the rules fix it (rk.two-of-clubs): its holder leads it
        "first_card": str(TWO_OF_CLUBS) if TWO_OF_CLUBS in deck and not (hand and hand.tricks) else None,
        "remaining": _remaining(deck.counts - hand.played() if hand else deck.counts),
        "removed": [str(c) for c in DECK if c not in deck],  # out of this hand's deck
        "pass_count": PASS_CARDS if direction != "hold" else 0,
        "orders": {p: _order(players, p) for p in players},  # who plays, in turn, when p leads
    }


PASS_CARDS = 3  # rule rk.pass-three
DECK = full_deck()  # clubs first, each suit from 2 to A


def _order(players: list[str] | tuple[str, ...], leader: str) -> list[str]:
    """The players of a trick in the order they play when `leader` leads: round the table from the leader."""
    start = players.index(leader)
    return list(players[start:]) + list(players[:start])


def _remaining(left: Counter[Card]) -> dict[str, list[str]]:
    """Cards not yet played in this hand, by suit in rank order (a card twice with two decks)."""
    by_suit: dict[str, list[str]] = {suit: [] for suit in SUITS}
    for card in DECK:  # in suit and rank order already: no sort, whose comparisons were most of a prompt
        if held := left.get(card):
            by_suit[card.suit] += [str(card)] * held
    return by_suit


def _penalties(state: State, hand: HandPlay | None) -> list[dict[str, Any]]:
    """The penalties given during the hand being played (or before the first hand): pending until it is scored.
    Each as {"player", "points", "reason"} (the reason as people read it, "" when none was given)."""
    given = hand.penalties if hand else state.early_penalties
    return [
        {"player": p.player, "points": p.points or 0, "reason": penalty_reason(p.reason) if p.reason else ""}
        for p in given
    ]


def _left_of_dealer(players: list[str] | tuple[str, ...], hand: HandPlay | None, state: State) -> str:
    """Who leads the first trick when 2♣ is out of the deck (with it in, whoever holds it, unknown here)."""
    dealer = hand.dealer if hand else state.next_dealer
    seats = list(state.players)
    i = (seats.index(dealer) + 1) % len(seats)
    while seats[i] not in players:
        i = (i + 1) % len(seats)
    return seats[i]


def _trick_details(hand: HandPlay) -> dict[str, Any]:
    leader = hand.next_leader() or hand.players[0]
    return {"leader": leader, "order": _order(hand.players, leader)}


PASSING = {
    "left": T("Pass 3 cards left."),
    "right": T("Pass 3 cards right."),
    "across": T("Pass 3 cards across."),
    "hold": T("No passing this hand."),
}


def _headline(d: dict[str, Any]) -> Text:
    if d["tricks_done"]:
        line = T("Hand %(n)s, trick %(t)s: %(who)s leads.", n=d["number"], t=d["tricks_done"] + 1, who=d["leader"])
    else:
        line = join([T("Hand %(n)s: %(who)s deals.", n=d["number"], who=d["dealer"]), PASSING[d["direction"]]], " ")
    if "tied" in d:
        tie = T("Tie between %(names)s: they play one more hand.", names=" & ".join(d["tied"]))
        return join([tie, line], " ")
    return line
