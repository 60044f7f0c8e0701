"""Exports: CSV per table and per group (RFC 4180), the BG Stats link (its documented play JSON), the group
backup and restore commands (an exact round trip), and the import page's preview."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from urllib.parse import unquote

import pytest
from django.core.management import call_command
from django.test import Client

from companion import exports, history, services
from companion.backup import backup, restore
from companion.models import Group, Table
from tests.companion.history_golden import OPTIONS, build


@pytest.fixture
def tables(db: None) -> dict[str, Table]:
    history.SUMMARIES.clear()
    return build()


def test_table_csv_has_a_row_per_round_and_player(tables: dict[str, Table]) -> None:
    t1 = tables["T1"]
    response = Client().get(f"/t/{t1.code}/rounds.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert f'filename="kibitz-rickety-kate-{t1.code}.csv"' in response["Content-Disposition"]
    text = response.content.decode("utf-8")
    assert text.endswith("\r\n") and text.count("\r\n") == 1 + 2 * 4  # RFC 4180: CRLF after every record
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["table", "game", "played_on", "title", "round", "seat", "player", "points", "total"]
    by_hand = [
        ["1", "1", "Ana", "0", "0"],
        ["1", "2", "Ben", "3", "3"],
        ["1", "3", "Cleo", "7", "7"],
        ["1", "4", "Dan", "16", "16"],
        ["2", "1", "Ana", "15", "15"],
        ["2", "2", "Ben", "2", "5"],
        ["2", "3", "Cleo", "2", "9"],
        ["2", "4", "Dan", "7", "23"],
    ]
    assert [r[4:] for r in rows[1:]] == by_hand
    assert {tuple(r[:4]) for r in rows[1:]} == {(t1.code, "rickety-kate", "2026-01-01", "T1")}


def test_csv_quotes_and_guards_text_fields(db: None) -> None:
    table = services.create_table("rickety-kate", ['Ana, "A"', "=SUM(A1)", "Cleo"], OPTIONS, title="Line\nbreak")
    services.append(table, [{"type": "hand", "hearts": {"Cleo": 13}, "lady": "Cleo"}])
    text = exports.as_csv([table])
    assert '"Ana, ""A"""' in text  # a comma and quotes: quoted, quotes doubled
    assert '"Line\nbreak"' in text
    rows = list(csv.reader(io.StringIO(text)))
    assert [r[6] for r in rows[1:]] == ['Ana, "A"', "'=SUM(A1)", "Cleo"]  # no formula runs in a spreadsheet


def test_group_csv_holds_the_filtered_tables_oldest_first(tables: dict[str, Table]) -> None:
    phone = Client()
    phone.get(f"/g/{tables['T1'].group.token}/")
    rows = list(csv.reader(io.StringIO(phone.get("/history/tables.csv").content.decode())))
    assert [r[3] for r in rows[1:]] == ["T1"] * 8 + ["T2"] * 4 + ["T3"] * 6 + ["T4"] * 4
    rows = list(csv.reader(io.StringIO(phone.get("/history/tables.csv?player=Cleo&won=1").content.decode())))
    assert {r[3] for r in rows[1:]} == {"T2"}


def test_bg_stats_play_follows_its_documented_format(tables: dict[str, Table]) -> None:
    t1 = tables["T1"]
    link = exports.bg_stats_link(services.snapshot(t1))
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = link.split("?data=", 1)[1]
    assert all(ch not in data for ch in ' {}"&#')  # the JSON is URL-encoded whole
    play = json.loads(unquote(data))
    assert play == {
        "sourceName": "Kibitz",
        "sourcePlayId": t1.code,
        "playDate": "2026-01-01 00:00:00",
        "game": {"name": "Rickety Kate", "sourceGameId": "rickety-kate", "highestWins": False, "noPoints": False},
        "players": [
            {"name": "Ana", "sourcePlayerId": "Ana", "score": 15, "winner": False, "rank": 3},
            {"name": "Ben", "sourcePlayerId": "Ben", "score": 5, "winner": True, "rank": 1},
            {"name": "Cleo", "sourcePlayerId": "Cleo", "score": 9, "winner": False, "rank": 2},
            {"name": "Dan", "sourcePlayerId": "Dan", "score": 23, "winner": False, "rank": 4},
        ],
    }
    shared = json.loads(unquote(exports.bg_stats_link(services.snapshot(tables["T2"])).split("?data=", 1)[1]))
    assert [p["winner"] for p in shared["players"]] == [False, True, True, True]


