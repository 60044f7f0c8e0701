"""German for Tally: what its engine, options, stats, log lines and prompts say (a words file, as
companion/locale/words/<lang>/<game>.py is for a game in games/)."""

WORDS = {
    "%(n)d of %(of)d rounds played": "%(n)d von %(of)d Runden gespielt",
    "%(names)s not at this table": "%(names)s nicht an diesem Tisch",
    "%(who)s got %(n)d points, above the cap of %(cap)d": "%(who)s bekam %(n)d Punkte, über der Obergrenze von %(cap)d",
    "%(who)s: bonus": "%(who)s: Bonus",
    "Bonus: %(who)s +%(n)d": "Bonus: %(who)s +%(n)d",
    "Bonuses": "Boni",
    "Cap": "Obergrenze",
    "How many rounds make a game.": "Wie viele Runden ein Spiel hat.",
    "Points per round": "Punkte pro Runde",
    "Points: %(list)s": "Punkte: %(list)s",
    "Round": "Runde",
    "Round %(n)d of %(of)d.": "Runde %(n)d von %(of)d.",
    "Rounds": "Runden",
    "The most points a round may give.": "So viele Punkte bringt eine Runde höchstens.",
    "The tally is done.": "Die Zählung ist fertig.",
    'a bonus is {"type": "bonus", "player": name, "points": 1 to 100}': (
        'ein Bonus ist {"type": "bonus", "player": Name, "points": 1 bis 100}'
    ),
    'a tally event is {"type": "round", "points": {...}} or a bonus': (
        'ein Tally-Ereignis ist {"type": "round", "points": {...}} oder ein Bonus'
    ),
    "points are whole numbers from 0 to 1000": "Punkte sind ganze Zahlen von 0 bis 1000",
    "rounds and cap are whole numbers from 1 to 100": "Runden und Obergrenze sind ganze Zahlen von 1 bis 100",
    "the game is over": "das Spiel ist vorbei",
    "unknown option %(name)s": "unbekannte Option %(name)s",
}
