"""German for the offline banner: the copy of a table page, the entries waiting to be sent (issue 20 §4)."""

WORDS = {
    "This is the table as this phone last saw it.": "Das ist der Tisch, wie dieses Handy ihn zuletzt gesehen hat.",
    "No connection. What you save waits on this phone and is sent when the connection is back.": "Keine Verbindung. Was du speicherst, wartet auf diesem Handy und wird gesendet, sobald die Verbindung wieder da ist.",
    "%(m)s entry waiting to be sent.": (
        "%(m)s Eintrag wartet darauf, gesendet zu werden.",
        "%(m)s Einträge warten darauf, gesendet zu werden.",
    ),
}
