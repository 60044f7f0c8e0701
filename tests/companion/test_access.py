"""Access: anyone with the link watches; only the scorer's phone changes anything, and every refusal is clear."""

from __future__ import annotations

import pytest
from django.test import Client

from companion import services
from companion.models import Table
from tests.companion.conftest import PLAYERS, hand

WATCH_ONLY = "This phone can watch the table but not change it"
QUICK = {"hearts-0": "13", "lady-0": "3"}


@pytest.fixture
def viewer(table: Table) -> Client:
    return Client()


def writes(table: Table) -> list[tuple[str, dict[str, str]]]:
    return [
        (f"/t/{table.code}/record/hand/", QUICK),
        (f"/t/{table.code}/record/penalty/", {"player": "0", "reason": "revoke"}),
        (f"/t/{table.code}/undo/", {}),
        (f"/t/{table.code}/redo/", {}),
    ]


def test_tokens_are_unguessable_and_distinct(table: Table) -> None:
    other = services.create_table("rickety-kate", PLAYERS, {})
    assert len(table.code) >= 12 and len(table.scorer_token) >= 24
    assert table.code != table.scorer_token and not table.code.isdigit()
    assert other.code != table.code and other.scorer_token != table.scorer_token


def test_viewer_sees_everything_and_no_entry(viewer: Client, table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9)])
    page = viewer.get(f"/t/{table.code}/").content.decode()
    assert "You are watching." in page and "Save hand" not in page and "Undo" not in page
    assert "<td>9</td>" in page  # the scores are all there


@pytest.mark.parametrize("htmx", [False, True])
def test_viewer_cannot_write(viewer: Client, table: Table, htmx: bool) -> None:
    services.append(table, [hand(Ana=13)])
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    for url, data in writes(table):
        response = viewer.post(url, data, **extra)
        assert response.status_code == 403, url
        assert WATCH_ONLY in response.content.decode()
    assert list(table.events.values_list("retracted", flat=True)) == [False]


def test_stranger_without_the_link_gets_404(db: None) -> None:
    stranger = Client()
    assert stranger.get("/t/not-a-table/").status_code == 404
    assert stranger.post("/t/not-a-table/record/hand/", QUICK).status_code == 404
    assert stranger.get("/s/not-a-token/").status_code == 404


def test_wrong_token_in_header_or_link_changes_nothing(table: Table) -> None:
    forger = Client(HTTP_X_KIBITZ_SCORER="x" * 24)
    assert forger.post(f"/t/{table.code}/record/hand/", QUICK).status_code == 403
    assert Client().get(f"/s/{table.code}/").status_code == 404  # the viewer code is not a scorer token
    assert table.events.count() == 0


def test_scorer_token_in_a_header_works_for_scripts(table: Table) -> None:
    script = Client(HTTP_X_KIBITZ_SCORER=table.scorer_token)
    assert script.post(f"/t/{table.code}/record/hand/", QUICK).status_code == 302
    assert table.events.count() == 1


def test_forged_browser_post_without_csrf_is_refused(table: Table) -> None:
    browser = Client(enforce_csrf_checks=True)
    browser.get(f"/s/{table.scorer_token}/")  # a real scorer phone, tricked by another site
    for url, data in writes(table):
        assert browser.post(url, data).status_code == 403
    assert table.events.count() == 0


def test_scorer_link_makes_a_second_scorer(table: Table) -> None:
    second = Client()
    second.get(f"/s/{table.scorer_token}/")
    assert second.post(f"/t/{table.code}/record/hand/", QUICK).status_code == 302
    assert table.events.count() == 1


def test_hand_over_stops_the_other_phones(client: Client, table: Table) -> None:
    old = Client()
    old.get(f"/s/{table.scorer_token}/")
    assert client.post(f"/t/{table.code}/share/", {"confirm": "yes"}).status_code == 302
    assert old.post(f"/t/{table.code}/record/hand/", QUICK).status_code == 403
    assert client.post(f"/t/{table.code}/record/hand/", QUICK).status_code == 302
    table.refresh_from_db()
    new = Client()
    new.get(f"/s/{table.scorer_token}/")
    assert new.post(f"/t/{table.code}/record/hand/", {"hearts-1": "13", "lady-0": "3"}).status_code == 302


def test_viewer_cannot_hand_over(viewer: Client, table: Table) -> None:
    token = table.scorer_token
    response = viewer.post(f"/t/{table.code}/share/")
    assert response.status_code == 403 and "Only the scorer can hand scoring over." in response.content.decode()
    table.refresh_from_db()
    assert table.scorer_token == token


def test_share_page_shows_the_scorer_link_only_to_the_scorer(client: Client, viewer: Client, table: Table) -> None:
    assert table.scorer_token in client.get(f"/t/{table.code}/share/").content.decode()
    page = viewer.get(f"/t/{table.code}/share/").content.decode()
    assert table.scorer_token not in page and table.join_code_display in page and "<svg" in page


def test_join_code_opens_the_viewer_link(viewer: Client, table: Table) -> None:
    response = viewer.get("/join/", {"code": table.join_code.lower()})
    assert response.status_code == 302 and response["Location"] == f"/t/{table.code}/"
    missing = viewer.get("/join/", {"code": "ZZZZZZ"})
    assert missing.status_code == 404 and "No table has the code ZZZZZZ." in missing.content.decode()


def test_home_lists_only_this_phones_tables(client: Client, viewer: Client, table: Table) -> None:
    assert f"/t/{table.code}/" in client.get("/").content.decode()
    assert f"/t/{table.code}/" not in Client().get("/").content.decode()


def test_taking_scoring_back_asks_first(client: Client, table: Table) -> None:
    """A new scorer link cuts off the other phones, so the first tap only asks; nothing changes until Yes."""
    token = table.scorer_token
    response = client.post(f"/t/{table.code}/share/")
    body = response.content.decode()
    assert response.status_code == 200 and "Take scoring back?" in body and 'name="confirm" value="yes"' in body
    table.refresh_from_db()
    assert table.scorer_token == token
    client.post(f"/t/{table.code}/share/", {"confirm": "yes"})
    table.refresh_from_db()
    assert table.scorer_token != token
