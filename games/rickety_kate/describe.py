"""One short line per event, for the table's log: a Text, in the reader's language on the page (str() is English)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from games.rickety_kate.engine import penalty_reason
from games.rickety_kate.events import Deal, Event, Hand, Pass, Penalty, Trick
from games.rickety_kate.options import Options
from games.text import T, Text, join

V = TypeVar("V")

MOON = {"add": T("add"), "subtract": T("subtract")}  # the shooter's choice, as the log names it


def by_seat(mapping: Mapping[str, V], players: Sequence[str]) -> list[tuple[str, V]]:
    """A player -> value mapping in seat order (a database may hand the keys back in any order)."""
    seat = {name: i for i, name in enumerate(players)}
    return sorted(mapping.items(), key=lambda item: seat.get(item[0], len(seat)))


def describe(event: Event, players: Sequence[str], options: Options) -> Text:
    match event:
        case Hand():
            taken = [f"{p} {n}♥" for p, n in by_seat(event.hearts, players) if n]
            parts: list[str | Text] = [join(taken) if taken else T("no hearts")]
            parts.append(T("lady: %(names)s", names=" & ".join(event.lady)))
            parts += [f"{card.pretty()}: {' & '.join(who)}" for card, who in event.bonus.items()]
            if event.moon:
                parts.append(T("moon: %(choice)s", choice=MOON.get(event.moon, event.moon)))
            return T("Hand — %(parts)s", parts=join(parts, "; "))
        case Trick():
            cards = " ".join(c.pretty() for c in event.cards)
            if event.moon:
                choice = MOON.get(event.moon, event.moon)
                return T(
                    "Trick led by %(name)s: %(cards)s (moon: %(choice)s)", name=event.leader, cards=cards, choice=choice
                )
            return T("Trick led by %(name)s: %(cards)s", name=event.leader, cards=cards)
        case Deal():
            return T("%(name)s deals", name=event.dealer)
        case Pass():
            passed = [f"{p}: {' '.join(c.pretty() for c in cards)}" for p, cards in by_seat(event.cards, players)]
            return T("Passed — %(list)s", list="; ".join(passed))
        case Penalty():
            if event.points is None:  # only a revoke: the table's revoke penalty
                return T("%(name)s: penalty for a revoke", name=event.player)
            points = f"{event.points:+d}"
            if event.reason:
                reason = penalty_reason(event.reason)
                return T("%(name)s: %(points)s penalty (%(reason)s)", name=event.player, points=points, reason=reason)
            return T("%(name)s: %(points)s penalty", name=event.player, points=points)
    return Text("?")  # no event of this game: nothing to translate
