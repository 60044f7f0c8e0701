"""Spanish for the table display (issue 20 §3) and its place on the share page."""

WORDS = {
    "Table display": "Pantalla de mesa",
    "No connection: the scores shown may be out of date. They update again by themselves.": "Sin conexión: puede que los puntos que se ven no estén al día. Se actualizarán solos de nuevo.",
    "The table page": "Página de la mesa",
    "%(label)s %(round)s: %(points)s": "%(label)s %(round)s: %(points)s",
    "Last entry:": "Última anotación:",
    "A screen for the middle of the table": "Una pantalla para el centro de la mesa",
    "Open this on a tablet or laptop everyone can see: the scores in large type, updating by themselves, and the screen kept on. It can change nothing at the table.": "Ábrelo en una tableta o un portátil que todos vean: los puntos en letra grande, al día por sí solos, y la pantalla siempre encendida. No puede cambiar nada en la mesa.",
}
