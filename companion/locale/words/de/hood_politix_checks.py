"""Hood Politix: the checks added after the outside probe (de)."""

WORDS = {
    "%(name)s threw in %(card)s on a building stack: a framed card is no answer to a stack, not even as a jump-in.": "%(name)s warf %(card)s auf einen wachsenden Stapel ein: Eine Karte mit Rahmen beantwortet keinen Stapel, auch nicht als Einwurf.",
}
