"""Nothing moves while a table page loads (Lighthouse's Cumulative Layout Shift, at most 0.1, "good"): Hood Politix's
timers, shown only once its script had run, pushed the log down by their height (0.11-0.15 on a phone, up to 0.87
in Lighthouse). Measured as Lighthouse does, with Chromium's layout-shift entries from the first paint on, on a phone,
for the table's viewer (Lighthouse's page) and its scorer; without script, the timers stay hidden."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from companion import services
from companion.models import Table
from tests.e2e.conftest import PHONE, wait_until

pytestmark = pytest.mark.e2e

GOOD = 0.1  # web.dev's and Lighthouse's bound of a good CLS
SCRIPTS_LATER = 500  # ms between the page's first paint and its scripts' arrival
# Every layout shift from the page's first paint on (buffered), as Chromium reports them: each one's score and the
# elements it moved. Shifts right after an input (a tap) do not count, as in CLS.
RECORD_SHIFTS = """window.__shifts = [];
new PerformanceObserver(list => list.getEntries().forEach(e => e.hadRecentInput || window.__shifts.push({
  value: e.value, moved: e.sources.map(s => s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?")
}))).observe({type: "layout-shift", buffered: true});"""


@pytest.fixture
def table(transactional_db) -> Table:
    """A table of ten entries, as bench/lighthouse.py measures: its log fills the phone's screen below the timers."""
    table = services.create_table("hood-politix", ["Ana", "Ben", "Cleo", "Dan"], {})
    services.append(table, [{"type": "penalty", "player": p, "reason": "too-slow"} for p in ["Ana", "Ben"] * 5])
    return table


def shifts_on_load(page: Page, path: str) -> list[dict[str, Any]]:
    """The layout shifts of `path`'s load, its scripts arriving after its first paint (as on a phone's slow network,
    where the page shows before its scripts are in; from this live server they come first, and nothing would show
    what they move), until the network is quiet and the scripts have run."""
    held: list[Route] = []
    painted = False

    def hold(route: Route) -> None:  # until the page is on the screen; what its scripts load later, at once
        if painted:
            route.continue_()
        else:
            held.append(route)

    page.route("**/*.js", hold)
    page.add_init_script(RECORD_SHIFTS)
    page.goto(path, wait_until="commit")
    # Parsed (only the held scripts wait) and painted, then the scripts half a second later, as over slow 4G.
    # Chromium reported no shift for what they moved when they came less than 0.2-0.3 s after the first paint.
    wait_until(page, "document.readyState !== 'loading' && performance.getEntriesByType('paint').length > 0")
    page.wait_for_timeout(SCRIPTS_LATER)
    painted = True
    for route in held:
        route.continue_()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)  # the observer's last entries arrive after the frame they were measured in
    shifts: list[dict[str, Any]] = page.evaluate("window.__shifts")
    return shifts


@pytest.mark.parametrize("who", ["viewer", "scorer"])
def test_a_hood_politix_table_loads_without_layout_shift(phone: Page, table: Table, who: str) -> None:
    path = f"/t/{table.code}/" if who == "viewer" else f"/s/{table.scorer_token}/"
    shifts = shifts_on_load(phone, path)
    expect(phone.locator("#hp-timers")).to_be_visible()  # the timers are there: loaded, not left out
    assert sum(s["value"] for s in shifts) <= GOOD, shifts
    assert phone.errors == []


def test_the_timers_stay_hidden_without_script(browser, live_server, table: Table) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.goto(f"/t/{table.code}/")
    expect(page.locator("#log")).to_be_visible()
    expect(page.locator("#hp-timers")).to_be_hidden()  # timers nothing can run are not shown
    expect(page.get_by_role("button", name="Turn timer, 3 seconds")).to_have_count(0)
    context.close()
