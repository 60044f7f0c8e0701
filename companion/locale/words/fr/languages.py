"""The language picker at the foot of every page (fr)."""

WORDS = {
    "Language": "Langue",
    "Change": "Changer",
}
