"""The history pages through the test client: the group's tables with filters, a player's page, the table
page's history part and notes, who may see them, and a query count that does not grow with the tables."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion import history, services
from companion.models import Table
from tests.companion.history_golden import OPTIONS, build, hand


@pytest.fixture
def tables(db: None) -> dict[str, Table]:
    history.SUMMARIES.clear()
    return build()


@pytest.fixture
def phone(tables: dict[str, Table]) -> Client:
    """A phone in the golden group (joined by its link)."""
    client = Client()
    client.get(f"/g/{tables['T1'].group.token}/")
    return client


def titles(page: str) -> list[str]:
    return re.findall(r'<a class="head" href="/t/[\w-]+/"><strong>(T\d)</strong>', page)


def get(phone: Client, url: str) -> str:
    response = phone.get(url)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def test_every_table_newest_first_with_its_standings(phone: Client) -> None:
    page = get(phone, "/history/")
    assert titles(page) == ["T4", "T3", "T2", "T1"]
    t1 = page[page.index("<strong>T1</strong>") :]
    standings = re.findall(r'<span class="place">(\d)\.</span> <a href="[^"]+">(\w+)</a> <span class="num">(-?\d+)', t1)
    assert standings[:4] == [("1", "Ben", "5"), ("2", "Cleo", "9"), ("3", "Ana", "15"), ("4", "Dan", "23")]
    assert "not finished" in page[page.index("<strong>T4</strong>") :][:400]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("player=Cleo&won=1", ["T2"]),
        ("player=Ben&won=1", ["T3", "T2", "T1"]),
        ("from=2026-01-08&to=2026-01-15", ["T3", "T2"]),
        ("player=Ana&with=Dan", ["T4", "T2", "T1"]),
        ("game=rickety-kate&player=Dan", ["T4", "T2", "T1"]),
        ("game=white-hat", []),
        ("from=not-a-date", ["T4", "T3", "T2", "T1"]),
        ("won=1", ["T4", "T3", "T2", "T1"]),  # "won" needs a player: alone it narrows nothing
    ],
)
def test_filters(phone: Client, query: str, expected: list[str]) -> None:
    assert titles(get(phone, f"/history/?{query}")) == expected


def test_each_table_line_has_a_small_chart_that_is_valid_svg(phone: Client) -> None:
    page = get(phone, "/history/")
    svgs = re.findall(r"<svg .*?</svg>", page, re.S)
    assert len(svgs) == 4
    for svg in svgs:
        root = ElementTree.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.find("{http://www.w3.org/2000/svg}title") is not None
        assert root.get("role") == "img"


def test_player_page_numbers_link_to_their_tables(phone: Client) -> None:
    page = get(phone, "/history/player/Ben/")
    assert '<h2 id="g-rickety-kate">Rickety Kate</h2>' in page
    played = re.search(r"Tables played</dt><dd><a href=\"([^\"]+)\">(\d+)</a>", page)
    assert played and played.group(2) == "3"
    won = re.search(r"Won</dt><dd><a href=\"([^\"]+)\">(\d+)</a>", page)
    assert won and won.group(2) == "3"
    # the linked list holds exactly the tables counted (T4 is not finished, so it is in the list of played
    # tables but in no number)
    assert titles(get(phone, won.group(1).replace("&amp;", "&"))) == ["T3", "T2", "T1"]
    assert "100 %" in page and "6.0" in page  # win rate; average (5 + 0 + 13) / 3
    assert "Hearts per hand" in page and "3.6" in page and "(18 / 5)" in page
    assert re.search(r'Best total</dt><dd><a href="/t/([\w-]+)/">0</a>', page)
    assert page.count("<svg ") == 2  # the placement spread, the rating after each table
    h2h = re.findall(
        r'<tr><th scope="row"><a href="[^"]+">(\w+)</a></th><td><a href="[^"]+">(\d)</a></td>'
        r'<td><a href="[^"]+">(\d)</a></td><td><a href="[^"]+">(\d)</a></td><td><a href="[^"]+">(\d)</a></td>',
        page,
    )
    assert h2h == [("Ana", "3", "3", "0", "0"), ("Cleo", "3", "2", "0", "1"), ("Dan", "2", "1", "0", "1")]


def test_player_page_in_german(phone: Client) -> None:
    page = phone.get("/history/player/Ana/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "21,0" in page  # average 63 / 3, with a decimal comma


def test_unknown_player_and_phones_outside_the_group_see_nothing(phone: Client, tables: dict[str, Table]) -> None:
    assert phone.get("/history/player/Zed/").status_code == 404
    stranger = Client()
    assert stranger.get("/history/").status_code == 404
    stranger.get(f"/t/{tables['T1'].code}/")  # a viewer of one table does not join its group
    assert stranger.get("/history/").status_code == 404
    assert stranger.get("/history/player/Ana/").status_code == 404
    assert stranger.get("/history/tables.csv").status_code == 404


def test_a_name_with_a_slash_has_a_page(db: None) -> None:
    table = services.create_table("rickety-kate", ["A/B", "Ben", "Cleo"], OPTIONS)
    phone = Client()
    phone.get(f"/g/{table.group.token}/")
    assert phone.get("/history/player/A/B/").status_code == 200


def test_query_count_does_not_grow_with_the_tables(phone: Client, tables: dict[str, Table]) -> None:
    def count(url: str) -> int:
        phone.get(url)  # warm: the summaries are derived and cached once
        with CaptureQueriesContext(connection) as queries:
            assert phone.get(url).status_code == 200
        return len(queries)

    few_group, few_player = count("/history/"), count("/history/player/Ana/")
    group = tables["T1"].group
    for i in range(12):
        extra = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], OPTIONS, group=group, title=f"X{i}")
        services.append(extra, [hand("Cleo", Ana=5, Ben=4, Cleo=4)])
    assert count("/history/") == few_group
    assert count("/history/player/Ana/") == few_player


def test_finished_table_shows_its_chart_and_bg_stats_link(phone: Client, tables: dict[str, Table]) -> None:
    page = get(phone, f"/t/{tables['T1'].code}/")
    section = page[page.index('id="past"') :]
    svg = re.search(r"<svg .*?</svg>", section, re.S)
    assert svg is not None
    root = ElementTree.fromstring(svg.group(0))
    desc = root.find("{http://www.w3.org/2000/svg}desc")
    assert desc is not None and "Ana: 0, 15" in (desc.text or "") and "ends at 20" in (desc.text or "")
    assert 'href="https://app.bgstatsapp.com/createPlay.html?data=' in section
    assert f'href="/t/{tables["T1"].code}/rounds.csv"' in section
    unfinished = get(phone, f"/t/{tables['T4'].code}/")
    # a watcher of a table in play: nothing to show yet
    assert re.search(r'<div id="past" hidden( data-digest="\w+")?>', unfinished)


def scorer(table: Table) -> Client:
    client = Client()
    client.get(f"/s/{table.scorer_token}/")
    return client


def test_scorer_notes_the_table_and_a_round(tables: dict[str, Table]) -> None:
    t1 = tables["T1"]
    phone = scorer(t1)
    assert phone.post(f"/t/{t1.code}/note/", {"notes": "  Ben's birthday  "}).status_code == 302
    t1.refresh_from_db()
    assert t1.notes == "Ben's birthday"
    assert services.export_table(t1)["notes"] == "Ben's birthday"
    response = phone.post(f"/t/{t1.code}/note/", {"round": "1", "note": "Dan forgot the lady", "version": t1.version})
    assert response.status_code == 302
    t1.refresh_from_db()
    exported = services.export_table(t1)
    assert exported["events"][0]["note"] == "Dan forgot the lady"
    assert services.snapshot(t1).standings.totals == {"Ana": 15, "Ben": 5, "Cleo": 9, "Dan": 23}  # no score moved
    assert history.summary(t1).notes == ((1, "Dan forgot the lady"),)
    member = Client()
    member.get(f"/g/{t1.group.token}/")
    page = get(member, "/history/")
    assert "Ben&#x27;s birthday" in page and "Dan forgot the lady" in page


def test_a_watcher_cannot_write_notes(tables: dict[str, Table]) -> None:
    t1 = tables["T1"]
    watcher = Client()
    assert watcher.post(f"/t/{t1.code}/note/", {"notes": "hello"}).status_code == 403
    assert watcher.post(f"/t/{t1.code}/note/", {"round": "1", "note": "x"}).status_code == 403
    t1.refresh_from_db()
    assert t1.notes == ""


def test_a_note_on_a_round_that_does_not_exist_is_refused(tables: dict[str, Table]) -> None:
    t1 = tables["T1"]
    phone = scorer(t1)
    version = Table.objects.get(pk=t1.pk).version
    response = phone.post(f"/t/{t1.code}/note/", {"round": "3", "note": "x"})
    assert response.status_code == 400 and "There is no round 3 to note." in response.content.decode()
    assert Table.objects.get(pk=t1.pk).version == version


def test_the_table_page_stores_no_summary(db: None) -> None:
    """The table page works its chart and notes out from the snapshot it holds: a write costs no extra row."""
    from companion.models import TableSummary

    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], OPTIONS)
    phone = scorer(table)
    services.append(table, [hand("Cleo", Ana=13)])
    assert phone.get(f"/t/{table.code}/").status_code == 200
    assert not TableSummary.objects.exists()


def test_the_same_round_note_again_records_nothing(tables: dict[str, Table]) -> None:
    t1 = tables["T1"]
    phone = scorer(t1)
    version = Table.objects.get(pk=t1.pk).version
    assert phone.post(f"/t/{t1.code}/note/", {"round": "2", "note": "  "}).status_code == 302
    assert Table.objects.get(pk=t1.pk).version == version  # no note before, none now: no correction
