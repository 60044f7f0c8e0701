"""German for Rickety Kate's entry screen: words added after issue 16 (the rest of the game's words are in core.py)."""

WORDS = {
    "The hand just finished": "Die gerade beendete Hand",
    "The next hand": "Die nächste Hand",
    "%(n)d player": ("%(n)d Person", "%(n)d Personen"),
}
