"""One client cannot make a table too big to serve: an event cap, a cached referee, a paged log, a bounded cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from companion import services, snapshots
from companion.models import Event, Table
from games import tablefile
from tests.companion.conftest import hand


def fill(table: Table, count: int) -> None:
    """`count` stored penalties, written straight to the log (the fast way to a long table)."""
    Event.objects.bulk_create(
        Event(table=table, seq=i, payload={"type": "penalty", "player": "Ana", "points": 1})
        for i in range(1, count + 1)
    )
    Table.objects.filter(pk=table.pk).update(version=1)
    table.refresh_from_db()


def test_a_table_holds_at_most_the_event_cap(table: Table) -> None:
    fill(table, tablefile.MAX_EVENTS - 1)
    services.append(table, [hand(Ana=13)])
    with pytest.raises(services.Refused, match=f"at most {tablefile.MAX_EVENTS} entries"):
        services.append(table, [hand(Ben=13)])
    assert table.events.count() == tablefile.MAX_EVENTS


def test_the_referee_runs_once_per_version(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    services.append(table, [hand(Ana=13)])
    calls = []
    game = services.snapshot(table).game
    original = type(game).review
    monkeypatch.setattr(type(game), "review", lambda self, *a: calls.append(1) or original(self, *a))
    for _ in range(3):
        services.review(services.snapshot(table))
    assert len(calls) == 1
    services.append(table, [hand(Ben=13)])
    services.review(services.snapshot(table))
    assert len(calls) == 2


def test_the_log_comes_in_pages(client: Client, table: Table) -> None:
    fill(table, 100)
    first = client.get(f"/t/{table.code}/").content.decode()
    assert first.count("<li") - first.count('<li class="findings') >= 40
    assert 'data-seq="100"' in first and 'data-seq="60"' not in first
    assert "?log=2#log" in first
    second = client.get(f"/t/{table.code}/?log=2").content.decode()
    assert 'data-seq="60"' in second and 'data-seq="100"' not in second
    last = client.get(f"/t/{table.code}/?log=99").content.decode()  # past the end: the oldest page
    assert 'data-seq="1"' in last and "?log=4#log" not in last
    assert client.get(f"/t/{table.code}/?log=" + "9" * 50).status_code == 200


def test_the_snapshot_cache_is_bounded_by_events(db: None) -> None:
    cache = snapshots.SnapshotCache(events=250)
    tables = []
    for _ in range(3):
        table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo", "Dan"], {})
        fill(table, 100)
        tables.append(table)
        cache.put(snapshots.load(table, None))
    assert cache.get(tables[0]) is None  # the oldest went when the third pushed past 250 events
    assert cache.get(tables[1]) is not None and cache.get(tables[2]) is not None
    assert cache.held == 202


def test_the_penalty_form_takes_the_games_bounds(client: Client, table: Table) -> None:
    """A penalty of -5 or 5000 points is refused by the form with the game's own limits, and stores nothing."""
    for points in ("-5", "0", "5000"):
        response = client.post(f"/t/{table.code}/record/penalty/", {"player": "1", "reason": "other", "points": points})
        assert response.status_code == 400
        assert "must be from 1 to 1000" in response.content.decode()
    assert table.events.count() == 0
    assert 'name="points" inputmode="numeric" min="1" max="1000"' in client.get(f"/t/{table.code}/").content.decode()


# -- one limit for notes, everywhere (issue 16, section 4) ---------------------------------------------------

NOTE_SENTENCE = "This note has %d characters; a note holds at most 2000. Shorten it, then save."


def test_the_site_and_the_table_file_share_one_note_limit() -> None:
    """Notes: the limit is defined once, in games/, and the page's forms count against that one."""
    assert tablefile.MAX_NOTE == 2000
    assert not hasattr(__import__("companion.views").views, "MAX_NOTE")


def test_a_table_note_over_the_limit_is_refused_and_kept_as_typed(client: Client, table: Table) -> None:
    """Notes: the server never cuts a note; it answers with the sentence and the form as it was typed."""
    typed = "Ben's birthday. " * 126  # 2,016 characters
    response = client.post(f"/t/{table.code}/note/", {"notes": typed})
    page = response.content.decode()
    assert response.status_code == 400
    assert NOTE_SENTENCE % len(typed.strip()) in page
    assert f">{typed.strip()}</textarea>".replace("'", "&#x27;") in page
    table.refresh_from_db()
    assert table.notes == ""


