"""Presets: a group's named house rules for one game, offered at its next table; a table copies the options it
plays with, so editing or deleting a preset never changes an old table."""

from __future__ import annotations

import pytest
from django.test import Client

from companion import services
from companion.models import Preset, Table
from tests.companion.conftest import hand
from tests.companion.test_groups import start
from tests.companion.test_views import new_table_form

SHORT = {"end_score": 50, "moon": "new"}


@pytest.fixture
def phone(db: None) -> Client:
    """A phone in a group that has played one table."""
    phone = Client()
    start(phone, "Anna", "Ben", "Cleo")
    return phone


def group_of(phone: Client) -> Table:
    return Table.objects.filter(code__in=phone.session["kibitz_seen"]).first().group


def new_table_page(phone: Client, query: str = "") -> str:
    return phone.get(f"/new/rickety-kate/{query}").content.decode()


def test_the_groups_presets_for_the_game_are_offered(phone: Client) -> None:
    group = group_of(phone)
    short = services.save_preset(group, "rickety-kate", "Short", SHORT)
    services.save_preset(group, "white-hat", "Big board", {"board": [[0, 1], [1, 0]]})  # another game's
    stranger = Client()
    theirs = services.save_preset(start(stranger, "Dora", "Emil", "Finn").group, "rickety-kate", "Theirs", {})
    page = new_table_page(phone)
    assert f'href="/new/rickety-kate/?preset={short.pk}"' in page and "Short" in page
    assert "Big board" not in page and "Theirs" not in page and f"?preset={theirs.pk}" not in page
    assert "Short" not in new_table_page(stranger)


def test_choosing_a_preset_fills_the_option_fields(phone: Client) -> None:
    short = services.save_preset(group_of(phone), "rickety-kate", "Short", SHORT)
    page = new_table_page(phone, f"?preset={short.pk}")
    assert 'name="opt_end_score" value="50"' in page
    assert 'value="new" required id="id_opt_moon_1" checked' in page
    assert f'?preset={short.pk}" aria-current="true"' in page  # the chosen one is marked
    plain = new_table_page(phone)
    assert 'name="opt_end_score" value="100"' in plain and 'value="old" required id="id_opt_moon_0" checked' in plain


def test_another_groups_preset_is_never_applied(phone: Client) -> None:
    stranger = Client()
    theirs = services.save_preset(start(stranger, "Dora", "Emil", "Finn").group, "rickety-kate", "Theirs", SHORT)
    page = new_table_page(phone, f"?preset={theirs.pk}")
    assert 'name="opt_end_score" value="100"' in page and "Theirs" not in page


def test_a_new_table_saves_its_house_rules_as_a_preset(phone: Client) -> None:
    form = new_table_form("Anna", "Ben", "Cleo", end_score="50", moon="new") | {"save_preset": "  Short  "}
    assert phone.post("/new/rickety-kate/", form).status_code == 302
    preset = Preset.objects.get()
    table = Table.objects.order_by("-pk").first()
    assert (preset.group, preset.game, preset.name) == (table.group, "rickety-kate", "Short")
    assert preset.options == table.options == SHORT
    again = new_table_form("Anna", "Ben", "Cleo", end_score="70") | {"save_preset": "Short"}
    phone.post("/new/rickety-kate/", again)
    assert list(Preset.objects.values_list("name", "options")) == [("Short", {"end_score": 70})]  # replaced


def test_a_refused_preset_stores_no_table_either(phone: Client) -> None:
    tables = Table.objects.count()
    form = new_table_form("Anna", "Ben", "Cleo") | {"save_preset": "x" * 61}
    response = phone.post("/new/rickety-kate/", form)
    assert response.status_code == 400 and Table.objects.count() == tables and not Preset.objects.exists()


def test_editing_or_deleting_a_preset_never_changes_an_old_table(phone: Client) -> None:
    form = new_table_form("Anna", "Ben", "Cleo", end_score="50", moon="new") | {"save_preset": "Short"}
    phone.post("/new/rickety-kate/", form)
    table = Table.objects.order_by("-pk").first()
    services.append(table, [hand(Anna=0, Ben=13, Cleo=0, lady="Cleo") for _ in range(4)])  # 52 ends a game to 50
    before = services.snapshot(table).standings.as_dict()
    assert before["finished"] and before["winners"] == ["Anna"]

    edit = new_table_form("Anna", "Ben", "Cleo", end_score="200") | {"save_preset": "Short"}
    phone.post("/new/rickety-kate/", edit)
    assert Preset.objects.get(name="Short").options == {"end_score": 200}
    services.SNAPSHOTS.clear()
    table.refresh_from_db()
    assert table.options == SHORT and services.snapshot(table).standings.as_dict() == before

    phone.post(f"/group/presets/{Preset.objects.get().pk}/delete/")
    assert not Preset.objects.exists()
    services.SNAPSHOTS.clear()
    table.refresh_from_db()
    assert table.options == SHORT and services.snapshot(table).standings.as_dict() == before


def test_only_the_group_deletes_its_presets(phone: Client) -> None:
    short = services.save_preset(group_of(phone), "rickety-kate", "Short", SHORT)
    assert "Short" in phone.get("/group/").content.decode()
    assert Client().post(f"/group/presets/{short.pk}/delete/").status_code == 404
    stranger = Client()
    start(stranger, "Dora", "Emil", "Finn")
    assert stranger.post(f"/group/presets/{short.pk}/delete/").status_code == 404
    assert Preset.objects.filter(pk=short.pk).exists()


def test_presets_are_kept_per_game_and_take_any_options(phone: Client) -> None:
    group = group_of(phone)
    board = {"board": {"cells": [["start", "hat"], ["", "end"]], "pawns": 4}}  # a structured option, as White Hat's
    services.save_preset(group, "white-hat", "Short", board)
    services.save_preset(group, "rickety-kate", "Short", SHORT)
    assert Preset.objects.get(game="white-hat").options == board
    assert Preset.objects.get(game="rickety-kate").options == SHORT


def test_a_preset_needs_a_name(phone: Client) -> None:
    with pytest.raises(services.Refused, match="needs a name"):
        services.save_preset(group_of(phone), "rickety-kate", "   ", SHORT)
