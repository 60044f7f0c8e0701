"""White Hat: the checks added after the outside probe (de)."""

WORDS = {
    "%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d": "%(what)s: %(n)d-mal %(card)s, aber die Schachtel enthält nur %(copies)d",
    "the trick": "der Stich",
    "the hands left and the cards played this round hold %(n)d copies of %(card)s, but the box holds only %(copies)d": "die übrigen Hände und die in dieser Runde gespielten Karten enthalten %(n)d-mal %(card)s, aber die Schachtel enthält nur %(copies)d",
    "%(name)s is left with %(n)d cards, but after the tricks recorded %(name)s held only %(have)d": "%(name)s bleiben %(n)d Karten, aber nach den eingetragenen Stichen hielt %(name)s nur %(have)d",
}
