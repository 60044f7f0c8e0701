"""White Hat: the checks added after the outside probe (es)."""

WORDS = {
    "%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d": "%(what)s: %(n)d copias de %(card)s, pero la caja solo trae %(copies)d",
    "the trick": "la baza",
    "the hands left and the cards played this round hold %(n)d copies of %(card)s, but the box holds only %(copies)d": "las manos que quedan y las cartas jugadas en esta ronda suman %(n)d copias de %(card)s, pero la caja solo trae %(copies)d",
    "%(name)s is left with %(n)d cards, but after the tricks recorded %(name)s held only %(have)d": "a %(name)s le quedan %(n)d cartas, pero tras las bazas anotadas %(name)s solo tenía %(have)d",
}
