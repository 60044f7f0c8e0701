"""White Hat: the checks added after the outside probe (es)."""

WORDS = {
    "%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d": "%(what)s: %(n)d copias de %(card)s, pero la caja solo trae %(copies)d",
    "the trick": "la baza",
    "the hands left and the cards played this round hold %(n)d copies of %(card)s, but the box holds only %(copies)d": "las manos que quedan y las cartas jugadas en esta ronda suman %(n)d copias de %(card)s, pero la caja solo trae %(copies)d",
    "%(name)s is left with %(cards)s at the end of round %(round)d, but after the tricks recorded %(name)s held only %(have)d": "a %(name)s le quedan %(cards)s al final de la ronda %(round)d, pero tras las bazas anotadas %(name)s solo tenía %(have)d",
    "%(name)s is left with %(cards)s at the end of round %(round)d, but after the tricks recorded %(name)s held %(have)d: a card left out of a hand scores nothing": "a %(name)s le quedan %(cards)s al final de la ronda %(round)d, pero tras las bazas anotadas %(name)s tenía %(have)d: una carta que falta en una mano no suma nada",
    "%(name)s's hand at the end of round %(round)d holds the White Hat, but %(holder)s held it by then": "la mano de %(name)s al final de la ronda %(round)d tiene el White Hat, pero entonces lo tenía %(holder)s",
    "round %(round)d ended, but every hand still holds cards (%(name)s the fewest, %(n)d) and it is not marked final: a round ends when a player has none left": "la ronda %(round)d terminó, pero todas las manos tienen aún cartas (%(name)s la que menos, %(n)d) y no está marcada como final: una ronda termina cuando un jugador se queda sin cartas",
}
