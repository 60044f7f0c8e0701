"""The deck in play for a number of players: removed cards, copies, hand size, points."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property

from games.base import InvalidOptions
from games.cards import CARDS, Card, full_deck, parse_card
from games.rickety_kate.options import Options
from games.text import T

# Low cards taken out by player count (Foster's scheme, as the seed): the deal must come out even.
# 7 and 8 players only sit with the double deck (options.SINGLE_DECK_SEATS).
DEFAULT_REMOVED: dict[int, tuple[str, ...]] = {
    2: (),
    3: ("2S",),
    4: (),
    5: ("2C", "2S"),
    6: ("2C", "2D", "2H", "2S"),
    7: ("2C", "2D", "2S"),
    8: (),
}
TWO_OF_CLUBS = CARDS["2C"]


@dataclass(frozen=True)
class Deck:
    players: int
    copies: int  # 2 with the double deck
    counts: Counter[Card]  # how many of each card are in play
    hand_size: int
    lady: Card
    lady_value: int

    # Worked out once per deck (decks are cached, and every hand and trick of a replay asks): `counts` is never
    # changed once the deck is made.
    @cached_property
    def hearts(self) -> int:
        return sum(n for card, n in self.counts.items() if card.suit == "H")

    @cached_property
    def ladies(self) -> int:
        return self.counts[self.lady]

    @cached_property
    def penalty_points(self) -> int:
        """One per heart in play plus the lady's value: 26 with a full deck."""
        return self.hearts + self.ladies * self.lady_value

    @cached_property
    def cards(self) -> frozenset[Card]:
        """The cards in play, for checking a whole trick in one set operation."""
        return frozenset(card for card, n in self.counts.items() if n > 0)

    def __contains__(self, card: Card) -> bool:
        return self.counts[card] > 0


def deck_for(options: Options, players: int, seats: int) -> Deck:
    """The deck for `players` in a hand; `seats` is the table size (a playoff has fewer)."""
    return _deck(options, players, seats)


@cache
def _deck(options: Options, players: int, seats: int) -> Deck:
    if options.removed is not None and players == seats:
        removed = set(options.removed)
    else:
        removed = {parse_card(c) for c in DEFAULT_REMOVED.get(players, ())}
    copies = 2 if options.double_deck else 1
    counts = Counter({card: copies for card in full_deck() if card not in removed})
    total = sum(counts.values())
    if total % players:
        what = T("two decks") if copies == 2 else T("the deck")
        raise InvalidOptions(
            T(
                "%(what)s of %(total)d cards does not deal evenly to %(players)d players; change the removed cards",
                what=what,
                total=total,
                players=players,
            )
        )
    return Deck(players, copies, counts, total // players, options.lady, options.lady_value)
