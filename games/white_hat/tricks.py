"""One trick: which plays are legal, which can win, who wins, and what a hat trick's winner may take.

Pure functions over a trick's plays in play order; the engine and the prompt share them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from games.text import T, Text, card_count
from games.white_hat.box import tally_of
from games.white_hat.events import UNEQUAL, Trick
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


def judge(
    trick: Trick,
    options: Options,
    held: dict[str, int] | None = None,
    holder: str | None = None,
    turns: Sequence[str] = (),
) -> tuple[int, bool, list[Breach], bool]:
    """The winning play's position (winner()); whether every play could win: each of the led size and of one
    number, so that no play breaks a set rule (breaches() finds none); given the cards each player holds (`held`,
    which the plays take their cards from; a KeyError for a player it does not hold) and who holds the hat
    (`holder`, None: not recorded), the plays that break a hand rule (wh.hand-count, wh.hat-holder); and whether
    the trick was played in `turns`, the seats in turn from its leader. One walk over the plays for all of it,
    made for every trick of a replay: each play unpacked in one step, counted by hand (enumerate() costs more than
    the rest of the loop)."""
    plays = trick.plays
    led = plays[0].size
    wild = options.wild_set
    if trick.hat:  # the lowest wins: each value negated, the highest of them wins; among equals the later or earlier
        sign, later, best_value = -1, options.hat_ties == "later", -1000  # below every negated value (wild_set <= 99)
    else:  # the highest wins, the later of equals: every value is 1 or more, so the first can win
        sign, later, best_value = 1, True, 0
    if held is None:  # only the winner asked for: hands that hold nothing, which no play is checked against
        held = {play.player: 0 for play in plays}
    # Who is due at each position; nobody (None) at a trick of more or fewer plays than seats.
    due = turns if len(turns) == len(plays) else (None,) * len(plays)
    in_order = True
    best = 0  # the leader, also when no play can win
    regular = True
    broken: list[Breach] = []
    position = -1
    for player, _cards, size, number, hat, _tally in plays:
        position += 1
        if player != due[position]:
            in_order = False
        if size != led or number == UNEQUAL:
            regular = False
        else:
            value = sign * (number or wild)
            if value > best_value or (later and value == best_value):
                best_value, best = value, position
        have = held[player]
        if have > size:
            held[player] = have - size
        else:
            held[player] = 0
            if size > have > 0:  # with none left, wh.round-end has said it
                broken.append(_overdrawn(player, size, have))
        if hat and holder is not None and player != holder:
            broken.append(
                Breach(
                    player,
                    "wh.hat-holder",
                    T("%(name)s played the White Hat, but %(holder)s held it", name=player, holder=holder),
                )
            )
    return best, regular, broken, in_order


def _overdrawn(player: str, size: int, have: int) -> Breach:
    return Breach(
        player,
        "wh.hand-count",
        T("%(name)s played %(cards)s but held only %(have)d", name=player, cards=card_count(size), have=have),
    )


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
    if tally_of(trick.taken or ()) == trick.tally:
        return None  # the whole trick (the common choice), told in one comparison
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
