"""The Rickety Kate referee: flags illegal plays that the record itself proves.

A player's hand is never recorded, so a breach is only flagged when a later play in the
same hand shows the player held the card that would have made the play legal.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable

from games.base import Flag
from games.cards import Card
from games.rickety_kate.deck import TWO_OF_CLUBS
from games.rickety_kate.engine import HandPlay, State, TrickRecord, eldest_hand
from games.rickety_kate.options import Options
from games.text import T, Text, card_count

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
# The led suit in "on a club lead", in the reader's language.
_LEAD = {"C": T("club"), "D": T("diamond"), "H": T("heart"), "S": T("spade")}


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
                    T(
                        "hand %(hand)d is a hold hand, but %(name)s passed %(cards)s",
                        hand=play.number,
                        name=player,
                        cards=card_count(len(cards)),
                    ),
                )
            )
        elif play.direction != "hold" and len(cards) != 3:
            flags.append(
                Flag(
                    play.passes.event,
                    player,
                    "rk.pass-three",
                    T(
                        "%(name)s passed %(cards)s in hand %(hand)d; a pass is three cards",
                        name=player,
                        cards=card_count(len(cards)),
                        hand=play.number,
                    ),
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

    def _flag(self, trick: TrickRecord, player: str, rule: str, message: Text) -> Flag:
        where = T(
            "Trick %(trick)d of hand %(hand)d: %(message)s", trick=trick.number, hand=self.play.number, message=message
        )
        return Flag(trick.event, player, rule, where)

    def _lead_order(self, trick: TrickRecord) -> list[Flag]:
        if trick.number == 1:
            return self._first_lead(trick)
        previous = self.play.tricks[trick.number - 2]
        expected = previous.winner or previous.leader
        return self._led_by(
            trick,
            expected,
            "rk.lead-order",
            lambda: T(
                "%(name)s led, but %(expected)s won the trick before and should have led.",
                name=trick.leader,
                expected=expected,
            ),
        )

    def _first_lead(self, trick: TrickRecord) -> list[Flag]:
        """With the 2♣ in play its holder opens (rk.two-of-clubs); without it, the player left of the dealer."""
        if TWO_OF_CLUBS in self.play.deck:
            return []
        expected = eldest_hand(self.seats, self.play.dealer, self.play.players)
        return self._led_by(
            trick,
            expected,
            "rk.first-lead",
            lambda: T(
                "%(name)s led, but without the 2♣ %(expected)s, left of the dealer %(dealer)s, leads the first trick.",
                name=trick.leader,
                expected=expected,
                dealer=self.play.dealer,
            ),
        )

    def _led_by(self, trick: TrickRecord, expected: str, rule: str, why: Callable[[], Text]) -> list[Flag]:
        """A flag when someone but `expected` led `trick` (`why` gives the words, so a right lead costs none)."""
        if trick.leader == expected:
            return []
        return [self._flag(trick, trick.leader, rule, why())]

    def _twice(self, trick: TrickRecord, player: str, card: Card, count: int) -> Flag | None:
        if count <= self.play.deck.counts[card]:
            return None
        return self._flag(
            trick,
            player,
            "rk.card-twice",
            T("%(name)s played %(card)s, which was already played in this hand.", name=player, card=card.pretty()),
        )

    def _passed(self, trick: TrickRecord, player: str, card: Card, count: int) -> Flag | None:
        passed = self.passed_away.get(player)
        gone = passed[card] if passed else 0
        if not gone or count <= self.play.deck.counts[card] - gone:
            return None
        return self._flag(
            trick,
            player,
            "rk.passed-card",
            T("%(name)s played %(card)s, but had passed it to another player.", name=player, card=card.pretty()),
        )

    def _play(self, trick: TrickRecord, position: int, player: str, card: Card, broken: bool) -> Flag | None:
        first = trick.number == 1
        if position == 0:
            if first and TWO_OF_CLUBS in self.play.deck and card != TWO_OF_CLUBS:
                return self._flag(
                    trick,
                    player,
                    "rk.two-of-clubs",
                    T(
                        "%(name)s opened with %(card)s; the first trick must be opened with 2♣.",
                        name=player,
                        card=card.pretty(),
                    ),
                )
            if card.suit == "H" and not broken and self.options.hearts_must_be_broken:
                other = self._held_later(player, trick.number, lambda c: c.suit != "H")
                if other:
                    return self._flag(
                        trick,
                        player,
                        "rk.hearts-broken",
                        T(
                            "%(name)s led %(card)s before hearts were broken, while holding %(other)s (played later).",
                            name=player,
                            card=card.pretty(),
                            other=other.pretty(),
                        ),
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
                        T(
                            "%(name)s played %(card)s on a %(suit)s lead while holding %(other)s (played later).",
                            name=player,
                            card=card.pretty(),
                            suit=_LEAD[led],
                            other=same.pretty(),
                        ),
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
                    T(
                        "%(name)s played %(card)s on the first trick while holding %(other)s (played later), which "
                        "carries no points.",
                        name=player,
                        card=card.pretty(),
                        other=other.pretty(),
                    ),
                )
        return None

    def _counts(self, card: Card) -> bool:
        """A penalty card: a heart or the lady."""
        return card.suit == "H" or card == self.options.lady
