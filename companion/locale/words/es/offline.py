"""Spanish for the offline banner: the copy of a table page, the entries waiting to be sent, the offline page
(issue 20 §4)."""

WORDS = {
    "This is the table as this phone last saw it.": "Esta es la mesa tal como la vio este teléfono por última vez.",
    "No connection. What you save waits on this phone and is sent when the connection is back.": "Sin conexión. Lo que guardes espera en este teléfono y se envía cuando vuelva la conexión.",
    "%(m)s entry waiting to be sent.": (
        "%(m)s anotación pendiente de envío.",
        "%(m)s anotaciones pendientes de envío.",
        "%(m)s anotaciones pendientes de envío.",
    ),
    # The offline page: a page this phone does not keep, or a form posted, without signal.
    "No connection": "Sin conexión",
    "This page is not kept on this phone, so it cannot open without a connection.": "Esta página no está guardada en este teléfono, así que no se puede abrir sin conexión.",
    "Try again": "Volver a intentarlo",
    "Nothing was sent. Try again when the connection is back.": "No se ha enviado nada. Vuelve a intentarlo cuando vuelva la conexión.",
    "Tables kept on this phone": "Mesas guardadas en este teléfono",
    "They open without a connection, as this phone last saw them.": "Se abren sin conexión, tal como las vio este teléfono por última vez.",
    "None yet: a table opens without a connection once this phone has opened it with one.": "Todavía ninguna: una mesa se abre sin conexión en cuanto este teléfono la ha abierto una vez con conexión.",
    "Without JavaScript this page cannot list them.": "Sin JavaScript, esta página no puede mostrarlas.",
}
