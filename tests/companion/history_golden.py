"""A group of Rickety Kate tables worked out by hand, shared by the history, stats and export tests.

Every table plays to 20 with moons off and shared ties (end_score 20, moon none, tie shared):
- T1 (2026-01-01; Ana, Ben, Cleo, Dan): hand 1 hearts 0/3/7/3, Dan the lady: 0, 3, 7, 16; hand 2 hearts
  2/2/2/7, Ana the lady: 15, 2, 2, 7. Totals Ana 15, Ben 5, Cleo 9, Dan 23: Dan passed 20, Ben wins.
  Places Ben 1, Cleo 2, Ana 3, Dan 4.
- T2 (2026-01-08; Ana, Ben, Cleo, Dan): Ana takes every heart and the lady: 26, 0, 0, 0. Ben, Cleo and Dan
  share the win (place 1), Ana 4.
- T3 (2026-01-15; Ana, Ben, Cleo): hand 1 hearts 5/4/4, Cleo the lady: 5, 4, 17; hand 2 hearts 4/9/0, Ana
  the lady: 17, 9, 0. Totals Ana 22, Ben 13, Cleo 17: Ben wins. Places Ben 1, Cleo 2, Ana 3.
- T4 (2026-01-22; Ana, Ben, Cleo, Dan): one hand, Ben 13 hearts, Cleo the lady: 0, 13, 13, 0. Not finished.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from companion import services
from companion.models import Group, Table

FOUR = ["Ana", "Ben", "Cleo", "Dan"]
OPTIONS = {"end_score": 20, "moon": "none", "tie": "shared"}


def hand(lady: str, **hearts: int) -> dict[str, Any]:
    return {"type": "hand", "hearts": hearts, "lady": lady}


GOLDEN: dict[str, tuple[list[str], date, list[dict[str, Any]]]] = {
    "T1": (
        FOUR,
        date(2026, 1, 1),
        [hand("Dan", Ana=0, Ben=3, Cleo=7, Dan=3), hand("Ana", Ana=2, Ben=2, Cleo=2, Dan=7)],
    ),
    "T2": (FOUR, date(2026, 1, 8), [hand("Ana", Ana=13)]),
    "T3": (
        FOUR[:3],
        date(2026, 1, 15),
        [hand("Cleo", Ana=5, Ben=4, Cleo=4), hand("Ana", Ana=4, Ben=9, Cleo=0)],
    ),
    "T4": (FOUR, date(2026, 1, 22), [hand("Cleo", Ben=13)]),
}


def build(group: Group | None = None) -> dict[str, Table]:
    """The four tables in one group (a new one when None), titled T1 to T4."""
    tables: dict[str, Table] = {}
    for title, (players, day, events) in GOLDEN.items():
        table = services.create_table("rickety-kate", players, OPTIONS, group=group, title=title, played_on=day)
        group = table.group
        services.append(table, events)
        tables[title] = table
    return tables
