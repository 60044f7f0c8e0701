"""The Rickety Kate referee: flags illegal plays that the record itself proves.

A player's hand is never recorded, so a breach is only flagged when a later play in the
same hand shows the player held the card that would have made the play legal.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable

from games.base import Flag
from games.cards import SUIT_NAMES, Card
from games.rickety_kate.deck import TWO_OF_CLUBS
from games.rickety_kate.engine import HandPlay, State, TrickRecord, eldest_hand
from games.rickety_kate.options import Options

RULES = {
    "rk.follow-suit": "follow suit when you can",
    "rk.hearts-broken": "no heart leads before hearts are broken",
    "rk.first-trick": "no points on the first trick",
    "rk.two-of-clubs": "the 2♣ opens the hand",
    "rk.first-lead": "without the 2♣, the player left of the dealer leads",
    "rk.lead-order": "the winner of a trick leads the next",
    "rk.card-twice": "each card is played once",
    "rk.passed-card": "a passed card belongs to its receiver",
    "rk.pass-three": "pass exactly three cards",
    "rk.pass-hold": "no passing on a hold hand",
}


def review(state: State) -> list[Flag]:
    plays = [result.play for result in state.hands]
    if state.current is not None:
        plays.append(state.current)
    flags: list[Flag] = []
    for play in plays:
        flags.extend(_review_passes(play))
        flags.extend(_HandReview(play, state.options, state.players).flags())
    return sorted(flags, key=lambda f: f.event)


def _review_passes(play: HandPlay) -> list[Flag]:
    if play.passes is None:
        return []
    flags = []
    # In seat order, not the order of the stored map: PostgreSQL's jsonb does not keep an object's key order.
    for player in (p for p in play.players if p in play.passes.cards):
        cards = play.passes.cards[player]
        if play.direction == "hold" and cards:
            flags.append(
                Flag(
                    play.passes.event,
                    player,
                    "rk.pass-hold",
                    f"hand {play.number} is a hold hand, but {player} passed {len(cards)} card(s)",
                )
            )
        elif play.direction != "hold" and len(cards) != 3:
            flags.append(
                Flag(
                    play.passes.event,
                    player,
                    "rk.pass-three",
                    f"{player} passed {len(cards)} card(s) in hand {play.number}; a pass is three cards",
                )
            )
    return flags


class _HandReview:
    """Walks one hand's tricks in order, knowing every card each player plays later."""

    def __init__(self, play: HandPlay, options: Options, seats: tuple[str, ...]) -> None:
        self.play = play
        self.options = options
        self.seats = seats  # the whole table, in seat order: who is left of the dealer
        self.later: dict[str, list[tuple[int, Card]]] = defaultdict(list)  # player -> (trick number, card)
        for trick in play.tricks:
            for player, card in trick.plays:
                self.later[player].append((trick.number, card))
        self.passed_away: dict[str, Counter[Card]] = {
            p: Counter(cards) for p, cards in (play.passes.cards.items() if play.passes else ())
        }

    def flags(self) -> list[Flag]:
        flags: list[Flag] = []
        # Plain dicts, not Counters: this loop runs for every recorded play, and Counter's methods are Python.
        seen: dict[Card, int] = {}
        by_player: dict[tuple[str, Card], int] = {}
        broken = False
        for trick in self.play.tricks:
            flags.extend(self._lead_order(trick))
            for position, (player, card) in enumerate(zip(trick.order, trick.cards, strict=True)):
                seen[card] = times = seen.get(card, 0) + 1
                by_player[player, card] = mine = by_player.get((player, card), 0) + 1
                flag = (
                    self._twice(trick, player, card, times)
                    or self._passed(trick, player, card, mine)
                    or self._play(trick, position, player, card, broken)
                )
                if flag:
                    flags.append(flag)
            broken = broken or any(self._breaks(card) for card in trick.cards)
        return flags

    def _breaks(self, card: Card) -> bool:
        return card.suit == "H" or (self.options.queen_breaks_hearts and card == self.options.lady)

    def _held_later(self, player: str, after: int, wanted: Callable[[Card], bool]) -> Card | None:
        """The first card `player` plays after trick `after` that satisfies `wanted`."""
        for number, card in self.later[player]:
            if number > after and wanted(card):
                return card
        return None

    def _flag(self, trick: TrickRecord, player: str, rule: str, message: str) -> Flag:
        return Flag(trick.event, player, rule, f"Trick {trick.number} of hand {self.play.number}: {message}")

    def _lead_order(self, trick: TrickRecord) -> list[Flag]:
        if trick.number == 1:
            return self._first_lead(trick)
        previous = self.play.tricks[trick.number - 2]
        expected = previous.winner or previous.leader
        if trick.leader == expected:
            return []
        return [
            self._flag(
                trick,
                trick.leader,
                "rk.lead-order",
                f"{trick.leader} led, but {expected} won the trick before and should have led.",
            )
        ]

    def _first_lead(self, trick: TrickRecord) -> list[Flag]:
        """With the 2♣ in play its holder opens (rk.two-of-clubs); without it, the player left of the dealer."""
        if TWO_OF_CLUBS in self.play.deck:
            return []
        expected = eldest_hand(self.seats, self.play.dealer, self.play.players)
        if trick.leader == expected:
            return []
        return [
            self._flag(
                trick,
                trick.leader,
                "rk.first-lead",
                f"{trick.leader} led, but without the 2♣ {expected}, left of the dealer {self.play.dealer}, "
                "leads the first trick.",
            )
        ]

    def _twice(self, trick: TrickRecord, player: str, card: Card, count: int) -> Flag | None:
        if count <= self.play.deck.counts[card]:
            return None
        return self._flag(
            trick, player, "rk.card-twice", f"{player} played {card.pretty()}, which was already played in this hand."
        )

    def _passed(self, trick: TrickRecord, player: str, card: Card, count: int) -> Flag | None:
        passed = self.passed_away.get(player)
        gone = passed[card] if passed else 0
        if not gone or count <= self.play.deck.counts[card] - gone:
            return None
        return self._flag(
            trick, player, "rk.passed-card", f"{player} played {card.pretty()}, but had passed it to another player."
        )

    def _play(self, trick: TrickRecord, position: int, player: str, card: Card, broken: bool) -> Flag | None:
        first = trick.number == 1
        if position == 0:
            if first and TWO_OF_CLUBS in self.play.deck and card != TWO_OF_CLUBS:
                return self._flag(
                    trick,
                    player,
                    "rk.two-of-clubs",
                    f"{player} opened with {card.pretty()}; the first trick must be opened with 2♣.",
                )
            if card.suit == "H" and not broken and self.options.hearts_must_be_broken:
                other = self._held_later(player, trick.number, lambda c: c.suit != "H")
                if other:
                    return self._flag(
                        trick,
                        player,
                        "rk.hearts-broken",
                        f"{player} led {card.pretty()} before hearts were broken, while holding "
                        f"{other.pretty()} (played later).",
                    )
        else:
            led = trick.cards[0].suit
            if card.suit != led:
                same = self._held_later(player, trick.number, lambda c: c.suit == led)
                if same:
                    return self._flag(
                        trick,
                        player,
                        "rk.follow-suit",
                        f"{player} played {card.pretty()} on a {SUIT_NAMES[led][:-1]} lead while "
                        f"holding {same.pretty()} (played later).",
                    )
        if first and not self.options.first_trick_points and self._counts(card):
            led = trick.cards[0].suit
            following = position > 0 and card.suit == led
            other = self._held_later(
                player, trick.number, lambda c: not self._counts(c) and (not following or c.suit == led)
            )
            if other:
                return self._flag(
                    trick,
                    player,
                    "rk.first-trick",
                    f"{player} played {card.pretty()} on the first trick while holding "
                    f"{other.pretty()} (played later), which carries no points.",
                )
        return None

    def _counts(self, card: Card) -> bool:
        """A penalty card: a heart or the lady."""
        return card.suit == "H" or card == self.options.lady