def test_a_table_note_at_the_limit_is_stored_whole(client: Client, table: Table) -> None:
    """Notes: exactly MAX_NOTE characters are stored, not one cut; a form's CRLF line break counts as one."""
    assert client.post(f"/t/{table.code}/note/", {"notes": "n" * tablefile.MAX_NOTE}).status_code == 302
    table.refresh_from_db()
    assert table.notes == "n" * tablefile.MAX_NOTE
    lines = "\r\n".join(["x"] * 700)  # 2,098 characters as sent, 1,399 with the line breaks the page counted
    assert client.post(f"/t/{table.code}/note/", {"notes": lines}).status_code == 302
    table.refresh_from_db()
    assert table.notes == lines.replace("\r\n", "\n")


def test_a_round_note_over_the_limit_is_refused_and_kept_as_typed(client: Client, table: Table) -> None:
    """Notes: a round's note over the limit records nothing; the form comes back on that round, as typed."""
    services.append(table, [hand(Ana=13), hand(Ben=13)])
    table.refresh_from_db()
    version = table.version
    typed = "z" * (tablefile.MAX_NOTE + 1)
    response = client.post(f"/t/{table.code}/note/", {"round": "1", "note": typed, "version": version})
    page = response.content.decode()
    assert response.status_code == 400
    assert NOTE_SENTENCE % len(typed) in page
    assert f">{typed}</textarea>" in page and "<option selected>1</option>" in page
    assert Table.objects.get(pk=table.pk).version == version
    assert all("note" not in e.payload for e in table.events.all())


def test_the_note_forms_count_instead_of_cutting(client: Client, table: Table) -> None:
    """Notes: no maxlength (a paste would be cut without a word); the limit and the counter's words are there."""
    services.append(table, [hand(Ana=13)])
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "maxlength" not in page.split('id="past"', 1)[1]
    assert page.count('data-note-limit="2000"') == 2
    assert page.count('data-t-over="Too long: {count} characters; a note holds at most {max}."') == 2


def long_note_file() -> dict:
    event = {"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}
    return {"format": "kibitz/1", "game": "rickety-kate", "players": ["Ana", "Ben", "Cleo", "Dan"], "events": [event]}


@pytest.mark.parametrize("step", ["preview", "import"])
@pytest.mark.parametrize("where", ["notes", "event"])
def test_the_upload_page_refuses_a_long_note_with_a_sentence(db: None, step: str, where: str) -> None:
    """Notes: the upload page (preview and import) names the field and the limit, and stores nothing."""
    data = long_note_file()
    if where == "notes":
        data["notes"] = "x" * 900_000
        words = "notes: 900000 characters; a note holds at most 2000"
    else:
        data["events"][0]["note"] = "x" * 2001
        words = "event 0: note: 2001 characters; a note holds at most 2000"
    response = Client().post("/import/", {"text": json.dumps(data), "step": step})
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.parametrize("command", ["score", "referee", "import"])
def test_the_commands_exit_2_on_a_long_note(
    db: None, tmp_path: Path, command: str, capsys: pytest.CaptureFixture
) -> None:
    """Notes: score, referee and import exit 2 with the one line naming the field."""
    path = tmp_path / "long.json"
    path.write_text(json.dumps(long_note_file() | {"notes": "x" * 2001}), encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        call_command(command, str(path))
    assert exited.value.code == 2
    assert capsys.readouterr().err.strip() == "notes: 2001 characters; a note holds at most 2000"
    assert not Table.objects.exists()


def test_restore_group_exits_2_on_a_table_with_a_long_note(
    db: None, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    """Notes: a group backup is checked table by table as import checks it; a long round note stores nothing."""
    table = long_note_file()
    table["events"][0]["note"] = "x" * 2001
    path = tmp_path / "backup.json"
    path.write_text(json.dumps({"format": "kibitz-group/1", "name": "G", "tables": [table], "presets": []}))
    with pytest.raises(SystemExit) as exited:
        call_command("restore_group", str(path))
    assert exited.value.code == 2
    assert "table 1 of the backup: event 0: note: 2001 characters" in capsys.readouterr().err
    assert not Table.objects.exists()
