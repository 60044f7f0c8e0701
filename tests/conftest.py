from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _fresh_snapshot_cache() -> Iterator[None]:
    """Each test starts with an empty per-process snapshot cache."""
    from companion.services import SNAPSHOTS

    SNAPSHOTS.clear()
    yield
    SNAPSHOTS.clear()
