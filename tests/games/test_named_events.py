"""The events made as named tuples for speed (Rickety Kate's trick, Hats' exchange, black hat and partner swap,
Hood Politix's penalty and dispute) stay what the frozen dataclasses were: immutable, read by field name, and never
equal to another type's event that holds the same values."""

from __future__ import annotations

from typing import Any

import pytest

from games.registry import get

SAME_VALUES = [  # pairs of events of two types, as alike as the two types allow
    (
        "hats",
        {"type": "black_hat", "player": "Ana", "card": "red-3"},
        {"type": "favourite", "player": "Ana", "card": "red-3"},
    ),
    (
        "hats",
        {"type": "partner_swap", "player": "Ana", "gave": "red-3", "got": "blue-4"},
        {"type": "redraw", "player": "Ana", "discard": "red-3", "draw": "blue-4"},
    ),
    ("rickety-kate", {"type": "trick", "leader": "Ana", "cards": ["2C"]}, {"type": "deal", "dealer": "Ana"}),
    (
        "hood-politix",
        {"type": "penalty", "player": "Ana"},
        {"type": "dispute", "player": "Ana", "top": "red-3", "played": "red-4"},
    ),
]


@pytest.mark.parametrize(("slug", "one", "other"), SAME_VALUES)
def test_events_of_two_types_are_never_equal(slug: str, one: dict[str, Any], other: dict[str, Any]) -> None:
    game = get(slug)
    first, second = game.parse(one), game.parse(other)
    assert first != second
    assert first == game.parse(dict(one))  # the same event read twice is equal, and hashes alike
    assert hash(first) == hash(game.parse(dict(one)))


@pytest.mark.parametrize(
    ("slug", "raw", "field"),
    [
        ("rickety-kate", {"type": "trick", "leader": "Ana", "cards": ["2C", "3C"]}, "leader"),
        ("hats", {"type": "exchange", "player": "Ana", "card": "red-3", "position": 2}, "position"),
        ("hats", {"type": "black_hat", "player": "Ana"}, "card"),
        ("hood-politix", {"type": "penalty", "player": "Ana", "cards": 2}, "cards"),
        ("hood-politix", {"type": "dispute", "player": "Ana", "top": "red-3", "played": "red-4"}, "top"),
    ],
)
def test_named_tuple_events_are_immutable_and_read_by_name(slug: str, raw: dict[str, Any], field: str) -> None:
    event = get(slug).parse(raw)
    value = getattr(event, field)
    assert (value == raw[field]) if field in raw else (value is None)
    with pytest.raises(AttributeError):
        setattr(event, field, value)
