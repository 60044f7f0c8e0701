"""CSRF for browsers, not for scripts that prove their rights with a header instead of a cookie."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


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
