"""Correcting a recorded entry: new events in its place, the old ones kept struck through, nothing lost."""

from __future__ import annotations

import pytest
from django.test import Client

from companion import services
from companion.models import Table
from tests.companion.conftest import PLAYERS
from tests.games.rk import one_suit_each, trick

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def slip(client: Client, db: None) -> Table:
    """A hand by tricks (old moon rule) whose first trick was tapped wrong: Dan's A♣ instead of his 2♠, so
    Dan won it; `client` is the scorer."""
    table = services.create_table("rickety-kate", PLAYERS, {})
    client.get(f"/s/{table.scorer_token}/")
    events = one_suit_each()
    events[0] = trick("Ana", "2C 2D 2H AC")
    services.append(table, events)
    return table


def test_a_correction_that_makes_a_later_entry_impossible_says_which(table: Table) -> None:
    """Under the new moon rule the copied last trick needs the shooter's choice the correction made necessary."""
    events = one_suit_each()
    events[0] = trick("Ana", "2C 2D 2H AC")
    services.append(table, events)
    with pytest.raises(services.Refused, match="the entry 12 after it no longer fits: Ana shot the moon"):
        services.correct(table, 1, trick("Ana", "2C 2D 2H 2S"))


def totals(table: Table) -> dict[str, int]:
    return services.snapshot(Table.objects.get(pk=table.pk)).standings.totals


def test_the_slip_as_recorded(slip: Table) -> None:
    assert totals(slip) == {"Ana": 25, "Ben": 0, "Cleo": 0, "Dan": 1}


def test_a_corrected_trick_replaces_it_and_copies_the_later_ones(slip: Table) -> None:
    after = services.correct(slip, 1, trick("Ana", "2C 2D 2H 2S"))
    assert after.standings.totals == {"Ana": 0, "Ben": 26, "Cleo": 26, "Dan": 26}  # now it is a moon
    assert [e.seq for e in after.live] == list(range(14, 27))
    assert [e.retracted for e in after.log[:13]] == [True] * 13  # kept, struck through
    assert [e.payload for e in after.live[1:]] == [e.payload for e in after.log[1:13]]
    assert not after.can_redo  # a correction is a new recording


def test_a_correction_that_would_not_replay_changes_nothing(slip: Table) -> None:
    version = Table.objects.get(pk=slip.pk).version
    with pytest.raises(services.Refused, match="trick 1 has 3 cards"):
        services.correct(slip, 1, trick("Ana", "2C 2D 2H"))
    assert Table.objects.get(pk=slip.pk).version == version
    assert slip.events.filter(retracted=True).count() == 0


def test_only_an_entry_in_play_can_be_corrected(slip: Table) -> None:
    services.undo(slip)
    with pytest.raises(services.Refused, match="Log entry 13 cannot be corrected"):
        services.correct(slip, 13, trick("Ana", "AC AD AH AS"))


def test_as_of_is_the_table_before_the_entry(slip: Table) -> None:
    snap = services.snapshot(slip)
    before = services.as_of(snap, 3)
    assert len(before.events) == 2 and before.prompt.details["tricks_done"] == 2
    assert len(services.snapshot(slip).events) == 13  # nothing stored, nothing cached in its place


def test_the_correct_view_reads_the_form_as_the_table_stood(client: Client, slip: Table) -> None:
    form = {"leader": "0", "card-0": "2C", "card-1": "2D", "card-2": "2H", "card-3": "2S"}
    response = client.post(f"/t/{slip.code}/correct/1/trick/", form, **HTMX)
    assert response.status_code == 200 and 'role="alert"' not in response.content.decode()
    assert totals(slip) == {"Ana": 0, "Ben": 26, "Cleo": 26, "Dan": 26}


def test_the_correct_view_refuses_a_watcher(slip: Table) -> None:
    response = Client().post(f"/t/{slip.code}/correct/1/trick/", {"leader": "0"})
    assert response.status_code == 403
