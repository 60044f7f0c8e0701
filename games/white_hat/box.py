"""How many of each White Hat card some cards hold, as one whole number: the box checks of every trick read and
every round replayed add and compare such counts in a few integer steps.

Each rank (1-15, WhiteHatCard.rank) has a field of FIELD bits, so that a card adds 1 << FIELD * rank and adding
two counts adds each card's copies. No field can reach half its width (2**31 copies of a card), so no sum or
difference below carries into the next field. Counting cards one by one (a Counter, bytes.count) costs a Python
call or more each; a round's check is one subtraction and one mask.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.white_hat.notation import WHITE_HAT_CARDS, WhiteHatCard, WhiteHatNotation

FIELD = 32  # bits a card's copies take
_ONES = (1 << FIELD) - 1
_SIGN = 1 << FIELD - 1  # each field's top bit: set in the difference below while the copies are within the box


def tally_of(cards: Iterable[WhiteHatCard]) -> int:
    """The tally of `cards`: how many copies of each card they hold."""
    return sum(1 << FIELD * card.rank for card in cards)


def copies(tally: int, card: WhiteHatCard) -> int:
    """How many copies of `card` a tally holds."""
    return tally >> FIELD * card.rank & _ONES


_BOX = tally_of(card for card in WHITE_HAT_CARDS.values() for _ in range(WhiteHatNotation().copies(card)))
SIGNS = sum(_SIGN << FIELD * card.rank for card in WHITE_HAT_CARDS.values())
ROOM = SIGNS + _BOX  # within_box(tally) is (ROOM - tally) & SIGNS == SIGNS, for a reader who cannot afford a call
# Each field's bits from four copies up (the hat's from two): a tally with none of them set is within the box, told
# in one step where within_box takes two (a trick rarely holds four of a card).
CROWDED = sum(((1 << FIELD) - (2 if card.is_hat else 4)) << FIELD * card.rank for card in WHITE_HAT_CARDS.values())


def within_box(tally: int, back: int = 0) -> bool:
    """Whether `tally` less `back` (cards that came back into play, a tally of them too) holds no more copies of any
    card than the box: six of a number, five jokers, one hat. Each field of the difference below is 2**31 plus the
    copies the box has left of its card, at or above 2**31 (its sign bit set) exactly when none is missing."""
    return (ROOM + back - tally) & SIGNS == SIGNS
