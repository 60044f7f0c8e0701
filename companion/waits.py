"""How a refusal to wait is said: whose attempts filled the limit (throttle.py's levels), how long to wait, and
the Retry-After header. Only a client's own limit says "from here"."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _

from companion import throttle


def too_many_tables(refused: throttle.Refusal, here: str = "") -> str:
    """Why creating is refused, by whose attempts filled the limit: only this client's own say "from here"."""
    if refused.level == throttle.NETWORK:
        text = _("Too many new tables and groups from your network for now. Try again in %(wait)s.")
    elif refused.level == throttle.ALL:
        text = _("Too many new tables and groups are being made on this site just now. Try again in %(wait)s.")
    else:
        text = here or _("Too many new tables from here for now. Try again in %(wait)s.")
    return text % {"wait": duration(refused.wait)}


def too_many_join_codes(refused: throttle.Refusal) -> str:
    if refused.level == throttle.NETWORK:
        text = _(
            "Too many join codes that open nothing from your network. Try again in %(wait)s, or scan the scorer's"
            " QR code."
        )
    elif refused.level == throttle.ALL:
        text = _(
            "Too many join codes that open nothing are being tried on this site just now. Try again in %(wait)s,"
            " or scan the scorer's QR code."
        )
    else:
        text = _("Too many join codes that open nothing. Try again in %(wait)s, or scan the scorer's QR code.")
    return text % {"wait": duration(refused.wait)}


def duration(seconds: int) -> str:
    """A wait as a person reads it: "45 s", "10 min" (abbreviated: no plural forms to translate)."""
    if seconds < 120:
        return _("%(n)d s") % {"n": seconds}
    return _("%(n)d min") % {"n": -(-seconds // 60)}


def retry_after(response: HttpResponse, wait: int | None) -> HttpResponse:
    if wait:
        response["Retry-After"] = str(wait)
    return response
