"""The Kibitz table file (FORMAT.md, `kibitz/1`): read, check, score, referee, write."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from games import registry
from games.base import Flag, Game, GameError, InvalidEvent, InvalidOptions, Standings, shown
from games.players import InvalidPlayers, check_players
from games.text import T

FORMAT = "kibitz/1"
MAX_EVENTS = 5000  # events a table may hold, undone ones included: far above any real game, and fast to serve
MAX_NOTE = 2000  # characters of a note (the table's `notes`, an event's `note`): a few paragraphs, on a page
META_FIELDS = ("title", "played_on", "notes")


class TableFileError(GameError):
    """A file that cannot be read; str() is the one line the commands print, `message` the same as a Text."""


@dataclass(frozen=True)
class RetractedEvent:
    """Kibitz extension: an undone event, kept with the number of live events before it."""

    after: int
    event: Mapping[str, Any]


@dataclass(frozen=True)
class TableFile:
    game: Game
    players: tuple[str, ...]
    options: Any
    events: tuple[Any, ...]  # parsed, live events
    raw_events: tuple[Mapping[str, Any], ...]
    raw_options: Mapping[str, Any] = field(default_factory=dict)
    meta: Mapping[str, str] = field(default_factory=dict)
    retracted: tuple[RetractedEvent, ...] = ()

    def replay(self) -> Any:
        return self.game.replay(self.players, self.options, self.events)

    def standings(self) -> Standings:
        return self.game.standings(self.replay())

    def review(self) -> list[Flag]:
        return self.game.review(self.replay())  # a file that cannot be scored cannot be refereed either

    def as_dict(self) -> dict[str, Any]:
        return dump(self.game, self.players, self.raw_options, self.raw_events, self.meta, self.retracted)


def decode(text: str) -> Any:
    """The JSON document in `text`, or TableFileError saying where it breaks."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TableFileError(
            T(
                "not a JSON document (line %(line)d, column %(column)d: %(why)s)",
                line=exc.lineno,
                column=exc.colno,
                why=exc.msg,
            )
        ) from None
    except ValueError:  # Python's json refuses integers of more than 4,300 digits
        raise TableFileError(T("not a table file: a number in it is too long")) from None
    except RecursionError:
        raise TableFileError(T("not a table file: nested too deeply")) from None


def loads(text: str) -> TableFile:
    return read(decode(text))


def read(data: Any) -> TableFile:
    """Check a decoded table file from top to bottom; the first problem raises."""
    if not isinstance(data, dict):
        raise TableFileError(T("a table file is a JSON object"))
    if data.get("format") != FORMAT:
        raise TableFileError(
            T('"format" must be "%(format)s", not %(value)s', format=FORMAT, value=shown(data.get("format")))
        )
    slug = data.get("game")
    if not isinstance(slug, str):
        raise TableFileError(
            T('"game" must be a game\'s name such as "rickety-kate", not %(value)s', value=shown(slug))
        )
    try:
        game = registry.get(slug)
    except registry.UnknownGame as exc:
        raise TableFileError(exc.message) from None
    try:
        players = check_players(data.get("players"), game.min_players, game.max_players)
    except InvalidPlayers as exc:
        raise TableFileError(T("players: %(why)s", why=exc.message)) from None
    raw_options = data.get("options", {})
    if not isinstance(raw_options, dict):
        raise TableFileError(T("options must be an object"))
    try:
        options = game.options(raw_options, players)
    except InvalidOptions as exc:
        raise TableFileError(T("options: %(why)s", why=exc.message)) from None
    raw_events = data.get("events")
    if not isinstance(raw_events, list):
        raise TableFileError(T("events must be a list"))
    _check_size(raw_events, data.get("retracted", []))
    _check_notes(data, raw_events)
    events = tuple(_parse(game, raw, i) for i, raw in enumerate(raw_events))
    return TableFile(
        game=game,
        players=players,
        options=options,
        events=events,
        raw_events=tuple(raw_events),
        raw_options=raw_options,
        meta=_meta(data),
        retracted=_retracted(game, data.get("retracted", []), len(raw_events)),
    )


