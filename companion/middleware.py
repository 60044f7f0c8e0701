"""CSRF for browsers, not for scripts that prove their rights with a header instead of a cookie; a cap on
request bodies that answers with a sentence; brotli or gzip for the pages that carry no secret; a busy database
answered with a sentence and a time to try again."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import cast

import brotli
from django.conf import settings
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.log import log_response
from django.utils.translation import gettext as _

from companion import busy
from companion.htmx import HtmxHttpRequest


class StaticHeadersMiddleware:
    """A static file (whitenoise's answer) without the headers that speak only of a page: the referrer policy and
    the opener policy (SecurityMiddleware adds both to every answer), and, for a file whose name carries its hash
    (cached as immutable for years, so never asked again with a validator), Last-Modified and ETag. About 140 bytes
    a file, six or seven times on a phone's first load (issue 19: at most 40 KB). Place it first, before
    SecurityMiddleware, so it sees the answer last; nosniff and the rest stay.

    A redirect with no body goes without what only a document needs, and a redirect never becomes one (the page it
    leads to brings its own): the Content-Security-Policy, the frame policy and the type of a body it has not, 250
    bytes of a new phone's first load through the scorer link. Its referrer and opener policies stay, as the
    browser applies those on every step of a redirect."""

    PAGE_ONLY = ("Referrer-Policy", "Cross-Origin-Opener-Policy")
    VALIDATORS = ("Last-Modified", "ETag")
    DOCUMENT_ONLY = ("Content-Security-Policy", "X-Frame-Options", "Content-Type")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.prefix = "/" + settings.STATIC_URL.lstrip("/")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if 300 <= response.status_code < 400 and not response.streaming and not response.content:
            for header in self.DOCUMENT_ONLY:
                del response[header]
        if not request.path.startswith(self.prefix):
            return response
        for header in self.PAGE_ONLY:
            del response[header]
        if "immutable" in response.get("Cache-Control", ""):
            for header in self.VALIDATORS:
                del response[header]
        return response


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
    """Brotli, or gzip for a browser without it, for the table page and its swaps (a quarter of the bytes or less
    on a phone's network), and only for the pages named in COMPRESSED: each of them was checked to carry no secret
    that a compressed body could leak. Browsers ask for brotli over HTTPS: a fifth fewer bytes than gzip on a card
    picker's page (its window spans every picker where gzip's 32 KB do not), in no more time (quality 5).

    BREACH: an attacker who can add text to a page (a reflected parameter) and watch the compressed size learns,
    guess by guess, a secret in the same body. So the pages with a secret stay uncompressed: the share page (the
    scorer link), the group page (the group link), the home page (the group tokens in its picker), the scorer
    link's and group link's redirects; so does anything sent with `Cache-Control: no-store` (how Kibitz marks a
    page with a secret), whatever its name. Django's CSRF token is masked anew for every response, and Django
    pads every gzipped body by a random length (Heal the Breach) on top, as `brotli_padded` pads a brotli one.
    Static files come precompressed from whitenoise. Place it after SecurityMiddleware and before anything that
    changes a response's body."""

    COMPRESSED = frozenset({"table", "live", "record", "correct", "undo", "redo", "check", "rules"})
    COMPRESSED |= {"display", "display_live"}  # the table display: no form, no token (companion/displayviews.py)

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        match = getattr(request, "resolver_match", None)
        if match is None or match.url_name not in self.COMPRESSED or "no-store" in response.get("Cache-Control", ""):
            return response
        if not isinstance(response, HttpResponse) or not accepts_brotli(request, response):
            return super().process_response(request, response)  # gzip, or nothing; streamed bodies too
        patch_vary_headers(response, ("Accept-Encoding",))
        compressed = brotli_padded(response.content, self.max_random_bytes)
        if len(compressed) >= len(response.content):
            return response
        response.content = compressed
        response.headers["Content-Length"] = str(len(compressed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):  # no longer the same bytes: a weak validator, as GZipMiddleware makes it
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "br"
        return response


BROTLI = re.compile(r"\bbr\b")
BROTLI_QUALITY = 5  # about 1.3 ms for a 180 KB card-picker page (gzip's level 6: 1.7 ms); 9 is 10x slower for 2%
BROTLI_WINDOW = 20  # 1 MB back, farther than a page repeats itself: less to set up than the default 4 MB


def accepts_brotli(request: HttpRequest, response: HttpResponse) -> bool:
    """Whether `response` goes brotli-compressed: a body worth it, not yet encoded, for a browser that asks."""
    return (
        len(response.content) >= 200  # below, not worth it (GZipMiddleware's own bound)
        and not response.has_header("Content-Encoding")
        and bool(BROTLI.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))
    )


def brotli_padded(content: bytes, max_random_bytes: int) -> bytes:
    """`content` in brotli, padded by a random length below `max_random_bytes` as Django pads its gzip (Heal the
    Breach): a metadata block between the body and the stream's end, which a decoder skips (RFC 7932, 9.2)."""
    compressor = brotli.Compressor(quality=BROTLI_QUALITY, mode=brotli.MODE_TEXT, lgwin=BROTLI_WINDOW)
    body: bytes = compressor.process(content) + compressor.flush()  # flushed: ends on a byte, where a block may begin
    end: bytes = compressor.finish()
    return body + metadata_block(secrets.randbelow(max_random_bytes)) + end


def metadata_block(size: int) -> bytes:
    """A brotli metadata block of `size` (at most 256) zero bytes, or nothing for 0. Its header, lowest bit first:
    ISLAST 0, MNIBBLES 0 (written 11), a reserved 0, MSKIPBYTES 1, MSKIPLEN - 1 in eight bits, two bits to the
    byte's end."""
    if not size:
        return b""
    length = size - 1
    return bytes([0b010110 | (length & 0b11) << 6, length >> 2]) + bytes(size)


class BusyDatabaseMiddleware:
    """A request the database was too busy for (companion/busy.py: a write that waited its bounded time for the
    lock) is answered 503 with Retry-After and a sentence, never a bare 500; nothing of it was stored. What was
    typed is kept: an htmx write leaves the page as it is (base.html's responseHandling) and kibitz.js sends the
    same form again, same idempotency key, after Retry-After; a plain post of an entry gets the table page with
    the entry as typed, any other plain post a page that sends the same fields again. Every other
    OperationalError stays a 500. Place it after LocaleMiddleware (the sentence is in the reader's language)."""

    RESENDS = 5  # how often kibitz.js sends a refused write again by itself before it leaves it to the player
    ENTRY_VIEWS = frozenset({"record", "correct"})  # their table page can show the entry as typed

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError) or not busy.is_busy(exception):
            return None
        wait = busy.retry_after()
        if request.method in ("GET", "HEAD", "OPTIONS"):
            response = self.page(request, _("Kibitz is busy for a moment. Reload the page in %(n)d s.") % {"n": wait})
        elif getattr(request, "htmx", False):
            response = self.note(request, wait)
        else:
            response = self.plain_post(request, wait)
        response["Retry-After"] = str(wait)
        add_never_cache_headers(response)
        # An answer by design, sent again by itself: a warning in the log, not Django's error for every 5xx.
        log_response(
            "Busy, answered %s: %s",
            response.status_code,
            request.path,
            response=response,
            request=request,
            level="warning",
        )
        return response

    def note(self, request: HttpRequest, wait: int) -> HttpResponse:
        """For kibitz.js, which shows the sentence by the form and sends the form again by itself."""
        context = {
            "message": _("The table is busy for a moment: what you typed is kept and will be sent again in %(n)d s.")
            % {"n": wait},
            "again": _(
                "The table is still busy: what you typed is kept "
                "and will be sent again in {n} s (try {try} of {tries})."
            ),
            "gave_up": _("The table is still busy. What you typed is kept: send it again in a moment."),
            "wait": wait,
            "tries": self.RESENDS,
        }
        return render(request, "busy.html#note", context, status=503)

    def plain_post(self, request: HttpRequest, wait: int) -> HttpResponse:
        message = _("The table is busy for a moment: what you typed is kept. Send it again in %(n)d s.") % {"n": wait}
        match = request.resolver_match
        if match is not None and match.url_name in self.ENTRY_VIEWS:
            from companion import views  # the table page's renderer (views imports this module)

            kwargs = match.kwargs
            snap = views._snapshot(kwargs["code"])
            return views._render_board(
                cast(HtmxHttpRequest, request),  # the view ran, so HtmxMiddleware had set request.htmx
                snap,
                error=message,
                status=503,
                form=request.POST,
                action=kwargs["action"],
                fix=kwargs.get("seq"),
            )
        fields = [(name, value) for name, values in request.POST.lists() for value in values]
        fields = [(name, value) for name, value in fields if name != "csrfmiddlewaretoken"]
        return self.page(request, message, fields=fields)

    @staticmethod
    def page(request: HttpRequest, message: str, fields: list[tuple[str, str]] | None = None) -> HttpResponse:
        """The sentence, and for a post a button that sends the same fields (its key too) to the same address."""
        match = request.resolver_match
        code = match.kwargs.get("code") if match is not None else None
        context = {"message": message, "fields": fields or [], "table_code": code}
        return render(request, "busy.html", context, status=503)
