"""German for the table display (issue 20 §3) and its place on the share page."""

WORDS = {
    "Table display": "Tischanzeige",
    "No connection: the scores shown may be out of date. They update again by themselves.": "Keine Verbindung: Die Punkte hier sind vielleicht nicht mehr aktuell. Sie aktualisieren sich wieder von selbst.",
    "The table page": "Zur Tischseite",
    "%(label)s %(round)s: %(points)s": "%(label)s %(round)s: %(points)s",
    "Last entry:": "Letzter Eintrag:",
    "A screen for the middle of the table": "Ein Bildschirm für die Tischmitte",
    "Open this on a tablet or laptop everyone can see: the scores in large type, updating by themselves, and the screen kept on. It can change nothing at the table.": "Öffne das auf einem Tablet oder Laptop, das alle sehen: die Punkte in großer Schrift, von selbst aktuell, und der Bildschirm bleibt an. Am Tisch ändern kann es nichts.",
}
