"""Hood Politix: the checks added after the outside probe (de)."""

WORDS: dict[str, str] = {}
