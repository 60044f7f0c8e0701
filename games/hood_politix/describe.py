"""One short line per event for the table's log, and the words for the penalty reasons."""

from __future__ import annotations

from collections.abc import Sequence

from games.hood_politix.events import Dispute, Event, Penalty, Round
from games.hood_politix.options import Options
from games.text import TN, T, Text, join

REASON_WORDS: dict[str, Text] = {
    "missed-turn": T("missed turn"),
    "too-slow": T("too slow"),
    "out-of-turn": T("out of turn"),
    "wrong-jump-in": T("wrong jump-in"),
    "mic-check": T("no Mic Check"),
    "mic-drop": T("no Mic Drop"),
    "false-accusation": T("false accusation"),
    "respect-timeout": T("Respect time up"),
    "helping": T("helping"),
    "preselected": T("picked cards early"),
    "other": T("other"),
}
# What a penalty given for a dispute's ruling was for (its `rule`), where its reason says no more than "other".
RULE_WORDS: dict[str, Text] = {
    "hp.match": T("a card that did not match"),
    "hp.stack-deuce": T("a wrong answer to a Deuce"),
    "hp.stack-in-yo-face": T("a wrong answer to an In Yo Face"),
    "hp.stack-framed": T("a framed card that does not answer the stack"),
    "hp.busted": T("playing while Busted"),
    "hp.jump-in": T("wrong jump-in"),
}


def describe(event: Event, players: Sequence[str], options: Options) -> Text:
    match event:
        case Round():
            return T(
                "Round — %(order)s; %(loser)s lost the one-on-one",
                order=join(event.order, " · "),
                loser=event.order[-1],
            )
        case Penalty():
            reason = REASON_WORDS.get(event.reason, event.reason)
            if event.rule is not None and event.reason == "other":
                reason = RULE_WORDS[event.rule]
            if event.cards is None:
                return T("%(name)s: penalty cards (%(reason)s)", name=event.player, reason=reason)
            return TN(
                "%(name)s: %(n)d penalty card (%(reason)s)",
                "%(name)s: %(n)d penalty cards (%(reason)s)",
                event.cards,
                name=event.player,
                n=event.cards,
                reason=reason,
            )
        case Dispute():
            if event.jump_in:
                return T(
                    "Dispute: %(name)s threw in %(played)s on %(top)s",
                    name=event.player,
                    played=event.played.strip(),
                    top=event.top.strip(),
                )
            return T(
                "Dispute: %(name)s played %(played)s on %(top)s",
                name=event.player,
                played=event.played.strip(),
                top=event.top.strip(),
            )
    return Text("?")  # no event of this game: nothing to translate
