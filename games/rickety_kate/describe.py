"""One short line per event, for the table's log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from games.rickety_kate.events import Deal, Event, Hand, Pass, Penalty, Trick

V = TypeVar("V")


def by_seat(mapping: Mapping[str, V], players: Sequence[str]) -> list[tuple[str, V]]:
    """A player -> value mapping in seat order (a database may hand the keys back in any order)."""
    seat = {name: i for i, name in enumerate(players)}
    return sorted(mapping.items(), key=lambda item: seat.get(item[0], len(seat)))


def describe(event: Event, players: Sequence[str]) -> str:
    match event:
        case Hand():
            hearts = ", ".join(f"{p} {n}♥" for p, n in by_seat(event.hearts, players) if n) or "no hearts"
            parts = [hearts, "lady: " + " & ".join(event.lady)]
            parts += [f"{card.pretty()}: {' & '.join(who)}" for card, who in event.bonus.items()]
            if event.moon:
                parts.append(f"moon: {event.moon}")
            return "Hand — " + "; ".join(parts)
        case Trick():
            moon = f" (moon: {event.moon})" if event.moon else ""
            return f"Trick led by {event.leader}: " + " ".join(c.pretty() for c in event.cards) + moon
        case Deal():
            return f"{event.dealer} deals"
        case Pass():
            return "Passed — " + "; ".join(
                f"{p}: {' '.join(c.pretty() for c in cards)}" for p, cards in by_seat(event.cards, players)
            )
        case Penalty():
            why = f" ({event.reason})" if event.reason else ""
            points = "revoke points" if event.points is None else f"{event.points:+d}"
            return f"Penalty {event.player} {points}{why}"
    return "?"
