"""Hats: the checks added after the outside probe (fr)."""

WORDS = {
    "the end state at once is for a game not followed turn by turn, and this one has turns recorded: record the rest turn by turn, or undo the turns first": "l'état final d'un coup est pour une partie non suivie tour par tour, et celle-ci a déjà des tours enregistrés : enregistrez la suite tour par tour, ou défaites d'abord ces tours",
    "types: the box holds %(n)d types of cards, so at most %(n)d names": "types : la boîte contient %(n)d sortes de cartes, donc %(n)d noms au plus",
}
