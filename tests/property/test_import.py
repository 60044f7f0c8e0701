"""Importing generated table files: through the service, the web form and the `import` command.

A file is stored whole (and exports back to exactly what came in) or refused with nothing stored: the tests
count the rows before and after each example, since the `db` fixture rolls back only once per test. Files are
generated for every game (the `game` fixture); Rickety Kate's own cases are in test_rickety_kate.py.
"""

from __future__ import annotations

import copy
import io
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion import services
from companion.models import Event, Group, Player, Seat, Table
from games import tablefile
from games.base import Game
from tests.property.checks import DB_PROPERTY, assert_one_line, read_outcome
from tests.property.strategies import common as gen
from tests.property.strategies import examples

MODELS = (Group, Table, Event, Seat, Player)  # a refused import stores no group either
SMALL = {"format": "kibitz/1", "game": "rickety-kate", "players": ["Ana", "Ben", "Cleo"], "events": []}


def rows() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


def assert_exported_as_given(table: Table, given_file: dict[str, Any]) -> dict[str, Any]:
    """The stored table exports to the players, options, events and undone events that came in."""
    exported = services.export_table(table)
    assert exported["game"] == given_file["game"]
    assert exported["players"] == given_file["players"]
    assert exported["options"] == given_file.get("options", {})
    assert exported["events"] == given_file["events"]
    assert exported.get("retracted", []) == given_file.get("retracted", [])
    for name in ("title", "notes"):
        assert exported.get(name, "") == given_file.get(name, "")
    if given_file.get("played_on"):
        assert date.fromisoformat(exported["played_on"]) == date.fromisoformat(given_file["played_on"])
    return exported


def assert_stored_whole_or_not_at_all(data: Any) -> None:
    """services.import_table stores the file whole (its export is what came in) or refuses it, storing nothing."""
    given_file = copy.deepcopy(data)
    expected = read_outcome(copy.deepcopy(data))
    before = rows()
    try:
        table = services.import_table(data)
    except services.Refused as exc:
        assert_one_line(str(exc.message))
        assert rows() == before, "a refused import stored something"
        return
    assert data == given_file, "import changed the file it was given"
    assert isinstance(expected, dict), f"imported a file that cannot be read or scored: {expected}"
    after = rows()
    assert after["Table"] == before["Table"] + 1
    assert after["Seat"] == before["Seat"] + len(given_file["players"])
    assert after["Event"] == before["Event"] + len(given_file["events"]) + len(given_file.get("retracted", []))
    table.full_clean()  # what SQLite does not enforce (max_length) holds as well
    exported = assert_exported_as_given(table, given_file)
    assert read_outcome(json.loads(json.dumps(exported))) == expected
    assert services.snapshot(table).standings.as_dict() == expected


def test_import_stores_the_whole_file_or_nothing(db: None, game: Game) -> None:
    @settings(DB_PROPERTY, max_examples=examples(game, 120))
    @given(gen.table_files(game))
    def check(data: Any) -> None:
        assert_stored_whole_or_not_at_all(data)

    check()


def assert_web_import(client: Client, text: str | None = None, upload: bytes | None = None) -> None:
    before = rows()
    if upload is not None:
        response = client.post("/import/", {"file": SimpleUploadedFile("table.json", upload)})
    else:
        response = client.post("/import/", {"text": text})
    assert response.status_code in (302, 400), response.status_code
    if response.status_code == 400:
        assert rows() == before, "a refused import stored something"
        return
    assert rows()["Table"] == before["Table"] + 1
    page = client.get(response["Location"])
    assert page.status_code == 200
    code = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert client.get(f"/t/{code}/check/").status_code == 200
    download = client.get(f"/t/{code}/export.json")
    assert json.loads(download.content) == services.export_table(Table.objects.get(code=code))


def test_web_import_of_any_table_file_is_a_table_or_a_400(db: None, client: Client, game: Game) -> None:
    """json.dumps spells lone surrogates and odd characters as escapes: the way they arrive in real files."""

    @settings(DB_PROPERTY, max_examples=examples(game, 60))
    @given(gen.table_files(game))
    def check(data: Any) -> None:
        assert_web_import(client, text=json.dumps(data))

    check()


@settings(DB_PROPERTY, max_examples=40)
@given(text=gen.garbage_text)
@example(text='{"events": ' + "[" * 5_000)  # deeper than the JSON parser goes
@example(text=json.dumps(SMALL | {"title": "\udc00"}))
@example(text=gen.TOO_LONG_NUMBER)  # more digits than Python's json reads
def test_web_import_of_any_text_is_a_table_or_a_400(db: None, client: Client, text: str) -> None:
    assert_web_import(client, text=text)


def test_web_import_of_any_upload_is_a_table_or_a_400(db: None, client: Client, game: Game) -> None:
    """Raw bytes, and files written by hand in UTF-8 (lone surrogates as the invalid bytes they become)."""

    @settings(DB_PROPERTY, max_examples=examples(game, 25))
    @given(
        st.binary(max_size=200)
        | gen.table_files(game).map(lambda d: json.dumps(d, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    )
    def check(upload: bytes) -> None:
        assert_web_import(client, upload=upload)

    check()


def test_import_command_stores_or_exits_2_with_one_line(db: None, tmp_path: Path, game: Game) -> None:
    @settings(DB_PROPERTY, max_examples=examples(game, 30))
    @given(gen.garbage_text | gen.table_files(game).map(json.dumps))
    def check(text: str) -> None:
        path = tmp_path / "table.json"
        path.write_text(text, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        before = rows()
        try:
            call_command("import", str(path), stdout=out, stderr=err)
        except SystemExit as exit:
            assert exit.code == 2
            assert out.getvalue() == ""
            assert_one_line(err.getvalue())
            assert rows() == before
        else:
            assert Table.objects.filter(code=out.getvalue().splitlines()[0]).exists()  # then the group's link path
            assert err.getvalue() == ""

    check()


def test_a_file_nested_too_deeply_is_refused(client: Client, db: None) -> None:
    with pytest.raises(tablefile.TableFileError, match="nested too deeply"):
        tablefile.decode("[" * 100_000)
    assert client.post("/import/", {"text": '{"events": ' + "[" * 5_000}).status_code == 400
