from __future__ import annotations

import pytest

from companion import services
from companion.models import Table

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


@pytest.fixture
def table(db: None) -> Table:
    return services.create_table("rickety-kate", PLAYERS, {"moon": "new"})


def hand(**hearts: int) -> dict:
    """A quick hand; the lady goes to whoever is named `lady` (default Dan)."""
    lady = hearts.pop("lady", "Dan")  # type: ignore[arg-type]
    return {"type": "hand", "hearts": hearts, "lady": lady}
