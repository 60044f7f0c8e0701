"""Hats: the checks added after the outside probe (de)."""

WORDS = {
    "the end state at once is for a game not followed turn by turn, and this one has turns recorded: record the rest turn by turn, or undo the turns first": "der Endstand auf einmal ist für ein Spiel, das nicht Zug um Zug verfolgt wurde, und hier sind schon Züge eingetragen: trage den Rest Zug um Zug ein oder nimm die Züge zuerst zurück",
    "types: the box holds %(n)d types of cards, so at most %(n)d names": "types: die Schachtel enthält %(n)d Kartensorten, also höchstens %(n)d Namen",
}
