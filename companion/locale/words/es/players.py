"""Words for the seat list's checks (es)."""

WORDS = {
    "%(name)s cannot be a player's name: the scores use that word": "%(name)s no puede ser el nombre de un jugador: la puntuación usa esa palabra",
}
