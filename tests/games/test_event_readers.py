"""Every game's event readers against the shared checks (games/events.py): the usual event reaches its reader before
the field checks, which holds only while each reader reads every required field before it returns. Each event of
the golden cases, a required field taken away or swapped for another, must be refused naming that field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.base import InvalidEvent
from games.registry import get

CASES = Path(__file__).resolve().parents[1] / "cases"


def good_events() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(CASES.glob("*.json")):
        if path.name.startswith("bad-") or path.name.count(".") > 1:
            continue
        table = json.loads(path.read_text(encoding="utf-8"))
        out += [(table["game"], event) for event in table["events"]]
    return out


EVENTS = good_events()


def refusal(slug: str, raw: dict[str, Any]) -> str:
    with pytest.raises(InvalidEvent) as caught:
        get(slug).parse(raw)
    return str(caught.value)


def required_fields(slug: str, kind: str) -> frozenset[str]:
    return frozenset(get(slug).events_module._EVENTS.types[kind][1])  # type: ignore[union-attr]


def test_the_cases_hold_every_game() -> None:
    assert {slug for slug, _ in EVENTS} == {"rickety-kate", "white-hat", "hats", "hood-politix"}


@pytest.mark.parametrize(("slug", "event"), EVENTS)
def test_an_event_without_a_required_field_is_refused_naming_it(slug: str, event: dict[str, Any]) -> None:
    get(slug).parse(event)  # read as it is
    for name in sorted(required_fields(slug, event["type"])):
        kind = event["type"]
        others = {k: v for k, v in event.items() if k != name}
        assert refusal(slug, others | {"zzz": event[name]}) == f"a {kind} event has no field 'zzz'"
        assert refusal(slug, others) == f"a {kind} event needs {name!r}"
        assert refusal(slug, others | {"note": "x"}) == f"a {kind} event needs {name!r}"
