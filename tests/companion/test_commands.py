"""export and import commands: a table goes out as a table file and comes back exactly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from companion import services
from companion.models import Table
from tests.companion.conftest import hand


def test_export_then_import_is_exact(table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    services.append(table, [hand(Ana=4, Ben=9), {"type": "trick", "leader": "Ana", "cards": ["2C", "3C", "4C", "5C"]}])
    services.undo(table)
    out = tmp_path / "t.json"
    call_command("export", table.code, output=str(out))
    capsys.readouterr()
    call_command("import", str(out))
    code = capsys.readouterr().out.splitlines()[0]  # the code first, then the group's link path
    again = Table.objects.get(code=code)
    assert services.export_table(again) == json.loads(out.read_text())
    assert list(again.events.values_list("seq", "retracted")) == [(1, False), (2, True)]


def test_import_of_a_bad_file_exits_2_with_one_line(
    db: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "format": "kibitz/1",
                "game": "rickety-kate",
                "players": ["A", "B", "C"],
                "events": [{"type": "hand", "hearts": {"A": 13}, "lady": "Zed"}],
            }
        )
    )
    with pytest.raises(SystemExit) as exit_info:
        call_command("import", str(bad))
    err = capsys.readouterr().err.strip()
    assert exit_info.value.code == 2
    assert err.count("\n") == 0 and "event 0" in err
    assert not Table.objects.exists()


def test_export_of_an_unknown_table(db: None) -> None:
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="no table with code"):
        call_command("export", "nope")


ROOT = Path(__file__).resolve().parents[2]


def on_a_database_never_migrated(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """manage.py with a fresh, empty SQLite file as its database (a checkout after bin/setup before migrate)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIBITZ_")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    return subprocess.run(
        [sys.executable, "manage.py", *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("command", [["import", "FILE"], ["backup_group", "TOKEN"], ["groups"]])
def test_a_command_on_a_database_never_migrated_says_to_migrate_and_exits_2(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"format": "kibitz/1", "game": "rickety-kate", "players": ["A", "B", "C"]}))
    result = on_a_database_never_migrated(tmp_path, *[str(path) if a == "FILE" else a for a in command])
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert result.stderr.strip() == (
        "The database is not set up for this version of Kibitz: run `manage.py migrate` first."
    )
