"""One log line per Hats event, in words."""

from __future__ import annotations

from collections.abc import Sequence

from games.hats.events import BlackHat, Event, Exchange, Favourite, Final, PartnerSwap, Redraw, Setup
from games.hats.options import Options
from games.text import T, Text, join


def describe(event: Event, players: Sequence[str], options: Options) -> Text:
    if isinstance(event, Exchange):
        return T("%(name)s: %(card)s onto position %(n)d", name=event.player, card=event.card, n=event.position)
    if isinstance(event, BlackHat):
        return T("%(name)s: a black hat", name=event.player)
    if isinstance(event, Redraw):
        return T(
            "%(name)s: discarded %(discard)s, drew %(draw)s", name=event.player, discard=event.discard, draw=event.draw
        )
    if isinstance(event, PartnerSwap):
        return T("%(name)s: gave the partner %(gave)s, got %(got)s", name=event.player, gave=event.gave, got=event.got)
    if isinstance(event, Favourite):
        return T("%(name)s: favourite %(card)s", name=event.player, card=event.card)
    if isinstance(event, Setup):
        if event.first:
            return T("Tea table: %(cards)s; %(name)s starts", cards=join(event.table, " "), name=event.first)
        return T("Tea table: %(cards)s", cards=join(event.table, " "))
    assert isinstance(event, Final)
    return T("End state: %(cards)s on the tea table", cards=join(event.table, " "))
