"""Spanish for Rickety Kate's entry screen: words added after issue 16 (the rest of the game's words are in core.py)."""

WORDS = {
    "The hand just finished": "La mano recién terminada",
    "The next hand": "La mano siguiente",
    "%(n)d player": ("%(n)d jugador", "%(n)d jugadores", "%(n)d jugadores"),
}
