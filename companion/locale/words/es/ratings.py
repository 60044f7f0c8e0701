"""Spanish for the ratings and the playing times (issue 20)."""

WORDS = {
    "Ratings": "Clasificaciones",
    "Ratings: who is best at each game": "Clasificaciones: quién es el mejor en cada juego",
    "Who is best at each game, from the finished tables in the order they were played: a rating rises more for beating strong players. Shown is the rating the player has at least, near certainly; under %(n)s table it is provisional.": (
        "Quién es el mejor en cada juego, según las mesas terminadas en el orden en que se jugaron: una puntuación sube más al ganar a jugadores fuertes. Se muestra la puntuación que el jugador tiene como mínimo, casi con certeza; con menos de %(n)s mesa es provisional.",
        "Quién es el mejor en cada juego, según las mesas terminadas en el orden en que se jugaron: una puntuación sube más al ganar a jugadores fuertes. Se muestra la puntuación que el jugador tiene como mínimo, casi con certeza; con menos de %(n)s mesas es provisional.",
        "Quién es el mejor en cada juego, según las mesas terminadas en el orden en que se jugaron: una puntuación sube más al ganar a jugadores fuertes. Se muestra la puntuación que el jugador tiene como mínimo, casi con certeza; con menos de %(n)s mesas es provisional.",
    ),
    "No finished table yet.": "Todavía ninguna mesa terminada.",
    "Rating": "Puntuación",
    "provisional": "provisional",
    "Rating changes": "Puntuaciones antes y después",
    "Rating after each table": "Puntuación tras cada mesa",
    "%(name)s's rating at %(game)s": "Puntuación de %(name)s en %(game)s",
    "Rating after each table, from %(start)d before the first: %(ratings)s.": "Puntuación tras cada mesa, desde %(start)d antes de la primera: %(ratings)s.",
    "Tables: %(n)d": "Mesas: %(n)d",
    # playing times
    "%(h)d h": "%(h)d h",
    "%(h)d h %(m)d min": "%(h)d h %(m)d min",
    "Playing time": "Tiempo de juego",
    "Playing time: %(time)s": "Tiempo de juego: %(time)s",
    "Average playing time": "Tiempo de juego medio",
    "Average playing time of a finished table: %(played_for)s": "Tiempo de juego medio de una mesa terminada: %(played_for)s",
}
