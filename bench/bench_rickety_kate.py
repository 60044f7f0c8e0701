"""Rickety Kate benchmark: replay speed and the table page, against the goals.

Run from the repository root:  .venv/bin/python bench/bench_rickety_kate.py [--runs N] [--requests N]
[--seed N] [--database-url [URL]] [--profile]. Without --database-url it uses a throw-away SQLite file in a
temporary folder; with it, the URL given (or the DATABASE_URL already in the environment), e.g. PostgreSQL.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common
from common import GOAL_PAGE_SIZE, PAGE_SIZES, ROOT, Payload

# Names other bench scripts (and branches not merged yet) import from here; they live in common.py now.
from common import Row as Row
from common import count_queries as count_queries
from common import django_database as django_database
from common import goal_line as goal_line
from common import measure as measure
from common import page_rows as page_rows
from common import print_rows as print_rows

from games import tablefile
from games.registry import get as get_game

if TYPE_CHECKING:
    from companion.models import Table

SLUG = "rickety-kate"
PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
OPTIONS: Payload = {"end_score": 10000}  # the game must not end inside the bench
SUITS = "CDHS"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
VALUE = {rank: value for value, rank in enumerate(RANKS, start=2)}
LADY = "QS"
TRICKS_PER_HAND = 13  # 4 players, 52 cards

POST_SIZE = 1000
GOAL_REPLAY_MS = 20.0


# -- building legal games ------------------------------------------------------------------------------


def suit(card: str) -> str:
    return card[-1]


def value(card: str) -> int:
    return VALUE[card[:-1]]


class GameMaker:
    """Valid Rickety Kate events from a seeded generator: quick hands and legal trick-by-trick hands."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def quick_hand(self) -> Payload:
        counts = [0] * len(PLAYERS)
        for _ in range(13):  # 13 hearts in a full deck
            counts[self.rng.randrange(len(PLAYERS))] += 1
        hearts = {p: n for p, n in zip(PLAYERS, counts, strict=True) if n}
        return {"type": "hand", "hearts": hearts, "lady": self.rng.choice(PLAYERS)}

    def trick_hand(self) -> list[Payload]:
        """A whole hand: deal 52 cards, the 2♣ opens, follow suit when possible, the winner leads.

        Also keeps the house rules the referee checks by default: no points on the first trick when
        avoidable, no heart led before hearts are broken unless the leader holds nothing else.
        """
        deck = [rank + s for s in SUITS for rank in RANKS]
        self.rng.shuffle(deck)
        held = {p: sorted(deck[i * 13 : (i + 1) * 13]) for i, p in enumerate(PLAYERS)}
        leader = next(p for p in PLAYERS if "2C" in held[p])
        broken = False
        events: list[Payload] = []
        for number in range(TRICKS_PER_HAND):
            start = PLAYERS.index(leader)
            order = PLAYERS[start:] + PLAYERS[:start]
            cards: list[str] = []
            for player in order:
                card = self._choose(held[player], cards[0] if cards else None, number == 0, broken)
                held[player].remove(card)
                cards.append(card)
            events.append({"type": "trick", "leader": leader, "cards": cards})
            broken = broken or any(suit(c) == "H" for c in cards)
            led = suit(cards[0])
            leader = max((value(c), p) for p, c in zip(order, cards, strict=True) if suit(c) == led)[1]
        assert not any(held.values())
        return events

    def _choose(self, hand: list[str], led: str | None, first: bool, broken: bool) -> str:
        if led is None:
            if first:
                return "2C"
            choices = hand if broken else [c for c in hand if suit(c) != "H"] or hand
        else:
            choices = [c for c in hand if suit(c) == suit(led)]
            if not choices:
                choices = hand
                if first:
                    choices = [c for c in hand if suit(c) != "H" and c != LADY] or hand
        return self.rng.choice(choices)

    def tricks(self, count: int) -> list[Payload]:
        """`count` trick events, hand after hand (the last hand may be in progress)."""
        events: list[Payload] = []
        while len(events) < count:
            events.extend(self.trick_hand())
        return events[:count]

    def mixed(self, count: int, quick_share: float) -> list[Payload]:
        """Exactly `count` events of whole hands, a `quick_share` of hands entered quickly; no hand in progress."""
        events: list[Payload] = []
        while len(events) + TRICKS_PER_HAND <= count:
            if self.rng.random() < quick_share:
                events.append(self.quick_hand())
            else:
                events.extend(self.trick_hand())
        while len(events) < count:
            events.append(self.quick_hand())
        return events


def table_file(events: Sequence[Payload]) -> Payload:
    return {"format": tablefile.FORMAT, "game": SLUG, "players": list(PLAYERS), "options": OPTIONS, "events": events}


def verify(name: str, events: Sequence[Payload], *, complete: bool) -> str:
    """Read, replay and referee the events; a summary line, or SystemExit when the generator is wrong."""
    parsed = tablefile.read(table_file(events))
    state = parsed.replay()
    standings = parsed.game.standings(state)
    flags = parsed.review()
    problems = []
    if standings.finished:
        problems.append("the game ended")
    if flags:
        problems.append(f"{len(flags)} referee flags, first: {flags[0].as_dict()}")
    if complete and state.current is not None:
        problems.append("a hand is in progress")
    if problems:
        raise SystemExit(f"bench data {name} is wrong: " + "; ".join(problems))
    quick = sum(e["type"] == "hand" for e in events)
    tricks = sum(e["type"] == "trick" for e in events)
    progress = f", hand {len(state.hands) + 1} in progress" if state.current is not None else ""
    return (
        f"{name}: {len(events):,} events ({quick} quick hands, {tricks // TRICKS_PER_HAND} trick hands"
        f"{progress}), {len(state.hands)} hands scored, 0 referee flags"
    )


