"""A stored table reads back as its table file, on SQLite and on PostgreSQL (bin/test runs both).

PostgreSQL stores JSON as jsonb, which keeps an object's keys sorted (shortest first), not as written:
nothing derived from a stored table may depend on the order of the names in an event's maps.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import services
from companion.models import Table
from games import tablefile
from tests.test_golden import GOOD, ids


@pytest.mark.parametrize("path", GOOD, ids=ids(GOOD))
def test_a_stored_table_scores_and_referees_as_its_file(db: None, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    stored = services.import_table(json.loads(text))
    services.SNAPSHOTS.clear()  # the events come back from the database, not from memory
    snap = services.snapshot(Table.objects.get(pk=stored.pk))
    file = tablefile.loads(text)
    assert snap.standings.as_dict() == file.standings().as_dict()
    assert [flag.as_dict() for flag, _ in services.review(snap)] == [flag.as_dict() for flag in file.review()]
