"""German for the offline banner: the copy of a table page, the entries waiting to be sent, the offline page
(issue 20 §4)."""

WORDS = {
    "This is the table as this phone last saw it.": "Das ist der Tisch, wie dieses Handy ihn zuletzt gesehen hat.",
    "No connection. What you save waits on this phone and is sent when the connection is back.": "Keine Verbindung. Was du speicherst, wartet auf diesem Handy und wird gesendet, sobald die Verbindung wieder da ist.",
    "%(m)s entry waiting to be sent.": (
        "%(m)s Eintrag wartet darauf, gesendet zu werden.",
        "%(m)s Einträge warten darauf, gesendet zu werden.",
    ),
    # The offline page: a page this phone does not keep, or a form posted, without signal.
    "No connection": "Keine Verbindung",
    "This page is not kept on this phone, so it cannot open without a connection.": "Diese Seite ist nicht auf diesem Handy gespeichert, deshalb öffnet sie sich nicht ohne Verbindung.",
    "Try again": "Noch einmal versuchen",
    "Nothing was sent. Try again when the connection is back.": "Es wurde nichts gesendet. Versuche es noch einmal, sobald die Verbindung wieder da ist.",
    "Tables kept on this phone": "Tische auf diesem Handy",
    "They open without a connection, as this phone last saw them.": "Sie öffnen sich ohne Verbindung, so wie dieses Handy sie zuletzt gesehen hat.",
    "None yet: a table opens without a connection once this phone has opened it with one.": "Noch keiner: Ein Tisch öffnet sich ohne Verbindung, sobald dieses Handy ihn einmal mit Verbindung geöffnet hat.",
    "Without JavaScript this page cannot list them.": "Ohne JavaScript kann diese Seite sie nicht auflisten.",
}
