"""French for the offline banner: the copy of a table page, the entries waiting to be sent (issue 20 §4)."""

WORDS = {
    "This is the table as this phone last saw it.": "Voici la table telle que ce téléphone l'a vue en dernier.",
    "No connection. What you save waits on this phone and is sent when the connection is back.": "Pas de connexion. Ce que vous enregistrez attend sur ce téléphone et part dès le retour de la connexion.",
    "%(m)s entry waiting to be sent.": (
        "%(m)s saisie en attente d'envoi.",
        "%(m)s saisies en attente d'envoi.",
    ),
}
