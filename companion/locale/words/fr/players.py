"""Words for the seat list's checks (fr)."""

WORDS = {
    "%(name)s cannot be a player's name: the scores use that word": "%(name)s ne peut pas être un nom de joueur : les scores utilisent ce mot",
}
