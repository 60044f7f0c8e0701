"""A table whose stored log no longer replays still opens, shows where it breaks, and can be undone."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from companion import services
from companion.models import Event, Table
from tests.companion.conftest import hand


def break_entry(table: Table, seq: int, payload: dict) -> None:
    """A row changed by hand (or a rule changed by an upgrade): the log stops replaying there."""
    Event.objects.filter(table=table, seq=seq).update(payload=payload)
    services.SNAPSHOTS.clear()


@pytest.fixture
def broken(table: Table) -> Table:
    services.append(table, [hand(Ana=13), hand(Ben=13), hand(Cleo=13)])
    break_entry(table, 2, hand(Ben=12))  # twelve hearts cannot be
    return Table.objects.get(pk=table.pk)


def test_the_snapshot_stops_just_before_the_break(broken: Table) -> None:
    snap = services.snapshot(broken)
    assert snap.broken is not None and (snap.broken.index, snap.broken.seq) == (1, 2)
    assert "add up to 12" in str(snap.broken.message)
    assert len(snap.events) == 1 and snap.standings.totals["Ana"] == 13
    assert len(snap.live) == 3  # nothing is lost


def test_an_event_that_cannot_be_read_breaks_the_log_too(table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    break_entry(table, 1, {"type": "hand", "hearts": "lots", "lady": "Dan"})
    snap = services.snapshot(Table.objects.get(pk=table.pk))
    assert snap.broken is not None and snap.broken.index == 0 and snap.events == ()


def test_the_page_opens_and_names_the_break(client: Client, broken: Table) -> None:
    response = client.get(f"/t/{broken.code}/")
    body = response.content.decode()
    assert response.status_code == 200
    assert "stops at log entry 2" in body and "add up to 12" in body


def test_an_unreadable_entry_still_gets_a_log_line(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    break_entry(table, 1, {"type": "hand", "hearts": "lots", "lady": "Dan"})
    body = client.get(f"/t/{table.code}/").content.decode()
    assert "A hand entry that cannot be read" in body


def test_recording_on_a_broken_table_is_refused(client: Client, broken: Table) -> None:
    with pytest.raises(services.Refused, match="stops at log entry 2"):
        services.append(broken, [hand(Dan=13)])
    response = client.post(f"/t/{broken.code}/record/hand/", {"hearts-0": "13", "lady-0": "3"})
    assert response.status_code == 400 and "stops at log entry 2" in response.content.decode()
    assert broken.events.count() == 3


def test_undo_works_and_mends_the_table_once_past_the_break(client: Client, broken: Table) -> None:
    assert client.post(f"/t/{broken.code}/undo/").status_code == 302
    assert services.snapshot(Table.objects.get(pk=broken.pk)).broken is not None  # entry 3 went; 2 still breaks
    client.post(f"/t/{broken.code}/undo/")
    mended = services.snapshot(Table.objects.get(pk=broken.pk))
    assert mended.broken is None and mended.standings.totals["Ana"] == 13
    services.append(mended.table, [hand(Dan=13, lady="Ana")])  # recording works again


def test_redo_of_the_breaking_entry_is_refused(broken: Table) -> None:
    services.undo(broken)
    services.undo(broken)
    with pytest.raises(services.Refused, match="cannot come back: the hearts add up to 12"):
        services.redo(broken)


def test_check_tables_lists_the_broken_ones(broken: Table, db: None) -> None:
    good = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], {}, title="fine")
    out = StringIO()
    with pytest.raises(CommandError, match=r"1 of 2 tables do not replay"):
        call_command("check_tables", stdout=out)
    assert f"{broken.code} (rickety-kate, untitled): log entry 2 (event 1): the hearts add up to 12" in out.getvalue()
    assert good.code not in out.getvalue()


def test_check_tables_says_when_all_replay(table: Table) -> None:
    out = StringIO()
    call_command("check_tables", stdout=out)
    assert "All 1 tables replay." in out.getvalue()
