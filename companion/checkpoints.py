"""A table's stored checkpoint (TableCheckpoint): its replayed game state after its first live events, so a
process that holds no snapshot of the table reads the state and replays only what followed.

A cache, never a truth. A checkpoint is used only when all of this still holds, else it is ignored and the log
replays as if it were not there:
- its format and the games' code fingerprint are this process's (an upgrade that changes a rule replays all);
- its signature, an HMAC keyed by the secret key over every column and the table's code, options and seats, is
  right (a row edited or copied from another table is never unpickled);
- the digest of the stored log entries it covers (seq, undone or not, the payload's JSON text) is theirs now: an
  undo, a redo or a correction of one of them, or a row edited by hand, shows;
- the state unpickles within MAX_PICKLE bytes, naming only the games package and a few plain containers (even
  a signed row cannot run other code). A game whose code lives elsewhere (the tests' toy game) is never stored:
  the games' fingerprint would not cover it.
"""

from __future__ import annotations

import copyreg
import hashlib
import hmac
import io
import json
import pickle
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from django.db import connection
from django.utils.crypto import salted_hmac

from games.text import Text

from . import busy
from .fingerprint import RULES
from .models import Table, TableCheckpoint

FORMAT = 1  # bump when what is stored, or how, changes: every checkpoint is ignored, then stored again
MAX_STORED = 4 << 20  # bytes of a stored state (compressed): a larger one is neither stored nor read
MAX_PICKLE = 32 << 20  # bytes a stored state may unpack to (a tampered row cannot fill the memory)
SALT = "kibitz.checkpoint"


@dataclass(frozen=True, slots=True)
class Stored:
    """One checkpoint row as read, not yet trusted: `opened` checks it against the table and its log."""

    version: int
    events: int  # live events folded into the state
    seq: int  # the log entry of the last of them
    digest: str
    signature: str
    state: bytes


def fetch(pk: int) -> Stored | None:
    """The table's checkpoint made by this format and these games' code, if one is stored (one query)."""
    q = connection.ops.quote_name
    sql = (
        f"SELECT version, events, seq, digest, signature, state FROM {q(TableCheckpoint._meta.db_table)} "
        f"WHERE table_id = %s AND format = %s AND rules = %s AND length(state) <= %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk, FORMAT, RULES, MAX_STORED])
        row = cursor.fetchone()
    if row is None:
        return None
    version, events, seq, digest, signature, state = row
    return Stored(int(version), int(events), int(seq), str(digest), str(signature), bytes(state))


def opened(stored: Stored, table: Table, players: Sequence[str], digest: str) -> Any | None:
    """The checkpoint's state, or None when it cannot be trusted for this table and a log whose entries up to
    `stored.seq` have `digest` (see the module's docstring)."""
    if not hmac.compare_digest(stored.digest, digest):
        return None
    expected = _signature(table, players, stored.version, stored.events, stored.seq, stored.digest, stored.state)
    if not hmac.compare_digest(stored.signature, expected):
        return None
    return decode(stored.state)


def save(table: Table, players: Sequence[str], version: int, events: int, seq: int, digest: str, state: Any) -> bool:
    """Store a checkpoint of `state` (after `events` live events, the last at log entry `seq`, derived at table
    `version`), replacing the table's; True when stored. Never waits for a lock, and two processes storing at
    once both succeed (the last one stays): a cache is never worth a wait or a failed request."""
    blob = encode(state)
    if blob is None:
        return False
    signature = _signature(table, players, version, events, seq, digest, blob)
    row = TableCheckpoint(
        table_id=table.pk,
        version=version,
        format=FORMAT,
        rules=RULES,
        events=events,
        seq=seq,
        digest=digest,
        signature=signature,
        state=blob,
    )
    return busy.unless_busy(
        lambda: TableCheckpoint.objects.bulk_create(
            [row],
            update_conflicts=True,
            unique_fields=["table"],
            update_fields=["version", "format", "rules", "events", "seq", "digest", "signature", "state"],
        )
    )


def digest(marks: Sequence[int], texts: Sequence[Any]) -> str:
    """A hash of log entries as stored: each one's seq, negative when it is undone (`marks`), and its payload's
    JSON text as the database hands it back (a payload a driver decoded is written out again). JSON text holds
    no raw control character, so the texts joined by one still tell where each ends."""
    if texts and not isinstance(texts[0], str):
        texts = [json.dumps(text, sort_keys=True) for text in texts]
    hashed = hashlib.blake2b(repr(list(marks)).encode(), digest_size=16)
    hashed.update("\x1e".join(texts).encode())
    return hashed.hexdigest()


def _signature(
    table: Table, players: Sequence[str], version: int, events: int, seq: int, digest: str, blob: bytes
) -> str:
    head = json.dumps(
        [FORMAT, RULES, table.pk, table.code, table.options, list(players), version, events, seq, digest],
        sort_keys=True,
    )
    return salted_hmac(SALT, head.encode() + b"\x00" + blob, algorithm="sha256").hexdigest()


# -- the state as bytes --------------------------------------------------------------------------------------


def _proxy(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """A read-only mapping back from its pickled dict (pickle has no reducer of its own for one)."""
    return MappingProxyType(mapping)


def _text(text: Text) -> tuple[type[Text], tuple[Any, ...]]:
    """A Text as its fields: built again by its __init__, faster than the generic slots dataclass path (a
    Hats state holds hundreds of them)."""
    return (Text, (text.msgid, text.params, text.plural, text.count))


_REDUCERS: dict[type, Any] = {
    **copyreg.dispatch_table,
    MappingProxyType: lambda proxy: (_proxy, (dict(proxy),)),
    Text: _text,
}


def encode(state: Any) -> bytes | None:
    """The state pickled and compressed, or None when it cannot be pickled, comes out too large, or would not
    come back from `decode` equal to itself (so what is stored is only ever what a replay gives)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _REDUCERS
    try:
        pickler.dump(state)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None
    blob = zlib.compress(out.getvalue(), 1)
    if len(blob) > MAX_STORED or decode(blob) != state:
        return None
    return blob


# Besides the games package: the plain containers a game's state may hold, and _proxy.
_PLAIN = frozenset(
    {
        ("collections", "Counter"),
        ("collections", "OrderedDict"),
        ("collections", "defaultdict"),
        ("datetime", "date"),
        (__name__, "_proxy"),
        *(("builtins", name) for name in ("bool", "dict", "frozenset", "int", "list", "set", "str", "tuple")),
    }
)


class _GamesOnly(pickle.Unpickler):
    """An unpickler that builds only classes (and calls only functions) of the games package, and _PLAIN."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "games" or module.startswith("games.") or (module, name) in _PLAIN:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a game's state")


def decode(blob: bytes) -> Any | None:
    """The state from `encode`'s bytes, or None when they do not unpack to one within the bounds."""
    try:
        inflate = zlib.decompressobj()
        raw = inflate.decompress(blob, MAX_PICKLE)
        if inflate.unconsumed_tail or not inflate.eof:
            return None
        return _GamesOnly(io.BytesIO(raw)).load()
    except Exception:  # any failure to load is a checkpoint not used: the log replays as without one
        return None
