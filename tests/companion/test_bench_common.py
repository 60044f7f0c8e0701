"""bench/common.py: the set-up and report every bench script shares (arguments, CPU timing, the /ping/ line)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import common


def test_measure_counts_cpu_time_not_waiting() -> None:
    """A call that sleeps 20 ms costs almost no CPU: the figure is process_time, the wall clock beside it."""
    timing = common.measure(lambda: time.sleep(0.02), runs=3, warmup=0)
    assert len(timing.samples) == len(timing.wall) == 3
    assert timing.median < 10 and timing.wall_median >= 19


def test_every_bench_reads_the_same_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    args = common.parser("Doc line.\nmore", seed=7).parse_args(["--runs", "4", "--database-url"])
    assert (args.seed, args.runs, args.requests) == (7, 4, 30)
    monkeypatch.setenv("DATABASE_URL", "postgres://x")
    assert common.database_url(args) == "postgres://x"
    assert common.database_url(common.parser(None, seed=1).parse_args([])) is None


def test_the_page_report_starts_with_the_ping_reference(db: None, capsys: pytest.CaptureFixture[str]) -> None:
    row = common.ping_row(3)
    assert row.label == "GET /ping/ (reference)" and row.timing.median >= 0
    common.print_rows("Pages", [row], "SQL")
    out = capsys.readouterr().out
    assert "median" in out and "wall" in out and "GET /ping/ (reference)" in out
