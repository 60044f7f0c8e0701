from __future__ import annotations

import pytest
from django.test import Client

from companion import services
from companion.models import Table

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


@pytest.fixture
def table(db: None, client: Client) -> Table:
    """A four-player table; the test's `client` holds its scorer link, like the phone that made it."""
    table = services.create_table("rickety-kate", PLAYERS, {"moon": "new"})
    client.get(f"/s/{table.scorer_token}/")
    return table


def hand(**hearts: int) -> dict:
    """A quick hand; the lady goes to whoever is named `lady` (default Dan)."""
    lady = hearts.pop("lady", "Dan")  # type: ignore[arg-type]
    return {"type": "hand", "hearts": hearts, "lady": lady}
