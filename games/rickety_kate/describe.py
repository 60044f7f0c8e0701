"""One short line per event, for the table's log."""

from __future__ import annotations

from games.rickety_kate.events import Deal, Event, Hand, Pass, Penalty, Trick


def describe(event: Event) -> str:
    match event:
        case Hand():
            hearts = ", ".join(f"{p} {n}♥" for p, n in event.hearts.items() if n) or "no hearts"
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
                f"{p}: {' '.join(c.pretty() for c in cards)}" for p, cards in event.cards.items()
            )
        case Penalty():
            why = f" ({event.reason})" if event.reason else ""
            points = "revoke points" if event.points is None else f"{event.points:+d}"
            return f"Penalty {event.player} {points}{why}"
    return "?"