# -- profiling -----------------------------------------------------------------------------------------------


def profile(
    title: str, fn: Callable[[], object], repeat: int, before: Callable[[], object] | None = None, top: int = 14
) -> None:
    """Where `fn`'s time goes: the top functions by cumulative and by own time, as a share of the total."""
    profiler = cProfile.Profile()
    for _ in range(repeat):
        if before:
            before()
        profiler.enable()
        fn()
        profiler.disable()
    stats = pstats.Stats(profiler)
    raw: dict[tuple[str, int, str], tuple[int, int, float, float, Any]] = stats.stats  # type: ignore[attr-defined]
    rows = [(cum, own, calls, _where(key)) for key, (_, calls, own, cum, _) in raw.items()]
    total = max(row[0] for row in rows)  # the profiled call itself
    mine = [row for row in rows if _ours(row[3])]
    print(f"\n-- profile: {title} ({repeat} runs, {total / repeat * 1000:.1f} ms a run under cProfile)")
    for label, index, chosen in (("cumulative, project code", 0, mine), ("own time, everything", 1, rows)):
        print(f"   by {label}:  cum%   own%   calls/run")
        for cum, own, calls, where in sorted(chosen, key=lambda r: r[index], reverse=True)[:top]:
            print(f"     {100 * cum / total:5.1f}  {100 * own / total:5.1f}  {calls / repeat:10,.0f}  {where}")


# Library functions worth seeing next to the project's own in the cumulative list.
_LANDMARKS = (
    "render  (django/shortcuts.py",
    "_fetch_all  (django/db/models/query.py",
    "localize  (django/utils/formats.py",
)


def _ours(where: str) -> bool:
    if where.startswith(_LANDMARKS):
        return True
    return where.endswith(")") and where.split("(")[-1].startswith(("games/", "companion/"))


def _where(key: tuple[str, int, str]) -> str:
    filename, line, func = key
    if filename == "~":
        return func
    path = filename.replace(str(ROOT) + os.sep, "")
    if "site-packages" in path:
        path = path.split("site-packages" + os.sep, 1)[1]
    return f"{func}  ({path}:{line})"


# -- database and pages -------------------------------------------------------------------------------------------


def store(events: Sequence[Payload], title: str) -> Table:
    return common.store(SLUG, PLAYERS, OPTIONS, events, title)


def hand_post(table: Table) -> common.Write:
    """The htmx quick-hand POST on `table` (13 hearts; Cleo took the lady), and the untimed reset before each."""
    form = {"hearts-0": "4", "hearts-1": "6", "hearts-2": "3", "lady-0": "2"}
    return common.htmx_post(table, "hand", form, "the hand", "quick hand")


def main(argv: Sequence[str] | None = None) -> int:
    parser = common.parser(__doc__, seed=20260)
    parser.add_argument("--quick-share", type=float, default=0.5, help="share of hands entered quickly (0.5)")
    parser.add_argument("--profile", action="store_true", help="print cProfile summaries of replay and the pages")
    args = parser.parse_args(argv)
    database_url = common.database_url(args)
    if args.database_url == "" and not database_url:
        parser.error("--database-url without a URL needs DATABASE_URL in the environment")

    game = get_game(SLUG)
    maker = GameMaker(args.seed)
    trick_events = maker.tricks(1000)
    mixed = {size: maker.mixed(size, args.quick_share) for size in PAGE_SIZES}

    common.header("Rickety Kate", args.seed)
    print("  " + verify("tricks", trick_events, complete=False))
    for size, events in mixed.items():
        print("  " + verify(f"mixed {size:,}", events, complete=True))

    suites = {"1,000 tricks": trick_events, "2,000 mixed ": mixed[2000]}
    replay = common.replay_rows(game, PLAYERS, game.options(OPTIONS, PLAYERS), suites, args.runs)
    common.print_rows(f"Replay, ms ({args.runs} runs)", replay)

    with common.stored_tables(database_url, mixed, store) as (label, tables, _):
        write = hand_post(tables[POST_SIZE])
        page, queries = common.page_report("Table page", tables, args.requests, label, write)
        common.print_goals("replay 1,000 trick events", replay[0].timing.median, GOAL_REPLAY_MS, page, queries)

        if args.profile:
            options = game.options(OPTIONS, PLAYERS)
            profile(
                "parse+replay+standings, 1,000 trick events",
                lambda: game.standings(game.replay(PLAYERS, options, [game.parse(e) for e in trick_events])),
                repeat=20,
            )
            from django.test import Client

            client = Client()
            url = f"/t/{tables[GOAL_PAGE_SIZE].code}/"
            client.get(url)
            profile(f"GET table page, {GOAL_PAGE_SIZE:,} events", lambda: client.get(url), repeat=10)
            profile(write.label, write.post, repeat=10, before=write.reset)
            write.reset()
    return 0


if __name__ == "__main__":
    sys.exit(main())
