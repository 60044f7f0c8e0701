"""games/events.py: the checks every game's events share, each refusal with its message, whichever way the event
is read (the usual event, its type and required fields alone, skips the separate checks: it passes them all)."""

from __future__ import annotations

from typing import Any

import pytest

from games.base import InvalidEvent
from games.events import EventFormat


def hand(raw: dict[str, Any]) -> dict[str, Any]:
    """A reader reads each required field (the contract of EventFormat.parse), here into a copy of the event."""
    return dict(raw, hearts=raw["hearts"])


FORMAT: EventFormat[dict[str, Any]] = EventFormat(
    "not an object",
    "unknown event type %(type)s (known: %(known)s)",
    {"hand": (hand, {"hearts"}, {"moon"}), "deal": (dict, (), {"dealer"})},
)


def refusal(raw: Any) -> str:
    with pytest.raises(InvalidEvent) as caught:
        FORMAT.parse(raw)
    assert caught.value.index is None
    return str(caught.value)


def test_an_event_with_its_type_and_required_fields_is_read() -> None:
    assert FORMAT.parse({"type": "hand", "hearts": 1}) == {"type": "hand", "hearts": 1}
    assert FORMAT.parse({"type": "deal"}) == {"type": "deal"}


def test_optional_fields_and_a_note_are_read_too() -> None:
    assert FORMAT.parse({"type": "hand", "hearts": 1, "moon": "add", "note": "x"})["moon"] == "add"
    assert FORMAT.parse({"type": "deal", "dealer": "Ana", "note": ""})["dealer"] == "Ana"


@pytest.mark.parametrize("raw", [[], "hand", None, 3])
def test_a_value_that_is_no_object_is_refused(raw: Any) -> None:
    assert refusal(raw) == "not an object"


@pytest.mark.parametrize(
    ("raw", "shown"),
    [({}, "None"), ({"type": "trick"}, "'trick'"), ({"type": ["hand"]}, "['hand']"), ({"type": 1}, "1")],
)
def test_a_missing_or_unknown_type_is_refused_naming_the_known_ones(raw: Any, shown: str) -> None:
    assert refusal(raw) == f"unknown event type {shown} (known: hand, deal)"


def test_a_field_the_type_does_not_have_is_refused() -> None:
    assert refusal({"type": "hand", "hearts": 1, "lady": "Ana"}) == "a hand event has no field 'lady'"
    assert refusal({"type": "deal", "hearts": 1}) == "a deal event has no field 'hearts'"


def test_a_missing_required_field_is_refused() -> None:
    assert refusal({"type": "hand"}) == "a hand event needs 'hearts'"
    assert refusal({"type": "hand", "moon": "add"}) == "a hand event needs 'hearts'"


def test_a_note_must_be_text() -> None:
    assert refusal({"type": "deal", "note": 5}) == "note must be text"


def strict(raw: dict[str, Any]) -> dict[str, Any]:
    """A reader that refuses a value of its own before it reads its required field."""
    if raw.get("moon") == "bad":
        raise InvalidEvent(None, "moon is bad")
    return {"hearts": raw["hearts"], "moon": raw.get("moon")}


STRICT: EventFormat[dict[str, Any]] = EventFormat(
    "not an object", "unknown %(type)s", {"hand": (strict, {"hearts"}, {"moon"})}
)


def test_the_usual_event_is_read_without_the_separate_checks_yet_refused_as_they_would() -> None:
    """An event of a bare one's size, or with no note nor field its type lacks, goes to its reader at once; when
    the reader raises while a required field is missing, the missing field is what the refusal names."""
    assert STRICT.parse({"type": "hand", "hearts": 2}) == {"hearts": 2, "moon": None}
    assert STRICT.parse({"type": "hand", "hearts": 2, "moon": "add"}) == {"hearts": 2, "moon": "add"}
    with pytest.raises(InvalidEvent, match=r"^a hand event needs 'hearts'$"):
        STRICT.parse({"type": "hand", "moon": "bad"})  # the size of a bare hand, its reader refusing the moon first
    with pytest.raises(InvalidEvent, match=r"^a hand event has no field 'lady'$"):
        STRICT.parse({"type": "hand", "lady": "Ana"})  # the reader's KeyError for hearts is not what is told
    with pytest.raises(InvalidEvent, match=r"^moon is bad$"):
        STRICT.parse({"type": "hand", "hearts": 2, "moon": "bad"})  # the fields all there: the reader's refusal
    with pytest.raises(InvalidEvent, match=r"^note must be text$"):
        STRICT.parse({"type": "hand", "hearts": 2, "note": 5})


class Keyed(dict[str, Any]):
    """A dict of another type: read as before, each check in order."""


def test_a_subclass_of_dict_is_checked_in_order() -> None:
    assert STRICT.parse(Keyed(type="hand", hearts=1)) == {"hearts": 1, "moon": None}
    with pytest.raises(InvalidEvent, match=r"^a hand event has no field 'x'$"):
        STRICT.parse(Keyed(type="hand", x=1))