def _check_size(events: list[Any], retracted: Any) -> None:
    """Before any event is parsed: a file may not hold more than a table can (undone events count too)."""
    total = len(events) + (len(retracted) if isinstance(retracted, list) else 0)
    if total > MAX_EVENTS:
        raise TableFileError(T("a table holds at most %(max)d events; this file has %(n)d", max=MAX_EVENTS, n=total))


def _check_notes(data: Mapping[str, Any], events: list[Any]) -> None:
    """Before any event is parsed: no note longer than a table shows (the web's note form holds the same limit)."""
    notes = data.get("notes")
    if isinstance(notes, str) and len(notes) > MAX_NOTE:
        raise TableFileError(T("notes: %(n)d characters; a note holds at most %(max)d", n=len(notes), max=MAX_NOTE))
    for index, raw in enumerate(events):
        if (n := _note_length(raw)) > MAX_NOTE:
            raise TableFileError(
                T("event %(i)d: note: %(n)d characters; a note holds at most %(max)d", i=index, n=n, max=MAX_NOTE)
            )
    retracted = data.get("retracted")
    for index, item in enumerate(retracted if isinstance(retracted, list) else ()):
        if (n := _note_length(item.get("event") if isinstance(item, dict) else None)) > MAX_NOTE:
            raise TableFileError(
                T("retracted %(i)d: note: %(n)d characters; a note holds at most %(max)d", i=index, n=n, max=MAX_NOTE)
            )


def _note_length(raw: Any) -> int:
    note = raw.get("note") if isinstance(raw, dict) else None
    return len(note) if isinstance(note, str) else 0


def _parse(game: Game, raw: Any, index: int) -> Any:
    try:
        return game.parse(raw)
    except InvalidEvent as exc:
        raise exc.at(index) from None


def _meta(data: Mapping[str, Any]) -> dict[str, str]:
    meta = {}
    for name in META_FIELDS:
        value = data.get(name)
        if value is not None:  # null, like a field left out: exporters often write it for an empty one
            if not isinstance(value, str):
                raise TableFileError(T("%(field)s must be a string", field=name))
            meta[name] = value
    if "played_on" in meta:
        try:
            date.fromisoformat(meta["played_on"])
        except ValueError:
            raise TableFileError(
                T("played_on %(value)s is not a date like 2026-11-29", value=shown(meta["played_on"]))
            ) from None
    return meta


def _retracted(game: Game, raw: Any, live: int) -> tuple[RetractedEvent, ...]:
    if not isinstance(raw, list):
        raise TableFileError(T("retracted must be a list"))
    out: list[RetractedEvent] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or set(item) != {"after", "event"}:
            raise TableFileError(T('retracted %(i)d: write {"after": N, "event": {...}}', i=i))
        after = item["after"]
        if type(after) is not int or not 0 <= after <= live:
            raise TableFileError(T("retracted %(i)d: after must be a number from 0 to %(live)d", i=i, live=live))
        if out and after < out[-1].after:
            raise TableFileError(T("retracted %(i)d: the list must be in log order", i=i))
        try:
            game.parse(item["event"])
        except InvalidEvent as exc:
            raise TableFileError(T("retracted %(i)d: %(why)s", i=i, why=exc.message)) from None
        out.append(RetractedEvent(after, item["event"]))
    return tuple(out)


def dump(
    game: Game,
    players: Sequence[str],
    options: Mapping[str, Any],
    events: Sequence[Mapping[str, Any]],
    meta: Mapping[str, str] | None = None,
    retracted: Sequence[RetractedEvent] = (),
) -> dict[str, Any]:
    """A table file as a dict, keys in FORMAT.md order; `options` as the table agreed them."""
    out: dict[str, Any] = {"format": FORMAT, "game": game.slug, "players": list(players)}
    out["options"] = dict(options)
    out.update(meta or {})
    out["events"] = [dict(e) for e in events]
    if retracted:
        out["retracted"] = [{"after": r.after, "event": dict(r.event)} for r in retracted]
    return out
