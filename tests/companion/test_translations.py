"""One way to translate: the game's Texts (refusals, flags, log lines, headlines, round explanations, table-file
errors) and its rules files reach a German reader in German, while the commands keep printing English."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation
from django.utils.translation import trans_real

from companion import checks as game_checks
from companion import services
from companion.models import Table
from tests.companion.conftest import PLAYERS, hand, msgids_in
from tests.companion.test_broken_tables import break_entry
from tests.companion.test_views import HTMX, new_table_form, quick

DE = {"HTTP_ACCEPT_LANGUAGE": "de"}
GAMES = Path(__file__).resolve().parents[2] / "games"


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    translation.deactivate()  # a German request leaves its language active in this thread


def page(response) -> str:
    return response.content.decode()


def trick(client: Client, table: Table, leader: int, *cards: str) -> None:
    data = {"leader": str(leader)} | {f"card-{i}": c for i, c in enumerate(cards)}
    assert client.post(f"/t/{table.code}/record/trick/", data, **HTMX).status_code == 200


def test_an_engine_refusal_reads_in_german(client: Client, table: Table) -> None:
    for extra in ({}, HTMX):
        response = client.post(f"/t/{table.code}/record/hand/", quick(Ana=4, Ben=8), **extra, **DE)
        assert response.status_code == 400
        assert "die Herzen ergeben zusammen 12, im Spiel sind aber 13" in page(response)
        assert "add up to" not in page(response)
    english = client.post(f"/t/{table.code}/record/hand/", quick(Ana=4, Ben=8))
    assert "the hearts add up to 12, but 13 are in play" in page(english)


def test_check_plays_names_the_breach_in_german(client: Client, table: Table) -> None:
    trick(client, table, 0, "2C", "3C", "4C", "5H")  # Dan throws a heart on clubs...
    trick(client, table, 3, "6C", "2D", "3D", "4D")  # ...then plays a club
    checked = page(client.get(f"/t/{table.code}/check/", **DE))
    assert (
        "Stich 1 der Hand 1: Dan spielte 5♥ auf ausgespieltes Kreuz, obwohl 6♣ auf der Hand war (später gespielt)."
    ) in checked
    assert "Farbe bedienen" in checked  # the rule's title, from the German rules file
    assert "on a club lead" in page(client.get(f"/t/{table.code}/check/"))


def test_log_lines_headline_and_round_explanations_in_german(client: Client, table: Table) -> None:
    client.post(f"/t/{table.code}/record/penalty/", {"player": "1", "reason": "revoke", "when": "next"})
    client.post(f"/t/{table.code}/record/hand/", quick(Ana=13))
    trick(client, table, 0, "2C", "3C", "4C", "5C")
    german = page(client.get(f"/t/{table.code}/", **DE))
    assert "Stich, ausgespielt von Ana: 2♣ 3♣ 4♣ 5♣" in german  # a log line
    assert "Ben: Strafe fürs Nichtbedienen" in german  # another: a revoke penalty
    assert "Ben +13 Strafe (nicht bedient)" in german  # the first hand's explanation
    assert "Hand 2, Stich 2: Dan spielt aus." in german  # the headline
    english = page(client.get(f"/t/{table.code}/"))
    assert "Trick led by Ana: 2♣ 3♣ 4♣ 5♣" in english and "Ben +13 penalty (revoke)" in english


def test_a_broken_log_is_explained_in_german(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13), hand(Ben=13)])
    break_entry(table, 2, hand(Ben=12))
    german = page(client.get(f"/t/{table.code}/", **DE))
    assert "bricht bei Eintrag 2 ab: die Herzen ergeben zusammen 12, im Spiel sind aber 13." in german


def test_the_new_table_form_refuses_in_german(client: Client, db: None) -> None:
    response = client.post("/new/rickety-kate/", new_table_form("Ana", "Ana", "Cleo"), **DE)
    assert response.status_code == 400 and "Ana sitzt doppelt am Tisch" in page(response)
    assert not Table.objects.exists()


def test_the_import_page_refuses_in_german(client: Client, db: None) -> None:
    data = {"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "events": [hand(Ana=2)]}
    response = client.post("/import/", {"text": json.dumps(data)}, **DE)
    assert response.status_code == 400
    assert "Ereignis 0: die Herzen ergeben zusammen 2, im Spiel sind aber 13" in page(response)
    not_json = client.post("/import/", {"text": "{"}, **DE)
    assert not_json.status_code == 400 and "kein JSON-Dokument (Zeile 1, Spalte 2:" in page(not_json)
    wrong_players = dict(data, players=["Ana", "Ana", "Ben"])
    response = client.post("/import/", {"text": json.dumps(wrong_players)}, **DE)
    assert "players: Ana sitzt doppelt am Tisch" in page(response)
    assert not Table.objects.exists()


def test_the_rules_page_comes_from_the_language_file(client: Client, db: None) -> None:
    german = page(client.get("/rules/rickety-kate/", **DE))
    assert "Farbe bedienen" in german and "Rickety Kate auf einen Blick" in german
    english = page(client.get("/rules/rickety-kate/"))
    assert "Follow suit" in english and "Farbe bedienen" not in english


def test_the_commands_print_english_whatever_language_is_active(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    data = {"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "events": [hand(Ana=2)]}
    path.write_text(json.dumps(data), encoding="utf-8")
    err = StringIO()
    with translation.override("de"), pytest.raises(SystemExit):
        call_command("score", str(path), stderr=err)
    assert err.getvalue().strip() == "event 0: the hearts add up to 2, but 13 are in play"


def _game_msgids() -> dict[str, str]:
    """Every T("..."), TN("...", "...") and gettext_noop("...") in games/: what the web shows of the games."""
    found: dict[str, str] = {}
    for path in GAMES.rglob("*.py"):
        found |= msgids_in(path)
    return found


def test_every_game_word_has_german_with_the_same_placeholders() -> None:
    catalogue = trans_real.translation("de")._catalog
    msgids = _game_msgids()
    assert len(msgids) > 100 and any(msgids.values())  # the walk really finds them, plurals too
    forms = {m: game_checks.translations(catalogue, m, plural) for m, plural in msgids.items()}
    missing = sorted(m for m, found in forms.items() if found is None)
    assert missing == [], "run bin/translations after adding the German to companion/locale/words/de/"
    for msgid, plural in msgids.items():
        assert game_checks.same_placeholders(msgid, plural, forms[msgid] or []), msgid


GETTEXTS = {"_", "gettext", "ngettext", "pgettext", "npgettext", "gettext_lazy", "gettext_noop"}


def test_no_message_is_looked_up_inside_an_f_string() -> None:
    """makemessages does not read inside an f-string: a message looked up there is never collected, so it is never
    translated (the Hood Politix card chooser's words were English in every language until this test)."""
    found = []
    for path in sorted((GAMES.parent / "companion").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.JoinedStr):
                calls = [n for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
                found += [f"{path.name}:{call.lineno}" for call in calls if call.func.id in GETTEXTS]  # type: ignore[attr-defined]
    assert found == []
