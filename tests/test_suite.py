"""How bin/test splits the suite: the PostgreSQL pass leaves out the browser tests but one smoke test, so each
browser test must carry the e2e mark and the smoke test must be a browser test."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_PASS = "not e2e or smoke"  # the marker expression of bin/test's PostgreSQL pass


def test_every_browser_test_file_is_marked_e2e() -> None:
    """A browser test without the mark would run on PostgreSQL too, and the pass would grow with every one."""
    unmarked = [
        p.name
        for p in sorted((ROOT / "tests/e2e").glob("test_*.py"))
        if "pytestmark = pytest.mark.e2e" not in p.read_text()
    ]
    assert unmarked == []


def test_the_postgresql_pass_runs_every_test_but_the_browser_tests_and_one_smoke_test() -> None:
    script = (ROOT / "bin/test").read_text()
    assert re.search(rf'DATABASE_URL="\$pg_url" \.venv/bin/pytest -m "{PG_PASS}" "\$@"', script)
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-m", PG_PASS, "tests/e2e"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    browser_tests = [line for line in collected.splitlines() if "::" in line]
    assert browser_tests == ["tests/e2e/test_live_table.py::test_a_watcher_sees_the_score_without_reloading"]
