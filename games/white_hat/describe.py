"""One short line per event, for the table's log: a Text in the reader's language (str() is English)."""

from __future__ import annotations

from collections.abc import Sequence

from games.text import T, Text, join
from games.white_hat.events import Event, FieldChange, Move, RoundEnd, RoundStart, Trick
from games.white_hat.options import Options


def _cards(cards: Sequence[object]) -> str:
    return " ".join(str(c) for c in cards)


def _field(options: Options, index: int) -> str | Text:
    """A board field as the players call it: by its name ("Firewall"), or by number where the board has none."""
    board = options.board
    if board is not None and 0 <= index < len(board.fields):
        return board.fields[index].name
    return T("field %(n)d", n=index)


def describe(event: Event, players: Sequence[str], options: Options) -> Text:
    match event:
        case RoundStart():
            if event.hat:
                return T("New round: %(name)s has the White Hat", name=event.hat)
            return T("New round")
        case Trick():
            plays = join([f"{p.player} {_cards(p.cards)}" for p in event.plays], "; ")
            if event.taken is not None:
                return T("Trick: %(plays)s (taken: %(taken)s)", plays=plays, taken=_cards(event.taken))
            return T("Trick: %(plays)s", plays=plays)
        case Move():
            return T(
                "%(name)s moves %(owner)s's pawn %(n)d to %(field)s",
                name=event.player,
                owner=event.owner,
                n=event.pawn,
                field=_field(options, event.to),
            )
        case FieldChange():
            return T(
                "%(name)s sets %(field)s to %(value)d",
                name=event.player,
                field=_field(options, event.field),
                value=event.value,
            )
        case RoundEnd():
            seat = {p: i for i, p in enumerate(players)}
            parts = []
            for name, hand in sorted(event.hands.items(), key=lambda item: seat.get(item[0], len(seat))):
                parts.append(f"{name} {hand}" if isinstance(hand, int) else f"{name} [{_cards(hand)}]")
            hands = join(parts) if parts else T("no cards left")
            if event.final:
                return T("Final round ends — hands: %(hands)s", hands=hands)
            return T("Round ends — hands: %(hands)s", hands=hands)
    return Text("?")
