"""Swaps of what changed, in the browser (issue 19, companion/parts.py): after a write the parts it did not change
are this page's own elements still (htmx keeps them), their forms carry the new version, and a write from one of
them lands (no 409)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import services
from tests.e2e.test_phone_flow import version

pytestmark = pytest.mark.e2e

MARK = "el => { el.kibitzKept = true; }"
STILL_MARKED = "el => el.kibitzKept === true"


def test_the_parts_a_write_did_not_change_stay_and_their_forms_move_on_to_the_new_version(phone: Page) -> None:
    page = phone
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo", "Dan"], {})
    services.append(table, [{"type": "hand", "hearts": {"Ana": 13}, "lady": "Dan"}])
    page.goto(f"/s/{table.scorer_token}/")
    page.locator("#actions").evaluate(MARK)
    page.locator("#scoreboard").evaluate(MARK)
    before = version(page)

    form = page.locator("form.quick")
    form.get_by_role("button", name="the rest for Ana").click()
    form.locator("fieldset.lady label.chip").nth(1).click()
    form.locator("[data-save]").click()
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))

    assert page.locator("#actions").evaluate(STILL_MARKED)  # the bar: not sent again, kept
    assert not page.locator("#scoreboard").evaluate(STILL_MARKED)  # the totals moved: sent again
    versions = page.locator("#board input[name=version]").evaluate_all("inputs => inputs.map(i => i.value)")
    assert versions and set(versions) == {str(before + 1)}

    page.locator("#actions").get_by_role("button", name="Undo").click()  # from the kept bar
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 2))
    expect(page.locator("[data-conflict]")).to_have_count(0)
    expect(page.locator("#scoreboard [data-confirm]")).to_contain_text("Undone:")
    assert page.errors == []


def test_two_answers_in_flight_to_the_board_never_take_a_kept_part_out_of_the_page(phone: Page) -> None:
    """The second answer's board is gone once the first is swapped in: it is not swapped (its stand-ins would take
    this page's parts out of it), and every part is still there, once."""
    page = phone
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo", "Dan"], {})
    services.append(table, [{"type": "hand", "hearts": {"Ana": 13}, "lady": "Dan"}])
    page.goto(f"/s/{table.scorer_token}/")
    page.evaluate(
        """() => { const board = document.getElementById('board');
          for (const from of ['#scoreboard h1', '#log h2'])
            htmx.ajax('GET', location.pathname, {source: from, target: board, swap: 'outerHTML'}); }"""
    )
    page.wait_for_load_state("networkidle")
    for ident in ("scoreboard", "entry", "log", "past", "actions", "flags"):
        expect(page.locator(f"#{ident}")).to_have_count(1)
    assert page.locator("#past form").count() > 0 and page.locator("#actions button").count() > 0
    assert page.errors == []
