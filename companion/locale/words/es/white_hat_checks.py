"""White Hat: the checks added after the outside probe (es)."""

WORDS = {
    '%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d': '%(what)s: %(n)d copias de %(card)s, pero la caja solo trae %(copies)d',
    "the trick": 'la baza',
}
