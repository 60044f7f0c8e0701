"""resume(): going on from a replayed state gives exactly the state a full replay gives, at every split.

The web app replays a long table in chunks and keeps the states between them, so a write replays only what
follows the last one; this is the property that makes that safe."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import tablefile
from games.base import InvalidEvent

CASES = sorted(p for p in (Path(__file__).resolve().parent.parent / "cases").glob("*.json") if p.name.count(".") == 1)
GOOD = [p for p in CASES if not p.name.startswith("bad-")]


@pytest.mark.parametrize("path", GOOD, ids=[p.stem for p in GOOD])
def test_resume_from_any_split_equals_a_full_replay(path: Path) -> None:
    file = tablefile.read(json.loads(path.read_text(encoding="utf-8")))
    game, events = file.game, file.events
    whole = file.replay()
    for split in range(len(events) + 1):
        head = game.replay(file.players, file.options, events[:split])
        assert game.resume(head, events[split:], split) == whole, f"split at {split}"


def test_resume_reports_the_bad_event_at_its_table_index() -> None:
    path = next(p for p in GOOD if "penalties" in p.name)
    file = tablefile.read(json.loads(path.read_text(encoding="utf-8")))
    head = file.game.replay(file.players, file.options, file.events[:2])
    bad = file.game.parse({"type": "hand", "hearts": {file.players[0]: 1}, "lady": file.players[0]})
    with pytest.raises(InvalidEvent, match=r"^event 2: ") as caught:
        file.game.resume(head, [bad], 2)
    assert caught.value.index == 2  # type: ignore[attr-defined]
