"""The White Hat board as data: fields with a name, a pursuit value, an ability and the arrows leaving them.

No layout is shipped as fact (RULES-NOTES §1.6): a group enters its board once, and a table copies it.
A pawn moves one step along an arrow; occupied fields are passed over to the next free one, forwards and, on
Backflip, backwards against the arrows.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.base import InvalidOptions, gettext_noop, shown, whole_number_in
from games.options import whole_number
from games.text import T

ABILITIES = ("", "start", "sticky", "exploit", "randomizer", "backflip", "goal")
MAX_FIELDS = 200
FIELD_VALUES = (-20, 20)  # printed values run from -5 to +5; Exploit may push one further
MAX_NAME = 40


@dataclass(frozen=True)
class Field:
    name: str
    value: int
    ability: str = ""
    next: tuple[int, ...] = ()  # the arrows leaving it (filled in: the next field when the file leaves it out)


@dataclass(frozen=True)
class Board:
    fields: tuple[Field, ...]

    @property
    def starts(self) -> tuple[int, int]:
        """Where a player's pawns 1 and 2 start: the first two start fields (both on one if there is one)."""
        found = [i for i, f in enumerate(self.fields) if f.ability == "start"]
        return (found[0], found[1] if len(found) > 1 else found[0])

    def previous(self, index: int) -> tuple[int, ...]:
        """The fields with an arrow into `index` (Backflip goes against the arrows)."""
        return tuple(i for i, f in enumerate(self.fields) if index in f.next)

    def forward(self, index: int, occupied: Collection[int]) -> tuple[int, ...]:
        """Where one step forward can end: the next free field along each arrow."""
        first = self.fields[index].next
        if len(first) == 1 and first[0] not in occupied and first[0] != index:
            return first  # one arrow, to a free field: the usual move, told without the search (each move's check)
        return _nearest_free(index, occupied, lambda i: self.fields[i].next)

    def backward(self, index: int, occupied: Collection[int]) -> tuple[int, ...]:
        """Where Backflip can put a pawn: the nearest free field against the arrows."""
        return _nearest_free(index, occupied, self.previous)

    def behind(self, index: int) -> set[int]:
        """Every field from which the arrows lead to `index`."""
        found: set[int] = set()
        queue = list(self.previous(index))
        while queue:
            spot = queue.pop()
            if spot not in found:
                found.add(spot)
                queue.extend(self.previous(spot))
        return found

    def as_list(self) -> list[dict[str, Any]]:
        """FORMAT.md's shape; `next` only where it is not simply the field listed after."""
        out: list[dict[str, Any]] = []
        for i, f in enumerate(self.fields):
            item: dict[str, Any] = {"name": f.name, "value": f.value, "ability": f.ability}
            if f.next != _default_next(i, len(self.fields)):
                item["next"] = list(f.next)
            out.append(item)
        return out


def _nearest_free(start: int, occupied: Iterable[int], step: Any) -> tuple[int, ...]:
    taken = set(occupied)
    first = step(start)
    if taken.isdisjoint(first) and start not in first and len(set(first)) == len(first):
        return tuple(first)  # every field one step away is free: the usual move, without the search below
    found: list[int] = []
    seen = {start}
    queue = list(first)
    while queue:
        field = queue.pop(0)
        if field in seen:
            continue
        seen.add(field)
        if field in taken:
            queue.extend(step(field))
        else:
            found.append(field)
    return tuple(found)


def _default_next(index: int, count: int) -> tuple[int, ...]:
    return (index + 1,) if index + 1 < count else ()


def read_board(raw: Any) -> Board | None:
    """The `board` option: null, or a list of fields; InvalidOptions names the field that is wrong.

    A board read once is kept, by the text of what was read (its repr tells a list from a tuple and 2 from 2.0
    or True): most tables play one board, and reading its 60 fields was half of what a table's first page
    replays. A board that is refused is read again each time, and refused the same way."""
    if raw is None:
        return None
    if type(raw) is list:
        try:
            return _read_text(repr(raw))
        except (ValueError, SyntaxError, MemoryError, RecursionError):  # not plain data: read as it is
            pass
    return _read_board(raw)


@functools.lru_cache(maxsize=64)
def _read_text(text: str) -> Board:
    """The board written as `text` (a repr of plain data), read back: raises what reading it raises."""
    return _read_board(ast.literal_eval(text))


def _read_board(raw: Any) -> Board:
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_FIELDS:
        raise InvalidOptions(T("board must be a list of 2 to %(max)d fields", max=MAX_FIELDS))
    fields = tuple(_field(i, item, len(raw)) for i, item in enumerate(raw))
    if not any(f.ability == "start" for f in fields):
        raise InvalidOptions(T("the board needs a start field, where the pawns begin"))
    if not any(f.ability == "goal" for f in fields):
        raise InvalidOptions(T("the board needs a goal field, where the game ends"))
    return Board(fields)


def _field(index: int, item: Any, count: int) -> Field:
    where = T("board field %(n)d", n=index)
    if not isinstance(item, Mapping):
        raise InvalidOptions(T('%(where)s must be an object like {"name": "Router", "value": 2}', where=where))
    unknown = set(item) - {"name", "value", "ability", "next"}
    if unknown:
        raise InvalidOptions(T("%(where)s has no entry %(name)s", where=where, name=shown(sorted(unknown)[0])))
    name, value, ability = item.get("name"), item.get("value"), item.get("ability") or ""
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise InvalidOptions(T("%(where)s needs a name of 1 to %(max)d characters", where=where, max=MAX_NAME))
    refusal = gettext_noop("%(where)s: value must be from %(low)d to %(high)d, not %(value)s")
    value = whole_number(value, FIELD_VALUES, refusal, where=where)
    if ability not in ABILITIES:
        known = ", ".join(a for a in ABILITIES if a)
        raise InvalidOptions(
            T("%(where)s: unknown ability %(value)s (known: %(known)s)", where=where, value=shown(ability), known=known)
        )
    arrows = item.get("next")
    if arrows is None:
        following = () if ability == "goal" else _default_next(index, count)
    elif isinstance(arrows, list) and all(whole_number_in(a, 0, count - 1) and a != index for a in arrows):
        following = tuple(dict.fromkeys(arrows))
    else:
        raise InvalidOptions(
            T("%(where)s: next must list other fields by index (0 to %(last)d)", where=where, last=count - 1)
        )
    return Field(name.strip(), value, ability, following)
