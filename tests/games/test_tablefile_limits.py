"""Table files (FORMAT.md): numbers without bounds and files without end are refused with one line."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import tablefile
from games.base import InvalidEvent
from games.tablefile import MAX_EVENTS, TableFileError

SMALL: dict[str, Any] = {"format": "kibitz/1", "game": "rickety-kate", "players": ["Ana", "Ben", "Cleo", "Dan"]}
NINES = "9" * 4300  # the longest number Python's json reads; two of them add up to one it cannot print


def one_line(exc: BaseException) -> str:
    text = str(exc)
    assert text.strip() and len(text.splitlines()) == 1, text
    assert len(text) < 300, "the message repeats a huge number"
    return text


def test_decode_a_number_too_long_for_json_is_a_table_file_error() -> None:
    """Limits: a 4,301-digit number is refused in one line, not a ValueError traceback."""
    text = '{"format": "kibitz/1", "options": {"end_score": ' + "1" * 4301 + "}}"
    with pytest.raises(TableFileError, match="too long") as caught:
        tablefile.decode(text)
    one_line(caught.value)


def test_two_penalties_of_4300_nines_are_refused_before_any_sum() -> None:
    """Limits: penalty points beyond the limit are refused at the event, so no total is ever too long to print."""
    penalty = '{"type": "penalty", "player": "Ana", "points": ' + NINES + "}"
    text = json.dumps(SMALL)[:-1] + ', "events": [' + penalty + ", " + penalty + "]}"
    with pytest.raises(InvalidEvent, match=r"event 0: .*1 to 1000") as caught:
        tablefile.loads(text)
    one_line(caught.value)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"end_score": int(NINES)}, "end_score must be a whole number from 1 to 10000"),
        ({"end_score": 10_001}, "end_score must be a whole number from 1 to 10000"),
        ({"revoke_points": 1001}, "revoke_points must be a whole number from 1 to 1000"),
        ({"revoke_points": -(10**300)}, "revoke_points must be a whole number from 1 to 1000"),
    ],
    ids=["end-4300-nines", "end-10001", "revoke-1001", "revoke--10**300"],
)
def test_options_out_of_range_are_refused_in_one_line(options: dict[str, int], words: str) -> None:
    """Limits: end_score is 1 to 10000, revoke_points 1 to 1000."""
    with pytest.raises(TableFileError, match=words) as caught:
        tablefile.read(SMALL | {"options": options, "events": []})
    one_line(caught.value)


def test_options_at_the_limits_are_accepted() -> None:
    """Limits: the bounds themselves are allowed."""
    table = tablefile.read(SMALL | {"options": {"end_score": 10_000, "revoke_points": 1000}, "events": []})
    assert (table.options.end_score, table.options.revoke_points) == (10_000, 1000)


@pytest.mark.parametrize("count", [27, int(NINES), 10**40], ids=["27", "4300-nines", "10**40"])
def test_hearts_beyond_any_deck_are_refused_at_the_event(count: int) -> None:
    """Limits: a hearts count is at most 26 (two decks); nothing is added up before that is checked."""
    event = {"type": "hand", "hearts": {"Ana": count, "Ben": count}, "lady": "Dan"}
    with pytest.raises(InvalidEvent, match="event 0: hearts of 'Ana' must be a count from 0 to 26") as caught:
        tablefile.read(SMALL | {"events": [event]})
    one_line(caught.value)


@pytest.mark.parametrize("after", [int(NINES), -(10**50)], ids=["4300-nines", "-10**50"])
def test_retracted_after_out_of_range_is_refused_in_one_line(after: int) -> None:
    """Limits: a retracted event's `after` is between 0 and the number of live events."""
    retracted = [{"after": after, "event": {"type": "deal", "dealer": "Ana"}}]
    with pytest.raises(TableFileError, match="after must be a number from 0 to 0") as caught:
        tablefile.read(SMALL | {"events": [], "retracted": retracted})
    one_line(caught.value)


def deals(count: int) -> list[dict[str, str]]:
    return [{"type": "deal", "dealer": "Ana"}] * count


