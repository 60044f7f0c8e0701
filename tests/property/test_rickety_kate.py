"""Rickety Kate's own cases for the generic property tests: files, imports and posts that once went wrong or
sit right at a limit, checked with the same assertions the generated ones get (the `game` here is only
Rickety Kate)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.base import Game
from games.rickety_kate import GAME as RICKETY_KATE
from tests.property.checks import read_outcome
from tests.property.strategies import common as gen
from tests.property.test_entry_forms import assert_no_rights, assert_posts
from tests.property.test_import import SMALL, assert_stored_whole_or_not_at_all


@pytest.fixture
def game() -> Game:
    return RICKETY_KATE


@pytest.mark.parametrize(
    "data",
    [
        {"format": "kibitz/1", "game": "rickety-kate", "players": ["a\nb", "a\nb", "C"], "events": []},
        {
            "format": "kibitz/1",
            "game": "rickety-kate",
            "players": ["A", "B", "C"],
            "events": [{"type": "hand", "hearts": {"x\ny": -1}, "lady": "A"}],
        },
    ],
)
def test_malformed_files_are_read_or_refused(data: dict[str, Any]) -> None:
    read_outcome(data)


@pytest.mark.parametrize(
    "data",
    [
        SMALL | {"title": "T" * 101},  # more than the title column holds
        SMALL | {"title": "\ud83d"},  # a lone surrogate: no UTF-8 for it
        SMALL | {"events": [{"type": "deal", "dealer": "Ana", "note": "nul\x00"}]},  # PostgreSQL takes no NUL
        SMALL | {"players": ["Ana", "Ben", "line\nbreak"]},
        SMALL | {"players": ["Ana", "Ben", "A\u200bna"]},  # a look-alike name
        SMALL | {"events": [{"type": "penalty", "player": "Ana", "points": gen.LONGEST_JSON_INT}] * 2},
    ],
)
def test_import_stores_the_whole_file_or_nothing(db: None, data: dict[str, Any]) -> None:
    assert_stored_whole_or_not_at_all(data)


TRICK = {"leader": "0", "card-0": "6C", "card-1": "7C", "card-2": "8C", "card-3": "9C"}


@pytest.mark.parametrize(
    ("which", "posts"),
    [
        ("over", [("hand", {}), ("trick", {}), ("pass", {}), ("penalty", {"player": "0", "when": "next"})]),
        ("tricks", [("trick", TRICK | {"leader": "²"}), ("trick", TRICK | {"version": "9" * 5000})]),
        ("fresh", [("penalty", {"player": "1", "points": "3", "reason": "nul\x00"})]),
    ],
)
def test_entry_forms_never_fail_and_refusals_change_nothing(
    tables: dict[str, str], client: Client, rolled_back: None, which: str, posts: list[tuple[str, dict[str, Any]]]
) -> None:
    assert_posts(client, tables[which], posts)


def test_a_phone_without_scorer_rights_changes_nothing(tables: dict[str, str], rolled_back: None) -> None:
    assert_no_rights(tables["fresh"], "hand", {"hearts-0": "13", "lady-0": "0"}, header="\x80")
