"""One trick: which plays are legal, which can win, who wins, and what a hat trick's winner may take.

Pure functions over a trick's plays in play order; the engine and the prompt share them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from games.notation import WhiteHatCard
from games.text import T, Text
from games.white_hat.events import Play, Trick
from games.white_hat.options import Options


def set_value(cards: Sequence[WhiteHatCard], wild_set: int) -> int | None:
    """A play's value: its number (wilds take it), `wild_set` when only wilds; None for unequal numbers."""
    numbers = {c.rank for c in cards if not c.wild}
    if len(numbers) > 1:
        return None
    return numbers.pop() if numbers else wild_set


@dataclass(frozen=True)
class Breach:
    """A play that breaks a trick rule: who, the rule id, and what is wrong."""

    player: str
    rule: str
    message: Text


def breaches(trick: Trick) -> list[Breach]:
    """The plays of `trick` that break the set rules (wh.set, wh.set-size, wh.hat-placement)."""
    led = len(trick.plays[0].cards)
    out: list[Breach] = []
    for position, play in enumerate(trick.plays):
        size = len(play.cards)
        if size > 1 and set_value(play.cards, 0) is None:
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
        if led > 1 and size == 1 and play.cards[0].is_hat:
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


def has_hat(trick: Trick) -> bool:
    return any(c.is_hat for p in trick.plays for c in p.cards)


def winner(trick: Trick, options: Options) -> tuple[int, str | Text]:
    """The position of the winning play, and why it wins (for people).

    Only plays of the led size that are one number can win; the highest wins, the later of equals; with the
    hat in the trick the lowest wins, and among equals the later or earlier (`hat_ties`)."""
    led = len(trick.plays[0].cards)
    reverse = has_hat(trick)
    best: tuple[int, int] | None = None  # (value, position)
    for position, play in enumerate(trick.plays):
        if len(play.cards) != led:
            continue
        value = set_value(play.cards, options.wild_set)
        if value is None:
            continue
        if best is None:
            best = (value, position)
            continue
        better = _beats(value, best[0], reverse, options.hat_ties == "later")
        if better:
            best = (value, position)
    if best is None:
        return 0, T("no play could win, so the leader keeps it")
    why = T("the lowest play with the hat in the trick") if reverse else T("the highest play")
    return best[1], why


def _beats(value: int, best: int, reverse: bool, later_wins_ties: bool) -> bool:
    """Whether a later play of `value` beats the best so far: higher wins, or lower with the hat."""
    if value == best:
        return later_wins_ties or not reverse
    return value < best if reverse else value > best


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
            "%(name)s took %(got)d card(s) besides the hat; take exactly %(n)d, or the whole trick",
            name=player,
            got=sum(rest.values()),
            n=n,
        )
    return None


def order_from(players: Sequence[str], leader: str) -> tuple[str, ...]:
    start = players.index(leader)
    return tuple(players[start:]) + tuple(players[:start])


def plays_in_order(plays: Sequence[Play], players: Sequence[str]) -> bool:
    return tuple(p.player for p in plays) == order_from(players, plays[0].player)
