"""The replay fold in one place (games/replay.py): every engine fills it with its own `apply`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games import registry, replay, tablefile
from games.base import InvalidEvent
from games.replay import fold
from tests.games.test_resume import GOOD

ENGINES = {"rickety-kate": "rickety_kate", "white-hat": "white_hat", "hats": "hats", "hood-politix": "hood_politix"}


def read(path: Path) -> tablefile.TableFile:
    return tablefile.read(json.loads(path.read_text(encoding="utf-8")))


class Counter:
    """A builder that sums numbers and refuses a negative one, as an engine refuses an event (index None)."""

    def __init__(self) -> None:
        self.total = 0
        self.seen: list[int] = []

    def apply(self, index: int, event: int) -> None:
        if event < 0:
            raise InvalidEvent(None, f"{event} is below zero")
        if event == 99:
            raise InvalidEvent(2, "refused with the index of an earlier event")
        self.seen.append(index)
        self.total += event

    def state(self) -> int:
        return self.total


def test_fold_applies_every_event_with_its_table_index_and_returns_the_state() -> None:
    """Replay fold: indexes count from `start` (resume), and the result is the builder's state()."""
    builder = Counter()
    assert fold(builder, [1, 2, 3], 5) == 6
    assert builder.seen == [5, 6, 7]
    assert fold(Counter(), [], 3) == 0


def test_fold_ties_a_refusal_to_the_event_at_fault() -> None:
    """Replay fold: an InvalidEvent without an index gets the index of the event being applied, at `start` on."""
    with pytest.raises(InvalidEvent) as caught:
        fold(Counter(), [1, 2, -4, 5], 10)
    assert caught.value.index == 12
    assert str(caught.value) == "event 12: -4 is below zero"
    assert caught.value.__cause__ is None and caught.value.__suppress_context__


def test_fold_keeps_an_index_the_engine_set_itself() -> None:
    """Replay fold: Hats names the index as it refuses; the fold leaves it as it is."""
    with pytest.raises(InvalidEvent) as caught:
        fold(Counter(), [1, 99], 0)
    assert caught.value.index == 2


@pytest.mark.parametrize("slug", list(ENGINES))
def test_every_engine_replays_and_resumes_through_the_shared_fold(slug: str, monkeypatch: Any) -> None:
    """Replay fold: each game's replay() and resume() hand their builder to games.replay.fold (their own, or
    through games.replay.Replayer)."""
    module = __import__(f"games.{ENGINES[slug]}.engine", fromlist=["fold"])
    calls: list[int] = []

    def spy(builder: Any, events: Any, start: int) -> Any:
        calls.append(start)
        return fold(builder, events, start)

    for caller in (module, replay):
        if hasattr(caller, "fold"):
            monkeypatch.setattr(caller, "fold", spy)
    game = registry.get(slug)
    file = next(f for f in map(read, GOOD) if f.game is game and len(f.events) > 1)
    head = game.replay(file.players, file.options, file.events[:1])
    assert game.resume(head, file.events[1:], 1) == file.replay()
    assert calls[:2] == [0, 1]
