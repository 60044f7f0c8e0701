"""Golden table files (tests/cases/README.md) through the real `score` and `referee` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "cases"
EXIT_BAD_FILE = 2


def table_files(bad: bool) -> list[Path]:
    files = sorted(p for p in CASES.glob("*.json") if p.name.count(".") == 1)
    return [p for p in files if p.name.startswith("bad-") == bad]


GOOD = table_files(bad=False)
BAD = table_files(bad=True)


def ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


def run_command(name: str, path: Path) -> Any:
    """The command's standard output, parsed as JSON."""
    out = StringIO()
    call_command(name, str(path), stdout=out)
    return json.loads(out.getvalue())


def without_explain(standings: dict[str, Any]) -> dict[str, Any]:
    """FORMAT.md: a round's "explain" is for people and ignored by anything that compares files."""
    rounds = [{k: v for k, v in r.items() if k != "explain"} for r in standings.get("rounds", [])]
    return {**standings, "rounds": rounds}


def without_message(flags: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flags without their message: prose that may be reworded, so expected files may leave it out."""
    return [{k: v for k, v in flag.items() if k != "message"} for flag in flags]


def expected(path: Path, suffix: str) -> Any:
    return json.loads(path.with_name(f"{path.stem}.{suffix}.json").read_text(encoding="utf-8"))


def test_there_are_enough_cases() -> None:
    """Golden cases: at least 14 good table files and 5 bad ones, each good one with its expected score and flags."""
    assert len(GOOD) >= 14
    assert len(BAD) >= 5
    for path in GOOD:
        assert path.with_name(f"{path.stem}.score.json").is_file(), path.name
        assert path.with_name(f"{path.stem}.referee.json").is_file(), path.name
    for path in BAD:
        assert path.with_suffix(".error").is_file(), path.name


@pytest.mark.parametrize("path", GOOD, ids=ids(GOOD))
def test_score_matches_the_expected_file(path: Path) -> None:
    """score FILE prints the standings the case expects (explanations ignored)."""
    assert without_explain(run_command("score", path)) == without_explain(expected(path, "score"))


@pytest.mark.parametrize("path", GOOD, ids=ids(GOOD))
def test_referee_matches_the_expected_file(path: Path) -> None:
    """referee FILE prints the flags the case expects."""
    flags = run_command("referee", path)
    assert isinstance(flags, list)
    for flag in flags:
        assert set(flag) == {"event", "player", "rule", "message"}, flag
        assert isinstance(flag["message"], str) and flag["message"].strip(), flag
    assert without_message(flags) == without_message(expected(path, "referee"))


def run_subprocess(command: str, path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", command, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("command", ["score", "referee"])
@pytest.mark.parametrize("path", BAD, ids=ids(BAD))
def test_bad_file_fails_with_one_line(path: Path, command: str) -> None:
    """A bad file: exit 2, nothing on standard output, one line on standard error naming the problem."""
    want = path.with_suffix(".error").read_text(encoding="utf-8").strip()
    result = run_subprocess(command, path)
    assert result.returncode == EXIT_BAD_FILE, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip("\n").split("\n")
    assert len(lines) == 1, result.stderr
    assert want in lines[0]


def test_score_subprocess_prints_json_and_exits_0() -> None:
    """score FILE through a real process: exit 0, the JSON on standard output, nothing on standard error."""
    path = CASES / "4p-defaults-to-100.json"
    result = run_subprocess("score", path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert without_explain(json.loads(result.stdout)) == without_explain(expected(path, "score"))
