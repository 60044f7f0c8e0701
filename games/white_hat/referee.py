"""The White Hat referee: the rule ids it flags, one per rule of FORMAT.md's trick rules and the board.

The checks run during the replay (engine.py), which already knows who holds how many cards, who holds the hat
and where every pawn stands; review() hands back what they found, in event order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Flag

if TYPE_CHECKING:
    from games.white_hat.engine import State

RULES = {
    "wh.set": "a set is cards of one number; jokers and the hat take it",
    "wh.set-size": "follow a single with a single, a set with a set of its size or one card",
    "wh.hat-placement": "on a set lead the hat goes only inside a set of that size",
    "wh.winner": "the highest play wins, the later of equals; with the hat the lowest; the winner moves",
    "wh.lead-order": "the trick's winner leads the next trick",
    "wh.first-lead": "the player right of the hat's holder leads a round's first trick",
    "wh.play-order": "players play in turn from the leader",
    "wh.hat-take": "after a hat trick its winner takes the hat and the whole trick, or n more cards",
    "wh.hat-holder": "only the White Hat's holder plays it, or has it in hand at a round's end",
    "wh.hand-count": "nobody plays more cards than they hold; a round ends with what its tricks leave",
    "wh.round-end": "a round ends when a player has no cards left",
    "wh.one-move": "one pawn move per trick",
    "wh.step": "a pawn moves one step forward, over occupied fields",
    "wh.opponent-pawn": "another player's pawn moves only from a field below zero",
    "wh.sticky": "a pawn on a sticky field stays there",
    "wh.exploit": "Exploit changes one field's value by one",
    "wh.field": "a field's value changes only through Exploit or the Randomizer",
    "wh.backflip": "Backflip puts a pawn on the nearest free field behind it",
    "wh.goal": "a pawn on the goal ends the round at once, and the game",
}


def review(state: State) -> list[Flag]:
    return sorted(state.flags, key=lambda f: f.event)
