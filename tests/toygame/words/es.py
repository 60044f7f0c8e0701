"""Spanish for Tally: what its engine, options, stats, log lines and prompts say (a words file, as
companion/locale/words/<lang>/<game>.py is for a game in games/)."""

WORDS = {
    "%(n)d of %(of)d rounds played": "%(n)d de %(of)d rondas jugadas",
    "%(names)s not at this table": "%(names)s no está en esta mesa",
    "%(who)s got %(n)d points, above the cap of %(cap)d": "%(who)s sacó %(n)d puntos, por encima del tope de %(cap)d",
    "%(who)s: bonus": "%(who)s: bonificación",
    "Bonus: %(who)s +%(n)d": "Bonificación: %(who)s +%(n)d",
    "Bonuses": "Bonificaciones",
    "Cap": "Tope",
    "How many rounds make a game.": "Cuántas rondas tiene una partida.",
    "Points per round": "Puntos por ronda",
    "Points: %(list)s": "Puntos: %(list)s",
    "Round": "Ronda",
    "Round %(n)d of %(of)d.": "Ronda %(n)d de %(of)d.",
    "Rounds": "Rondas",
    "The most points a round may give.": "Los puntos que una ronda puede dar como mucho.",
    "The tally is done.": "La cuenta ha terminado.",
    'a bonus is {"type": "bonus", "player": name, "points": 1 to 100}': (
        'una bonificación es {"type": "bonus", "player": nombre, "points": 1 a 100}'
    ),
    'a tally event is {"type": "round", "points": {...}} or a bonus': (
        'un evento de Tally es {"type": "round", "points": {...}} o una bonificación'
    ),
    "points are whole numbers from 0 to 1000": "los puntos son números enteros de 0 a 1000",
    "rounds and cap are whole numbers from 1 to 100": "rondas y tope son números enteros de 1 a 100",
    "the game is over": "la partida ha terminado",
    "unknown option %(name)s": "opción desconocida %(name)s",
}
