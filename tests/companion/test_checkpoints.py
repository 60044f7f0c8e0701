"""The stored checkpoint's codec: every state a game reaches comes back equal, and bytes that are not such a state
(another module's code, too many bytes) load as nothing, never run."""

from __future__ import annotations

import json
import pickle
import zlib
from pathlib import Path

import pytest

from companion import checkpoints
from games import tablefile
from tests.toygame import GAME as TALLY

CASES = Path(__file__).resolve().parent.parent / "cases"
GOLDEN = sorted(p for p in CASES.glob("*.json") if p.name.count(".") == 1 and not p.name.startswith("bad-"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_every_state_of_a_golden_table_comes_back_equal(path: Path) -> None:
    """After each event of every golden table file (every game, its options, penalties, disputes, a game over)."""
    parsed = tablefile.read(json.loads(path.read_text()))
    game = parsed.game
    state = game.replay(parsed.players, parsed.options, ())
    for index, event in enumerate(parsed.events):
        state = game.resume(state, (event,), index)
        blob = checkpoints.encode(state)
        assert blob is not None, f"after event {index}"
        assert checkpoints.decode(blob) == state


def test_golden_files_of_every_game_are_shaken() -> None:
    games = {json.loads(p.read_text())["game"] for p in GOLDEN}
    assert games == {"rickety-kate", "white-hat", "hats", "hood-politix"}


def test_a_state_of_a_game_outside_the_games_package_is_never_stored() -> None:
    """The games' fingerprint covers only games/: the tests' toy game would replay with code it does not see."""
    state = TALLY.replay(["Ana", "Ben"], TALLY.options({}, ["Ana", "Ben"]), ())
    assert checkpoints.encode(state) is None


RAN: list[str] = []


def run_code() -> None:
    RAN.append("ran")  # os.system would be called by the same opcodes


class RunsCode:
    def __reduce__(self) -> tuple[object, tuple[()]]:
        return (run_code, ())


def test_bytes_naming_other_code_are_not_unpickled() -> None:
    raw = pickle.dumps(RunsCode())
    RAN.clear()
    assert checkpoints.decode(zlib.compress(raw)) is None
    assert RAN == []
    pickle.loads(raw)  # what a plain unpickler would do with the same bytes
    assert RAN == ["ran"]


def test_bytes_that_unpack_past_the_bound_are_not_loaded() -> None:
    bomb = zlib.compress(pickle.dumps(b"\0" * (checkpoints.MAX_PICKLE + 1)), 9)
    assert len(bomb) < 100_000 and checkpoints.decode(bomb) is None


def test_bytes_that_are_no_pickle_load_as_nothing() -> None:
    assert checkpoints.decode(b"not zlib") is None
    assert checkpoints.decode(zlib.compress(b"not a pickle")) is None


def test_a_state_too_large_is_not_stored(monkeypatch: pytest.MonkeyPatch) -> None:
    game = tablefile.read(json.loads(GOLDEN[0].read_text()))
    state = game.replay()
    assert checkpoints.encode(state) is not None
    monkeypatch.setattr(checkpoints, "MAX_STORED", 16)
    assert checkpoints.encode(state) is None
