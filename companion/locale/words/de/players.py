"""Words for the seat list's checks (de)."""

WORDS = {
    "%(name)s cannot be a player's name: the scores use that word": "%(name)s kann kein Name sein: Die Wertung verwendet dieses Wort",
}
