"""Hood Politix: the checks added after the outside probe (fr)."""

WORDS = {
    "%(name)s threw in %(card)s on a building stack: a framed card is no answer to a stack, not even as a jump-in.": "%(name)s est intervenu avec %(card)s sur une pile en cours : une carte à cadre ne répond jamais à une pile, même en intervention.",
}
