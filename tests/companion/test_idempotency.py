"""A tap sent twice records once; a write against an old version is refused with the new state."""

from __future__ import annotations

from django.test import Client

from companion import services
from companion.models import Table
from tests.companion.conftest import hand

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_same_key_twice_records_once(client: Client, table: Table) -> None:
    form = {"hearts-0": "13", "lady-0": "3", "version": "0", "key": "tap-1"}
    first = client.post(f"/t/{table.code}/record/hand/", form, **HTMX)
    again = client.post(f"/t/{table.code}/record/hand/", form, **HTMX)  # the retry carries the old version
    assert first.status_code == again.status_code == 200
    assert table.events.count() == 1
    assert "<td>13</td>" in again.content.decode()


def test_the_same_key_on_undo_undoes_once(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13), hand(Ben=13)])
    for _ in range(2):
        client.post(f"/t/{table.code}/undo/", {"key": "undo-1"})
    assert list(table.events.values_list("retracted", flat=True)) == [False, True]


def test_idempotency_key_header_for_scripts(table: Table) -> None:
    script = Client(HTTP_X_KIBITZ_SCORER=table.scorer_token, HTTP_IDEMPOTENCY_KEY="k-1")
    for _ in range(3):
        script.post(f"/t/{table.code}/record/penalty/", {"player": "1", "reason": "revoke"})
    assert table.events.count() == 1


def test_stale_write_is_refused_and_keeps_what_was_typed(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])  # another phone, a moment ago
    form = {"hearts-0": "4", "hearts-1": "9", "lady-0": "3", "version": "0", "key": "late"}
    response = client.post(f"/t/{table.code}/record/hand/", form, **HTMX)
    body = response.content.decode()
    assert response.status_code == 409 and "Not saved: another phone saved this first." in body
    assert 'name="hearts-1" min="0" max="13" value="9"' in body  # the typed value is still there
    assert 'name="version" value="1"' in body  # saving again confirms against the new state
    assert table.events.count() == 1


def test_an_over_long_key_is_refused_not_cut(client: Client, table: Table) -> None:
    """Two keys that share their first 64 characters are different writes: neither may be dropped as a repeat."""
    prefix = "k" * 64
    first = client.post(f"/t/{table.code}/record/hand/", {"hearts-0": "13", "lady-0": "3", "key": prefix + "-a"})
    assert first.status_code == 400
    assert "longer than 64 characters" in first.content.decode()
    assert table.events.count() == 0


def test_keys_are_compared_whole(table: Table) -> None:
    services.append(table, [hand(Ana=13)], key="x" * 63 + "a")
    services.append(table, [hand(Ben=13)], key="x" * 63 + "b")
    assert table.events.count() == 2
