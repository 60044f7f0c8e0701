"""A seeded group's leaderboards (issue 20 §1): every finished table file of tests/cases played again and again by a
circle of eight friends, the seats drawn at random (seeded) each time, imported in order into one group; then each
game's leaderboard as companion/ratings.py works it out and /history/ratings/ shows it.

Run from the repository root:  .venv/bin/python bench/leaderboard.py [--seed N] [--evenings N]
A demonstration, not a test: the numbers are the openskill library's (Plackett-Luce), the outcomes those of the
table files (worked out by hand there), so who leads depends only on the seed.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common

CASES = Path(__file__).resolve().parents[1] / "tests" / "cases"
FRIENDS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")


def finished_cases() -> list[dict[str, Any]]:
    """The table files of tests/cases that end in a finished game, each game's in name order."""
    from games import tablefile

    found = []
    for path in sorted(CASES.glob("*.json")):
        if path.name.startswith("bad-") or path.name.endswith((".score.json", ".referee.json")):
            continue
        data = json.loads(path.read_text())
        parsed = tablefile.read(data)
        if parsed.game.standings(parsed.replay()).finished:
            found.append(data)
    return found


def seated(data: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """The table file with its players renamed to `names`, seat by seat, wherever a name is a JSON string or begins
    one before a colon (White Hat's pawns: "Ana:1")."""
    text = json.dumps(data, ensure_ascii=False)
    seats = {name: i for i, name in enumerate(data["players"])}
    pattern = '"(' + "|".join(re.escape(name) for name in seats) + ')(?=[":])'
    text = re.sub(pattern, lambda m: f'"\x00{seats[m[1]]}\x00', text)
    for i, name in enumerate(names):
        text = text.replace(f'"\x00{i}\x00', '"' + json.dumps(name, ensure_ascii=False)[1:-1])
    return json.loads(text)


def main(argv: Sequence[str] | None = None) -> int:
    made = common.parser(__doc__, seed=2026, runs=1, requests=1)
    made.add_argument("--evenings", type=int, default=4, help="how often the circle plays every finished file")
    args = made.parse_args(argv)
    rng = random.Random(args.seed)
    with common.django_database(None):
        from django.test import Client

        from companion import ratings, services
        from companion.models import Group
        from games import registry

        group = Group.objects.create(name="Thursday cards")
        cases = finished_cases()
        for _ in range(args.evenings):
            for data in rng.sample(cases, len(cases)):
                names = rng.sample(FRIENDS, len(data["players"]))
                services.import_table(seated(data, names), group=group)
        boards = ratings.ranked(ratings.boards(group), list(registry.GAMES))
        print(f"# {group.name}: {group.tables.count()} finished tables, seed {args.seed}\n")
        for board in boards:
            print(f"## {registry.get(board.game).name}\n")
            print("| player | rating (mu − 3σ) | mu | σ | tables |")
            print("|---|---:|---:|---:|---:|")
            for name, r in board.leaderboard():
                flag = " (provisional)" if r.provisional else ""
                print(f"| {name} | {r.text}{flag} | {r.mu:.1f} | {r.sigma:.2f} | {r.tables} |")
            print()
        client = Client()
        client.get(f"/g/{group.token}/")
        page = client.get("/history/ratings/")
        print(f"GET /history/ratings/: {page.status_code}, {len(page.content):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
