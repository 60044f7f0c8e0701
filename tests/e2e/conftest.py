"""Browser fixtures: Debian's Chromium driven by Playwright, sized and behaving like a phone."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from tests.e2e.chromium import CHROMIUM, launch

# Playwright's sync API keeps an event loop running in the main thread; Django would otherwise refuse
# the database work that pytest-django's fixtures do there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

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
        browser = launch(pw)
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


# -- phones of every size, language and mode (issue 8: 320 and 390 px, English and German, debug on and off) ---

LOCALES = {"en": "en-US", "de": "de-DE", "fr": "fr-FR", "es": "es-ES"}


@pytest.fixture
def open_phone(browser, live_server, transactional_db, settings):
    """A factory of phone pages: `open_phone(width=320, lang="de", debug=True)`. Each has its own cookies (a
    phone of its own), collects JavaScript errors in `page.errors`, and is closed after the test. `debug` turns
    Django's debug mode on for the live server (what bin/serve runs), for the whole test."""
    contexts = []

    def open_phone(width: int = 390, lang: str = "en", debug: bool = False, path: str = "") -> object:
        if debug:
            settings.DEBUG = True
        context = browser.new_context(
            base_url=live_server.url, **(PHONE | {"viewport": {"width": width, "height": 844}, "locale": LOCALES[lang]})
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
        page.on("console", lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None)
        page.errors = errors
        if path:
            page.goto(path)
        return page

    yield open_phone
    for context in contexts:
        context.close()


def axe_violations(page, context: object = None) -> list[str]:
    """axe-core's violations on the page as it is now (axe.js from the axe-playwright-python package, injected
    through the browser's devtools protocol, so the page's CSP does not stop it): one line per rule, with the
    first elements it concerns."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=context)
    lines = []
    for v in results.response["violations"]:
        targets = ", ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:4])
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['help']} [{targets}]")
    return lines


def assert_accessible(page, what: str = "") -> None:
    """No axe-core violation on the page as it is now."""
    found = axe_violations(page)
    assert found == [], f"{what or page.url}: " + "\n".join(found)


def spilled(page) -> list[str]:
    """Links and buttons whose words are wider than their own box (the text runs out over its edge, as the home
    page's "Rules" did at 320 px): each as its text and the two widths."""
    return page.evaluate(
        """() => [...document.querySelectorAll("a, button, summary, label")]
          .filter(el => el.offsetParent !== null && getComputedStyle(el).overflowX === "visible"
                        && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
          .slice(0, 8)
          .map(el => el.textContent.trim().slice(0, 30) + " " + el.scrollWidth + ">" + el.clientWidth)"""
    )


def overflow(page) -> list[str]:
    """What sticks out sideways past the viewport (a screen that does not fit its phone): the page's own
    sideways scroll, then visible elements whose box ends right of the viewport, outside any scroll box."""
    return page.evaluate(
        """() => {
          const w = document.documentElement.clientWidth, out = [];
          if (document.documentElement.scrollWidth > w) out.push("page scrolls sideways: " +
              document.documentElement.scrollWidth + " > " + w);
          for (const el of document.querySelectorAll("body *")) {
            const r = el.getBoundingClientRect();
            if (!r.width || !r.height || r.right <= w + 0.5) continue;
            let p = el.parentElement, clipped = false;
            while (p && p !== document.body) {
              const s = getComputedStyle(p);
              if (s.overflowX !== "visible" && p.getBoundingClientRect().right <= w + 0.5) { clipped = true; break; }
              p = p.parentElement;
            }
            if (!clipped) out.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
                (el.className && typeof el.className === "string" ? "." + el.className.split(" ").join(".") : "") +
                " right=" + Math.round(r.right));
          }
          return out.slice(0, 8);
        }"""
    )


# What the 44 px check leaves out on an entry with card pickers: the card grid's rows, whose counts are number inputs
# hidden under the faces a thumb taps (the faces' own size has tests of its own).
CARD_GRID = ".cp-row"


def small_targets(page, minimum: int = 44, skip: str = "") -> list[str]:
    """Visible links, buttons, summaries and fields smaller than `minimum` CSS pixels high or wide (a radio or
    checkbox counts by its label, the thing a thumb taps), outside the elements `skip` selects."""
    return page.evaluate(
        """([minimum, skip]) => {
          const out = [];
          const seen = new Set();
          for (let el of document.querySelectorAll("a[href], button, summary, input, select, textarea")) {
            if (el.type === "hidden") continue;
            if (el.type === "radio" || el.type === "checkbox") el = el.closest("label") || el;
            if (seen.has(el)) continue;
            seen.add(el);
            const r = el.getBoundingClientRect(), s = getComputedStyle(el);
            if (r.width <= 1 || r.height <= 1 || s.visibility === "hidden") continue;
            if (el.closest("[hidden], [aria-hidden=true]") || (skip && el.closest(skip))) continue;
            if (r.height < minimum - 0.5 || r.width < minimum - 0.5)
              out.push(el.tagName.toLowerCase() + " '" + (el.textContent || el.name || "").trim().slice(0, 30) + "' " +
                Math.round(r.width) + "x" + Math.round(r.height));
          }
          return out;
        }""",
        [minimum, skip],
    )


def wait_until(page, expression: str, timeout: float = 5.0) -> None:
    """Poll a JavaScript expression from here until it is truthy. Playwright's wait_for_function evaluates a
    string inside the page when it polls, which the CSP (no 'unsafe-eval') refuses whenever the first check
    fails; page.evaluate goes through the DevTools protocol and is allowed."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s: {expression}")
        page.wait_for_timeout(50)


def settled(page) -> None:
    """Wait until kibitz.js has set up every card picker on the page (a swapped-in one shows its seats one at a
    time only then, its empty seats filled from their shared cards)."""
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('[data-card-picker]')).every(p => p.dataset.ready)"
    )
