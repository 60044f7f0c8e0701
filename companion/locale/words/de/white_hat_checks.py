"""White Hat: the checks added after the outside probe (de)."""

WORDS = {
    '%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d': '%(what)s: %(n)d-mal %(card)s, aber die Schachtel enthält nur %(copies)d',
    "the trick": 'der Stich',
}
