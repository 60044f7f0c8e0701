from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client, override_settings

from companion.services import SNAPSHOTS
from games import registry
from games.base import Game
from tests.property.strategies import EVERY_GAME, for_game


@pytest.fixture(autouse=True, scope="module")
def _no_rate_limits() -> Iterator[None]:
    """The property tests post hundreds of imports and new tables from one client: they test what is stored,
    not the rate limits (companion/throttle.py), so those are off here. Module scope: Hypothesis runs every
    example inside one call of the test function."""
    with override_settings(KIBITZ_THROTTLE=False):
        yield


@pytest.fixture(params=EVERY_GAME, ids=lambda game: game.slug)
def game(request: pytest.FixtureRequest) -> Iterator[Game]:
    """Each registered game, and Tally (tests/toygame) registered for the test with the one line a new game
    needs. The tests run Hypothesis inside (strategies need the game), so each game gets its own settings."""
    game: Game = request.param
    new = game.slug not in registry.GAMES
    if new:
        registry.register(game)
    yield game
    if new:
        registry.unregister(game.slug)


def new_table(client: Client, game: Game, **changes: str) -> str:
    """A table made through the new-table form (the game's NEW_TABLE with `changes`); `client` scores it."""
    response = client.post(f"/new/{game.slug}/", for_game(game).NEW_TABLE | changes)
    assert response.status_code == 302, response.content.decode()[:500]
    return response["Location"].rstrip("/").rsplit("/", 1)[-1]


def record(client: Client, code: str, action: str, data: dict[str, Any]) -> None:
    response = client.post(f"/t/{code}/record/{action}/", data)
    assert response.status_code == 302, response.content.decode()[:2000]


@pytest.fixture
def tables(db: None, client: Client, game: Game) -> dict[str, str]:
    """The game's TABLES in their different states, all scored by `client`: name -> code."""
    codes = {}
    for name, (changes, entries) in for_game(game).TABLES.items():
        codes[name] = new_table(client, game, **changes)
        for action, data in entries:
            record(client, codes[name], action, data)
    return codes


@pytest.fixture
def rolled_back(db: None) -> Iterator[None]:
    yield
    SNAPSHOTS.clear()
