"""Hood Politix: the checks added after the outside probe (fr)."""

WORDS: dict[str, str] = {}
