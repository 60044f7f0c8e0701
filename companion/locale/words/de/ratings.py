"""German for the ratings and the playing times (issue 20)."""

WORDS = {
    "Ratings": "Wertungen",
    "Ratings: who is best at each game": "Wertungen: Wer ist in jedem Spiel am besten",
    "Who is best at each game, from the finished tables in the order they were played: a rating rises more for beating strong players. Shown is the rating the player has at least, near certainly; under %(n)s table it is provisional.": (
        "Wer in jedem Spiel am besten ist, aus den beendeten Tischen in der Reihenfolge, in der sie gespielt wurden: Eine Wertung steigt mehr, wenn man starke Spieler schlägt. Gezeigt wird die Wertung, die der Spieler fast sicher mindestens hat; unter %(n)s Tisch ist sie vorläufig.",
        "Wer in jedem Spiel am besten ist, aus den beendeten Tischen in der Reihenfolge, in der sie gespielt wurden: Eine Wertung steigt mehr, wenn man starke Spieler schlägt. Gezeigt wird die Wertung, die der Spieler fast sicher mindestens hat; unter %(n)s Tischen ist sie vorläufig.",
    ),
    "No finished table yet.": "Noch kein beendeter Tisch.",
    "Rating": "Wertung",
    "provisional": "vorläufig",
    "Rating changes": "Wertungen vorher und nachher",
    "Rating after each table": "Wertung nach jedem Tisch",
    "%(name)s's rating at %(game)s": "Wertung von %(name)s bei %(game)s",
    "Rating after each table, from %(start)d before the first: %(ratings)s.": "Wertung nach jedem Tisch, ab %(start)d vor dem ersten: %(ratings)s.",
    "Tables: %(n)d": "Tische: %(n)d",
    # playing times
    "%(h)d h": "%(h)d Std.",
    "%(h)d h %(m)d min": "%(h)d Std. %(m)d Min.",
    "Playing time": "Spieldauer",
    "Playing time: %(time)s": "Spieldauer: %(time)s",
    "Average playing time": "Mittlere Spieldauer",
    "Average playing time of a finished table: %(played_for)s": "Mittlere Spieldauer eines beendeten Tisches: %(played_for)s",
}
