"""The language picker at the foot of every page (es)."""

WORDS = {
    "Language": "Idioma",
    "Change": "Cambiar",
}
