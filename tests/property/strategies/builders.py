"""What a game's strategies module builds its contract from (tests/property/strategies/__init__.py): event lists
of good and wrong events, files with one number out of range, and entry-form posts, random or one field off.

A game's module gives only what is its own (its events, its limits, its form fields); the mixing is here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from hypothesis import strategies as st

from games.base import Game
from tests.property.strategies.common import JSON, NUMBER_TEXT, ODD_DIGITS, Strategy, outside, plausible_files

Event = TypeVar("Event")

# TABLES: {name: (changes to NEW_TABLE, [(action, post), ...])}.
Tables = dict[str, tuple[dict[str, str], list[tuple[str, dict[str, str]]]]]

# The hidden fields every entry form posts (docs/games.md, The web adapter).
HIDDEN_FIELDS: dict[str, Strategy[Any]] = {"version": NUMBER_TEXT, "key": st.text(max_size=70)}

# -- events ---------------------------------------------------------------------------------------------------


def mostly_good(good: Strategy[list[Event]], wrong: Strategy[Event]) -> Strategy[list[Event]]:
    """Three times in five a good event list; else one to three wrong events, alone or after a good list."""
    bad = st.lists(wrong, min_size=1, max_size=3)
    return st.one_of(good, good, good, bad, st.tuples(good, bad).map(lambda parts: parts[0] + parts[1]))


def in_parts(good: Strategy[list[Event]], wrong: Strategy[Event], most: int) -> Strategy[list[Event]]:
    """Good parts (a round, a hand) one after another, one to `most` of them; or up to eight parts, a third of
    them a wrong event."""
    bad = wrong.map(lambda event: [event])
    parts = st.lists(good, min_size=1, max_size=most) | st.lists(st.one_of(good, good, bad), max_size=8)
    return parts.map(lambda parts: [event for part in parts for event in part])


# -- numbers out of range -------------------------------------------------------------------------------------

# In an event template: the name of the file's first player.
WHO = "<first player>"


def filled(draw: st.DrawFn, template: JSON, who: str) -> JSON:
    """The template with WHO as `who` (a value or a key) and every strategy in it drawn."""
    if isinstance(template, st.SearchStrategy):
        return draw(template)
    if isinstance(template, dict):
        return {filled(draw, key, who): filled(draw, value, who) for key, value in template.items()}
    if isinstance(template, list):
        return [filled(draw, item, who) for item in template]
    return who if template == WHO else template


@st.composite
def one_out_of_range(
    draw: st.DrawFn,
    game: Game,
    ranges: Mapping[str, tuple[int, int]],
    events: Mapping[str, JSON],
    retracted: JSON,
    options: Mapping[str, JSON] | None = None,
) -> dict[str, JSON]:
    """A plausible file of `game` with one number beyond what the game can mean: a whole-number option outside
    its range (`ranges`), another option (`options`, templates), an event (`events`: {place: template}) at any
    place, or the `after` of a retracted event (`retracted`, a template). A template is JSON with strategies
    to draw, and WHO where the first player's name goes."""
    data = draw(plausible_files(game))
    logged: list[JSON] = data["events"]
    who = data["players"][0]
    beyond = {**{name: outside(*limits) for name, limits in ranges.items()}, **(options or {})}
    place = draw(st.sampled_from([*beyond, *events, "after"]))
    if place in beyond:
        data["options"] = {**data.get("options", {}), place: filled(draw, beyond[place], who)}
    elif place in events:
        event = filled(draw, events[place], who)
        logged.insert(draw(st.integers(0, len(logged))), event)
    else:
        data["retracted"] = [{"after": draw(outside(0, len(logged))), "event": filled(draw, retracted, who)}]
    return data


# -- the entry forms ------------------------------------------------------------------------------------------


@st.composite
def form_posts(draw: st.DrawFn, fields: Mapping[str, Strategy[Any]], most: int) -> dict[str, Any]:
    """Any mix of up to `most` fields: the game's `fields`, the hidden ones and others (with number text), each
    with a random value of its kind."""
    every = {**fields, **HIDDEN_FIELDS}
    keys = draw(st.lists(st.sampled_from(sorted(every)) | st.text(max_size=10), max_size=most, unique=True))
    return {key: draw(every.get(key, NUMBER_TEXT)) for key in keys}


@st.composite
def one_field_off(draw: st.DrawFn, post: dict[str, Any], odd: Strategy[str], version_weight: int = 1) -> dict[str, Any]:
    """The post as it is, or half the time with one field (or the version, `version_weight` times as likely)
    set to odd digits, number text or `odd`."""
    if not draw(st.booleans()):
        return post
    key = draw(st.sampled_from([*post, *["version"] * version_weight]))
    return post | {key: draw(ODD_DIGITS | NUMBER_TEXT | odd)}
