"""Spanish for the offline banner: the copy of a table page, the entries waiting to be sent (issue 20 §4)."""

WORDS = {
    "This is the table as this phone last saw it.": "Esta es la mesa tal como la vio este teléfono por última vez.",
    "No connection. What you save waits on this phone and is sent when the connection is back.": "Sin conexión. Lo que guardes espera en este teléfono y se envía cuando vuelva la conexión.",
    "%(m)s entry waiting to be sent.": (
        "%(m)s anotación pendiente de envío.",
        "%(m)s anotaciones pendientes de envío.",
        "%(m)s anotaciones pendientes de envío.",
    ),
}
