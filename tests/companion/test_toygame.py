"""The fifth-game trial, kept as a test: Tally (tests/toygame) is a game whose folder holds every piece
docs/games.md asks for and nothing else, registered with the one line a new game needs. Its second entry action
(a bonus) and its stats go through the whole web app; its golden case through the real commands."""

from __future__ import annotations

import json
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from companion import history, services
from companion.models import Group, Table
from games import registry
from tests.companion.test_checks import Copy, copy, problems  # noqa: F401  (copy: the fixture)
from tests.companion.test_every_game import new_table_data
from tests.test_golden import without_explain, without_message
from tests.toygame import GAME as TALLY

HTMX = {"HTTP_HX_REQUEST": "true"}
TOYGAME = Path(__file__).resolve().parents[1] / "toygame"
CASES = sorted(p for p in (TOYGAME / "cases").glob("*.json") if p.name.count(".") == 1)
# Every file a game needs, as docs/games.md lists them (for a game in the tests folder: its words, strategies and
# golden cases in its own package); cases/README.md says how the case's numbers were worked out.
PIECES = {
    "__init__.py",
    "web/__init__.py",
    "web/templates/entry.html",
    "web/templates/panel.html",
    *(f"rules/{lang}.txt" for lang in ("en", "de", "fr", "es")),
    *(f"words/{lang}.py" for lang in ("de", "fr", "es")),
    "strategies.py",
    *(f"cases/3p-bonus-over-cap{kind}.json" for kind in ("", ".score", ".referee")),
    "cases/README.md",
}


@pytest.fixture
def tally() -> Iterator[None]:
    registry.register(TALLY)  # the one line a new game needs
    yield
    registry.unregister(TALLY.slug)


def run(command: str, path: Path) -> object:
    out = StringIO()
    call_command(command, str(path), stdout=out)
    return json.loads(out.getvalue())


def test_the_folder_holds_every_piece_and_nothing_else() -> None:
    files = {str(p.relative_to(TOYGAME)) for p in TOYGAME.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert files == PIECES


@pytest.mark.parametrize("piece", sorted(PIECES - {"__init__.py", "cases/README.md"}))
def test_each_piece_taken_away_is_named_by_check(copy: Copy, piece: str) -> None:  # noqa: F811
    copy.path(piece).unlink()
    assert problems(copy), piece


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_golden_case_through_score_and_referee(tally: None, path: Path) -> None:
    expected = json.loads(path.with_name(f"{path.stem}.score.json").read_text(encoding="utf-8"))
    assert without_explain(run("score", path)) == without_explain(expected)  # type: ignore[arg-type]
    flags = json.loads(path.with_name(f"{path.stem}.referee.json").read_text(encoding="utf-8"))
    assert without_message(run("referee", path)) == flags  # type: ignore[arg-type]


def test_stats_count_bonuses_and_points_per_round() -> None:
    data = json.loads(CASES[0].read_text(encoding="utf-8"))
    options = TALLY.options(data["options"], data["players"])
    state = TALLY.replay(data["players"], options, [TALLY.parse(e) for e in data["events"]])
    assert TALLY.stats(state) == {
        "Ana": {"bonuses": 0, "points": 11, "rounds": 2},
        "Ben": {"bonuses": 0, "points": 13, "rounds": 2},
        "Cleo": {"bonuses": 1, "points": 3, "rounds": 2},
    }
    keys = {key for stat in TALLY.stat_info() for key in (stat.key, stat.per) if key}
    assert keys == set(TALLY.stats(state)["Ana"])


def test_a_bonus_after_a_round_and_its_refusal(tally: None, client: Client, db: None) -> None:
    table = client.post("/new/tally/", new_table_data(TALLY))["Location"]
    code = table.strip("/").split("/")[-1]
    assert client.post(f"/t/{code}/record/round/", {"points-0": "4", "points-1": "6"}).status_code == 302
    refused = client.post(f"/t/{code}/record/bonus/", {"player": "1", "bonus": "0"}, **HTMX)
    assert refused.status_code == 400 and "Bonus must be from 1 to 100." in refused.content.decode()
    assert client.post(f"/t/{code}/record/bonus/", {"player": "1", "bonus": "5"}, **HTMX).status_code == 200
    page = client.get(table).content.decode()
    assert "Bonus: Ben +5" in page and "Ben: bonus" in page  # the log line and the row's explanation
    assert "Round 2 of 3." in page and "Tally: 1 of 3 rounds played" in page  # a bonus counts no round
    snap = services.snapshot(Table.objects.get(code=code))
    assert snap.standings.totals == {"Ana": 4, "Ben": 11}


def test_a_round_is_fixed_through_its_form(tally: None, client: Client, db: None) -> None:
    table = client.post("/new/tally/", new_table_data(TALLY))["Location"]
    code = table.strip("/").split("/")[-1]
    client.post(f"/t/{code}/record/round/", {"points-0": "4", "points-1": "6"})
    seq = Table.objects.get(code=code).events.get().seq
    page = client.get(f"{table}?fix={seq}").content.decode()
    assert f"/t/{code}/correct/{seq}/round/" in page and 'name="points-1" value="6"' in page
    response = client.post(f"/t/{code}/correct/{seq}/round/", {"points-0": "4", "points-1": "3"})
    assert response.status_code == 302
    assert services.snapshot(Table.objects.get(code=code)).standings.totals == {"Ana": 4, "Ben": 3}


def test_a_players_page_shows_tallys_stats(tally: None, client: Client, db: None) -> None:
    history.SUMMARIES.clear()
    group = Group.objects.create(name="Tally night")
    services.import_table(json.loads(CASES[0].read_text(encoding="utf-8")), group=group)
    client.get(f"/g/{group.token}/")
    page = client.get("/history/player/Cleo/").content.decode()
    section = page[page.index('id="g-tally"') :]
    assert "Bonuses" in section and "Points per round" in section
