"""Hood Politix: the checks added after the outside probe (fr)."""

WORDS = {
    '%(name)s threw in %(card)s on a building stack: a framed card is no answer to a stack, not even as a jump-in.': '%(name)s a glissé %(card)s sur une pile qui monte : une carte encadrée ne répond jamais à une pile, même en intervention.',
}
