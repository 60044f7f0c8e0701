"""Properties of reading table files and of each game's parse and replay, on generated input.

Reading, scoring and refereeing a file either works (and the score is well-formed JSON whose totals are the
sum of its rounds) or refuses with TableFileError or InvalidEvent whose text is one line; nothing else may
escape. Runs without the database. Random JSON and text are tried once; everything with a game in it is tried
for every game (the `game` fixture), Rickety Kate's own cases are in test_rickety_kate.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry, tablefile
from games.base import Game, InvalidEvent, InvalidOptions
from games.players import InvalidPlayers, check_players
from tests.property.checks import (
    PROPERTY,
    assert_invalid_event,
    assert_one_line,
    assert_replayable,
    read_outcome,
)
from tests.property.strategies import common as gen
from tests.property.strategies import examples, for_game


@settings(PROPERTY, max_examples=150)
@given(gen.json_values)
def test_any_json_value_is_read_or_refused(data: Any) -> None:
    read_outcome(data)


@settings(PROPERTY, max_examples=150)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "format": st.just(tablefile.FORMAT) | gen.json_values,
            "game": st.sampled_from(sorted(registry.GAMES)) | gen.json_values,
            "players": st.lists(gen.seat_names(), max_size=9) | gen.json_values,
            "options": st.just({}) | gen.json_values,
            "events": gen.json_values,
            "title": gen.json_values,
            "played_on": gen.json_values,
            "retracted": gen.json_values,
        },
    )
)
def test_any_object_with_table_file_keys_is_read_or_refused(data: dict[str, Any]) -> None:
    read_outcome(data)


@settings(PROPERTY, max_examples=100)
@given(gen.garbage_text)
def test_any_text_is_loaded_or_refused(text: str) -> None:
    try:
        table = tablefile.loads(text)
    except (tablefile.TableFileError, InvalidEvent) as exc:
        assert_one_line(str(exc))
    else:
        read_outcome(table.as_dict())


# -- every game (conftest's `game`): Hypothesis runs inside, with the game's own strategies and share of examples --


def test_malformed_files_are_read_or_refused(game: Game) -> None:
    @settings(PROPERTY, max_examples=examples(game, 200))
    @given(gen.malformed_files(game))
    def check(data: Any) -> None:
        read_outcome(data)

    check()


def test_wrong_format_game_or_players_is_always_refused(game: Game) -> None:
    @settings(PROPERTY, max_examples=examples(game, 100))
    @given(gen.malformed_files(game, mutations=gen.FATAL_MUTATIONS))
    def check(data: Any) -> None:
        with pytest.raises(tablefile.TableFileError) as caught:
            tablefile.read(data)
        assert_one_line(str(caught.value))

    check()


def test_numbers_out_of_range_are_refused_in_one_short_line(game: Game) -> None:
    """Limits: a number beyond what the game can mean is refused (TableFileError or InvalidEvent, nothing else),
    and the refusal never spells out a huge number."""

    @settings(PROPERTY, max_examples=examples(game, 150))
    @given(for_game(game).out_of_range_files())
    def check(data: dict[str, Any]) -> None:
        outcome = read_outcome(data)
        assert isinstance(outcome, str), "a file with a number out of range was scored"
        assert len(outcome) < 400, outcome[:400]

    check()


def test_names_with_format_characters_are_refused(game: Game) -> None:
    """Players: an invisible format character anywhere in any name makes the file a TableFileError."""

    @settings(PROPERTY, max_examples=examples(game, 60))
    @given(gen.plausible_files(game), st.sampled_from(gen.FORMAT_CHARACTERS), st.data())
    def check(data: dict[str, Any], char: str, draw: st.DataObject) -> None:
        names = data["players"]
        i = draw.draw(st.integers(0, len(names) - 1))
        at = draw.draw(st.integers(0, len(names[i])))
        data["players"] = [*names[:i], names[i][:at] + char + names[i][at:], *names[i + 1 :]]
        with pytest.raises(tablefile.TableFileError) as caught:
            tablefile.read(data)
        assert_one_line(str(caught.value))

    check()


def test_plausible_and_shaken_golden_files_are_scored_or_refused_at_an_event(game: Game) -> None:
    @settings(PROPERTY, max_examples=examples(game, 200))
    @given(gen.plausible_files(game) | gen.shaken_files(game))
    def check(data: dict[str, Any]) -> None:
        outcome = read_outcome(data)
        if isinstance(outcome, dict):  # what export writes reads back to the same score
            again = tablefile.read(json.loads(json.dumps(tablefile.read(data).as_dict())))
            assert again.standings().as_dict() == outcome

    check()


def test_decoding_is_transparent(game: Game) -> None:
    """loads(dumps(x)) is read(x): the JSON text adds nothing and loses nothing."""

    @settings(PROPERTY, max_examples=examples(game, 100))
    @given(gen.table_files(game))
    def check(data: Any) -> None:
        text = json.dumps(data)
        try:
            from_text: Any = read_outcome(tablefile.decode(text))
        except tablefile.TableFileError as exc:  # only a file nested too deeply may fail to decode
            from_text = ("undecodable", str(exc))
        if isinstance(from_text, tuple):
            assert_one_line(from_text[1])
        elif "NaN" not in text:
            assert from_text == read_outcome(data)

    check()


@st.composite
def game_inputs(draw: st.DrawFn, game: Game) -> tuple[list[str], dict[str, Any], list[Any]]:
    """Players, options and events for one game: generated, or from a shaken golden file of that game."""
    if gen.golden(game) and draw(st.booleans()):
        data = draw(gen.golden_mutants(game))
        options = data.get("options", {})
        return data["players"], options if isinstance(options, dict) else {}, data["events"]
    players = draw(gen.good_players_for(game) | gen.players_for(game))
    options = draw(gen.options_for(game, players))
    events = draw(gen.events_for(game, players, options))
    return players, options, events


def test_each_game_parses_and_replays_or_names_the_first_bad_event(game: Game) -> None:
    """parse() takes one raw event or raises InvalidEvent without an index; replay() takes the parsed ones or
    raises InvalidEvent naming the first one that cannot follow the others."""

    @settings(PROPERTY, max_examples=examples(game, 200))
    @given(game_inputs(game))
    def check(inputs: tuple[list[str], dict[str, Any], list[Any]]) -> None:
        names, raw_options, raw_events = inputs
        try:  # a game is only ever handed seat lists that passed this check (read, create_table)
            players = check_players(names, game.min_players, game.max_players)
        except InvalidPlayers as exc:
            assert_one_line(str(exc))
            return
        try:
            options = game.options(raw_options, players)
        except InvalidOptions as exc:
            assert_one_line(str(exc))
            return
        events = []
        for raw in raw_events:
            try:
                events.append(game.parse(raw))
            except InvalidEvent as exc:
                assert_invalid_event(exc, None)
        try:
            game.replay(players, options, events)
        except InvalidEvent as exc:
            assert_invalid_event(exc, len(events))
            assert exc.index is not None
            assert_replayable(game, players, options, events[: exc.index])
            with pytest.raises(InvalidEvent) as again:
                game.replay(players, options, events[: exc.index + 1])
            assert str(again.value) == str(exc)
        else:
            assert_replayable(game, players, options, events)

    check()
