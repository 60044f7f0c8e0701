"""Who is best at each game: a rating per player, per group and game, from the group's finished tables in the
order they were played, each table a ranking of its players (or of its teams, in Hats with four players).

The arithmetic is the maintained `openskill` library's Plackett–Luce model (Weng and Lin's Bayesian update for
rankings of several players with ties), not a formula of our own: its numbers are documented and checked by
others, and a group can compare them with other tools'. A rating is a belief, a mean `mu` and a deviation
`sigma`; the leaderboard orders by the conservative mu - 3·sigma, so a player with few tables does not lead on
one lucky evening.

Derived like every other number, from the tables' summaries (history.py), never stored: the boards of a group
are kept in this process under the group's tables' versions, so a new, undone or corrected table re-rates.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from . import history
from .models import Group, Table

MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
Z = 3  # deviations the conservative rating stays below the mean
PROVISIONAL = 5  # a rating resting on fewer tables is marked provisional
CACHED = 256  # groups whose boards one process holds


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    tables: int = 0  # the counting tables it rests on

    @property
    def conservative(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def shown(self) -> int:
        return round(self.conservative)

    @property
    def provisional(self) -> bool:
        return self.tables < PROVISIONAL

    @property
    def text(self) -> str:
        return signed(self.shown, plus="")


START = Rating(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class Change:
    """What one table did to one player's conservative rating."""

    player: str
    before: float
    after: float

    @property
    def shown(self) -> tuple[int, int]:
        return round(self.before), round(self.after)

    @property
    def text(self) -> tuple[str, str]:
        """Before and after as shown, a negative one with a minus sign."""
        return signed(round(self.before), plus=""), signed(round(self.after), plus="")

    @property
    def delta(self) -> int:
        """The change as shown: the difference of the rounded ratings, so the figures add up on the page."""
        return round(self.after) - round(self.before)

    @property
    def signed(self) -> str:
        """The change with its sign, as shown: "+3", "−2", "±0"."""
        return signed(self.delta, plus="+", zero="±0")


def signed(n: int, plus: str, zero: str = "0") -> str:
    """A whole number as the pages show it: a minus sign (not a hyphen) below nought, `plus` above."""
    return f"{plus}{n}" if n > 0 else f"−{-n}" if n < 0 else zero


@dataclass(frozen=True)
class Board:
    """One game's ratings in a group, after every counting table of it."""

    game: str
    ratings: dict[str, Rating] = field(default_factory=dict)
    changes: dict[int, tuple[Change, ...]] = field(default_factory=dict)  # by table id, players in seat order
    timeline: dict[str, tuple[float, ...]] = field(default_factory=dict)  # a player's conservative after each

    def leaderboard(self) -> list[tuple[str, Rating]]:
        """Best first by the conservative rating; then by name, so equal ratings keep one order."""
        return sorted(self.ratings.items(), key=lambda item: (-item[1].conservative, item[0]))


def sides(s: history.Summary) -> tuple[list[tuple[str, ...]], list[int]]:
    """The table as the model takes it: its sides (a team, or a player alone) with each side's place (equal
    places for a tie)."""
    units = list(s.teams) if s.teams else [(p,) for p in s.players]
    return units, [s.place(unit[0]) for unit in units]


def rate(game: str, tables: Iterable[tuple[int, history.Summary]]) -> Board:
    """The board after the tables (id, summary), oldest first; tables that do not count (not finished, or their
    log stops replaying) are passed over."""
    board = Board(game)
    ratings, timeline = board.ratings, board.timeline
    for pk, s in tables:
        if not s.counts or len(s.players) < 2:
            continue
        units, places = sides(s)
        before = {p: ratings.get(p, START) for p in s.players}
        teams = [[PlackettLuceRating(before[p].mu, before[p].sigma, name=p) for p in unit] for unit in units]
        rated = MODEL.rate(teams, ranks=[float(place) for place in places])
        for unit, team in zip(units, rated, strict=True):
            for player, new in zip(unit, team, strict=True):
                ratings[player] = Rating(new.mu, new.sigma, before[player].tables + 1)
                timeline[player] = (*timeline.get(player, ()), ratings[player].conservative)
        board.changes[pk] = tuple(Change(p, before[p].conservative, ratings[p].conservative) for p in s.players)
    return board


# -- a group's boards, kept per process under its tables' versions -------------------------------------------


@dataclass(frozen=True, slots=True)
class _Ref:
    pk: int
    code: str
    version: int
    game: str


_BOARDS: OrderedDict[int, tuple[tuple[_Ref, ...], dict[str, Board]]] = OrderedDict()
_LOCK = threading.Lock()


def boards(group: Group | int) -> dict[str, Board]:
    """The group's (or group id's) board for each game it played, by game slug. One query for its tables'
    versions; their summaries (history.summaries: none once cached) and the ratings only when a table changed."""
    pk = group if isinstance(group, int) else group.pk
    rows = Table.objects.filter(group_id=pk).order_by("created", "pk").values_list("pk", "code", "version", "game")
    stamp = tuple(_Ref(*row) for row in rows)
    with _LOCK:
        held = _BOARDS.get(pk)
        if held is not None and held[0] == stamp:
            _BOARDS.move_to_end(pk)
            return held[1]
    found = history.summaries(stamp)
    by_game: dict[str, list[tuple[int, history.Summary]]] = {}
    for ref in stamp:  # oldest first: the order the tables were played in
        by_game.setdefault(ref.game, []).append((ref.pk, found[ref.pk]))
    made = {game: rate(game, tables) for game, tables in by_game.items()}
    with _LOCK:
        _BOARDS[pk] = (stamp, made)
        _BOARDS.move_to_end(pk)
        while len(_BOARDS) > CACHED:
            _BOARDS.popitem(last=False)
    return made


def changes(table: Table) -> tuple[Change, ...]:
    """What the table did to its players' ratings; () while it does not count."""
    board = boards(table.group_id).get(table.game)  # the id: no query for the group itself
    return board.changes.get(table.pk, ()) if board is not None else ()


def clear() -> None:
    with _LOCK:
        _BOARDS.clear()


def ranked(found: dict[str, Board], order: Sequence[str]) -> list[Board]:
    """The boards in the order of `order` (the registry's games), those with a rating only."""
    return [found[slug] for slug in order if slug in found and found[slug].ratings]
