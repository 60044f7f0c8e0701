"""Every registered game through the whole web app, and a throw-away game (tests/toygame) registered with one
line to show a new game needs nothing outside its own folder."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module

import pytest
from django import forms
from django.core import checks
from django.test import Client

from companion import checks as game_checks
from companion.models import Table
from companion.newtable import NewTableForm
from games import registry
from games.base import Game
from tests.toygame import GAME as TALLY

HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"]


@pytest.fixture(params=[*registry.GAMES, TALLY.slug])
def game(request: pytest.FixtureRequest) -> Iterator[Game]:
    if request.param == TALLY.slug:
        registry.register(TALLY)  # the one line a new game needs
    yield registry.get(request.param)
    if request.param == TALLY.slug:
        registry.unregister(TALLY.slug)


def new_table_data(game: Game) -> dict[str, str]:
    """The new-table form as a phone posts it untouched: the fewest players, every option at its default."""
    form = NewTableForm(game)
    data = {f"player_{i}": name for i, name in enumerate(NAMES[: game.min_players])}
    for name, field in form.fields.items():
        initial = form.get_initial_for_field(field, name)
        if name.startswith("player_") or initial in (None, ""):
            continue
        if isinstance(field, forms.MultiValueField):  # a mapping: one input per key
            for k, value in enumerate(field.widget.decompress(initial)):
                data[f"{name}_{k}"] = str(value)
        elif isinstance(field, forms.BooleanField):
            if initial:
                data[name] = "on"
        else:
            data[name] = str(initial)
    return data


def demo(game: Game) -> list[tuple[str, dict[str, str]]]:
    return import_module(game.web).DEMO


@pytest.fixture
def table(game: Game, client: Client, db: None) -> Table:
    """A table made through the new-table form; `client` is its scorer."""
    response = client.post(f"/new/{game.slug}/", new_table_data(game))
    assert response.status_code == 302, response.content.decode()[:2000]
    return Table.objects.get(code=response["Location"].strip("/").split("/")[-1])


def test_the_new_table_page_shows_every_option(game: Game, client: Client, db: None) -> None:
    page = client.get(f"/new/{game.slug}/").content.decode()
    for info in game.option_info():
        if info.rule:
            assert f"/rules/{game.slug}/#{info.rule}" in page


def test_scorer_and_watcher_see_the_table(game: Game, table: Table, client: Client) -> None:
    scorer = client.get(f"/t/{table.code}/")
    watcher = Client().get(f"/t/{table.code}/")
    assert scorer.status_code == watcher.status_code == 200
    assert 'name="version"' in scorer.content.decode()  # the entry forms
    assert "You are watching." in watcher.content.decode()


def test_entries_plain_and_htmx_then_undo_and_redo(game: Game, table: Table, client: Client) -> None:
    (action, data), *rest = demo(game)
    assert client.post(f"/t/{table.code}/record/{action}/", data).status_code == 302
    for action, data in rest:
        response = client.post(f"/t/{table.code}/record/{action}/", data, **HTMX)
        assert response.status_code == 200 and 'role="alert"' not in response.content.decode()
        assert response.content.decode().lstrip().startswith('<div id="board"')
    assert table.events.filter(retracted=False).count() >= len(demo(game))
    assert client.post(f"/t/{table.code}/undo/", **HTMX).status_code == 200
    assert table.events.filter(retracted=True).count() == 1
    assert client.post(f"/t/{table.code}/redo/", **HTMX).status_code == 200
    assert not table.events.filter(retracted=True).exists()


def test_live_check_export_and_standings(game: Game, table: Table, client: Client) -> None:
    for action, data in demo(game):
        client.post(f"/t/{table.code}/record/{action}/", data)
    table.refresh_from_db()
    live = client.get(f"/t/{table.code}/live/")
    assert live.status_code == 200 and live["ETag"] == f'"{table.version}"'
    assert client.get(f"/t/{table.code}/live/", HTTP_IF_NONE_MATCH=live["ETag"]).status_code == 304
    assert client.get(f"/t/{table.code}/check/").status_code == 200
    assert client.get(f"/t/{table.code}/check/", **HTMX).status_code == 200
    assert client.get(f"/t/{table.code}/export.json").json()["game"] == game.slug
    assert client.get(f"/t/{table.code}/standings.json").json()["game"] == game.slug


def test_the_rules_page_has_every_rule_and_option(game: Game, client: Client, db: None) -> None:
    page = client.get(f"/rules/{game.slug}/").content.decode()
    for anchor in [*game.rule_ids, *(info.rule for info in game.option_info() if info.rule)]:
        assert f'id="{anchor}"' in page, anchor


def test_a_complete_game_passes_the_start_up_checks(game: Game) -> None:
    assert game_checks.missing(game) == []


class HalfAGame:
    """What a developer might register too early: a name and not much else."""

    slug = "half"
    name = "Half a game"


def test_an_incomplete_game_is_named_at_start_up() -> None:
    registry.register(HalfAGame())  # type: ignore[arg-type]
    try:
        errors = [e for e in game_checks.games_are_complete() if isinstance(e, checks.Error)]
    finally:
        registry.unregister("half")
    assert len(errors) == 1 and errors[0].id == "kibitz.E001"
    assert "game 'half': the game lacks min_players" in errors[0].msg and "resume" in errors[0].msg


def test_a_game_without_its_template_or_rules_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.register(TALLY)
    try:
        monkeypatch.setattr(type(TALLY), "web", "tests.toygame.nowhere")
        assert game_checks.missing(TALLY)[0][0] == "E002"
        monkeypatch.setattr(type(TALLY), "web", "tests.toygame")  # a module without ACTIONS, DEMO or templates
        assert {code for code, _ in game_checks.missing(TALLY)} == {"E002", "E003", "W004"}
        monkeypatch.setattr(type(TALLY), "web", "tests.toygame.web")
        monkeypatch.setattr(type(TALLY), "rule_ids", ("tally.cap", "tally.unwritten"))
        assert game_checks.missing(TALLY) == [
            ("E004", "its rules page has no section [tally.unwritten]: add it to tests/toygame/rules/en.txt")
        ]
    finally:
        registry.unregister(TALLY.slug)


def test_the_toy_games_panel_and_row_label_show(client: Client, db: None) -> None:
    registry.register(TALLY)
    try:
        response = client.post("/new/tally/", new_table_data(TALLY))
        page = client.get(response["Location"]).content.decode()
    finally:
        registry.unregister(TALLY.slug)
    assert "Tally: 0 of 3 rounds played" in page and '<th scope="col">Round</th>' in page
