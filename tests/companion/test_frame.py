"""The table page's frame (issue 8): the line that confirms each write, pending penalties by the totals, the
scoreboard with many players and long names, Check plays' count, the way back from the rules, labelled options."""

from __future__ import annotations

import gzip
import re

from django.test import Client

from companion import services
from companion.board import short_names
from companion.models import Table
from tests.companion.conftest import hand

HTMX = {"HTTP_HX_REQUEST": "true"}


def text(response) -> str:
    body = response.content
    if response.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", body.decode()))


def confirmation(response) -> str:
    match = re.search(r'<div class="confirm"[^>]*>(.*?)</div>', response.content.decode(), re.S)
    assert match, "no confirmation line"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", match.group(1))).strip()


def post(client: Client, table: Table, path: str, data: dict[str, str]):
    table.refresh_from_db()
    return client.post(f"/t/{table.code}/{path}/", {"version": str(table.version)} | data, **HTMX)


# -- what a write changed -----------------------------------------------------------------------------------


def test_each_write_says_what_it_changed_with_undo_or_redo_beside_it(client: Client, table: Table) -> None:
    saved = post(client, table, "record/hand", {"hearts-1": "13", "lady-0": "3"})
    assert confirmation(saved).startswith("Hand 1 saved — Ana 0, Ben +13, Cleo 0, Dan +13")
    assert "↶ Undo" in confirmation(saved)

    undone = post(client, table, "undo", {})
    assert confirmation(undone).startswith("Undone: Hand — Ben 13♥; lady: Dan Hand 1 taken back")
    assert "↷ Redo" in confirmation(undone)

    redone = post(client, table, "redo", {})
    assert confirmation(redone).startswith("Hand 1 back — Ana 0, Ben +13, Cleo 0, Dan +13")

    trick = post(
        client, table, "record/trick", {"leader": "0", "card-0": "2C", "card-1": "3C", "card-2": "4C", "card-3": "5C"}
    )
    assert confirmation(trick).startswith("Saved: Trick led by Ana: 2♣ 3♣ 4♣ 5♣")
    # Every write marks what the prompt asks for next: kibitz.js brings it into view with the line and the totals.
    for answer in (saved, undone, redone, trick):
        assert re.search(r"<form [^>]*class=\"(quick|trick)\"[^>]*data-next", answer.content.decode())


def test_no_confirmation_without_a_write(client: Client, table: Table) -> None:
    services.append(table, [hand(Ben=13)])
    assert 'class="confirm"' not in client.get(f"/t/{table.code}/").content.decode()
    assert 'class="confirm"' not in client.get(f"/t/{table.code}/live/", **HTMX).content.decode()


def test_a_refused_write_has_no_confirmation_and_keeps_the_page(client: Client, table: Table) -> None:
    refused = post(client, table, "record/hand", {"hearts-1": "99", "lady-0": "3"})
    assert refused.status_code == 400
    body = refused.content.decode()
    assert 'class="confirm"' not in body and 'role="alert"' in body and 'id="board"' in body


# -- pending penalties -----------------------------------------------------------------------------------------


def test_a_penalty_during_a_hand_shows_pending_by_the_totals_until_the_hand_is_scored(
    client: Client, table: Table
) -> None:
    saved = post(client, table, "record/penalty", {"player": "1", "reason": "revoke", "when": "next"})
    page = saved.content.decode()
    assert re.search(r'<tr class="pending" data-pending>.*?<td></td><td>\+13</td><td></td><td></td></tr>', page, re.S)
    assert "Ben +13 penalty pending (revoke): it counts when this hand is scored." in text(saved)
    assert confirmation(saved).startswith("Saved: Ben: penalty for a revoke")

    scored = post(client, table, "record/hand", {"hearts-0": "13", "lady-0": "3"})
    assert "data-pending" not in scored.content.decode()
    assert confirmation(scored).startswith("Hand 1 saved — Ana +13, Ben +13, Cleo 0, Dan +13")


