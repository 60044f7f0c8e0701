"""Random whole games played legally by an independent simulator, checked against the engine and the referee.

The simulator below deals, passes and plays by FORMAT.md's rules and scores with its own code; the engine
must print the same rounds, totals and winners, and the referee must find nothing. A seeded revoke must be
flagged exactly once, because in a complete hand every card a player held is played, which proves it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.games.rk import FIVE, FOUR, SIX, THREE, flags, standings

SUITS = "CDHS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
REMOVED = {2: (), 3: ("2S",), 4: (), 5: ("2C", "2S"), 6: ("2C", "2D", "2H", "2S")}
Card = str


def suit(card: Card) -> str:
    return card[-1]


def rank(card: Card) -> int:
    return RANKS.index(card[:-1])


@dataclass
class Rules:
    moon: str
    black_jack: bool
    bonus: tuple[Card, ...]
    double_deck: bool
    end_score: int

    @property
    def lady(self) -> Card:
        return "JS" if self.black_jack else "QS"

    @property
    def lady_value(self) -> int:
        return 10 if self.black_jack else 13

    def options(self) -> dict[str, Any]:
        return {
            "moon": self.moon,
            "black_jack": self.black_jack,
            "jack_of_diamonds": "JD" in self.bonus,
            "ten_of_diamonds": "10D" in self.bonus,
            "double_deck": self.double_deck,
            "end_score": self.end_score,
        }

    def counts(self, card: Card) -> bool:
        return suit(card) == "H" or card == self.lady


def deck(players: int, copies: int) -> list[Card]:
    return [f"{r}{s}" for s in SUITS for r in RANKS if f"{r}{s}" not in REMOVED[players]] * copies


@dataclass
class HandSim:
    """One hand: deal, pass, play legally (or with one revoke), and score it independently."""

    rng: random.Random
    rules: Rules
    seats: tuple[str, ...]
    direction: str
    eldest: str  # left of the dealer among those who play: leads when the 2♣ is out
    revoke: bool = False
    greedy: str | None = None  # this player plays their highest legal card, the others their lowest
    rigged: bool = False  # the greedy player is dealt the top cards and nobody passes: a sure moon
    events: list[dict[str, Any]] = field(default_factory=list)
    revoked_at: tuple[int, str] | None = None

    def play(self, first_event: int) -> dict[str, int]:
        cards = deck(len(self.seats), 2 if self.rules.double_deck else 1)
        self.rng.shuffle(cards)
        size = len(cards) // len(self.seats)
        if self.rigged:
            cards.sort(key=rank, reverse=True)
            self.greedy = self.seats[0]
        held = {p: cards[i * size : (i + 1) * size] for i, p in enumerate(self.seats)}
        if not self.rigged:
            self._pass(held)
        taken = self._tricks(held, size, first_event)
        return self._score(taken)

    def _pass(self, held: dict[str, list[Card]]) -> None:
        step = {"left": 1, "right": -1, "across": 2}.get(self.direction)
        if step is None:
            return
        given = {p: self.rng.sample(held[p], 3) for p in self.seats}
        for i, p in enumerate(self.seats):
            target = self.seats[(i + step) % len(self.seats)]
            for card in given[p]:
                held[p].remove(card)
                held[target].append(card)
        self.events.append({"type": "pass", "cards": given})

    def _tricks(self, held: dict[str, list[Card]], size: int, first_event: int) -> dict[str, list[Card]]:
        taken: dict[str, list[Card]] = {p: [] for p in self.seats}
        leader = next((p for p in self.seats if "2C" in held[p]), self.eldest)
        broken = False
        carry: list[Card] = []
        for number in range(1, size + 1):
            start = self.seats.index(leader)
            order = self.seats[start:] + self.seats[:start]
            played: list[Card] = []
            for player in order:
                card = self._choose(held[player], played, number, broken, player, first_event)
                held[player].remove(card)
                played.append(card)
            broken = broken or any(suit(c) == "H" for c in played)
            winner = self._winner(played, order, number == size)
            carry.extend(played)
            if winner is not None:
                taken[winner].extend(carry)
                carry = []
                leader = winner
            self.events.append({"type": "trick", "leader": order[0], "cards": played})
        return taken

    def _choose(
        self, hand: list[Card], played: list[Card], number: int, broken: bool, player: str, first_event: int
    ) -> Card:
        if number == 1 and not played and "2C" in hand:
            return "2C"
        legal = self._legal(hand, played, number, broken)
        if self.revoke and self.revoked_at is None and played:
            off = [c for c in hand if suit(c) != suit(played[0])]
            if len(off) < len(hand) and off:
                self.revoked_at = (first_event + len(self.events), player)
                return self.rng.choice(off)
        if self.greedy is None:
            return self.rng.choice(legal)
        pick = max if player == self.greedy else min
        return pick(legal, key=lambda c: (rank(c), self.rng.random()))

    def _legal(self, hand: list[Card], played: list[Card], number: int, broken: bool) -> list[Card]:
        options = list(hand)
        if played:
            follow = [c for c in hand if suit(c) == suit(played[0])]
            options = follow or options
        elif not broken:
            options = [c for c in hand if suit(c) != "H"] or options
        if number == 1:
            options = [c for c in options if not self.rules.counts(c)] or options
        return options

    def _winner(self, played: list[Card], order: tuple[str, ...], last: bool) -> str | None:
        led = suit(played[0])
        copies = Counter(played)
        best: tuple[int, str] | None = None
        for player, card in zip(order, played, strict=True):
            if suit(card) != led or (self.rules.double_deck and copies[card] > 1):
                continue
            if best is None or rank(card) > best[0]:
                best = (rank(card), player)
        if best is None:
            return order[0] if last else None
        return best[1]

    def _score(self, taken: dict[str, list[Card]]) -> dict[str, int]:
        hearts = {p: sum(suit(c) == "H" for c in cards) for p, cards in taken.items()}
        ladies = {p: cards.count(self.rules.lady) for p, cards in taken.items()}
        total_hearts = sum(hearts.values())
        total = total_hearts + sum(ladies.values()) * self.rules.lady_value
        points = {p: hearts[p] + ladies[p] * self.rules.lady_value for p in self.seats}
        shooter = next((p for p in self.seats if points[p] == total), None)
        if shooter is not None and self.rules.moon != "none":
            choice = "add" if self.rules.moon == "old" else self.rng.choice(["add", "subtract"])
            if self.rules.moon == "new":
                self.events[-1]["moon"] = choice
            points = {p: (0 if p == shooter else total) for p in self.seats}
            if choice == "subtract":
                points = {p: (-total if p == shooter else 0) for p in self.seats}
        for p, cards in taken.items():
            points[p] -= 10 * sum(c in self.rules.bonus for c in cards)
        return points


def direction(players: int, number: int) -> str:
    cycle = ("left", "right", "across", "hold") if players == 4 else ("left", "right", "hold")
    return cycle[(number - 1) % len(cycle)]


@dataclass
class GameSim:
    """A whole game to the end score, with tie playoffs among the tied players (they do not pass)."""

    seed: int
    seats: tuple[str, ...]
    rules: Rules
    revoke_hand: int | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[dict[str, int]] = field(default_factory=list)
    revokes: list[tuple[int, str, str]] = field(default_factory=list)

    def run(self) -> list[str]:
        rng = random.Random(self.seed)
        totals = dict.fromkeys(self.seats, 0)
        active = self.seats
        playoff = False
        dealer = self.seats[0]
        while True:
            number = len(self.rounds) + 1
            way = "hold" if playoff else direction(len(self.seats), number)
            greedy = active[0] if number % 2 == 0 else None
            rigged = number % 5 == 3
            eldest = self.next_seat(dealer, active)
            sim = HandSim(rng, self.rules, active, way, eldest, number == self.revoke_hand, greedy, rigged)
            points = sim.play(len(self.events))
            self.events.extend(sim.events)
            if sim.revoked_at is not None:
                self.revokes.append((*sim.revoked_at, "rk.follow-suit"))
            self.rounds.append({p: points.get(p, 0) for p in self.seats})
            for p, n in points.items():
                totals[p] += n
            scores = points if playoff else totals
            if not playoff and max(totals.values()) < self.rules.end_score:
                dealer = self.next_seat(dealer, active)
                continue
            low = min(scores[p] for p in active)
            tied = tuple(p for p in active if scores[p] == low)
            if len(tied) == 1:
                return list(tied)
            active, playoff = tied, True
            dealer = self.next_seat(dealer, active)

    def next_seat(self, player: str, among: tuple[str, ...]) -> str:
        """The next name clockwise (left) of `player` that is one of `among`: the next dealer, the eldest hand."""
        i = self.seats.index(player)
        return next(p for p in self.seats[i + 1 :] + self.seats[: i + 1] if p in among)


def rules_for(seed: int, players: int) -> Rules:
    rng = random.Random(seed * 7919)
    bonus = tuple(c for c in ("JD", "10D") if rng.random() < 0.3)
    return Rules(
        moon=rng.choice(["old", "new", "none"]),
        black_jack=rng.random() < 0.25,
        bonus=bonus,
        double_deck=players == 6 and rng.random() < 0.5,
        end_score=rng.choice([30, 60, 100]),
    )


TABLES = (THREE, FOUR, FIVE, SIX)


@pytest.mark.parametrize("seed", range(40))
def test_random_legal_game_scores_like_the_simulator_and_has_no_flags(seed: int) -> None:
    """Whole random games: the engine's rounds, totals and winners match an independent simulator; no flags."""
    seats = TABLES[seed % len(TABLES)]
    rules = rules_for(seed, len(seats))
    game = GameSim(seed, seats, rules)
    winners = game.run()
    out = standings(game.events, seats, **rules.options())
    assert out["rounds"] == game.rounds
    assert (out["finished"], out["winners"], out["pending"]) == (True, winners, None)
    assert flags(game.events, seats, **rules.options()) == []


@pytest.mark.parametrize("seed", range(20))
def test_random_revoke_is_flagged_once(seed: int) -> None:
    """rk.follow-suit: a revoke in a complete hand is always proved by a later play, and flagged once."""
    seats = TABLES[seed % len(TABLES)]
    rules = rules_for(seed, len(seats))
    game = GameSim(seed + 1000, seats, rules, revoke_hand=1)
    game.run()
    assert len(game.revokes) == 1
    assert flags(game.events, seats, **rules.options()) == game.revokes
