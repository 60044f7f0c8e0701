"""A player's numbers per game, added up from the tables' summaries (companion/history.py). The games compute
every counter (Game.stats); this module only adds, divides and compares. Only finished tables that replay to
their end count; every number keeps the tables it came from, so the page can link to them."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext

from games import registry
from games.base import StatInfo

from .history import Ref, Summary, game_name

Played = tuple[Ref, Summary]  # a table with its summary, oldest first where order matters
PLACE = "place-"
PLACE_KEY = re.compile(r"place-[1-9][0-9]?")  # a game's counter of how often a player placed n-th in a round


@dataclass(frozen=True)
class Stat:
    """One of the game's own stats for one player: a sum, or a sum over another (hearts per hand)."""

    label: str  # in the reader's language
    value: int | Fraction | None  # None: divided by zero (no hand played)
    total: int
    per: int | None = None


@dataclass(frozen=True)
class Versus:
    """Head to head against one other player, over the tables both played: who placed ahead."""

    other: str
    tables: int
    ahead: int
    behind: int
    even: int


@dataclass(frozen=True)
class Streaks:
    best: int  # the longest run of tables won in a row
    current: int  # the run the newest tables end with


@dataclass(frozen=True)
class GameRecord:
    """Everything a player's page shows for one game."""

    slug: str
    name: str
    played: int
    won: int
    average: Fraction | None
    best: tuple[int, Ref] | None  # the best total and the table it was made at
    streaks: Streaks
    places: dict[int, int]  # place -> how many tables the player finished there
    round_places: dict[int, int]  # the game's own place counters ("place-1", ...): places within rounds
    stats: list[Stat] = field(default_factory=list)
    versus: list[Versus] = field(default_factory=list)

    @property
    def win_rate(self) -> Fraction | None:
        return Fraction(self.won, self.played) if self.played else None


def record(player: str, slug: str, played: Sequence[Played]) -> GameRecord:
    """The player's record at one game over `played` (tables of that game they sat at, oldest first); tables
    that do not count (unfinished, broken) are left out here."""
    counted = [(t, s) for t, s in played if s.counts and player in s.players]
    totals = [s.total(player) for _t, s in counted]
    lowest = counted[0][1].lowest_wins if counted else True
    best = None
    if counted:
        pick = min if lowest else max
        best_table, best_summary = pick(counted, key=lambda ts: ts[1].total(player))
        best = (best_summary.total(player), best_table)
    wins = [player in s.winners for _t, s in counted]
    sums = counters(player, [s for _t, s in counted])
    return GameRecord(
        slug=slug,
        name=game_name(slug),
        played=len(counted),
        won=sum(wins),
        average=Fraction(sum(totals), len(totals)) if totals else None,
        best=best,
        streaks=streaks(wins),
        places=dict(sorted(Counter(s.place(player) for _t, s in counted).items())),
        round_places={int(k[len(PLACE) :]): v for k, v in sorted(sums.items()) if PLACE_KEY.fullmatch(k)},
        stats=game_stats(slug, sums),
        versus=versus(player, [s for _t, s in counted]),
    )


def streaks(wins: Sequence[bool]) -> Streaks:
    best = run = 0
    for won in wins:
        run = run + 1 if won else 0
        best = max(best, run)
    return Streaks(best, run)


def versus(player: str, summaries: Sequence[Summary]) -> list[Versus]:
    """Against every player met at these tables, by name: ahead means a better place (a lower number)."""
    tally: dict[str, Counter[str]] = {}
    for s in summaries:
        mine = s.place(player)
        for other in s.players:
            if other == player:
                continue
            theirs = s.place(other)
            outcome = "ahead" if mine < theirs else "behind" if mine > theirs else "even"
            tally.setdefault(other, Counter())[outcome] += 1
    return [
        Versus(other, sum(c.values()), c["ahead"], c["behind"], c["even"])
        for other, c in sorted(tally.items(), key=lambda item: item[0].casefold())
    ]


def counters(player: str, summaries: Sequence[Summary]) -> Counter[str]:
    """The player's counters of Game.stats(), summed over the tables."""
    sums: Counter[str] = Counter()
    for s in summaries:
        sums.update(s.stats.get(player, {}))
    return sums


def game_stats(slug: str, sums: Counter[str]) -> list[Stat]:
    """The game's own stats (its stat_info, in its order) from the summed counters. Place counters
    ("place-1", ...) are left to the placement chart."""
    try:
        info: Sequence[StatInfo] = registry.get(slug).stat_info()
    except KeyError:
        return []
    out = []
    for stat in info:
        if PLACE_KEY.fullmatch(stat.key) and stat.per is None:
            continue
        total = sums[stat.key]
        if stat.per is None:
            out.append(Stat(gettext(stat.label), total, total))
        else:
            per = sums[stat.per]
            out.append(Stat(gettext(stat.label), Fraction(total, per) if per else None, total, per))
    return out


def records(player: str, played: Sequence[Played]) -> list[GameRecord]:
    """The player's record at every game they played, the game played most first."""
    by_game: dict[str, list[Played]] = {}
    for table, summary in played:
        by_game.setdefault(table.game, []).append((table, summary))
    found = [record(player, slug, tables) for slug, tables in by_game.items()]
    return sorted(found, key=lambda r: (-r.played, r.name))
