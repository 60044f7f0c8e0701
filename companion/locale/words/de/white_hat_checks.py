"""White Hat: the checks added after the outside probe (de)."""

WORDS = {
    "%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d": "%(what)s: %(n)d-mal %(card)s, aber die Schachtel enthält nur %(copies)d",
    "the trick": "der Stich",
    "the hands left and the cards played this round hold %(n)d copies of %(card)s, but the box holds only %(copies)d": "die übrigen Hände und die in dieser Runde gespielten Karten enthalten %(n)d-mal %(card)s, aber die Schachtel enthält nur %(copies)d",
    "%(name)s is left with %(cards)s at the end of round %(round)d, but after the tricks recorded %(name)s held only %(have)d": "%(name)s bleiben am Ende von Runde %(round)d %(cards)s, aber nach den eingetragenen Stichen hielt %(name)s nur %(have)d",
    "%(name)s is left with %(cards)s at the end of round %(round)d, but after the tricks recorded %(name)s held %(have)d: a card left out of a hand scores nothing": "%(name)s bleiben am Ende von Runde %(round)d %(cards)s, aber nach den eingetragenen Stichen hielt %(name)s %(have)d: Eine Karte, die in der Hand fehlt, zählt nichts",
    "%(name)s's hand at the end of round %(round)d holds the White Hat, but %(holder)s held it by then": "Die Hand von %(name)s am Ende von Runde %(round)d enthält den White Hat, aber zu dem Zeitpunkt hatte ihn %(holder)s",
    "round %(round)d ended, but every hand still holds cards (%(name)s the fewest, %(n)d) and it is not marked final: a round ends when a player has none left": "Runde %(round)d ist beendet, aber jede Hand hat noch Karten (%(name)s die wenigsten, %(n)d) und sie ist nicht als final markiert: Eine Runde endet, wenn jemand keine Karten mehr hat",
}
