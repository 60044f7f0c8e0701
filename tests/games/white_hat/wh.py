"""Helpers for the White Hat engine tests: table files in a line, replayed through the real file reader."""

from __future__ import annotations

from typing import Any

from games import tablefile
from games.white_hat import GAME
from games.white_hat.engine import State

PLAYERS = ["Ana", "Ben", "Cleo"]
BOARD: list[dict[str, Any]] = [
    {"name": "Internet Cafe", "value": 1, "ability": "start"},  # 0
    {"name": "Public Server", "value": 1, "ability": "start"},  # 1
    {"name": "Router", "value": 2},  # 2
    {"name": "E-Mail Account", "value": 3},  # 3
    {"name": "HoneyPot", "value": -1, "ability": "sticky"},  # 4
    {"name": "Exploit", "value": 0, "ability": "exploit"},  # 5
    {"name": "User Account", "value": 2, "next": [7, 8]},  # 6
    {"name": "Backflip", "value": 1, "ability": "backflip", "next": [9]},  # 7
    {"name": "Randomizer", "value": -1, "ability": "randomizer"},  # 8
    {"name": "Critical Asset", "value": -5, "ability": "goal"},  # 9
]


def trick(*plays: tuple[str, list[str]], taken: list[str] | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "trick", "plays": [{"player": p, "cards": c} for p, c in plays]}
    if taken is not None:
        event["taken"] = taken
    return event


def end(hands: dict[str, Any], fields: dict[str, list[int]] | None = None, final: bool = False) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "round_end", "hands": hands}
    if fields is not None:
        event["fields"] = fields
    if final:
        event["final"] = True
    return event


def move(player: str, pawn: str, to: int) -> dict[str, Any]:
    return {"type": "move", "player": player, "pawn": pawn, "to": to}


def table(events: list[dict[str, Any]], players: list[str] | None = None, **options: Any) -> tablefile.TableFile:
    return tablefile.read(
        {"format": "kibitz/1", "game": GAME.slug, "players": players or PLAYERS, "options": options, "events": events}
    )


def state(events: list[dict[str, Any]], players: list[str] | None = None, **options: Any) -> State:
    return table(events, players, **options).replay()


def rules(events: list[dict[str, Any]], players: list[str] | None = None, **options: Any) -> list[tuple[int, str, str]]:
    return [(f.event, f.player, f.rule) for f in table(events, players, **options).review()]


def rounds(events: list[dict[str, Any]], players: list[str] | None = None, **options: Any) -> list[dict[str, int]]:
    return [dict(r.points) for r in table(events, players, **options).standings().rounds]
