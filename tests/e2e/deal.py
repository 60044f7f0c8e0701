"""A deterministic Rickety Kate hand for the browser test, played by simple rules with one planted revoke.

Pure Python on purpose: the browser test checks the app's numbers against this, not against the engine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
LADY = "QS"


def suit(card: str) -> str:
    return card[-1]


def value(card: str) -> int:
    return RANKS.index(card[:-1])


def points(card: str) -> int:
    return 13 if card == LADY else int(suit(card) == "H")


@dataclass(frozen=True)
class PlayedHand:
    tricks: tuple[tuple[str, tuple[str, ...]], ...]  # (leader, cards in play order from the leader)
    winners: tuple[str, ...]
    points: dict[str, int]  # hearts plus 13 for the lady, per player
    revoke: tuple[int, str, str, str]  # (trick number from 1, player, card played, led suit)


def play_hand(seed: int = 2024) -> PlayedHand:
    """Deal 52 cards and play 13 tricks: lowest lead, lowest follow, dump points when void.

    In the first trick from the second on where a follower holds the led suit and a pointless card of
    another suit, that follower plays the other card instead: the one illegal play (rk.follow-suit).
    """
    deck = [rank + s for s in "CDHS" for rank in RANKS]
    random.Random(seed).shuffle(deck)
    hands = {p: sorted(deck[i::4], key=lambda c: ("CDHS".index(suit(c)), value(c))) for i, p in enumerate(PLAYERS)}
    leader = next(p for p in PLAYERS if "2C" in hands[p])
    broken = False
    revoke: tuple[int, str, str, str] | None = None
    tricks, winners = [], []
    taken = dict.fromkeys(PLAYERS, 0)
    for number in range(1, 14):
        start = PLAYERS.index(leader)
        order = PLAYERS[start:] + PLAYERS[:start]
        cards: list[str] = []
        for player in order:
            held = hands[player]
            if not cards:
                safe = [c for c in held if broken or suit(c) != "H"] or held
                card = "2C" if number == 1 else min(safe, key=value)
            else:
                led = suit(cards[0])
                follow = [c for c in held if suit(c) == led]
                off = [c for c in held if suit(c) != led and not points(c)]
                if follow and off and revoke is None and number > 1:
                    card = min(off, key=value)
                    revoke = (number, player, card, led)
                elif follow:
                    card = min(follow, key=value)
                elif number == 1:
                    card = max(off or held, key=value)
                else:
                    card = LADY if LADY in held else max(held, key=lambda c: (points(c) > 0, value(c)))
            held.remove(card)
            cards.append(card)
        led = suit(cards[0])
        winner = order[max(range(4), key=lambda i: value(cards[i]) if suit(cards[i]) == led else -1)]
        taken[winner] += sum(points(c) for c in cards)
        broken = broken or any(suit(c) == "H" for c in cards)
        tricks.append((leader, tuple(cards)))
        winners.append(winner)
        leader = winner
    assert revoke is not None
    assert max(taken.values()) < 26, "a moon shot would need a choice; pick another seed"
    return PlayedHand(tuple(tricks), tuple(winners), taken, revoke)
