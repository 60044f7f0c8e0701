"""Browser fixtures: Debian's Chromium driven by Playwright, sized and behaving like a phone."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Playwright's sync API keeps an event loop running in the main thread; Django would otherwise refuse
# the database work that pytest-django's fixtures do there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-US",
    "color_scheme": "light",
}


@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    """One Chromium for this folder; closed after it, so no event loop lingers into the other tests."""
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing (on Debian: apt-get install chromium); the e2e tests need it"
        if "CI" in os.environ:
            pytest.fail(reason + ", and CI is set, so this is a failure", pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, live_server, transactional_db):
    """A fresh phone-sized page on the live server; JavaScript errors are collected in `page.errors`."""
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None)
    page.errors = errors
    yield page
    context.close()
