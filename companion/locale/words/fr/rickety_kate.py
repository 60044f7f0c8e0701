"""French for Rickety Kate's entry screen: words added after issue 16 (the rest of the game's words are in core.py)."""

WORDS = {
    "The hand just finished": "La main qui vient de finir",
    "The next hand": "La main suivante",
    "%(n)d player": ("%(n)d joueur", "%(n)d joueurs"),
}
