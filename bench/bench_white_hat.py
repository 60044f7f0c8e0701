"""White Hat benchmark: replay of 1,000 trick events and the table page, against the goals.

Run from the repository root:  .venv/bin/python bench/bench_white_hat.py [--runs N] [--requests N] [--seed N]
[--database-url [URL]]. The measuring, the database and the report come from bench_rickety_kate.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common
from common import PAGE_SIZES, Payload

from games import tablefile
from games.registry import get as get_game
from games.white_hat.events import parse_event
from games.white_hat.options import read_options
from games.white_hat.prompt import legal_moves
from games.white_hat.tricks import winner

if TYPE_CHECKING:
    from companion.models import Table

SLUG = "white-hat"
SEED = 20260
PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
BOARD: list[Payload] = [
    {"name": "Internet Cafe", "value": 1, "ability": "start"},
    {"name": "Public Server", "value": 1, "ability": "start"},
    *({"name": f"Router {i}", "value": i % 5 - 1} for i in range(1, 58)),  # a real board has 30-40 fields
    {"name": "Critical Asset", "value": -5, "ability": "goal"},
]
GOAL_REPLAY_MS = 10.0
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
            # A hand listed as cards holds exactly what the tricks left (two cards), else it is a sum.
            hands = {p: self.rng.choice([0, 3, 7] + ([["13", "joker"]] if held[p] == 2 else [])) for p in PLAYERS}
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


def store(events: Sequence[Payload], title: str) -> Table:
    """A table on the bench's board: its page shows the board and the score track."""
    return common.store(SLUG, PLAYERS, {"board": BOARD}, events, title)


def main(argv: Sequence[str] | None = None) -> int:
    args = common.parser(__doc__, seed=SEED).parse_args(argv)
    database_url = common.database_url(args)
    game = get_game(SLUG)
    plain = GameMaker(args.seed, board=False).events(1000)
    tracked = GameMaker(args.seed, board=True).events(1000)
    common.header("White Hat", args.seed)
    print("  " + verify("1,000 tricks", plain, board=False))
    print("  " + verify("1,000 tricks with moves", tracked, board=True))

    rows = []
    for name, events, board in (("1,000 tricks", plain, False), ("1,000 tricks + moves", tracked, True)):
        options = game.options({"board": BOARD} if board else {}, PLAYERS)
        rows += common.replay_rows(game, PLAYERS, options, {name: events}, args.runs, referee=True)
    common.print_rows(f"Replay, ms ({args.runs} runs)", rows)

    sizes = {size: tracked[:size] for size in PAGE_SIZES}
    with common.stored_tables(database_url, sizes, store) as (label, tables, _):
        page, queries = common.page_report("Table page (board and score track)", tables, args.requests, label)
        common.print_goals("replay 1,000 trick events", rows[0].timing.median, GOAL_REPLAY_MS, page, queries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
