"""Hats: the checks added after the outside probe (es)."""

WORDS = {
    "the end state at once is for a game not followed turn by turn, and this one has turns recorded: record the rest turn by turn, or undo the turns first": "el estado final de una vez es para una partida no seguida turno a turno, y esta ya tiene turnos anotados: anota el resto turno a turno o deshaz antes esos turnos",
    "types: the box holds %(n)d types of cards, so at most %(n)d names": "types: la caja trae %(n)d tipos de cartas, así que %(n)d nombres como máximo",
}
