"""French for Tally: what its engine, options, stats, log lines and prompts say (a words file, as
companion/locale/words/<lang>/<game>.py is for a game in games/)."""

WORDS = {
    "%(n)d of %(of)d rounds played": "%(n)d manches jouées sur %(of)d",
    "%(names)s not at this table": "%(names)s pas à cette table",
    "%(who)s got %(n)d points, above the cap of %(cap)d": "%(who)s a eu %(n)d points, au-dessus du plafond de %(cap)d",
    "%(who)s: bonus": "%(who)s : bonus",
    "Bonus: %(who)s +%(n)d": "Bonus : %(who)s +%(n)d",
    "Bonuses": "Bonus",
    "Cap": "Plafond",
    "How many rounds make a game.": "Combien de manches fait une partie.",
    "Points per round": "Points par manche",
    "Points: %(list)s": "Points : %(list)s",
    "Round": "Manche",
    "Round %(n)d of %(of)d.": "Manche %(n)d sur %(of)d.",
    "Rounds": "Manches",
    "The most points a round may give.": "Le plus de points qu'une manche peut donner.",
    "The tally is done.": "Le décompte est terminé.",
    'a bonus is {"type": "bonus", "player": name, "points": 1 to 100}': (
        'un bonus est {"type": "bonus", "player": nom, "points": 1 à 100}'
    ),
    'a tally event is {"type": "round", "points": {...}} or a bonus': (
        'un événement de Tally est {"type": "round", "points": {...}} ou un bonus'
    ),
    "points are whole numbers from 0 to 1000": "les points sont des nombres entiers de 0 à 1000",
    "rounds and cap are whole numbers from 1 to 100": "manches et plafond sont des nombres entiers de 1 à 100",
    "the game is over": "la partie est finie",
    "unknown option %(name)s": "option inconnue %(name)s",
}
