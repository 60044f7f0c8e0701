"""Response headers: a strict Content-Security-Policy everywhere, and no caching of pages that carry secrets."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion import services
from companion.models import Table
from tests.companion.conftest import hand

POLICY = {
    "default-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
    "worker-src": "'self'",  # the service worker (companion/offline.py)
    "manifest-src": "'self'",
}


def directives(header: str) -> dict[str, str]:
    parts = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {name: value for name, value in parts}


def pages(table: Table) -> list[str]:
    return [
        "/",
        "/new/rickety-kate/",
        "/import/",
        "/join/",
        "/join/?code=ZZZZ2222",
        "/rules/rickety-kate/",
        f"/t/{table.code}/",
        f"/t/{table.code}/share/",
        f"/t/{table.code}/check/",
        f"/t/{table.code}/?log=all",
    ]


@pytest.fixture
def played(table: Table) -> Table:
    services.append(table, [hand(Ana=4, Ben=9)])
    return table


def test_every_page_has_the_strict_policy(client: Client, played: Table) -> None:
    for url in pages(played):
        response = client.get(url)
        assert response.status_code in (200, 404), url
        policy = directives(response["Content-Security-Policy"])
        assert {k: policy.get(k) for k in POLICY} == POLICY, url
        assert "unsafe" not in response["Content-Security-Policy"], url
        assert set(policy) <= set(POLICY), f"{url}: a directive this test does not know, {policy}"


def test_htmx_answers_have_it_too(client: Client, played: Table) -> None:
    response = client.get(f"/t/{played.code}/live/", HTTP_HX_REQUEST="true")
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style\b|\sstyle\s*=", re.IGNORECASE)


def test_no_page_needs_inline_script_or_style(client: Client, played: Table) -> None:
    """What the policy forbids is not in any page: script only from files, no style element or attribute
    (the QR code's SVG uses presentation attributes, which the policy allows)."""
    for url in pages(played):
        page = client.get(url).content.decode()
        assert not INLINE_SCRIPT.search(page), url
        assert not INLINE_HANDLER.search(page), url
        assert not INLINE_STYLE.search(page), url
        assert "javascript:" not in page.lower(), url


def test_htmx_adds_no_style_element(client: Client, db: None) -> None:
    page = client.get("/").content.decode()
    config = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'', page)
    assert config and '"includeIndicatorStyles":false' in config.group(1)


def test_share_page_is_never_stored(client: Client, table: Table) -> None:
    response = client.get(f"/t/{table.code}/share/")
    assert response.status_code == 200 and table.scorer_token in response.content.decode()
    assert "no-store" in response["Cache-Control"]
    assert "no-store" in client.post(f"/t/{table.code}/share/", {"renew": "join"})["Cache-Control"]
    assert "no-store" in Client().post(f"/t/{table.code}/share/")["Cache-Control"]  # the 403 too


def test_scorer_link_redirect_is_never_stored(table: Table) -> None:
    response = Client().get(f"/s/{table.scorer_token}/")
    assert response.status_code == 302
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]


def test_a_static_file_goes_without_the_headers_that_speak_only_of_a_page() -> None:
    """Issue 19, a first load of at most 40 KB: a static file keeps nosniff and its caching, not the referrer and
    opener policies; a hashed one (immutable) goes without validators no phone sends back. A page keeps them all."""
    from django.http import HttpResponse
    from django.test import RequestFactory

    from companion.middleware import StaticHeadersMiddleware

    def answer(immutable: bool) -> HttpResponse:
        response = HttpResponse("x")
        response["Cache-Control"] = "max-age=315360000, public, immutable" if immutable else "max-age=60, public"
        for header, value in (("Referrer-Policy", "same-origin"), ("Cross-Origin-Opener-Policy", "same-origin")):
            response[header] = value
        response["X-Content-Type-Options"] = "nosniff"
        response["ETag"], response["Last-Modified"] = '"6b14f299-4d62"', "Sun, 06 Dec 2026 05:28:57 GMT"
        return response

    factory = RequestFactory()
    hashed = StaticHeadersMiddleware(lambda request: answer(True))(factory.get("/static/kibitz.86368b732bff.css"))
    assert set(hashed.headers) >= {"Cache-Control", "X-Content-Type-Options", "Content-Type"}
    assert not {"Referrer-Policy", "Cross-Origin-Opener-Policy", "ETag", "Last-Modified"} & set(hashed.headers)
    plain = StaticHeadersMiddleware(lambda request: answer(False))(factory.get("/static/kibitz.css"))
    assert "ETag" in plain.headers and "Referrer-Policy" not in plain.headers  # may be asked again: validators stay
    page = StaticHeadersMiddleware(lambda request: answer(True))(factory.get("/t/abc/"))
    assert {"Referrer-Policy", "Cross-Origin-Opener-Policy", "ETag"} <= set(page.headers)


def test_a_redirect_goes_without_the_policy_of_a_document_it_never_is(table: Table) -> None:
    """The scorer link's redirect (a new phone's first request): no CSP, frame policy or type (a document's);
    its referrer and opener policies stay (a browser applies them on each step), and the page it leads to has all."""
    client = Client()
    redirect = client.get(f"/s/{table.scorer_token}/")
    assert redirect.status_code == 302 and redirect.content == b""
    assert not {"Content-Security-Policy", "X-Frame-Options", "Content-Type"} & set(redirect.headers)
    assert {"Referrer-Policy", "Cross-Origin-Opener-Policy", "X-Content-Type-Options"} <= set(redirect.headers)
    page = client.get(redirect["Location"])
    assert directives(page["Content-Security-Policy"]) == POLICY


def test_the_static_headers_middleware_sees_the_answer_last() -> None:
    from django.conf import settings

    assert settings.MIDDLEWARE[0] == "companion.middleware.StaticHeadersMiddleware"
    assert settings.MIDDLEWARE[1] == "django.middleware.security.SecurityMiddleware"
