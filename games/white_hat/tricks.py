"""One trick: which plays are legal, which can win, who wins, and what a hat trick's winner may take.

Pure functions over a trick's plays in play order; the engine and the prompt share them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter

from games.text import T, Text, card_count
from games.white_hat.events import UNEQUAL, Play, Trick
from games.white_hat.notation import WhiteHatCard
from games.white_hat.options import Options


@dataclass(frozen=True)
class Breach:
    """A play that breaks a trick rule: who, the rule id, and what is wrong."""

    player: str
    rule: str
    message: Text


def breaches(trick: Trick) -> list[Breach]:
    """The plays of `trick` that break the set rules (wh.set, wh.set-size, wh.hat-placement)."""
    led = len(trick.plays[0].cards)
    for play in trick.plays:
        if len(play.cards) != led or play.number == UNEQUAL:
            break
    else:
        return []  # every play of the led size and of one number (singles on a single lead): nothing to break
    out: list[Breach] = []
    for position, play in enumerate(trick.plays):
        size = len(play.cards)
        if play.number == UNEQUAL:
            numbers = " ".join(str(c) for c in play.cards)
            out.append(
                Breach(
                    play.player,
                    "wh.set",
                    T("%(name)s played %(cards)s: a set is of one number", name=play.player, cards=numbers),
                )
            )
        if position == 0:
            continue
        if led == 1 and size > 1:
            out.append(
                Breach(
                    play.player,
                    "wh.set-size",
                    T("%(name)s played a set of %(n)d on a single lead", name=play.player, n=size),
                )
            )
        elif led > 1 and size not in (1, led):
            out.append(
                Breach(
                    play.player,
                    "wh.set-size",
                    T(
                        "%(name)s played %(n)d cards on a set of %(led)d; play a set of %(led)d or one card",
                        name=play.player,
                        n=size,
                        led=led,
                    ),
                )
            )
        if led > 1 and size == 1 and play.hat:
            out.append(
                Breach(
                    play.player,
                    "wh.hat-placement",
                    T(
                        "%(name)s played the White Hat alone on a set of "
                        "%(led)d; on a set it goes only inside a set of "
                        "that size",
                        name=play.player,
                        led=led,
                    ),
                )
            )
    return out


def why(reverse: bool) -> Text:
    """Why the winning play wins, for people."""
    return T("the lowest play with the hat in the trick") if reverse else T("the highest play")


def winner(trick: Trick, options: Options) -> int:
    """The position of the winning play.

    Only plays of the led size that are one number can win; the highest wins, the later of equals; with the
    hat in the trick the lowest wins, and among equals the later or earlier (`hat_ties`). When no play can
    win (the leader's set is of unequal numbers and nobody matched its size), the leader keeps the trick."""
    return judge(trick, options)[0]


def judge(trick: Trick, options: Options) -> tuple[int, bool]:
    """The winning play's position (winner()), and whether every play could win: each of the led size and of one
    number, so that no play breaks a set rule (breaches() finds none). One walk over the plays for both, made
    for every trick of a replay (counted by hand: enumerate() costs more than the rest of the loop)."""
    plays = trick.plays
    led = len(plays[0].cards)
    wild = options.wild_set
    best = 0  # the leader, also when no play can win
    regular = True
    position = -1
    if trick.hat:  # the lowest wins: a start above every value (wild_set is at most 99), so the first can win
        later = options.hat_ties == "later"
        best_value = 1000
        for play in plays:
            position += 1
            number = play.number
            if len(play.cards) != led or number == UNEQUAL:
                regular = False
                continue
            value = number or wild
            if value < best_value or (later and value == best_value):
                best_value, best = value, position
        return best, regular
    best_value = 0  # the highest wins, the later of equals: every value is 1 or more, so the first can win
    for play in plays:
        position += 1
        number = play.number
        if len(play.cards) != led or number == UNEQUAL:
            regular = False
            continue
        value = number or wild
        if value >= best_value:
            best_value, best = value, position
    return best, regular


def eligible(trick: Trick, options: Options) -> Counter[WhiteHatCard]:
    """The cards a hat trick's winner may take besides the hat under the short choice."""
    cards = Counter(c for p in trick.plays for c in p.cards if not c.is_hat)
    if options.hat_take == "non-wild":
        cards = Counter({c: n for c, n in cards.items() if not c.wild})
    return cards


def take_count(trick: Trick, options: Options) -> int:
    """How many cards besides the hat the short choice takes: as many as the leader played, or all there are."""
    return min(len(trick.plays[0].cards), sum(eligible(trick, options).values()))


def taken_breach(trick: Trick, options: Options, player: str) -> Text | None:
    """What is wrong with a hat trick's `taken`, or None: the hat and either the whole trick or exactly `n`
    further cards (no jokers under hat_take non-wild)."""
    taken_ranks = sorted(c.rank for c in trick.taken or ())
    if taken_ranks == sorted(c.rank for p in trick.plays for c in p.cards):
        return None  # the whole trick (the common choice), told without counting
    taken = Counter(trick.taken or ())
    lying = Counter(c for p in trick.plays for c in p.cards)
    if taken - lying:
        extra = " ".join(str(c) for c in (taken - lying).elements())
        return T("%(name)s took %(cards)s, which did not lie in the trick", name=player, cards=extra)
    if not any(c.is_hat for c in taken):
        return T("%(name)s won a hat trick but did not take the White Hat back", name=player)
    if taken == lying:
        return None
    rest = taken - Counter(c for c in taken if c.is_hat)
    n = take_count(trick, options)
    if rest - eligible(trick, options):
        return T(
            "%(name)s took a joker besides the hat; only other cards may be taken (or the whole trick)", name=player
        )
    if sum(rest.values()) != n:
        return T(
            "%(name)s took %(cards)s besides the hat; take exactly %(n)d, or the whole trick",
            name=player,
            cards=card_count(sum(rest.values())),
            n=n,
        )
    return None


def order_from(players: Sequence[str], leader: str) -> tuple[str, ...]:
    start = players.index(leader)
    return tuple(players[start:]) + tuple(players[:start])


def players_of(plays: Sequence[Play]) -> tuple[str, ...]:
    """Who played, in the order played."""
    return tuple(map(_PLAYER, plays))


_PLAYER = attrgetter("player")
