"""Redo takes back only the latest undone run, in order; recording anything ends what can be redone."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion import services
from companion.models import Event, Table
from tests.companion.conftest import hand

A, B, C, D = hand(Ana=13), hand(Ben=13), hand(Cleo=13), hand(Dan=13, lady="Ana")


def live(table: Table) -> list[dict]:
    return [e.payload for e in services.snapshot(table).live]


def test_recording_after_undo_ends_what_can_be_redone(table: Table) -> None:
    """The outside probe's case: A B C, Undo, D, Undo, Redo must read A B D, and a second Redo does nothing."""
    services.append(table, [A])
    services.append(table, [B])
    services.append(table, [C])
    services.undo(table)
    services.append(table, [D])
    services.undo(table)
    assert services.snapshot(table).can_redo
    services.redo(table)
    assert live(table) == [A, B, D]
    assert not services.snapshot(table).can_redo
    with pytest.raises(services.Refused, match="nothing to redo"):
        services.redo(table)
    assert live(table) == [A, B, D]


def test_redo_restores_the_undone_run_newest_undo_first(table: Table) -> None:
    for event in (A, B, C, D):
        services.append(table, [event])
    services.undo(table)  # D
    services.undo(table)  # C
    services.redo(table)
    assert live(table) == [A, B, C]
    services.redo(table)
    assert live(table) == [A, B, C, D]


def test_undo_redo_undo_across_an_old_undone_event(table: Table) -> None:
    """An event undone before the last recording stays struck through while newer steps come and go."""
    services.append(table, [A])
    services.append(table, [B])
    services.undo(table)  # B, then recording C ends it
    services.append(table, [C])
    services.undo(table)  # C
    services.undo(table)  # A
    services.redo(table)
    services.redo(table)
    assert live(table) == [A, C]
    assert list(Event.objects.filter(table=table).values_list("retracted", flat=True)) == [False, True, False]


def test_redo_that_would_not_replay_is_refused_with_a_sentence(table: Table) -> None:
    services.append(table, [A])
    services.undo(table)
    # A stored row that no longer replays (edited by hand, or a rule changed by an upgrade).
    Event.objects.filter(table=table).update(payload=hand(Ana=12))
    services.SNAPSHOTS.clear()
    with pytest.raises(services.Refused, match="cannot come back: the hearts add up to 12"):
        services.redo(table)
    assert Event.objects.get(table=table).retracted  # nothing changed


def test_refused_redo_is_a_400_page_not_a_500(client: Client, table: Table) -> None:
    services.append(table, [A])
    services.undo(table)
    Event.objects.filter(table=table).update(payload=hand(Ana=12))
    services.SNAPSHOTS.clear()
    response = client.post(f"/t/{table.code}/redo/")
    assert response.status_code == 400
    assert "cannot come back" in response.content.decode()


def test_redo_button_follows_the_stack(client: Client, table: Table) -> None:
    services.append(table, [A])
    services.undo(table)
    services.append(table, [B])
    page = client.get(f"/t/{table.code}/").content.decode()
    redo = r'<button type="submit" disabled>[^<]*<span class="icon"[^>]*>↷</span> <span class="label">Redo<'
    assert re.search(redo, page)
