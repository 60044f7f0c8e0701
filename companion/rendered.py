"""The board's parts as rendered, kept in this process per snapshot, language and view, so a table page that every
phone at the table polls or reloads is rendered once per version, not once per request (issue 19).

Nothing here is truth: an entry is markup derived from a snapshot, found again only through that very snapshot (its
`memo` holds the token the entries are filed under, so a new version, or a snapshot built again after the cache of
snapshots was emptied, finds nothing), the reader's language, their role, what the request asked for and the table's
own fields that change without a new version (its note, title, next game). Only a plain GET of the board is kept: a
form sent back with its error, a stale write's answer, a confirmation or Check plays are rendered every time.

What must differ on every rendering never enters the cache: a part is rendered with stand-ins for the CSRF token and
for each form's idempotency key, and each hit puts in this request's token and a fresh key per form. Those are what
companion/parts.py leaves out of a part's digest, so the digest of the stand-in markup is the part's digest."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.dispatch import receiver
from django.utils.autoreload import file_changed

from companion import parts
from companion.models import url_token

# Stand-ins drawn once per process: no table's text can hold them by chance.
CSRF_MARK = f"csrf{secrets.token_hex(12)}"
KEY_MARK = f"key{secrets.token_hex(12)}"
VIEW = "rendered_view"  # context: what a rendering's parts are kept under, or None (templatetags/kibitz.py)
MARKING = "rendered_marking"  # context flag: {% write_key %} writes KEY_MARK (templatetags/kibitz.py)
MAX_CHARS = 8_000_000  # the markup all entries may hold together (about as many bytes, mostly ASCII)
NOT_PROVIDED = "NOTPROVIDED"  # Django's csrf context value when the request has no token: nothing is kept then


@dataclass(frozen=True, slots=True)
class Part:
    """One rendered part: its markup with its digest stamped on and the stand-ins left in, its element and digest,
    its own parts (each kept on its own when the phone holds it unchanged: companion/parts.py) and the cards its
    pickers left to the board's decks (templatetags/kibitz.py), dealt again when it is answered from the store."""

    html: str
    tag: str
    ident: str
    digest: str
    inner: tuple[Part, ...] = ()
    decks: Mapping[str, str] = field(default_factory=dict)

    def stand_in(self) -> str:
        return f'<{self.tag} id="{self.ident}" hx-preserve></{self.tag}>'

    def held(self, holding: Mapping[str, str]) -> bool:
        return bool(self.ident) and holding.get(self.ident) == self.digest

    def answer(self, holding: Mapping[str, str], csrf_token: str) -> str:
        """What parts.stamp answers for this markup: a stand-in when the phone holds the same part, else the part
        with the stand-ins of its own parts the phone holds unchanged (the largest first, so a part inside a kept
        one goes with it), this request's CSRF token and a fresh idempotency key for each form."""
        if self.held(holding):
            return self.stand_in()
        kept = [(own.html, own.stand_in()) for own in self.inner if own.held(holding)]
        return fill(parts.keep(self.html, kept), csrf_token)

    def deal(self, decks: dict[str, str] | None) -> None:
        """Puts the cards its pickers left to the decks back in the board's decks, as rendering it again would."""
        if decks is not None:
            for key, cards in self.decks.items():
                decks.setdefault(key, cards)


def fill(html: str, csrf_token: str) -> str:
    html = html.replace(CSRF_MARK, csrf_token)
    if KEY_MARK not in html:
        return html
    pieces = html.split(KEY_MARK)
    out = [pieces[0]]
    for piece in pieces[1:]:
        out += (url_token(12), piece)
    return "".join(out)


def made(html: str, inner: tuple[Part, ...] = (), decks: Mapping[str, str] | None = None) -> Part:
    """A part's rendered markup (stand-ins in it) as parts.stamp would stamp it, with its own parts and the cards
    its pickers left to the decks."""
    found = parts.stamped(html)
    if found is None:
        return Part(html, "", "", "", inner, dict(decks or {}))
    return Part(*found, inner, dict(decks or {}))  # the digest worked out once


RENDERED_VIEW = Part("", "", "", "")  # filed under (view, template) once a rendering of that view kept its parts


class RenderedParts:
    """A bounded, least recently used store of rendered parts, shared by the threads of a process."""

    def __init__(self, max_chars: int = MAX_CHARS) -> None:
        self.max_chars = max_chars
        self.held = 0
        self.items: OrderedDict[Hashable, Part] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Part | None:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: Hashable, part: Part) -> None:
        with self.lock:
            old = self.items.pop(key, None)
            self.held += _size(part) - (_size(old) if old else 0)
            self.items[key] = part
            while self.held > self.max_chars and self.items:
                _key, dropped = self.items.popitem(last=False)
                self.held -= _size(dropped)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.held = 0


def _size(part: Part) -> int:
    """The characters a part holds: its markup and its own parts' copies of theirs."""
    return len(part.html) + sum(len(own.html) for own in part.inner)


RENDERED = RenderedParts()


@receiver(file_changed)
def _source_changed(sender: object, file_path: object, **kwargs: object) -> None:
    """A template edited under runserver is read again without a restart: so must the parts rendered from it."""
    RENDERED.clear()


class Token:
    """What a snapshot's entries are filed under: one per snapshot object shared by its copies (its `memo`), compared
    by identity, and held by the keys that use it (so it is never reused for another snapshot while they live)."""

    __slots__ = ("__weakref__",)


def token(memo: dict[str, Any]) -> Token:
    return memo.setdefault("rendered", Token())  # type: ignore[no-any-return]  # only this module files it
