"""Live refresh: the table's version is the ETag; an unchanged table answers 304 with one query."""

from __future__ import annotations

from django.test import Client

from companion import services
from companion.models import Table
from tests.companion.conftest import hand


def test_unchanged_table_answers_304(client: Client, table: Table, django_assert_num_queries) -> None:
    services.append(table, [hand(Ana=13)])
    with django_assert_num_queries(1):
        response = client.get(f"/t/{table.code}/live/", HTTP_IF_NONE_MATCH='"1"')
    assert response.status_code == 304 and response.content == b""
    assert response["ETag"] == '"1"' and "no-cache" in response["Cache-Control"]


def test_changed_table_sends_the_parts_that_changed(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    response = client.get(f"/t/{table.code}/live/", HTTP_IF_NONE_MATCH='"0"', HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and response["ETag"] == '"1"'
    for part in ("poller", "scoreboard", "entry", "log", "past", "actions"):
        assert f'id="{part}"' in body
    assert body.count('hx-swap-oob="true"') == 6
    assert '"If-None-Match": "\\"1\\""' in body  # the next poll asks about version 1


def test_viewer_poll_has_no_entry_forms(table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    body = Client().get(f"/t/{table.code}/live/").content.decode()
    assert "Save hand" not in body and "<td>13</td>" in body


def test_table_page_polls_with_its_version(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/").content.decode()
    assert f'hx-get="/t/{table.code}/live/"' in page and 'hx-trigger="every 3s"' in page


def test_unknown_table_poll_is_404(db: None) -> None:
    assert Client().get("/t/nope/live/").status_code == 404
