"""Bounds in a real browser (issue 16, section 4): the note forms count near the limit and stop Save over it,
never cutting a paste; Check plays at a long table opens one rule's findings from its count, a page at a time."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Table
from games.tablefile import MAX_NOTE
from tests.companion.test_bounded_pages import PLAYERS, bulk, flagged_hats_turns
from tests.e2e.conftest import assert_accessible, overflow, small_targets

pytestmark = pytest.mark.e2e


def scoring(open_phone, table: Table, width: int = 320) -> Page:
    page = open_phone(width=width, path=f"/s/{table.scorer_token}/")
    expect(page.locator("#scoreboard")).to_be_visible()
    return page


def test_the_table_note_counts_and_stops_save_over_the_limit(open_phone) -> None:
    table = services.create_table("rickety-kate", PLAYERS, {})
    services.append(table, [{"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}])
    page = scoring(open_phone, table)
    form = page.locator("form.notes-form").first
    area, count, save = form.locator("textarea"), form.locator("output.note-count"), form.get_by_role("button")
    area.fill("a" * 100)
    expect(count).to_be_hidden()  # far from the limit: no noise
    area.fill("a" * (MAX_NOTE - 150))
    expect(count).to_have_text("Characters left: 150")
    expect(save).to_be_enabled()
    pasted = "b" * (MAX_NOTE + 5)
    area.fill(pasted)  # as a paste: nothing is cut
    assert len(area.input_value()) == MAX_NOTE + 5
    expect(count).to_have_text(f"Too long: {MAX_NOTE + 5} characters; a note holds at most {MAX_NOTE}.")
    expect(save).to_be_disabled()
    assert overflow(page) == []
    assert_accessible(page, "a note over the limit")
    area.press("End")
    for _ in range(5):
        area.press("Backspace")
    expect(save).to_be_enabled()
    save.click()
    expect(page.locator("#scoreboard [data-confirm]")).to_contain_text("Saved: Note on this table")
    table.refresh_from_db()
    assert table.notes == "b" * MAX_NOTE
    assert page.errors == []


def test_check_plays_opens_one_rules_findings_and_pages_them(open_phone) -> None:
    table = bulk(services.create_table("hats", PLAYERS, {}), flagged_hats_turns(200))
    page = scoring(open_phone, table)
    page.locator("[data-check-plays]").click()
    sheet = page.locator("#flags[data-sheet]")
    expect(sheet.locator(".findings > li")).to_have_count(50)
    expect(sheet.locator('[data-rule-count="hats.turn-order"]')).to_have_text("38")
    sheet.locator(".rule-counts").get_by_role("link", name="Whose turn it is").click()
    expect(sheet.locator(".rule-counts strong")).to_have_text("Whose turn it is")
    expect(sheet.locator(".findings > li")).to_have_count(38)
    sheet.locator(".rule-counts").get_by_role("link", name="Every rule").click()
    sheet.get_by_role("link", name="Later findings").click()
    expect(sheet.locator(".pages span")).to_have_text("51–100 of 404")
    assert overflow(page) == []
    assert small_targets(page, skip="#entry") == []
    assert_accessible(page, "Check plays, page 2")
    assert page.errors == []
