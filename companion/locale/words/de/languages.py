"""The language picker at the foot of every page (de)."""

WORDS = {
    "Language": "Sprache",
    "Change": "Wechseln",
}
