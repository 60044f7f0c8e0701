"""Hood Politix referee: every recorded dispute ruled on again; an illegal play is flagged with its rule.

Rounds and penalties are what the table saw and decided; only a dispute says which card met which, so only a
dispute can be checked. The ruling itself lives in dispute.py (rule_on), which the entry screen shows at once.
"""

from __future__ import annotations

from games.base import Flag
from games.hood_politix.dispute import Verdict, rule_on
from games.hood_politix.engine import DisputeRecord, State
from games.hood_politix.events import FLAGGED_RULES

RULES: tuple[str, ...] = FLAGGED_RULES


def verdict(state: State, record: DisputeRecord) -> Verdict:
    """The ruling on one recorded dispute."""
    return rule_on(record.play, state.players, state.options)


def review(state: State) -> list[Flag]:
    flags = []
    for record in state.disputes:
        ruling = verdict(state, record)
        if not ruling.legal:
            flags.append(Flag(record.event, record.play.player, ruling.rule, ruling.why))
    return flags
