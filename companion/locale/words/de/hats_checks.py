"""Hats: the checks added after the outside probe (de)."""

WORDS = {
    "types: the box holds %(n)d types of cards, so at most %(n)d names": "types: die Schachtel enthält %(n)d Kartensorten, also höchstens %(n)d Namen",
}
