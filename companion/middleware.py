"""CSRF for browsers, not for scripts that prove their rights with a header instead of a cookie; a cap on
request bodies that answers with a sentence."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
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
