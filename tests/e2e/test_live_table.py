"""Several phones at one table: a watcher's scoreboard follows the scorer's, two scorers never lose an entry,
and a hand saved while the connection is down is sent once it is back."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Table
from tests.e2e.conftest import PHONE

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
LIVE = 8_000  # ms: the page polls every 3 s


@pytest.fixture
def open_phone(browser, live_server, transactional_db) -> Iterator[Callable[[str], Page]]:
    contexts = []

    def open_phone(path: str) -> Page:
        context = browser.new_context(base_url=live_server.url, **PHONE)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.goto(path)
        return page

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def table(transactional_db) -> Table:
    return services.create_table("rickety-kate", PLAYERS, {})


def totals(page: Page):
    return page.locator("#scoreboard tfoot td")


def rest_to(page: Page, seat: int) -> None:
    """'The rest' of the hearts to one player: open their pad (unless it is), tap 'the rest'."""
    row = page.locator(f'.stepper[data-seat="{seat}"]')
    if row.locator("button.pick").get_attribute("aria-expanded") != "true":
        row.locator("button.pick").click()
    row.locator(".pad .rest").click()


def all_hearts_to(page: Page, seat: int, lady: str) -> None:
    """Everything to one player except the lady: 'the rest' on their pad, then the lady chip."""
    rest_to(page, seat)
    page.locator("fieldset.lady label").filter(has_text=lady).click()


def save_hand(page: Page) -> None:
    page.locator("form.quick [data-save]").click()


@pytest.mark.smoke  # the browser test bin/test runs on PostgreSQL too: one phone writes, another reads it
def test_a_watcher_sees_the_score_without_reloading(open_phone, table: Table) -> None:
    scorer = open_phone(f"/s/{table.scorer_token}/")
    watcher = open_phone(f"/t/{table.code}/")
    expect(watcher.locator("#entry")).to_contain_text("You are watching.")
    expect(watcher.locator("form.quick")).to_have_count(0)

    all_hearts_to(scorer, 0, "Ben")
    save_hand(scorer)
    expect(totals(scorer)).to_have_text(["13", "13", "★ 0", "★ 0"])
    expect(totals(watcher)).to_have_text(["13", "13", "★ 0", "★ 0"], timeout=LIVE)


def test_two_scorers_at_once_nothing_is_lost(open_phone, table: Table) -> None:
    first = open_phone(f"/s/{table.scorer_token}/")
    second = open_phone(f"/s/{table.scorer_token}/")

    rest_to(first, 1)  # the first phone starts typing...
    all_hearts_to(second, 2, "Dan")  # ...while the second saves a hand
    save_hand(second)
    expect(totals(second)).to_have_text(["★ 0", "★ 0", "13", "13"])

    # The first phone's scoreboard follows, but what it typed stays, with a word of warning.
    expect(totals(first)).to_have_text(["★ 0", "★ 0", "13", "13"], timeout=LIVE)
    expect(first.locator("#entry [data-changed]")).to_be_visible()
    expect(first.locator('.stepper[data-seat="1"] .value')).to_have_text("13")

    first.locator("fieldset.lady label").filter(has_text="Ana").click()
    save_hand(first)  # made against the old state: refused, shown what the other phone saved, asked which
    expect(first.locator("#entry [data-conflict]")).to_contain_text("Not saved: another phone saved this first.")
    expect(first.locator('.stepper[data-seat="1"] .value')).to_have_text("13")
    save_hand(first)
    expect(totals(first)).to_have_text(["★ 13", "★ 13", "★ 13", "★ 13"])  # all tied: all lead
    assert table.events.count() == 2


def test_a_hand_saved_offline_is_sent_once_back_online(open_phone, table: Table) -> None:
    scorer = open_phone(f"/s/{table.scorer_token}/")
    scorer.context.set_offline(True)
    all_hearts_to(scorer, 3, "Cleo")
    save_hand(scorer)
    expect(scorer.locator(".offline")).to_be_visible()
    # Nothing typed is lost: it waits on the phone, kept by offline.js once the service worker is there (the entry
    # then comes back blank for the next hand: tests/e2e/test_offline.py), else in the page until back online.
    expect(scorer.locator(".offline")).to_be_visible()
    assert table.events.count() == 0

    scorer.context.set_offline(False)
    expect(totals(scorer)).to_have_text(["★ 0", "★ 0", "13", "13"], timeout=LIVE)
    expect(scorer.locator(".offline")).to_be_hidden()
    assert table.events.count() == 1
