"""Hats: the checks added after the outside probe (es)."""

WORDS = {
    "types: the box holds %(n)d types of cards, so at most %(n)d names": "types: la caja trae %(n)d tipos de cartas, así que %(n)d nombres como máximo",
}
