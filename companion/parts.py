"""The board's parts (scoreboard, entry, state panel, log, notes, actions), each stamped with a digest of its markup,
so a swap after a write sends only the parts that changed (issue 19).

The phone says which parts it holds (kibitz.js sends their digests in HELD_HEADER with a request aimed at the board,
leaving out the part whose form sent it). A part whose new markup has the same digest is answered by an empty stand-in
marked `hx-preserve`: htmx keeps the phone's own element there, with whatever it opened or typed in it. Only what
changes from one rendering to the next without changing the part is left out of the digest: the CSRF token (masked
anew each time), the idempotency key of each form (fresh each time, and an unused one stays good) and the table
version a form carries (kibitz.js sets the kept forms' to the board's new version, which is what rendering them again
would give); and the out-of-band mark of the same part sent by the poll.

A part may hold parts of its own (a form of the entry, a block of log lines, a stretch of White Hat's board): each
has its own digest, so when its part changed the answer still keeps those of its parts that did not. A part's digest
is always of its whole markup (its own parts in full), so it never depends on what the phone holds."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping

HELD_HEADER = "X-Kibitz-Parts"
MAX_HELD = 64  # parts a phone may name: the board has eight, and their own parts a few dozen

_VOLATILE = re.compile(r'(name="(?:csrfmiddlewaretoken|key|version)" value=")[^"]*"')
_OOB = ' hx-swap-oob="true"'  # the same part sent by the poll: out of band
ROOT = re.compile(r'\s*<([a-z]+)\b[^>]*?\bid="([\w-]+)"')
_HELD_ITEM = re.compile(r"^([\w-]{1,32})=([0-9a-f]{1,32})$")


def held(header: str) -> dict[str, str]:
    """The parts a request says its page holds: "scoreboard=1a2b entry=3c4d" -> {id: digest}. Anything malformed
    is ignored (the part is then sent whole)."""
    found = (_HELD_ITEM.match(item) for item in header.split()[:MAX_HELD])
    return {m[1]: m[2] for m in found if m}


def digest(html: str) -> str:
    plain = _VOLATILE.sub(r'\1"', html).replace(_OOB, "", 1)
    # 40 bits: a phone's part and the new one of the same id differ yet share a digest once in a trillion swaps
    return hashlib.blake2b(plain.encode(), digest_size=5).hexdigest()


def stamp(html: str, holding: Mapping[str, str]) -> str:
    """A rendered part (markup whose first element has an id): a stand-in that keeps the phone's copy when the phone
    holds the same part, else the part with its digest on its first element. Markup without an id is left alone."""
    stamped, stand_in = mark(html, holding)
    return stand_in or stamped


def mark(html: str, holding: Mapping[str, str]) -> tuple[str, str]:
    """The part with its digest on its first element, and the stand-in that keeps the phone's copy when the phone
    holds it unchanged ("" when it does not, or when the markup has no id)."""
    found = stamped(html)
    if found is None:
        return html, ""
    marked, tag, ident, mark = found
    return marked, f'<{tag} id="{ident}" hx-preserve></{tag}>' if holding.get(ident) == mark else ""


def stamped(html: str) -> tuple[str, str, str, str] | None:
    """The part with its digest on its first element, that element's tag and id, and the digest; None for markup
    without an id."""
    root = ROOT.match(html)
    if root is None:
        return None
    mark = digest(html)
    end = _tag_end(html, root.end())
    return f'{html[:end]} data-digest="{mark}"{html[end:]}', root[1], root[2], mark


def keep(html: str, inner: list[tuple[str, str]]) -> str:
    """`html` with each of its own parts the phone holds unchanged (its stamped markup, its stand-in) put as the
    stand-in; the largest first, so a part inside a kept one goes with it."""
    for whole, stand_in in sorted(inner, key=lambda pair: -len(pair[0])):
        html = html.replace(whole, stand_in, 1)
    return html


def _tag_end(html: str, start: int) -> int:
    """Where the opening tag that goes on at `start` closes (its ">"), skipping quoted attribute values."""
    quote = ""
    for at in range(start, len(html)):
        ch = html[at]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == ">":
            return at
    return start
