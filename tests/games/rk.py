"""Shared helpers for the Rickety Kate engine tests: build a table from raw event dicts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Flag
from games.cards import Card, parse_card
from games.rickety_kate import GAME
from games.rickety_kate.engine import State
from games.rickety_kate.options import Options

FOUR = ("Ana", "Ben", "Cleo", "Dan")
THREE = FOUR[:3]
FIVE = (*FOUR, "Eve")
SIX = (*FIVE, "Finn")

# A legal four-player hand, trick by trick (leader, cards in play order from the leader).
# Ana 0, Ben 3, Cleo 7 (with 10♦ and J♦ in trick 7), Dan 16 (Q♠ in trick 11, J♠ there too).
LEGAL_FOUR: tuple[tuple[str, str], ...] = (
    ("Ana", "2C 3C 4C 5C"),
    ("Dan", "6C 7C 8C 9C"),
    ("Cleo", "10C JC QC KC"),
    ("Ben", "AC 2H 3H 4H"),
    ("Ben", "2D 3D 4D 5D"),
    ("Ana", "6D 7D 8D 9D"),
    ("Dan", "10D JD QD KD"),
    ("Cleo", "AD 5H 6H 7H"),
    ("Cleo", "2S 3S 4S 5S"),
    ("Ben", "6S 7S 8S 9S"),
    ("Ana", "10S JS QS KS"),
    ("Dan", "AS 8H 9H 10H"),
    ("Dan", "JH QH KH AH"),
)

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def trick(leader: str, cards: str, **extra: Any) -> dict[str, Any]:
    """A raw trick event; `cards` is a space-separated string in play order."""
    return {"type": "trick", "leader": leader, "cards": cards.split(), **extra}


def tricks(spec: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    return [trick(leader, cards) for leader, cards in spec]


def legal_four(**last: Any) -> list[dict[str, Any]]:
    """LEGAL_FOUR as events; `last` adds fields (e.g. moon) to the final trick."""
    events = tricks(LEGAL_FOUR)
    events[-1].update(last)
    return events


def one_suit_each(**last: Any) -> list[dict[str, Any]]:
    """Ana holds every club, Ben diamonds, Cleo hearts, Dan spades: Ana wins all 13 tricks (a moon)."""
    events = [trick("Ana", f"{r}C {r}D {r}H {r}S") for r in RANKS]
    events[-1].update(last)
    return events


def hand(hearts: dict[str, int], lady: str | list[str], **extra: Any) -> dict[str, Any]:
    return {"type": "hand", "hearts": hearts, "lady": lady, **extra}


def options(players: Sequence[str] = FOUR, **raw: Any) -> Options:
    return GAME.options(raw, players)


def replay(events: Sequence[dict[str, Any]], players: Sequence[str] = FOUR, **raw: Any) -> State:
    parsed = [GAME.parse(e) for e in events]
    return GAME.replay(players, options(players, **raw), parsed)


def standings(events: Sequence[dict[str, Any]], players: Sequence[str] = FOUR, **raw: Any) -> dict[str, Any]:
    """What `score` prints, without the explanations."""
    out = GAME.standings(replay(events, players, **raw)).as_dict()
    for rnd in out["rounds"]:
        rnd.pop("explain", None)
    return out


def rounds(events: Sequence[dict[str, Any]], players: Sequence[str] = FOUR, **raw: Any) -> list[dict[str, int]]:
    return standings(events, players, **raw)["rounds"]


def flags(events: Sequence[dict[str, Any]], players: Sequence[str] = FOUR, **raw: Any) -> list[tuple[int, str, str]]:
    """The referee's flags as (event, player, rule)."""
    parsed = [GAME.parse(e) for e in events]
    found: list[Flag] = GAME.review(GAME.replay(players, options(players, **raw), parsed))
    return [(f.event, f.player, f.rule) for f in found]


def points(**by_player: int) -> dict[str, int]:
    """A four-player round with zeros filled in."""
    return {p: by_player.get(p, 0) for p in FOUR}


# A legal six-player double-deck hand (all 2s out of both decks, 16 tricks of 6).
# Trick 5 and trick 13 cancel completely (they go to the next trick's winner); trick 16, the last,
# cancels completely and goes to its leader. Hearts: Finn 12 (tricks 13-14), Cleo 12 (15-16).
# Ladies: Ben (trick 9), Ana (trick 12). J♦: Eve (trick 7), Finn (trick 8).
DOUBLE_SIX: tuple[tuple[str, str], ...] = (
    ("Ana", "3C 4C 5C AC AC KC"),
    ("Finn", "3C 4C 5C 6C 6C 7C"),
    ("Eve", "7C 8C 8C 9C 9C 10C"),
    ("Dan", "10C JC JC QC QC KC"),
    ("Cleo", "3D 3D 4D 4D 5D 5D"),
    ("Cleo", "6D 7D 8D 9D 10D 10D"),
    ("Finn", "6D 7D 8D 9D JD QD"),
    ("Eve", "JD QD KD KD AD AD"),
    ("Finn", "3S 4S QS 5S 6S 7S"),
    ("Ben", "3S 4S 5S 6S 7S 8S"),
    ("Ana", "9S 9S 10S 10S 8S JS"),
    ("Finn", "JS QS KS KS AS AS"),
    ("Ana", "3H 3H 4H 4H 5H 5H"),
    ("Ana", "6H 6H 7H 8H 9H 10H"),
    ("Finn", "7H 8H 9H 10H JH JH"),
    ("Cleo", "QH QH KH KH AH AH"),
)


def cards(text: str) -> tuple[Card, ...]:
    """Space-separated cards in table-file notation, read by the game's own parser."""
    return tuple(parse_card(c) for c in text.split())