def test_a_file_with_more_events_than_a_table_holds_is_refused() -> None:
    """Limits: live plus undone events are at most MAX_EVENTS; the message gives both numbers."""
    retracted = [{"after": 0, "event": {"type": "deal", "dealer": "Ben"}}] * 12
    data = SMALL | {"events": deals(MAX_EVENTS), "retracted": retracted}
    with pytest.raises(TableFileError) as caught:
        tablefile.read(data)
    assert one_line(caught.value) == f"a table holds at most {MAX_EVENTS} events; this file has {MAX_EVENTS + 12}"


def test_a_file_at_the_event_cap_is_read() -> None:
    """Limits: exactly MAX_EVENTS events are fine."""
    assert len(tablefile.read(SMALL | {"events": deals(MAX_EVENTS)}).events) == MAX_EVENTS


@pytest.mark.parametrize(
    "event",
    [
        {"type": [int(NINES)] * 3},
        {"type": "trick", "leader": "Ana", "cards": [int(NINES)] * 4},
        {"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben", "x" * 5000: 1},
        {"type": "deal", "dealer": "x" * 5000},
        {"type": "pass", "cards": {"x" * 5000: ["ZZ"]}},
    ],
    ids=["type", "card", "field", "dealer", "passer"],
)
def test_refusals_never_spell_out_a_huge_value(event: dict[str, Any]) -> None:
    """Limits: a refusal shows a value from the file cut short, never thousands of characters of it."""
    with pytest.raises((TableFileError, InvalidEvent)) as caught:
        tablefile.read(SMALL | {"events": [event]}).replay()
    one_line(caught.value)


def test_optional_top_level_fields_may_be_null_like_left_out() -> None:
    """FORMAT.md: title, played_on and notes are optional; null (as exporters write an empty one) is no error."""
    table = tablefile.read(SMALL | {"title": None, "played_on": None, "notes": None, "events": []})
    assert table.meta == {}
    with pytest.raises(TableFileError, match="title must be a string"):
        tablefile.read(SMALL | {"title": 7, "events": []})


def test_notes_longer_than_the_note_limit_are_refused_naming_the_field() -> None:
    """Limits: the table's `notes` hold at most MAX_NOTE characters, as a note typed on the site; the line says
    how long it is and what the limit is, never the note itself."""
    from games.tablefile import MAX_NOTE

    with pytest.raises(TableFileError) as caught:
        tablefile.read(SMALL | {"notes": "x" * 900_000, "events": []})
    assert one_line(caught.value) == f"notes: 900000 characters; a note holds at most {MAX_NOTE}"


def test_an_event_note_longer_than_the_limit_is_refused_naming_the_event() -> None:
    """Limits: an event's `note` (a round's note) holds at most MAX_NOTE characters; the line names the event."""
    from games.tablefile import MAX_NOTE

    events = [{"type": "deal", "dealer": "Ana"}, {"type": "deal", "dealer": "Ben", "note": "é" * (MAX_NOTE + 1)}]
    with pytest.raises(TableFileError) as caught:
        tablefile.read(SMALL | {"events": events})
    assert one_line(caught.value) == f"event 1: note: {MAX_NOTE + 1} characters; a note holds at most {MAX_NOTE}"


def test_an_undone_event_note_longer_than_the_limit_is_refused() -> None:
    """Limits: undone events are stored too, so their notes have the same limit."""
    from games.tablefile import MAX_NOTE

    retracted = [{"after": 0, "event": {"type": "deal", "dealer": "Ana", "note": "x" * (MAX_NOTE + 5)}}]
    with pytest.raises(TableFileError) as caught:
        tablefile.read(SMALL | {"events": [], "retracted": retracted})
    assert one_line(caught.value).startswith(f"retracted 0: note: {MAX_NOTE + 5} characters")


def test_notes_at_the_note_limit_are_read() -> None:
    """Limits: exactly MAX_NOTE characters (counted as Python counts them: code points) are fine."""
    from games.tablefile import MAX_NOTE

    note = "👩" * MAX_NOTE
    table = tablefile.read(SMALL | {"notes": note, "events": [{"type": "deal", "dealer": "Ana", "note": note}]})
    assert table.meta["notes"] == note and table.raw_events[0]["note"] == note
