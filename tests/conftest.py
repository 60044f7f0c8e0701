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


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """A request in another language leaves that language active in the thread; the next test starts in English."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None) -> Iterator[None]:
    """pytest-django's test database, and this process's table-version listener (companion/tableversions.py)
    stopped before that database is dropped: its connection would keep the drop from happening."""
    yield
    from companion import tableversions

    tableversions.stop()