def test_bg_stats_play_carries_the_notes_and_the_duration(db: None) -> None:
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], OPTIONS, notes="At Cleo's")
    services.append(table, [{"type": "hand", "hearts": {"Cleo": 13}, "lady": "Cleo"}])
    table.refresh_from_db()
    play = exports.bg_stats_play(services.snapshot(table))
    assert play["comments"] == "At Cleo's"
    assert "durationMin" not in play  # one entry tells no playing time (test_durations.py times a table)
    assert len(play["playDate"]) == 19


def golden_with_history(tables: dict[str, Table]) -> Group:
    """The golden group with an undone hand, a corrected one, notes and a preset: all of it must come back."""
    t3 = tables["T3"]
    services.undo(t3)
    services.append(t3, [{"type": "hand", "hearts": {"Ana": 4, "Ben": 9, "Cleo": 0}, "lady": "Ana", "note": "x"}])
    services.set_notes(tables["T1"], "Ben's birthday")
    group = t3.group
    group.name = "Thursday"
    group.save()
    services.save_preset(group, "rickety-kate", "House", {"end_score": 50})
    return group


def test_backup_and_restore_round_trip_exactly(tables: dict[str, Table], tmp_path: Path) -> None:
    group = golden_with_history(tables)
    first = tmp_path / "backup.json"
    call_command("backup_group", group.token, output=str(first))
    out = io.StringIO()
    call_command("restore_group", str(first), stdout=out)
    token = out.getvalue().strip().strip("/").rsplit("/", 1)[-1]
    restored = Group.objects.get(token=token)
    assert restored.pk != group.pk and restored.tables.count() == 4
    assert backup(restored) == json.loads(first.read_text(encoding="utf-8"))
    again = {t.title: history.summary(t) for t in restored.tables.all()}
    assert again["T1"].totals == (15, 5, 9, 23) and again["T3"].notes == ((2, "x"),)
    assert len(backup(restored)["tables"][2]["retracted"]) == 1


def test_a_bad_backup_stores_nothing_and_exits_2(tables: dict[str, Table], tmp_path: Path) -> None:
    data = backup(tables["T1"].group)
    data["tables"][2]["events"][0]["hearts"]["Ana"] = 6  # 6 + 4 + 4 is not 13
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    groups_before, tables_before = Group.objects.count(), Table.objects.count()
    with pytest.raises(services.Refused, match="table 3 of the backup: event 0: the hearts add up to 14"):
        restore(data)
    assert (Group.objects.count(), Table.objects.count()) == (groups_before, tables_before)
    with pytest.raises(services.Refused, match="not a group backup"):
        restore({"format": "kibitz/1"})
    said = failed("restore_group", bad)  # the command: one line naming the table, exit 2, nothing stored
    assert said.strip().count("\n") == 0 and "table 3 of the backup: event 0" in said
    assert (Group.objects.count(), Table.objects.count()) == (groups_before, tables_before)


def failed(command: str, path: Path) -> str:
    """What the command printed on stderr as it exited with 2."""
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command(command, str(path), stderr=err)
    assert exit_.value.code == 2
    return err.getvalue()


def test_restore_command_says_one_line_and_exits_2(db: None, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kibitz-group/1", "tables": [{"format": "kibitz/1"}]}', encoding="utf-8")
    said = failed("restore_group", bad)
    assert said.strip().count("\n") == 0 and "table 1 of the backup" in said
    assert Group.objects.count() == 0


def test_import_preview_shows_the_table_and_stores_nothing(tables: dict[str, Table]) -> None:
    text = json.dumps(services.export_table(tables["T1"]))
    before = Table.objects.count()
    response = Client().post("/import/", {"text": text, "step": "preview"})
    page = response.content.decode()
    assert response.status_code == 200 and "Import this table?" in page
    assert "Ben: <strong>5</strong> ★" in page and "Rounds scored: 2" in page and "finished" in page
    assert Table.objects.count() == before
    assert Client().post("/import/", {"text": text}).status_code == 302  # the preview's Import button
    assert Table.objects.count() == before + 1


def test_import_preview_refuses_as_the_command_does(db: None, tmp_path: Path) -> None:
    bad = {"format": "kibitz/1", "game": "rickety-kate", "players": ["A", "B", "C"], "events": [{"type": "x"}]}
    page = Client().post("/import/", {"text": json.dumps(bad), "step": "preview"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    said = failed("import", path)
    assert page.status_code == 400
    assert said.strip() in page.content.decode().replace("&quot;", '"').replace("&#x27;", "'")
