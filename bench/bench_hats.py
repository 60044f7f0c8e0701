"""Hats benchmark: replay of a tracked game (a whole one, and 1,000 events of turns) and the table page, against
the goals.

Run from the repository root:  .venv/bin/python bench/bench_hats.py [--runs N] [--requests N] [--seed N]
[--database-url [URL]]. The measuring, the database and the report come from bench_rickety_kate.

A real game has at most 68 events (four players: setup, 32 turns, an optional action in each, four favourites).
Longer logs keep turning past the eighth (each flagged hats.turn-count, none an error), which is the most a log
can hold before the favourites end it: the worst case for the replay and the page.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common
from common import PAGE_SIZES, Payload, Row

from games import tablefile
from games.hats.notation import HATS_TYPES
from games.registry import get as get_game

if TYPE_CHECKING:
    from companion.models import Table

SLUG = "hats"
SEED = 20260
PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
GOAL_REPLAY_MS = 10.0


class GameMaker:
    """Legal Hats turns for four players in seat order: swaps of the same type or onto a lower card, black hats,
    a partner swap now and then; with `favourites`, the game ends after eight turns each."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def card(self) -> str:
        return f"{self.rng.choice(HATS_TYPES)}-{self.rng.randint(1, 6)}"

    def events(self, count: int | None) -> list[Payload]:
        table = [self.card() for _ in range(6)]
        events: list[Payload] = [{"type": "setup", "table": list(table)}]
        turn = 0
        while count is None or len(events) < count:
            if count is None and turn == 8 * len(PLAYERS):
                break
            player = PLAYERS[turn % len(PLAYERS)]
            if self.rng.random() < 0.3:
                events.append({"type": "partner_swap", "player": player, "gave": self.card(), "got": self.card()})
            if self.rng.random() < 0.2:
                events.append({"type": "black_hat", "player": player})
            else:
                position = self.rng.randrange(6)
                kind, value = table[position].rsplit("-", 1)
                same = self.rng.random() < 0.5 or value == "6"
                card = f"{kind}-{self.rng.randint(1, 6)}" if same else f"{self.card().rsplit('-')[0]}-{int(value) + 1}"
                table[position] = card
                events.append({"type": "exchange", "player": player, "card": card, "position": position + 1})
            turn += 1
        if count is None:
            events += [{"type": "favourite", "player": p, "card": self.card()} for p in PLAYERS]
        return events[:count] if count else events


def table_file(events: Sequence[Payload]) -> Payload:
    return {"format": tablefile.FORMAT, "game": SLUG, "players": list(PLAYERS), "options": {}, "events": events}


def verify(name: str, events: Sequence[Payload], finished: bool) -> str:
    parsed = tablefile.read(table_file(events))
    state = parsed.replay()
    flags = [f for f in parsed.review() if f.rule != "hats.turn-count"]
    if flags or state.over != finished:
        raise SystemExit(f"bench data {name} is wrong: {flags[:1]}, finished {state.over}")
    count = sum(f.rule == "hats.turn-count" for f in parsed.review())
    return f"{name}: {len(events):,} events, finished {state.over}, {count:,} turns past the eighth flagged"


def store(events: Sequence[Payload], title: str) -> Table:
    return common.store(SLUG, PLAYERS, {}, events, title)


def main(argv: Sequence[str] | None = None) -> int:
    args = common.parser(__doc__, seed=SEED).parse_args(argv)
    database_url = common.database_url(args)
    game = get_game(SLUG)
    whole = GameMaker(args.seed).events(None)
    long = GameMaker(args.seed).events(2000)
    common.header("Hats", args.seed)
    print("  " + verify("a whole game", whole, finished=True))
    print("  " + verify("1,000 events", long[:1000], finished=False))
    options = game.options({}, PLAYERS)
    rows = []
    for name, events in (("whole game", whole), ("1,000 events", long[:1000])):
        parsed = [game.parse(e) for e in events]

        def full(events: list[Payload] = events) -> object:
            return game.standings(game.replay(PLAYERS, options, [game.parse(e) for e in events]))

        def pre_parsed(parsed: list[Any] = parsed) -> object:
            state = game.replay(PLAYERS, options, parsed)
            return game.standings(state), game.panel(state), game.prompt(state)

        def refereed(parsed: list[Any] = parsed) -> object:
            return game.review(game.replay(PLAYERS, options, parsed))

        rows.append(Row(f"{name}  parse+replay+standings", common.measure(full, args.runs)))
        rows.append(Row(f"{name}  replay+standings+panel+prompt", common.measure(pre_parsed, args.runs)))
        rows.append(Row(f"{name}  replay+referee (parsed)", common.measure(refereed, args.runs)))
    common.print_rows(f"Replay, ms ({args.runs} runs)", rows)
    sized = {size: long[:size] for size in PAGE_SIZES}
    with common.stored_tables(database_url, sized, store) as (label, tables, created):
        finished = store(whole, "bench whole game")
        created.append(finished)
        page, queries = common.page_report("Table page (tea table panel)", tables, args.requests, label)
        over, _ = common.page_rows({len(whole): finished}, args.requests)
        common.print_rows("Table page of a finished game (explained scores)", over, "SQL  response")
        common.print_goals("replay 1,000 events", rows[3].timing.median, GOAL_REPLAY_MS, page, queries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
