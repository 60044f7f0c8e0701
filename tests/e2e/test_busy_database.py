"""A busy database on a phone (issue 16, section 2): while another connection holds the write lock, a hand saved in
Rickety Kate's quick form is answered 503; the page says so in words beside the form, the form keeps what was
typed, and the phone sends the same form again by itself (saying so each time) until the hand lands, once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Event
from tests.companion.test_busy_database import lock_held
from tests.e2e.conftest import overflow
from tests.e2e.test_phone_flow import chip, quick_form
from tests.e2e.test_writes import set_field

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
BUSY = "The table is busy for a moment: what you typed is kept and will be sent again in 3 s."
SAVED = "Hand 1 saved — Ana 0, Ben +4, Cleo +9, Dan +13"


def test_a_hand_saved_while_the_database_is_busy_is_kept_and_lands_once_without_retyping(phone: Page) -> None:
    table = services.create_table("rickety-kate", PLAYERS, {"moon": "new"})
    phone.goto(f"/s/{table.scorer_token}/")
    form = quick_form(phone)
    note = phone.locator("#entry p[data-busy-note]")
    with lock_held(table):
        set_field(form, "hearts-1", "4")
        set_field(form, "hearts-2", "9")
        form.locator("fieldset.lady label.chip").filter(has_text=re.compile(r"^\s*Dan\s*$")).click()
        with phone.expect_response(lambda r: "/record/hand/" in r.url, timeout=15_000) as answer:
            form.locator("[data-save]").click()
        assert answer.value.status == 503
        expect(note).to_have_text(BUSY)
        expect(note).to_be_in_viewport()
        # The phone tries again by itself and says so; the form is the one that was filled, untouched.
        expect(note).to_contain_text("(try 2 of 5)", timeout=15_000)
        expect(form.locator("input[name=hearts-1]")).to_have_value("4")
        expect(form.locator("input[name=hearts-2]")).to_have_value("9")
        expect(chip(form.locator("fieldset.lady"), "Dan").locator("input")).to_be_checked()
        assert not Event.objects.filter(table=table).exists()
    # The lock is gone: the next resend lands the hand, once, and the sentence goes with the old form.
    expect(phone.locator("#board")).to_have_attribute("data-version", "1", timeout=15_000)
    expect(phone.locator("#scoreboard [data-confirm]")).to_contain_text(SAVED)
    expect(note).to_have_count(0)
    phone.wait_for_timeout(4_000)  # no resend is left waiting to record it twice
    assert Event.objects.filter(table=table).count() == 1
    assert [e for e in phone.errors if "status of 503" not in e] == []


def test_undo_in_the_bar_while_the_database_is_busy_says_so_on_top_in_german_at_320_px(open_phone) -> None:
    table = services.create_table("rickety-kate", PLAYERS, {"moon": "new"})
    services.append(table, [{"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}])
    phone = open_phone(width=320, lang="de", path=f"/s/{table.scorer_token}/")
    note = phone.locator("p.failed-note[data-busy-note]")
    with lock_held(table):
        with phone.expect_response(lambda r: r.url.endswith("/undo/"), timeout=15_000) as answer:
            phone.locator("#actions").get_by_role("button", name="Rückgängig").click()
        assert answer.value.status == 503
        expect(note).to_contain_text("Der Tisch ist gerade beschäftigt")
        expect(note).to_be_in_viewport()  # above the page, where the bar's button cannot show it
        assert overflow(phone) == []
    expect(phone.locator("#board")).to_have_attribute("data-version", "2", timeout=15_000)
    expect(note).to_have_count(0)
    phone.wait_for_timeout(4_000)
    table.refresh_from_db()
    assert table.version == 2
    assert list(Event.objects.filter(table=table).values_list("retracted", flat=True)) == [True]  # undone once
    assert [e for e in phone.errors if "status of 503" not in e] == []
