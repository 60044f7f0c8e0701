"""The shape every table-file event shares (FORMAT.md): a JSON object whose "type" names one of the game's event
types, with the fields that type requires, any it allows, and an optional "note" (a Kibitz extension on every
event). A game's events module lists its types in an EventFormat, each with the function that reads its
fields; the checks before that function runs, and their order, are the same for every game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from games.base import shown
from games.replay import refusal
from games.text import T, Text

E = TypeVar("E")

# One event type: the function that reads its fields, the fields it requires, the fields it also allows.
EventType = tuple[Callable[[dict[str, Any]], E], Iterable[str], Iterable[str]]


class EventFormat(Generic[E]):
    """A game's event types. The two messages are msgids marked with gettext_noop in the game's module (each
    names the game): `not_an_object` for a value that is no JSON object, `unknown_type` (with %(type)s and
    %(known)s) for a type the game does not have."""

    def __init__(self, not_an_object: str, unknown_type: str, types: Mapping[str, EventType[E]]) -> None:
        self.not_an_object = not_an_object
        self.unknown_type = unknown_type
        self.known = ", ".join(types)
        # type -> (reader, required fields, every field it may carry)
        self.types = {
            kind: (read, frozenset(required), frozenset(required) | frozenset(optional) | {"type", "note"})
            for kind, (read, required, optional) in types.items()
        }
        # type -> (reader, how many fields its bare event has (its type and required fields), the fields of a usual
        # one (any but a note), its required fields)
        self.usual = {
            kind: (read, len(required) + 1, allowed - {"note"}, required)
            for kind, (read, required, allowed) in self.types.items()
        }

    def parse(self, raw: Any) -> E:
        """One event from its JSON shape, or InvalidEvent naming what is wrong.

        The usual event (a JSON object of a known type, without a note or a field its type lacks) goes to its
        reader at once, the field checks left to the reader: each reader reads every required field (raw[name])
        before it can return, so it returns only if they are all there, and with them a bare event's count of
        fields leaves room for no other. Should it raise while one is missing, `checked` says which, as before.
        """
        if type(raw) is dict:  # what JSON reads (a subclass of dict takes the checks in order)
            try:
                read, size, usual, required = self.usual[raw["type"]]
            except (KeyError, TypeError):  # none, or no such type (a list would not hash): refused below
                pass
            else:
                if len(raw) == size or usual.issuperset(raw):  # the count told first: no set compared
                    try:
                        return read(raw)
                    except Exception:
                        if raw.keys() >= required:  # its own refusal: the fields were all there
                            raise
        return self.checked(raw)

    def checked(self, raw: Any) -> E:
        """One event read after each check, in the order the messages are given (as parse() gives them)."""
        if not isinstance(raw, dict):
            raise refusal(T(self.not_an_object))
        try:  # a type the game has (only text equals text: the keys are the type names)
            read, required, allowed = self.types[raw["type"]]
        except (KeyError, TypeError):  # none, or no such type (a list would not hash)
            raise refusal(T(self.unknown_type, type=shown(raw.get("type")), known=self.known)) from None
        if not allowed.issuperset(raw):  # checked without building a set: a long table reads thousands of events
            extra = next(name for name in raw if name not in allowed)
            raise refusal(T("a %(type)s event has no field %(field)s", type=raw["type"], field=shown(extra)))
        if not raw.keys() >= required:
            missing = repr(min(required - raw.keys()))
            raise refusal(T("a %(type)s event needs %(field)s", type=raw["type"], field=missing))
        if "note" in raw and not isinstance(raw["note"], str):
            raise refusal(T("note must be text"))
        return read(raw)


def player_name(value: Any, what: str | Text) -> str:
    """A player's name as an event writes it; `what` is the field (a word of the file format, or a Text)."""
    if isinstance(value, str) and value:
        return value
    raise refusal(T("%(what)s must be a player's name, not %(value)s", what=what, value=shown(value)))
