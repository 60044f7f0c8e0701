"""The table display in a real browser (issue 20 §3): every game's display fits a 320 px phone and a 10" tablet,
in every language, with no axe-core violation, no link under 44 px and nothing blocked by the CSP; an entry
another device records reaches it without a reload; it renders in dark mode; it keeps the screen awake where the
browser can (Screen Wake Lock), asking again whenever the page is shown again, and says when it lost the server.

Tables are made through the services; the entries after the first go through the app's write path from another
browser context (a scorer's device, by its scorer token), and in one test by taps on the scorer's phone.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Table
from games import registry
from tests.companion.test_display import imported
from tests.companion.test_every_game import demo
from tests.e2e.conftest import wait_until
from tests.e2e.test_csp import LISTEN, assert_clean
from tests.e2e.test_live_table import all_hearts_to, save_hand
from tests.e2e.test_screens import LONG_NAMES, look, played

pytestmark = pytest.mark.e2e

GAMES = ("rickety-kate", "hats", "hood-politix", "white-hat")
NAMES = ["Ana", "Ben", "Cleo", "Dan"]
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 320, "height": 844}
LIVE = 8_000  # ms: the display polls every 3 s

# A stand-in for the Screen Wake Lock API (headless Chromium has none to give): it counts the requests and hands out
# a sentinel the test can release, as the browser does when the page is hidden. `window.__visible` decides what
# document.visibilityState says.
FAKE_WAKE_LOCK = """
window.__locks = [];
window.__visible = true;
Object.defineProperty(document, "visibilityState", {configurable: true,
  get: function () { return window.__visible ? "visible" : "hidden"; }});
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request: function (type) {
  window.__locks.push(type);
  var sentinel = new EventTarget();
  sentinel.release = function () { sentinel.dispatchEvent(new Event("release")); return Promise.resolve(); };
  window.__sentinel = sentinel;
  return Promise.resolve(sentinel);
}}});
"""


def scorer_post(device: Page, table: Table, action: str, data: dict[str, object]) -> None:
    """One entry form as the scorer's device sends it (by its scorer token), through the app's own write path."""
    response = device.request.post(
        f"/t/{table.code}/record/{action}/",
        data=urlencode(data, doseq=True),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Kibitz-Scorer": table.scorer_token,
            "HX-Request": "true",
        },
    )
    assert response.status == 200 and 'role="alert"' not in response.text(), response.text()[:500]


def shows_version(display: Page, table: Table) -> None:
    table.refresh_from_db()
    expect(display.locator("#display-scores")).to_have_attribute("data-version", str(table.version), timeout=LIVE)


@pytest.mark.parametrize("lang", [code for code, _name in settings.LANGUAGES])
def test_every_games_display_fits_and_follows_the_table(open_phone, lang: str) -> None:
    scorer = open_phone(lang=lang)  # another device at the table: it records, the display only shows
    display = open_phone(width=320, lang=lang)
    display.context.add_init_script(LISTEN)
    for slug in GAMES:
        game = registry.get(slug)
        table = services.create_table(slug, NAMES[: game.min_players], {})
        first, then, *_rest = demo(game)
        scorer_post(scorer, table, *first)

        display.set_viewport_size(PHONE)
        display.goto(f"/t/{table.code}/display/")
        expect(display.locator("#display-scores [data-total]")).to_have_count(game.min_players)
        expect(display.locator("form")).to_have_count(0)
        look(display, f"display-{slug}")
        display.set_viewport_size(TABLET)
        look(display, f"display-{slug}-tablet")
        total = display.locator("#display-scores [data-total]").first.bounding_box()
        assert total is not None and total["height"] >= 60, slug  # several rem high from across the table

        display.evaluate("window.__notReloaded = true")
        last = display.locator("[data-last]").inner_text()
        scorer_post(scorer, table, *then)
        shows_version(display, table)
        expect(display.locator("[data-last]")).not_to_have_text(last)
        assert display.evaluate("window.__notReloaded") is True, slug  # swapped in, not a new page
        assert_clean(display)
    assert display.errors == []


def test_the_display_renders_in_dark_mode(open_phone) -> None:
    display = open_phone(width=TABLET["width"])
    display.set_viewport_size(TABLET)
    display.emulate_media(color_scheme="dark")
    for slug in GAMES:
        game = registry.get(slug)
        table = services.create_table(slug, NAMES[: game.min_players], {})
        for action, data in demo(game)[:2]:
            scorer_post(display, table, action, data)
        display.goto(f"/t/{table.code}/display/")
        body = display.evaluate("getComputedStyle(document.body).backgroundColor")
        assert body == "rgb(21, 23, 26)", slug  # kibitz.css's dark background
        ink = display.evaluate("getComputedStyle(document.querySelector('[data-total]')).color")
        assert ink == "rgb(241, 241, 238)", slug
        look(display, f"display-{slug}-dark")


def test_six_long_names_fit_a_phone(open_phone) -> None:
    table = services.create_table("rickety-kate", list(LONG_NAMES), {})
    played(table, 2)  # Christopher takes the hearts, Maximilian the lady; then Maximilian, Anna-Lena
    display = open_phone(width=320, path=f"/t/{table.code}/display/")
    expect(display.locator("[data-total]")).to_have_count(6)
    expect(display.locator("[data-leader]")).to_have_count(3)  # Bartholomew, Eve and Friederike, on none
    look(display, "display-six-players")


def test_a_hand_tapped_on_the_scorer_phone_reaches_the_display(open_phone) -> None:
    table = services.create_table("rickety-kate", NAMES, {})
    scorer = open_phone(path=f"/s/{table.scorer_token}/")
    display = open_phone(width=TABLET["width"], path=f"/t/{table.code}/display/")
    expect(display.locator("[data-total]")).to_have_text(["0", "0", "0", "0"])
    expect(display.locator("[data-last]")).to_have_count(0)
    all_hearts_to(scorer, 0, "Ben")
    save_hand(scorer)
    expect(display.locator("[data-total]")).to_have_text(["13", "13", "0", "0"], timeout=LIVE)
    expect(display.locator("[data-leader]")).to_have_count(2)
    expect(display.locator("[data-last]")).to_contain_text("Ben")


def test_the_hood_politix_timers_run_on_the_display_through_a_swap(open_phone) -> None:
    table = services.create_table("hood-politix", NAMES, {})
    display = open_phone(width=TABLET["width"], path=f"/t/{table.code}/display/")
    turn = display.locator("#hp-timers [data-turn]")
    expect(turn).to_be_visible()  # hood-politix.js ran: without it the timers stay hidden
    turn.click()
    expect(turn).to_have_attribute("data-status", "running")
    display.evaluate("document.getElementById('hp-timers').__kept = true")
    scorer_post(display, table, "penalty", {"player": "1", "reason": "too-slow"})
    shows_version(display, table)
    assert display.evaluate("document.getElementById('hp-timers').__kept") is True  # the same element, kept
    assert display.errors == []


def test_the_screen_is_kept_awake_and_asked_again_when_shown(open_phone) -> None:
    table = services.create_table("rickety-kate", NAMES, {})
    display = open_phone(width=TABLET["width"])
    display.context.add_init_script(FAKE_WAKE_LOCK)
    display.goto(f"/t/{table.code}/display/")
    wait_until(display, "window.__locks.length === 1")
    assert display.evaluate("window.__locks") == ["screen"]
    wait_until(display, "document.documentElement.hasAttribute('data-awake')")

    # Hidden, the browser lets the lock go; shown again, the display asks for it again (and only then).
    display.evaluate("window.__visible = false; window.__sentinel.release()")
    display.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    wait_until(display, "!document.documentElement.hasAttribute('data-awake')")
    assert display.evaluate("window.__locks.length") == 1
    display.evaluate("window.__visible = true; document.dispatchEvent(new Event('visibilitychange'))")
    wait_until(display, "window.__locks.length === 2")
    wait_until(display, "document.documentElement.hasAttribute('data-awake')")
    assert display.errors == []


def test_without_the_api_nothing_happens_and_a_lost_server_is_said(open_phone) -> None:
    table = services.create_table("rickety-kate", NAMES, {})
    display = open_phone(width=320)
    display.context.add_init_script("delete Navigator.prototype.wakeLock;")
    display.goto(f"/t/{table.code}/display/")
    assert display.evaluate("'wakeLock' in navigator") is False
    note = display.locator("[data-offline]")
    expect(note).to_be_hidden()
    display.route("**/display/live/", lambda route: route.abort())
    expect(note).to_be_visible(timeout=LIVE)
    display.unroute("**/display/live/")
    services.append(table, [{"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}])
    shows_version(display, table)
    expect(note).to_be_hidden()
    # The aborted polls are logged, by the browser and by htmx; nothing else is.
    logged = ("net::ERR_FAILED", "htmx:sendError", "htmx:afterRequest")
    assert [e for e in display.errors if not any(word in e for word in logged)] == [], display.errors


def test_the_display_follows_play_again_to_the_next_game(open_phone) -> None:
    """The scorer's "Play again" on a finished table: the display in the middle of the table opens the next game's
    display by itself, its totals back at zero."""
    finished = imported("4p-defaults-to-100")
    assert services.snapshot(finished).standings.finished
    display = open_phone(width=TABLET["width"], path=f"/t/{finished.code}/display/")
    expect(display.locator("[data-leader]")).to_contain_text(["won"])
    scorer = open_phone(path=f"/s/{finished.scorer_token}/")
    scorer.get_by_role("button", name="Play again").click()
    scorer.wait_for_url(lambda url: f"/t/{finished.code}/" not in url)  # on the new table's page
    following = Table.objects.get(pk=Table.objects.get(pk=finished.pk).next_table_id)
    display.wait_for_url(f"**/t/{following.code}/display/", timeout=LIVE)
    expect(display.locator("[data-total]")).to_have_text(["0"] * len(finished.seats.all()))