def test_pending_penalties_in_german(client: Client, table: Table) -> None:
    post(client, table, "record/penalty", {"player": "1", "reason": "revoke", "when": "next"})
    page = text(client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Ben +13 Strafe offen (nicht bedient): Sie zählt, wenn diese Hand gewertet wird." in page
    assert "Ben: Strafe fürs Nichtbedienen" in page  # the log line


# -- the scoreboard -----------------------------------------------------------------------------------------------


def test_short_names_only_where_a_name_is_too_long_and_never_the_same() -> None:
    assert short_names(["Ana", "Ben", "Cleo", "Dan"]) == ["Ana", "Ben", "Cleo", "Dan"]
    assert short_names(["Christopher", "Christine", "Anna", "Annabel", "Eve", "Max"]) == [
        "Christo.",
        "Christi.",
        "Anna",
        "Annab.",
        "Eve",
        "Max",
    ]
    six = short_names(["Christopher", "Maximilian", "Anna-Lena", "Bartholomew", "Eve", "Friederike"])
    assert six == ["Chr.", "Max.", "Ann.", "Bar.", "Eve", "Fri."]


def test_six_long_names_show_short_in_the_head_and_whole_below(db: None, client: Client) -> None:
    names = ["Christopher", "Maximilian", "Anna-Lena", "Bartholomew", "Eve", "Friederike"]
    table = services.create_table("rickety-kate", names, {})
    page = client.get(f"/t/{table.code}/").content.decode()
    assert '<span class="long">Christopher</span><span class="short" aria-hidden="true">Chr.</span>' in page
    assert "<span>Chr. = Christopher</span>" in page and "Eve =" not in page


def test_the_newest_rows_show_and_a_link_shows_the_earlier_ones(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13), hand(Ben=13), hand(Cleo=13), hand(Dan=13, lady="Ana"), hand(Ana=13)])
    page = client.get(f"/t/{table.code}/").content.decode()
    rows = re.findall(r'<tr(?: class="flash")?><th scope="row">(\d+)</th>', page)
    assert rows == ["3", "4", "5"]
    assert "Earlier rows (2): show" in page and "?rows=all" in page
    every = client.get(f"/t/{table.code}/?rows=all").content.decode()
    assert re.findall(r'<tr(?: class="flash")?><th scope="row">(\d+)</th>', every) == ["1", "2", "3", "4", "5"]
    assert "Earlier rows" not in every


# -- Check plays ------------------------------------------------------------------------------------------------------


def test_check_plays_answers_in_a_sheet_with_the_count_on_the_button(client: Client, table: Table) -> None:
    services.append(
        table,
        [
            {"type": "trick", "leader": "Ana", "cards": ["2C", "3C", "4C", "5H"]},
            {"type": "trick", "leader": "Cleo", "cards": ["6C", "7C", "2D", "8C"]},
        ],
    )
    answer = client.get(f"/t/{table.code}/check/", **HTMX).content.decode()
    assert '<section id="flags" class="flags panel sheet"' in answer and "data-sheet" in answer
    assert "Check plays: 1 found" in re.sub(r"<[^>]+>", "", answer)
    assert 'id="actions" class="bar actions" aria-label="Table actions" hx-swap-oob="true"' in answer
    assert '<span class="count">1</span>' in answer


# -- the rules page leads back ------------------------------------------------------------------------------


def test_the_rules_page_leads_back_to_the_table_it_was_opened_from(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/").content.decode()
    assert f'href="/rules/rickety-kate/?table={table.code}"' in page
    rules = client.get(f"/rules/rickety-kate/?table={table.code}").content.decode()
    assert f'<a class="button primary big" href="/t/{table.code}/">← Back to the table: Rickety Kate</a>' in rules
    assert 'class="back"' not in client.get("/rules/rickety-kate/?table=nosuchtable").content.decode()
    assert 'class="back"' not in client.get("/rules/rickety-kate/").content.decode()


# -- the new-table form: every field named ------------------------------------------------------------------


def test_every_option_is_labelled_and_its_help_is_found(client: Client, db: None) -> None:
    page = client.get("/new/rickety-kate/").content.decode()
    ids = set(re.findall(r' id="([^"]+)"', page))
    for described in re.findall(r'aria-describedby="([^"]+)"', page):
        assert described in ids, described  # Django points each field at its help; the help is there
    for field_id in re.findall(r'<(?:input|textarea|select)[^>]* id="([^"]+)"', page):
        labelled = f'for="{field_id}"' in page or re.search(rf'<label[^>]*>[^<]*<input[^>]* id="{field_id}"', page)
        assert labelled, field_id
    assert page.count("<legend") >= 3  # the choices and the numbers per card are groups with a name


def test_recent_tables_name_the_game_and_who_leads(client: Client, table: Table) -> None:
    services.append(table, [hand(Ben=13)])
    client.get(f"/g/{table.group.token}/")
    page = text(client.get("/"))
    assert "Rickety Kate" in page and "rickety-kate" not in page
    assert "Leading: Ana, Cleo (0)" in page
