"""One client cannot make a table too big to serve: an event cap, a cached referee, a paged log, a bounded cache."""

from __future__ import annotations

import pytest
from django.test import Client

from companion import services, snapshots
from companion.models import Event, Table
from games import tablefile
from tests.companion.conftest import hand


def fill(table: Table, count: int) -> None:
    """`count` stored penalties, written straight to the log (the fast way to a long table)."""
    Event.objects.bulk_create(
        Event(table=table, seq=i, payload={"type": "penalty", "player": "Ana", "points": 1})
        for i in range(1, count + 1)
    )
    Table.objects.filter(pk=table.pk).update(version=1)
    table.refresh_from_db()


def test_a_table_holds_at_most_the_event_cap(table: Table) -> None:
    fill(table, tablefile.MAX_EVENTS - 1)
    services.append(table, [hand(Ana=13)])
    with pytest.raises(services.Refused, match=f"at most {tablefile.MAX_EVENTS} entries"):
        services.append(table, [hand(Ben=13)])
    assert table.events.count() == tablefile.MAX_EVENTS


def test_the_referee_runs_once_per_version(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    services.append(table, [hand(Ana=13)])
    calls = []
    game = services.snapshot(table).game
    original = type(game).review
    monkeypatch.setattr(type(game), "review", lambda self, *a: calls.append(1) or original(self, *a))
    for _ in range(3):
        services.review(services.snapshot(table))
    assert len(calls) == 1
    services.append(table, [hand(Ben=13)])
    services.review(services.snapshot(table))
    assert len(calls) == 2


def test_the_log_comes_in_pages(client: Client, table: Table) -> None:
    fill(table, 100)
    first = client.get(f"/t/{table.code}/").content.decode()
    assert first.count("<li") - first.count('<li class="findings') >= 40
    assert 'data-seq="100"' in first and 'data-seq="60"' not in first
    assert "?log=2#log" in first
    second = client.get(f"/t/{table.code}/?log=2").content.decode()
    assert 'data-seq="60"' in second and 'data-seq="100"' not in second
    last = client.get(f"/t/{table.code}/?log=99").content.decode()  # past the end: the oldest page
    assert 'data-seq="1"' in last and "?log=4#log" not in last
    assert client.get(f"/t/{table.code}/?log=" + "9" * 50).status_code == 200


def test_the_snapshot_cache_is_bounded_by_events(db: None) -> None:
    cache = snapshots.SnapshotCache(events=250)
    tables = []
    for _ in range(3):
        table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo", "Dan"], {})
        fill(table, 100)
        tables.append(table)
        cache.put(snapshots.load(table, None))
    assert cache.get(tables[0]) is None  # the oldest went when the third pushed past 250 events
    assert cache.get(tables[1]) is not None and cache.get(tables[2]) is not None
    assert cache.held == 202


def test_the_penalty_form_takes_the_games_bounds(client: Client, table: Table) -> None:
    """A penalty of -5 or 5000 points is refused by the form with the game's own limits, and stores nothing."""
    for points in ("-5", "0", "5000"):
        response = client.post(f"/t/{table.code}/record/penalty/", {"player": "1", "reason": "other", "points": points})
        assert response.status_code == 400
        assert "must be from 1 to 1000" in response.content.decode()
    assert table.events.count() == 0
    assert 'name="points" inputmode="numeric" min="1" max="1000"' in client.get(f"/t/{table.code}/").content.decode()
