"""White Hat benchmark: replay of 1,000 trick events and the table page, against the goals.

Run from the repository root:  .venv/bin/python bench/bench_white_hat.py [--runs N] [--requests N] [--seed N]
[--database-url [URL]]. The measuring, the database and the report come from bench_rickety_kate.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from bench_rickety_kate import (  # noqa: E402  (needs the paths above)
    Row,
    django_database,
    goal_line,
    measure,
    page_rows,
    print_rows,
)

from games import tablefile  # noqa: E402
from games.registry import get as get_game  # noqa: E402
from games.white_hat.events import parse_event  # noqa: E402
from games.white_hat.options import read_options  # noqa: E402
from games.white_hat.prompt import legal_moves  # noqa: E402
from games.white_hat.tricks import winner  # noqa: E402

if TYPE_CHECKING:
    from companion.models import Table

Payload = dict[str, Any]
SLUG = "white-hat"
PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
BOARD: list[Payload] = [
    {"name": "Internet Cafe", "value": 1, "ability": "start"},
    {"name": "Public Server", "value": 1, "ability": "start"},
    *({"name": f"Router {i}", "value": i % 5 - 1} for i in range(1, 58)),  # a real board has 30-40 fields
    {"name": "Critical Asset", "value": -5, "ability": "goal"},
]
PAGE_SIZES = (10, 100, 1000, 2000)
GOAL_REPLAY_MS = 10.0
GOAL_PAGE_MS = 50.0
GOAL_PAGE_SIZE = 1000
NUMBERS = [str(n) for n in range(1, 14)]


class GameMaker:
    """Legal White Hat rounds: singles and sets, a hat trick now and then with legal taking, and on the board
    a legal move after every trick (never onto the goal)."""

    def __init__(self, seed: int, board: bool) -> None:
        self.rng = random.Random(seed)
        self.options = read_options({"board": BOARD} if board else {}, PLAYERS)
        self.board = board

    def events(self, tricks: int) -> list[Payload]:
        events: list[Payload] = []
        pawns = {(p, n): 0 if n == 1 else 1 for p in PLAYERS for n in (1, 2)}
        made = 0
        while made < tricks:
            hat = self.rng.choice(PLAYERS)
            events.append({"type": "round", "dealer": PLAYERS[len(events) % 4], "hat": hat})
            held = dict.fromkeys(PLAYERS, 10)
            # The round's share of the box: six of a number, less the 13s kept for the hands at its end.
            self.supply = Counter({n: 6 for n in NUMBERS}) - Counter({"13": len(PLAYERS)})
            leader = PLAYERS[(PLAYERS.index(hat) - 1) % 4]
            while made < tricks and min(held.values()) > 0:
                event, hat, leader = self.trick(leader, hat, held)
                events.append(event)
                made += 1
                if self.board and (step := self.move(leader, pawns)) is not None:
                    events.append(step)
            hands = {p: self.rng.choice([0, 3, 7] + ([["13", "joker"]] if held[p] >= 2 else [])) for p in PLAYERS}
            end: Payload = {"type": "round_end", "hands": hands}
            if not self.board:
                end["fields"] = {p: [self.rng.randint(-1, 5), self.rng.randint(-1, 5)] for p in PLAYERS}
            events.append(end)
        return events

    def trick(self, leader: str, hat: str, held: dict[str, int]) -> tuple[Payload, str, str]:
        order = [*PLAYERS[PLAYERS.index(leader) :], *PLAYERS[: PLAYERS.index(leader)]]
        size = 1 if min(held.values()) < 3 or self.rng.random() < 0.6 else 2
        use_hat = self.rng.random() < 0.15
        plays = []
        for player in order:
            n = size if player == leader or self.rng.random() < 0.7 else 1
            number = self.rng.choice([k for k, left in self.supply.items() if left >= n])
            self.supply[number] -= n  # out of play, unless a hat trick's winner takes it back (below)
            cards = [number] * n
            if use_hat and player == hat and (n == size):
                cards[0] = "hat"
            plays.append({"player": player, "cards": cards})
        event: Payload = {"type": "trick", "plays": plays}
        lying = [c for p in plays for c in p["cards"]]
        if "hat" in lying:
            event["taken"] = lying  # the whole trick
        parsed = parse_event(event)
        won = plays[winner(parsed, self.options)]["player"]
        for p in plays:
            held[p["player"]] -= len(p["cards"])
        if "hat" in lying:
            held[won] += len(lying)
            hat = won
            self.supply.update(c for c in lying if c != "hat")
        return event, hat, won

    def move(self, player: str, pawns: dict[tuple[str, int], int]) -> Payload | None:
        state_like = _Board(self.options, pawns)
        moves = [m for m in legal_moves(state_like, player) if BOARD[m["to"]].get("ability") != "goal"]
        m = min(moves, key=lambda m: m["from"]) if moves else None  # the pawn furthest behind
        if m is None:
            return None  # near the end of the track: the winner leaves the goal alone
        pawns[m["owner"], m["n"]] = m["to"]
        return {"type": "move", "player": player, "pawn": m["pawn"], "to": m["to"]}


class _Board:
    """What legal_moves reads of a State: the board, the options, the pawns and the field values."""

    def __init__(self, options: Any, pawns: dict[tuple[str, int], int]) -> None:
        self.options, self.board, self.pawns = options, options.board, pawns
        self.values = [f.value for f in options.board.fields]


def table_file(events: Sequence[Payload], board: bool) -> Payload:
    options = {"board": BOARD} if board else {}
    return {"format": tablefile.FORMAT, "game": SLUG, "players": list(PLAYERS), "options": options, "events": events}


def verify(name: str, events: Sequence[Payload], board: bool) -> str:
    parsed = tablefile.read(table_file(events, board))
    state = parsed.replay()
    flags = parsed.review()
    if flags or state.finished:
        raise SystemExit(f"bench data {name} is wrong: {flags[:1]}, finished {state.finished}")
    tricks = sum(e["type"] == "trick" for e in events)
    return f"{name}: {len(events):,} events ({tricks:,} tricks), {len(state.rounds)} rounds scored, 0 referee flags"


def store(events: Sequence[Payload], board: bool, title: str) -> Table:
    from companion import services
    from companion.models import Event

    table = services.create_table(SLUG, PLAYERS, {"board": BOARD} if board else {}, title=title)
    Event.objects.bulk_create(
        (Event(table=table, seq=seq, payload=payload) for seq, payload in enumerate(events, start=1)), batch_size=500
    )
    table.version = len(events)
    table.save(update_fields=["version"])
    return table


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=20260)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--database-url", nargs="?", const="", default=None, metavar="URL")
    args = parser.parse_args(argv)
    database_url: str | None = args.database_url
    if database_url == "":
        database_url = os.environ.get("DATABASE_URL") or None

    game = get_game(SLUG)
    plain = GameMaker(args.seed, board=False).events(1000)
    tracked = GameMaker(args.seed, board=True).events(1000)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Kibitz bench: White Hat (seed {args.seed}, Python {platform.python_version()}, load {load})")
    print("  " + verify("1,000 tricks", plain, board=False))
    print("  " + verify("1,000 tricks with moves", tracked, board=True))

    rows = []
    for name, events, board in (("1,000 tricks", plain, False), ("1,000 tricks + moves", tracked, True)):
        options = game.options({"board": BOARD} if board else {}, PLAYERS)
        parsed = [game.parse(e) for e in events]

        def full(events: list[Payload] = events, options: Any = options) -> object:
            return game.standings(game.replay(PLAYERS, options, [game.parse(e) for e in events]))

        def pre_parsed(parsed: list[Any] = parsed, options: Any = options) -> object:
            return game.standings(game.replay(PLAYERS, options, parsed))

        def refereed(parsed: list[Any] = parsed, options: Any = options) -> object:
            return game.review(game.replay(PLAYERS, options, parsed))

        rows.append(Row(f"{name}  parse+replay+standings", measure(full, args.runs)))
        rows.append(Row(f"{name}  replay+standings (parsed)", measure(pre_parsed, args.runs)))
        rows.append(Row(f"{name}  replay+referee (parsed)", measure(refereed, args.runs)))
    print_rows(f"Replay, ms ({args.runs} runs)", rows)

    sizes = {size: tracked[:size] for size in PAGE_SIZES}
    with django_database(database_url) as label:
        created: list[Table] = []
        try:
            tables = {size: store(events, True, f"bench {size}") for size, events in sizes.items()}
            created.extend(tables.values())
            page, queries = page_rows(tables, args.requests)
            print_rows(
                f"Table page (board and score track), ms ({args.requests} requests; {label})", page, "SQL  response"
            )
            replay_ms = rows[0].timing.median
            page_ms = page[2 * PAGE_SIZES.index(GOAL_PAGE_SIZE)].timing.median
            counts = ", ".join(str(queries[s]) for s in PAGE_SIZES)
            print("\nGoals (medians)")
            print(goal_line(replay_ms < GOAL_REPLAY_MS, "replay 1,000 trick events < 10 ms", f"{replay_ms:.2f} ms"))
            print(goal_line(page_ms < GOAL_PAGE_MS, "table page at 1,000 events < 50 ms (cold)", f"{page_ms:.2f} ms"))
            print(
                goal_line(
                    len(set(queries.values())) == 1,
                    "table page queries flat from 10 to 2,000 events",
                    f"{counts} queries",
                )
            )

        finally:
            if database_url:
                for table in created:
                    table.delete()
    return 0


if __name__ == "__main__":
    sys.exit(main())
