"""CSRF for browsers, not for scripts that prove their rights with a header instead of a cookie; a cap on
request bodies that answers with a sentence; gzip for the pages that carry no secret."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _


class ScorerHeaderMiddleware:
    """A request carrying X-Kibitz-Scorer is not riding on a cookie: another site cannot set that header
    on a cross-site request, and it is worthless without the table's secret token, so CSRF adds nothing.
    It is marked the way Django's own test client marks its requests (the flag CsrfViewMiddleware reads);
    every browser form and htmx request still goes through the full check. Place it before CsrfViewMiddleware.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.headers.get("X-Kibitz-Scorer"):
            request._dont_enforce_csrf_checks = True  # type: ignore[attr-defined]
        return self.get_response(request)


class BodySizeMiddleware:
    """A request body larger than settings.DATA_UPLOAD_MAX_MEMORY_SIZE (a 1 MB table file and its form) is
    refused with 413 and a sentence, before anything reads it: CSRF reads the form first, and Django's own
    limit would end in a bare 400. Place it before CsrfViewMiddleware, after LocaleMiddleware."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            size = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            size = 0
        if size > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            return too_large(request)
        return self.get_response(request)


def too_large(request: HttpRequest) -> HttpResponse:
    """The answer to a table file or request over the upload limit: the import form again, with why."""
    message = _("That is more than Kibitz takes at once: a table file may be at most %(size)s.") % {
        "size": filesizeformat(settings.KIBITZ_MAX_UPLOAD)
    }
    return render(request, "import.html", {"error": message}, status=413)


class CompressMiddleware(GZipMiddleware):
    """Gzip for the table page and its swaps (a quarter of the bytes or less on a phone's network), and only for
    the pages named in COMPRESSED: each of them was checked to carry no secret that a compressed body could leak.

    BREACH: an attacker who can add text to a page (a reflected parameter) and watch the compressed size learns,
    guess by guess, a secret in the same body. So the pages with a secret stay uncompressed: the share page (the
    scorer link), the group page (the group link), the home page (the group tokens in its picker), the scorer
    link's and group link's redirects; so does anything sent with `Cache-Control: no-store` (how Kibitz marks a
    page with a secret), whatever its name. Django's CSRF token is masked anew for every response, and Django
    pads every compressed body by a random length (Heal the Breach) on top. Static files come precompressed from
    whitenoise. Place it after SecurityMiddleware and before anything that changes a response's body."""

    COMPRESSED = frozenset({"table", "live", "record", "correct", "undo", "redo", "check", "rules"})

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        match = getattr(request, "resolver_match", None)
        if match is None or match.url_name not in self.COMPRESSED or "no-store" in response.get("Cache-Control", ""):
            return response
        return super().process_response(request, response)
