"""White Hat: the checks added after the outside probe (fr)."""

WORDS = {
    '%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d': "%(what)s : %(n)d exemplaires de %(card)s, mais la boîte n'en contient que %(copies)d",
    "the trick": 'le pli',
}
