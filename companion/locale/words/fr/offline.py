"""French for the offline banner: the copy of a table page, the entries waiting to be sent, the offline page
(issue 20 §4)."""

WORDS = {
    "This is the table as this phone last saw it.": "Voici la table telle que ce téléphone l'a vue en dernier.",
    "No connection. What you save waits on this phone and is sent when the connection is back.": "Pas de connexion. Ce que vous enregistrez attend sur ce téléphone et part dès le retour de la connexion.",
    "%(m)s entry waiting to be sent.": (
        "%(m)s saisie en attente d'envoi.",
        "%(m)s saisies en attente d'envoi.",
    ),
    # The offline page: a page this phone does not keep, or a form posted, without signal.
    "No connection": "Pas de connexion",
    "This page is not kept on this phone, so it cannot open without a connection.": "Cette page n'est pas gardée sur ce téléphone : elle ne peut pas s'ouvrir sans connexion.",
    "Try again": "Réessayer",
    "Nothing was sent. Try again when the connection is back.": "Rien n'a été envoyé. Réessayez quand la connexion sera revenue.",
    "Tables kept on this phone": "Tables gardées sur ce téléphone",
    "They open without a connection, as this phone last saw them.": "Elles s'ouvrent sans connexion, telles que ce téléphone les a vues en dernier.",
    "None yet: a table opens without a connection once this phone has opened it with one.": "Aucune pour l'instant : une table s'ouvre sans connexion dès que ce téléphone l'a ouverte une fois avec connexion.",
    "Without JavaScript this page cannot list them.": "Sans JavaScript, cette page ne peut pas les afficher.",
}
