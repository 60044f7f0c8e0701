"""Every registered game's tables in the history: the golden table files of tests/cases/ imported into one
group, then its history, a CSV and every player's page, where each game's own stats appear by their labels.
Nothing here names a game: a game that registers shows up."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
from django.test import Client
from django.utils.translation import gettext

from companion import history, services
from companion.models import Group, Table
from games import registry

CASES = Path(__file__).resolve().parents[1] / "cases"


def golden_files() -> dict[str, list[dict]]:
    """The good golden files of each registered game (those with an expected score), by game."""
    found: dict[str, list[dict]] = {}
    for path in sorted(CASES.glob("*.json")):
        if path.name.endswith((".score.json", ".referee.json")) or not path.with_suffix(".score.json").exists():
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("game") in registry.GAMES:
            found.setdefault(data["game"], []).append(data)
    return found


GOLDEN = golden_files()


@pytest.fixture
def group(db: None) -> Group:
    history.SUMMARIES.clear()
    group = Group.objects.create(name="Every game")
    for files in GOLDEN.values():
        for data in files:
            services.import_table(data, group=group)
    return group


def phone(group: Group) -> Client:
    client = Client()
    client.get(f"/g/{group.token}/")
    return client


def test_every_registered_game_has_golden_tables() -> None:
    assert set(GOLDEN) == set(registry.GAMES)


def test_history_lists_every_table_and_draws_valid_charts(group: Group) -> None:
    client = phone(group)
    tables = group.tables.count()
    pages, seen = -(-tables // 20), 0
    for n in range(1, pages + 1):
        page = client.get(f"/history/?page={n}").content.decode()
        seen += page.count('<a class="head"')
        for svg in re.findall(r"<svg .*?</svg>", page, re.S):
            ElementTree.fromstring(svg)
    assert seen == tables


@pytest.mark.parametrize("slug", sorted(GOLDEN))
def test_each_game_filter_and_csv(group: Group, slug: str) -> None:
    client = phone(group)
    wanted = Table.objects.filter(group=group, game=slug).count()
    page = client.get(f"/history/?game={slug}").content.decode()
    assert f"Tables: {wanted}" in page
    rows = list(csv.reader(io.StringIO(client.get(f"/history/tables.csv?game={slug}").content.decode())))
    expected = sum(
        len(services.snapshot(t).standings.rounds) * len(services.snapshot(t).players)
        for t in Table.objects.filter(group=group, game=slug)
    )
    assert len(rows) - 1 == expected and {r[1] for r in rows[1:]} <= {slug}


@pytest.mark.parametrize("slug", sorted(GOLDEN))
def test_every_player_page_shows_the_games_own_stats(group: Group, slug: str) -> None:
    client = phone(group)
    game = registry.get(slug)
    finished = [t for t in Table.objects.filter(group=group, game=slug) if history.summary(t).counts]
    players = {p for t in finished for p in history.summary(t).players}
    for name in sorted(players):
        response = client.get(f"/history/player/{name}/")
        assert response.status_code == 200, (slug, name)
        page = response.content.decode()
        assert f'id="g-{slug}"' in page
        section = page[page.index(f'id="g-{slug}"') :]
        for stat in game.stat_info():
            if not re.fullmatch(r"place-\d+", stat.key):
                assert gettext(stat.label).replace("'", "&#x27;") in section, (slug, stat.key)
        for svg in re.findall(r"<svg .*?</svg>", page, re.S):
            ElementTree.fromstring(svg)
        section = section[: section.find("</section>")]
        captions = re.findall(r"<figure class=\"chart-box\"><figcaption>([^<]*)</figcaption><svg", section)
        assert captions[0] == "Places at the end of each table" and section.count("<svg") == len(captions)


def test_a_game_scored_by_place_each_round_has_its_second_place_chart_titled(group: Group) -> None:
    """A game whose stats count places round by round (Hood Politix today) draws those as a second chart."""
    client, seconds = phone(group), []
    for name in sorted(group.players.values_list("name", flat=True)):
        page = client.get(f"/history/player/{name}/").content.decode()
        seconds += re.findall(r"</figure><figure class=\"chart-box\"><figcaption>([^<]*)</figcaption>", page)
    assert "Places in each round" in seconds
    assert set(seconds) == {"Places in each round", "Rating after each table"}  # every game's players are rated


@pytest.mark.parametrize("slug", sorted(GOLDEN))
def test_a_finished_table_page_has_its_chart_and_bg_stats_link(group: Group, slug: str) -> None:
    client = phone(group)
    finished = [t for t in Table.objects.filter(group=group, game=slug) if history.summary(t).counts]
    assert finished, slug
    for table in finished[:3]:
        page = client.get(f"/t/{table.code}/").content.decode()
        section = page[page.index('id="past"') :]
        if history.summary(table).progression:
            ElementTree.fromstring(re.search(r"<svg .*?</svg>", section, re.S).group(0))  # type: ignore[union-attr]
        assert "https://app.bgstatsapp.com/createPlay.html?data=" in section
