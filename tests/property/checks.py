"""What every outcome of reading a table file must look like, shared by the property tests."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, settings

from games import tablefile
from games.base import Flag, Game, InvalidEvent, Standings

# Every property test: the same examples on every run (CI), no deadline (the first Django request is slow),
# no example database in the working tree. Tests pick their own max_examples.
PROPERTY = settings(derandomize=True, deadline=None, database=None, print_blob=False)
# pytest-django's `db` and `client` are function-scoped: the tests count rows per example instead.
DB_PROPERTY = settings(
    PROPERTY,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


def assert_one_line(message: str) -> None:
    """A refusal is one clear, non-empty line (the commands print it on standard error)."""
    assert isinstance(message, str)
    assert message.strip(), "an empty error message"
    assert len(message.splitlines()) == 1, f"a message of several lines: {message!r}"


def assert_invalid_event(exc: InvalidEvent, events: int | None) -> None:
    """An InvalidEvent from the event list names its index; from a lone event (parse), it has none."""
    assert_one_line(str(exc))
    if events is None:
        assert exc.index is None
        assert str(exc) == str(exc.message)
        return
    assert exc.index is not None, f"InvalidEvent without an event index: {exc}"
    assert 0 <= exc.index < events, f"event index {exc.index} outside the {events} events"
    assert str(exc).startswith(f"event {exc.index}: "), str(exc)


def assert_standings(standings: Standings, players: Sequence[str]) -> dict[str, Any]:
    """JSON-serialisable, totals are the sum of the rounds, rounds and winners only name the players."""
    out = standings.as_dict()
    json.dumps(out, allow_nan=False)
    assert out["players"] == list(players)
    for rnd in standings.rounds:
        assert set(rnd.points) <= set(players), f"a round scores someone not seated: {dict(rnd.points)}"
        assert all(type(points) is int for points in rnd.points.values())
    for rnd in out["rounds"]:
        assert set(rnd) - {"explain"} == set(players)
    assert set(out["totals"]) == set(players)
    for player in players:
        assert out["totals"][player] == sum(rnd[player] for rnd in out["rounds"])
    assert set(out["winners"]) <= set(players)
    assert bool(out["winners"]) == out["finished"], out
    if out["pending"] is not None:
        assert isinstance(out["pending"].get("reason"), str)
    if "teams" in out:
        assert out["team_totals"] == [sum(out["totals"][p] for p in team) for team in out["teams"]]
    return out


def assert_flags(flags: list[Flag], players: Sequence[str], events: int) -> None:
    for flag in flags:
        assert 0 <= flag.event < events, flag
        assert flag.player in players, flag
        assert isinstance(flag.rule, str) and flag.rule, flag
        if flag.message:
            assert_one_line(str(flag.message))
        json.dumps(flag.as_dict(), allow_nan=False)
    assert [f.event for f in flags] == sorted(f.event for f in flags), "flags out of log order"


def assert_replayable(game: Game, players: Sequence[str], options: Any, events: Sequence[Any]) -> dict[str, Any]:
    """Replay, score, referee, prompt and describe a list of parsed events that replay accepted."""
    state = game.replay(players, options, events)
    out = assert_standings(game.standings(state), players)
    assert_flags(game.review(game.replay(players, options, events)), players, len(events))
    prompt = game.prompt(state)
    assert isinstance(prompt.kind, str) and prompt.kind
    assert isinstance(str(prompt.headline), str) and str(prompt.headline)
    for event in events:
        assert str(game.describe(event, players, options))  # a str or a Text, never empty
    return out


def read_outcome(data: Any) -> dict[str, Any] | str:
    """Read, score and referee a decoded file: the score as a dict, or the one-line refusal.

    Any exception other than TableFileError or InvalidEvent escapes, which fails the property.
    """
    try:
        table = tablefile.read(data)
    except tablefile.TableFileError as exc:
        assert_one_line(str(exc))
        return str(exc)
    except InvalidEvent as exc:
        assert_invalid_event(exc, len(data["events"]))
        return str(exc)
    try:
        standings = table.standings()
    except InvalidEvent as exc:
        assert_invalid_event(exc, len(table.events))
        with_review = None
        try:
            table.review()
        except InvalidEvent as again:
            with_review = str(again)
        assert with_review == str(exc), "review() must refuse a file that cannot be scored, the same way"
        return str(exc)
    out = assert_standings(standings, table.players)
    assert_flags(table.review(), table.players, len(table.events))
    assert_replayable(table.game, table.players, table.options, table.events)
    return out
