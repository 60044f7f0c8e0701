"""Hats: the checks added after the outside probe (fr)."""

WORDS = {
    "types: the box holds %(n)d types of cards, so at most %(n)d names": "types : la boîte contient %(n)d sortes de cartes, donc %(n)d noms au plus",
}
