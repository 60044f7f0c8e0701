"""French for the ratings and the playing times (issue 20)."""

WORDS = {
    "Ratings": "Classements",
    "Ratings: who is best at each game": "Classements\xa0: qui est le meilleur à chaque jeu",
    "Who is best at each game, from the finished tables in the order they were played: a rating rises more for beating strong players. Shown is the rating the player has at least, near certainly; under %(n)s table it is provisional.": (
        "Qui est le meilleur à chaque jeu, d'après les tables terminées dans l'ordre où elles ont été jouées\xa0: une cote monte davantage quand on bat des joueurs forts. La cote affichée est celle que le joueur a au moins, presque à coup sûr\xa0; en dessous de %(n)s table, elle est provisoire.",
        "Qui est le meilleur à chaque jeu, d'après les tables terminées dans l'ordre où elles ont été jouées\xa0: une cote monte davantage quand on bat des joueurs forts. La cote affichée est celle que le joueur a au moins, presque à coup sûr\xa0; en dessous de %(n)s tables, elle est provisoire.",
    ),
    "No finished table yet.": "Aucune table terminée pour l'instant.",
    "Rating": "Cote",
    "provisional": "provisoire",
    "Rating changes": "Cotes avant et après",
    "Rating after each table": "Cote après chaque table",
    "%(name)s's rating at %(game)s": "Cote de %(name)s à %(game)s",
    "Rating after each table, from %(start)d before the first: %(ratings)s.": "Cote après chaque table, à partir de %(start)d avant la première\xa0: %(ratings)s.",
    "Tables: %(n)d": "Tables\xa0: %(n)d",
    # playing times
    "%(h)d h": "%(h)d h",
    "%(h)d h %(m)d min": "%(h)d h %(m)d min",
    "Playing time": "Durée de jeu",
    "Playing time: %(time)s": "Durée de jeu\xa0: %(time)s",
    "Average playing time": "Durée de jeu moyenne",
    "Average playing time of a finished table: %(played_for)s": "Durée de jeu moyenne d'une table terminée\xa0: %(played_for)s",
}
