"""Names that look alike: compared by their confusables skeleton (Unicode UTS #39, section 4).

skeleton(X) is NFD(X) without default-ignorable characters, each character replaced by its prototype from
Unicode's confusables.txt, then NFD again; two names look alike when their skeletons are equal ("Ann" and
Cyrillic "Аnn", "Kim" and "Kirn"). The data is what confusable-homoglyphs ships (confusables.json, built from
confusables.txt): that library has no skeleton function, and it stores each line "source → prototype" in both
directions, so the prototype is read back from the shape of the data (see _prototypes).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache

from django.utils.translation import gettext as _

# Default_Ignorable_Code_Point (DerivedCoreProperties.txt): invisible, so removed before comparing (UTS #39
# since Unicode 15.1); the data's own comments wrap right-to-left prototypes in U+200E marks, removed too.
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_FIXED_POINT_ROUNDS = 4  # a prototype's NFD may hold a character that has a prototype itself


def _ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in _IGNORABLE)


def _visible(text: str) -> str:
    return "".join(ch for ch in text if not _ignorable(ch))


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype. In the library's data a source character has exactly one
    neighbour, its prototype, and a prototype is never a source (confusables.txt is idempotent), so every group
    of look-alikes is a star around its prototype. A source and a prototype that only have each other are told
    apart by the data's order (the library writes a line's source first); either choice gives equal skeletons."""
    from confusable_homoglyphs.confusables import confusables_data  # loads its 900 KB table: only when needed

    order = {key: i for i, key in enumerate(confusables_data)}
    table: dict[str, str] = {}
    for key, entries in confusables_data.items():
        source = _visible(key)
        if len(source) != 1 or len(entries) != 1:
            continue  # a prototype: several sources, or several characters
        other = entries[0]["c"]
        if len(confusables_data.get(other, ())) == 1 and len(_visible(other)) == 1 and order[other] < order[key]:
            continue  # the prototype of a pair: its source came first
        table[source] = _visible(other)
    return table


def skeleton(name: str) -> str:
    """The name's UTS #39 skeleton: equal skeletons, look-alike names. For comparing only, never for showing."""
    table = _prototypes()
    text = name
    for _round in range(_FIXED_POINT_ROUNDS):
        mapped = unicodedata.normalize(
            "NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text) if not _ignorable(ch))
        )
        if mapped == text:
            break
        text = mapped
    return text


def look_alike(seats: Sequence[str], taken: Iterable[str] = ()) -> str | None:
    """A sentence naming two names that look alike but differ, or None: two of the seats, or a seat's new name
    beside a name already `taken` in the group (a name already in the group is that same person)."""
    seen: dict[str, str] = {}
    for name in seats:
        other: str | None = seen.setdefault(skeleton(name), name)
        if other != name:
            return _(
                "'%(name)s' looks like '%(other)s', who is also at this table: choose a name that can be told apart."
            ) % {"name": name, "other": other}
    existing = set(taken)
    known = {skeleton(name): name for name in sorted(existing)}
    for name in seats:
        other = known.get(skeleton(name))
        if name not in existing and other is not None:
            return _(
                "'%(name)s' looks like '%(other)s', who is already in this group: choose a name that can be told apart."
            ) % {"name": name, "other": other}
    return None
