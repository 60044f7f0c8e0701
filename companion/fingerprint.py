"""The games' code, as one short hash: a row derived with other code (a table's summary, a checkpoint of its
state) is derived again, so no page shows what the code it runs would not give."""

from __future__ import annotations

import hashlib
from pathlib import Path

import games


def fingerprint() -> str:
    """A short hash of every module of the games package, as it is on disk when this process starts."""
    root = Path(games.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


RULES = fingerprint()
