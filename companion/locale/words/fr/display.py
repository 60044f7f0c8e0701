"""French for the table display (issue 20 §3) and its place on the share page."""

WORDS = {
    "Table display": "Affichage de table",
    "No connection: the scores shown may be out of date. They update again by themselves.": "Pas de connexion\xa0: les scores affichés ne sont peut-être plus à jour. Ils se remettront à jour d’eux-mêmes.",
    "The table page": "Page de la table",
    "%(label)s %(round)s: %(points)s": "%(label)s %(round)s\xa0: %(points)s",
    "Last entry:": "Dernière saisie\xa0:",
    "A screen for the middle of the table": "Un écran pour le milieu de la table",
    "Open this on a tablet or laptop everyone can see: the scores in large type, updating by themselves, and the screen kept on. It can change nothing at the table.": "Ouvrez ceci sur une tablette ou un ordinateur visible de tous\u202f: les scores en grand, mis à jour d’eux-mêmes, et l’écran reste allumé. Il ne peut rien modifier à la table.",
}
