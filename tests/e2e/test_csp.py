"""The Content-Security-Policy in a real browser: every page a phone goes through works under it, with no
violation reported (htmx's swaps and live polling and kibitz.js included)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_until

pytestmark = pytest.mark.e2e

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
# Runs before any of the page's own scripts, in every page the phone opens.
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || ""));
});
"""


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__csp || []")


def assert_clean(page: Page) -> None:
    assert violations(page) == [], page.url
    assert [e for e in page.errors if "Content Security Policy" in e or "Refused to" in e] == [], page.url


def test_a_phone_goes_through_every_page_with_no_violation(phone: Page) -> None:
    phone.context.add_init_script(LISTEN)
    response = phone.goto("/")
    assert response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert_clean(phone)

    phone.get_by_role("link", name="Rickety Kate", exact=True).click()
    for seat, name in enumerate(PLAYERS, start=1):
        phone.get_by_label(f"Seat {seat}", exact=True).fill(name)
    phone.get_by_role("button", name="Start the table").click()
    expect(phone).to_have_url(re.compile(r"/t/[^/]+/$"))
    assert_clean(phone)

    # A hand through kibitz.js and an htmx swap, then one live poll.
    form = phone.locator("form.quick")
    expect(form.locator(".stepper .pick")).to_have_count(len(PLAYERS))
    phone.locator('.stepper[data-seat="0"] .pad .rest').click()  # the first player's pad is open
    phone.locator("fieldset.lady label").filter(has_text="Dan").click()
    form.locator("[data-save]").click()
    expect(phone.locator("#board")).to_have_attribute("data-version", "1")
    with phone.expect_response(lambda r: "/live/" in r.url, timeout=8_000):
        pass
    phone.get_by_role("link", name="Check plays").click()
    expect(phone.locator("#flags")).to_be_visible()
    assert_clean(phone)

    phone.get_by_role("link", name="Share").click()
    expect(phone.locator("svg.qr").first).to_be_visible()
    assert_clean(phone)
    phone.get_by_role("button", name="New join code").click()
    expect(phone.locator(".join-code")).to_be_visible()
    assert_clean(phone)

    for path in ("/", "/group/", "/new/rickety-kate/", "/import/", "/rules/rickety-kate/"):
        response = phone.goto(path)
        assert response is not None and response.status == 200, path  # a 404 page is clean too: not a pass
        assert_clean(phone)
    assert phone.errors == []

    # A wrong join code's page (its 404 is the answer, and the browser logs it) under the same policy.
    response = phone.goto("/join/?code=2222+3333")
    assert response is not None and response.status == 404
    expect(phone.get_by_text("No table has the code 22223333.")).to_be_visible()
    assert_clean(phone)
    assert [e for e in phone.errors if "status of 404" not in e] == []


def test_the_browser_enforces_it(phone: Page) -> None:
    """The listener above is not blind: inline style added by a script is blocked and reported."""
    phone.context.add_init_script(LISTEN)
    phone.goto("/")
    phone.evaluate(
        "() => { const s = document.createElement('style'); s.textContent = 'body{}'; document.head.append(s); }"
    )
    wait_until(phone, "window.__csp.length > 0")
    assert violations(phone)[0].startswith("style-src")
    assert phone.evaluate("typeof window.htmx") == "object"  # htmx itself loaded from this site
