"""White Hat: the checks added after the outside probe (fr)."""

WORDS = {
    "%(what)s: %(n)d copies of %(card)s, but the box holds only %(copies)d": "%(what)s : %(n)d exemplaires de %(card)s, mais la boîte n'en contient que %(copies)d",
    "the trick": "le pli",
    "the hands left and the cards played this round hold %(n)d copies of %(card)s, but the box holds only %(copies)d": "les mains restantes et les cartes jouées dans cette manche comptent %(n)d exemplaires de %(card)s, mais la boîte n'en contient que %(copies)d",
    "%(name)s is left with %(cards)s at the end of round %(round)d, but after the tricks recorded %(name)s held only %(have)d": "il reste %(cards)s à %(name)s à la fin de la manche %(round)d, mais après les plis enregistrés %(name)s n'en avait que %(have)d",
    "%(name)s is left with %(cards)s at the end of round %(round)d, but after the tricks recorded %(name)s held %(have)d: a card left out of a hand scores nothing": "il reste %(cards)s à %(name)s à la fin de la manche %(round)d, mais après les plis enregistrés %(name)s en avait %(have)d\xa0: une carte oubliée dans une main ne compte rien",
    "%(name)s's hand at the end of round %(round)d holds the White Hat, but %(holder)s held it by then": "la main de %(name)s à la fin de la manche %(round)d contient le White Hat, mais c'est %(holder)s qui l'avait alors",
    "round %(round)d ended, but every hand still holds cards (%(name)s the fewest, %(n)d) and it is not marked final: a round ends when a player has none left": "la manche %(round)d est finie, mais chaque main a encore des cartes (%(name)s le moins, %(n)d) et elle n'est pas marquée finale\xa0: une manche se termine quand un joueur n'a plus de cartes",
}
