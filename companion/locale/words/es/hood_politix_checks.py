"""Hood Politix: the checks added after the outside probe (es)."""

WORDS: dict[str, str] = {}
