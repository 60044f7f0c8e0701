"""Rickety Kate's stats for the players' pages (games/rickety_kate/stats.py), on tables worked out by hand."""

from __future__ import annotations

from typing import Any

from games.rickety_kate import GAME
from tests.games.rk import FOUR, THREE, legal_four


def played(players: tuple[str, ...], events: list[dict[str, Any]], **options: Any) -> dict[str, dict[str, int]]:
    state = GAME.replay(players, GAME.options(options, players), [GAME.parse(e) for e in events])
    return {p: dict(c) for p, c in GAME.stats(state).items()}


def hand(lady: str, moon: str | None = None, **hearts: int) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "hand", "hearts": hearts, "lady": lady}
    if moon:
        event["moon"] = moon
    return event


def test_stat_info_names_counters_that_stats_gives() -> None:
    info = GAME.stat_info()
    assert [s.key for s in info] == ["moons", "ladies", "hearts", "penalties"]
    assert next(s for s in info if s.key == "hearts").per == "hands"
    counters = set(played(FOUR, [])["Ana"])
    assert {s.key for s in info} | {s.per for s in info if s.per} <= counters


def test_no_hand_yet_counts_nothing() -> None:
    assert played(FOUR, []) == {key: {"hands": 0, "hearts": 0, "ladies": 0, "moons": 0, "penalties": 0} for key in FOUR}


def test_golden_three_hands_with_a_moon_and_a_revoke() -> None:
    """By hand: hand 1 Ana 0, Ben 3, Cleo 7, Dan 3 hearts, Dan the lady; hand 2 Ana takes all 13 hearts and the
    lady (a moon, added to the others), then Ben revokes (a penalty between hands belongs to hand 2); hand 3
    Ana 5, Ben 5, Cleo 3, Dan 0, Cleo the lady. Hearts: Ana 0+13+5 = 18, Ben 3+0+5 = 8, Cleo 7+0+3 = 10,
    Dan 3+0+0 = 3; one lady each for Ana, Cleo and Dan; one moon (Ana); one penalty (Ben); three hands each."""
    events = [
        hand("Dan", Ana=0, Ben=3, Cleo=7, Dan=3),
        hand("Ana", "add", Ana=13),
        {"type": "penalty", "player": "Ben", "reason": "revoke"},
        hand("Cleo", Ana=5, Ben=5, Cleo=3, Dan=0),
    ]
    assert played(FOUR, events, moon="new") == {
        "Ana": {"hands": 3, "hearts": 18, "ladies": 1, "moons": 1, "penalties": 0},
        "Ben": {"hands": 3, "hearts": 8, "ladies": 0, "moons": 0, "penalties": 1},
        "Cleo": {"hands": 3, "hearts": 10, "ladies": 1, "moons": 0, "penalties": 0},
        "Dan": {"hands": 3, "hearts": 3, "ladies": 1, "moons": 0, "penalties": 0},
    }


def test_a_moon_that_does_not_count_is_no_moon_shot() -> None:
    """moon "none": taking every heart and the lady is 26 points, not a moon shot."""
    stats = played(FOUR, [hand("Ana", Ana=13)], moon="none")
    assert stats["Ana"] == {"hands": 1, "hearts": 13, "ladies": 1, "moons": 0, "penalties": 0}


def test_a_hand_by_tricks_counts_like_a_quick_hand() -> None:
    """LEGAL_FOUR by hand: Ben takes 3 hearts (trick 4), Cleo 3 + 4 (tricks 8 and 13), Dan 3 (trick 12) and the
    Q♠ (trick 11, his K♠ wins it), Ana nothing."""
    stats = played(FOUR, legal_four())
    assert {p: (s["hearts"], s["ladies"]) for p, s in stats.items()} == {
        "Ana": (0, 0),
        "Ben": (3, 0),
        "Cleo": (7, 0),
        "Dan": (3, 1),
    }


def test_the_hand_being_played_does_not_count() -> None:
    stats = played(FOUR, legal_four()[:5])
    assert all(s["hands"] == 0 and s["hearts"] == 0 for s in stats.values())


def test_a_playoff_hand_counts_only_for_the_tied_players() -> None:
    """Three players to 10, moons off, ties played off: hand 1 Cleo takes all 13 hearts and the lady (26: the game
    ends, Ana and Ben tie on 0); the playoff hand is theirs alone: Ana 9 hearts and the lady, Ben 4, so Ben wins.
    Hands: Ana 2, Ben 2, Cleo 1; Ana's hearts 0 + 9, one lady."""
    events = [
        hand("Cleo", Ana=0, Ben=0, Cleo=13),
        hand("Ana", Ana=9, Ben=4),
    ]
    stats = played(THREE, events, end_score=10, moon="none", tie="playoff")
    assert {p: s["hands"] for p, s in stats.items()} == {"Ana": 2, "Ben": 2, "Cleo": 1}
    assert stats["Ana"]["hearts"] == 9 and stats["Ana"]["ladies"] == 1
    assert stats["Cleo"]["hearts"] == 13
    assert GAME.standings(
        GAME.replay(
            THREE,
            GAME.options({"end_score": 10, "moon": "none", "tie": "playoff"}, THREE),
            [GAME.parse(e) for e in events],
        )
    ).winners == ("Ben",)
