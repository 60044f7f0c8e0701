"""White Hat: the checks added after the outside probe (fr)."""

WORDS = {
    "%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d": "%(what)s : %(n)d exemplaires de %(card)s, mais la boîte n'en contient que %(copies)d",
    "the trick": "le pli",
    "the hands left and the cards played this round hold %(n)d copies of %(card)s, but the box holds only %(copies)d": "les mains restantes et les cartes jouées dans cette manche comptent %(n)d exemplaires de %(card)s, mais la boîte n'en contient que %(copies)d",
    "%(name)s is left with %(n)d cards, but after the tricks recorded %(name)s held only %(have)d": "il reste %(n)d cartes à %(name)s, mais après les plis enregistrés %(name)s n'en avait que %(have)d",
}
