"""Rickety Kate options: every field defaults to FORMAT.md; each is a house rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from games.base import InvalidOptions, OptionInfo, gettext_noop
from games.cards import CARDS, Card, CardError, parse_card
from games.options import declare, read_values, written
from games.rickety_kate.events import PENALTY_POINTS
from games.text import T


@dataclass(frozen=True)
class Options:
    end_score: int = 100
    moon: str = "old"
    passing: str = "rotate"
    removed: tuple[Card, ...] | None = None  # None: the default for the player count
    first_trick_points: bool = False
    queen_breaks_hearts: bool = False
    hearts_must_be_broken: bool = True
    jack_of_diamonds: bool = False
    ten_of_diamonds: bool = False
    black_jack: bool = False
    revoke_points: int = 13
    tie: str = "playoff"
    double_deck: bool = False

    @property
    def lady(self) -> Card:
        return CARDS["JS"] if self.black_jack else CARDS["QS"]

    @property
    def lady_value(self) -> int:
        return 10 if self.black_jack else 13

    @cached_property  # asked on every hand of a replay
    def bonus_cards(self) -> tuple[Card, ...]:
        """The cards worth −10 to their taker under the options in force."""
        on = ((self.jack_of_diamonds, CARDS["JD"]), (self.ten_of_diamonds, CARDS["10D"]))
        return tuple(card for enabled, card in on if enabled)


# The seed plays with 3 to 6 on one deck, whatever cards come out; 7 or 8 sit only with the double deck.
SINGLE_DECK_SEATS = 6
# What a number option can mean at a real table. A hand costs at most 52 points (two decks), so a game to
# 10,000 is hundreds of hands; a revoke costs what a penalty can (events.PENALTY_POINTS).
NUMBER_RANGES: dict[str, tuple[int, int]] = {"end_score": (1, 10_000), "revoke_points": PENALTY_POINTS}
_DEFAULTS = Options()


def read_options(raw: Mapping[str, Any], players: Sequence[str]) -> Options:
    """Options from a table file's `options` object; InvalidOptions names the bad one."""
    options = Options(**read_values(raw, OPTION_INFO, {"removed": _removed}))
    _check_together(options, len(players))
    return options


def _removed(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise InvalidOptions(T('removed must be a list of cards, like ["2S"]'))
    try:
        cards = tuple(parse_card(v) for v in value)
    except CardError as exc:
        raise InvalidOptions(T("removed: %(why)s", why=exc.text)) from None
    if len(set(cards)) != len(cards):
        raise InvalidOptions(T("removed names a card twice"))
    return cards


def _check_together(options: Options, seats: int) -> None:
    # Imported here: deck.py needs Options, and the deck decides what is possible.
    from games.rickety_kate.deck import deck_for

    if seats > SINGLE_DECK_SEATS and not options.double_deck:
        raise InvalidOptions(
            T(
                "%(n)d players need the double deck (double_deck: true); one deck is for 3 to %(max)d",
                n=seats,
                max=SINGLE_DECK_SEATS,
            )
        )
    removed = options.removed or ()
    if options.lady in removed:
        raise InvalidOptions(T("the lady (%(card)s) cannot be taken out of the deck", card=options.lady.pretty()))
    for card in options.bonus_cards:
        if card in removed:
            raise InvalidOptions(T("%(card)s is a bonus card and cannot be taken out of the deck", card=card.pretty()))
    deck_for(options, seats, seats)  # raises when the deck does not split evenly


def options_dict(options: Options) -> dict[str, Any]:
    """Only what differs from the defaults, in FORMAT.md's shape."""
    return written(options, _DEFAULTS, {"removed": lambda cards: [str(c) for c in cards]})


OPTION_INFO: tuple[OptionInfo, ...] = (
    declare(
        "end_score",
        gettext_noop("End score"),
        gettext_noop("The game ends after the hand in which someone reaches this total."),
        100,
        span=NUMBER_RANGES["end_score"],
    ),
    declare(
        "moon",
        gettext_noop("Shooting the moon"),
        gettext_noop("What happens when one player takes every heart and the lady."),
        "old",
        (
            ("old", gettext_noop("Old: everyone else gains the points")),
            ("new", gettext_noop("New: the shooter chooses, add to others or subtract from self")),
            ("none", gettext_noop("None: scored like any hand")),
        ),
    ),
    declare(
        "passing",
        gettext_noop("Passing"),
        gettext_noop("Which way three cards go before each hand."),
        "rotate",
        (
            ("rotate", gettext_noop("Rotate by hand")),
            ("left", gettext_noop("Always left")),
            ("right", gettext_noop("Always right")),
            ("none", gettext_noop("No passing")),
        ),
    ),
    declare(
        "first_trick_points",
        gettext_noop("Points on the first trick"),
        gettext_noop("Allow hearts and the lady to be thrown on the first trick."),
        False,
        advanced=True,
    ),
    declare(
        "hearts_must_be_broken",
        gettext_noop("Hearts must be broken"),
        gettext_noop("No heart may be led until a heart has been thrown on another suit."),
        True,
        advanced=True,
    ),
    declare(
        "queen_breaks_hearts",
        gettext_noop("The lady breaks hearts"),
        gettext_noop("Playing the lady also lets hearts be led afterwards."),
        False,
        advanced=True,
    ),
    declare(
        "jack_of_diamonds",
        gettext_noop("Jack of diamonds bonus"),
        gettext_noop("The J♦ is worth −10 to whoever takes it."),
        False,
        advanced=True,
    ),
    declare(
        "ten_of_diamonds",
        gettext_noop("Ten of diamonds bonus"),
        gettext_noop("The 10♦ is worth −10 to whoever takes it."),
        False,
        advanced=True,
    ),
    declare(
        "black_jack",
        gettext_noop("Black jack"),
        gettext_noop("The J♠ is the lady and worth 10; the Q♠ is an ordinary card."),
        False,
        advanced=True,
    ),
    declare(
        "revoke_points",
        gettext_noop("Revoke penalty"),
        gettext_noop("Points a player gains for failing to follow suit."),
        13,
        advanced=True,
        span=NUMBER_RANGES["revoke_points"],
    ),
    declare(
        "tie",
        gettext_noop("Tie for the lowest score"),
        gettext_noop("How a tie at the end is settled."),
        "playoff",
        (
            ("playoff", gettext_noop("The tied players play one more hand")),
            ("shared", gettext_noop("They share the win")),
        ),
    ),
    declare(
        "double_deck",
        gettext_noop("Double deck (cancellation)"),
        gettext_noop("Two decks; identical cards in one trick cancel each other."),
        False,
        advanced=True,
    ),
    declare(
        "removed",
        gettext_noop("Cards taken out"),
        gettext_noop("Low cards removed so the deck splits evenly, such as 2S 2C. Leave empty for the usual ones."),
        None,
        advanced=True,
        kind="list",
    ),
)
