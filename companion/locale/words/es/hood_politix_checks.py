"""Hood Politix: the checks added after the outside probe (es)."""

WORDS = {
    '%(name)s threw in %(card)s on a building stack: a framed card is no answer to a stack, not even as a jump-in.': '%(name)s metió %(card)s en un montón que crece: una carta con marco nunca responde a un montón, ni siquiera como intervención.',
}
