"""Join codes: a clash is drawn again, codes are long and forgiving to type, stop working a day after the
table finished, and the scorer can replace one."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.test import Client
from django.utils import timezone

from companion import models, services
from companion.models import JOIN_ALPHABET, Table
from tests.companion.conftest import PLAYERS


@pytest.fixture
def viewer(table: Table) -> Client:
    return Client()


FRESH = models.new_join_code


def draws(*codes: str) -> Iterator[str]:
    """new_join_code as a list: the given codes first, then fresh random ones."""
    yield from codes
    while True:
        yield FRESH()


def test_a_join_code_clash_is_drawn_again(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    taken = draws(table.join_code, table.join_code)
    monkeypatch.setattr(models, "new_join_code", lambda: next(taken))
    other = services.create_table("rickety-kate", PLAYERS, {})
    assert other.pk and other.join_code != table.join_code and len(other.join_code) == 8
    assert Table.objects.count() == 2 and other.seats.count() == 4


def test_an_import_retries_a_clash_too(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    taken = draws(table.join_code)
    drawn: list[str] = []
    monkeypatch.setattr(models, "new_join_code", lambda: drawn.append(next(taken)) or drawn[-1])
    data = {"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "events": []}
    response = Client().post("/import/", {"text": json.dumps(data)})
    assert response.status_code == 302
    assert drawn[0] == table.join_code and len(drawn) == 2  # the clash was drawn, then a fresh code
    assert Table.objects.exclude(pk=table.pk).get().join_code == drawn[1]


def test_a_clash_every_time_still_ends(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(models, "new_join_code", lambda: table.join_code)
    with pytest.raises(IntegrityError):
        services.create_table("rickety-kate", PLAYERS, {})
    assert Table.objects.count() == 1


def test_join_codes_are_eight_unambiguous_letters(table: Table) -> None:
    codes = {services.create_table("rickety-kate", PLAYERS, {}).join_code for _ in range(20)}
    assert len(codes) == 20
    assert all(len(code) == 8 and set(code) <= set(JOIN_ALPHABET) for code in codes)


@pytest.mark.parametrize("typed", ["{code}", "{lower}", " {a} {b} ", "{a}-{b}", "{a_lower} {b}"])
def test_join_accepts_the_code_as_people_type_it(viewer: Client, table: Table, typed: str) -> None:
    code = table.join_code
    text = typed.format(code=code, lower=code.lower(), a=code[:4], b=code[4:], a_lower=code[:4].lower())
    response = viewer.get("/join/", {"code": text})
    assert response.status_code == 302 and response["Location"] == f"/t/{table.code}/"


def full_width(text: str) -> str:
    """As a CJK keyboard types it: full-width letters, digits and hyphen, and the ideographic space."""
    return "".join("\u3000" if c == " " else chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@pytest.mark.parametrize("typed", ["{a} {b}", "{a}-{b}", "{lower}"])
def test_full_width_join_code_matches(viewer: Client, table: Table, typed: str) -> None:
    code = table.join_code
    text = full_width(typed.format(a=code[:4], b=code[4:], lower=code.lower()))
    assert not text.isascii() and len(text) <= 12  # what the join field (maxlength 12) lets through
    response = viewer.get("/join/", {"code": text})
    assert response.status_code == 302 and response["Location"] == f"/t/{table.code}/"


def test_normalize_join_code_folds_full_width_forms() -> None:
    assert models.normalize_join_code("ａｂｃｄ\u3000ＥＦＧＨ") == "ABCDEFGH"
    assert models.normalize_join_code("ＡＢＣＤ－２３４５") == "ABCD2345"


def test_share_page_shows_the_code_in_two_groups(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/share/").content.decode()
    assert f"{table.join_code[:4]} {table.join_code[4:]}" in page


def test_join_code_works_until_a_day_after_the_table_finished(viewer: Client, table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(finished=timezone.now() - timedelta(hours=23))
    assert viewer.get("/join/", {"code": table.join_code}).status_code == 302
    Table.objects.filter(pk=table.pk).update(finished=timezone.now() - timedelta(hours=24, minutes=1))
    response = viewer.get("/join/", {"code": table.join_code})
    assert response.status_code == 404
    assert "finished more than a day ago" in response.content.decode()
    assert viewer.get(f"/t/{table.code}/").status_code == 200  # the table's link still works


def test_share_page_says_when_the_join_code_no_longer_works(client: Client, table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(finished=timezone.now() - timedelta(days=2))
    page = client.get(f"/t/{table.code}/share/").content.decode()
    assert "This join code no longer works" in page


def test_scorer_makes_a_new_join_code(client: Client, viewer: Client, table: Table) -> None:
    old = table.join_code
    page = client.get(f"/t/{table.code}/share/").content.decode()
    assert "New join code" in page and "keep watching through its link" in page
    response = client.post(f"/t/{table.code}/share/", {"renew": "join"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.join_code != old and len(table.join_code) == 8
    assert viewer.get("/join/", {"code": old}).status_code == 404
    assert viewer.get("/join/", {"code": table.join_code}).status_code == 302
    assert client.post(f"/t/{table.code}/record/hand/", {"hearts-0": "13", "lady-0": "3"}).status_code == 302


def test_a_new_join_code_keeps_the_scorer_link(client: Client, table: Table) -> None:
    token = table.scorer_token
    client.post(f"/t/{table.code}/share/", {"renew": "join"})
    table.refresh_from_db()
    assert table.scorer_token == token


def test_a_watcher_cannot_make_a_new_join_code(viewer: Client, table: Table) -> None:
    response = viewer.post(f"/t/{table.code}/share/", {"renew": "join"})
    assert response.status_code == 403 and "Only the scorer can make a new join code." in response.content.decode()
    assert Table.objects.get(pk=table.pk).join_code == table.join_code


def test_rotating_retries_a_clash(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    other = services.create_table("rickety-kate", PLAYERS, {})
    taken = draws(other.join_code)
    monkeypatch.setattr(models, "new_join_code", lambda: next(taken))
    new = table.rotate_join_code()
    assert new not in (other.join_code,) and Table.objects.get(pk=table.pk).join_code == new
