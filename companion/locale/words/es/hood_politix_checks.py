"""Hood Politix: the checks added after the outside probe (es)."""

WORDS = {
    "%(name)s threw in %(card)s on a building stack: a framed card is no answer to a stack, not even as a jump-in.": "%(name)s intervino con %(card)s sobre un montón acumulándose: una carta con marco nunca responde a un montón, ni siquiera al intervenir.",
}
