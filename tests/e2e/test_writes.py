"""Every write at the table, tapped on a phone: Save within reach while the form is filled; after each write a
line saying what changed, with Undo or Redo beside it and every total in view; a penalty pending by the totals;
a refused write (400) and a write against an older version (409) swapped into the page with debug on as with it
off (bin/serve runs debug on); the closed trick form fetched when opened; Check plays in a sheet with its count on
the button. axe-core finds no violation in any of these states.

The entry forms are filled through their fields (their own tests tap them key by key): what is tested here is
the page around them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import assert_accessible, overflow

pytestmark = pytest.mark.e2e

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
WORDS = {
    "en": {
        "start": "Start the table",
        "penalty": "Penalty",
        "add": "Add penalty",
        "next": "The next hand",
        "undo": "Undo",
        "redo": "Redo",
    },
    "de": {
        "start": "Tisch starten",
        "penalty": "Strafe",
        "add": "Strafe eintragen",
        "next": "Die nächste Hand",
        "undo": "Rückgängig",
        "redo": "Wiederholen",
    },
}


def above_the_bar(page: Page, target: Locator) -> None:
    """`target` lies wholly on screen, above the fixed bottom bar (what a player sees without scrolling), now or
    within two seconds (the page scrolls once the swap has settled)."""
    for _ in range(40):
        box, bar = target.bounding_box(), page.locator("#actions").bounding_box()
        assert box is not None and bar is not None
        if box["y"] >= 0 and box["y"] + box["height"] <= bar["y"] + 0.5:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"not in view above the bar: {box} (bar {bar})")


def confirmed(page: Page) -> Locator:
    """After a write: the line saying what changed and every total are in view."""
    line = page.locator("#scoreboard [data-confirm]")
    expect(line).to_be_visible()
    above_the_bar(page, line)
    for total in page.locator("#scoreboard tfoot [data-total]").all():
        above_the_bar(page, total)
    return line


def set_field(form: Locator, name: str, value: str) -> None:
    """A field's value as the entry form's script would set it, then the change the form listens to."""
    form.locator(f"input[name='{name}']").evaluate(
        "(el, v) => { el.value = v; el.dispatchEvent(new Event('change', {bubbles: true})); }", value
    )


def open_penalty(page: Page, words: dict[str, str]) -> Locator:
    """The penalty form, its section opened when it is closed."""
    section = page.locator("#entry details.mode").filter(has=page.locator("form.penalty"))
    if section.get_attribute("open") is None:
        section.locator("> summary").click()
    return section.locator("form.penalty")


def version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or "0")


def intact(page: Page) -> None:
    """The page is still Kibitz's table page, styled and scripted (nothing replaced the document)."""
    expect(page.locator("header.top .brand")).to_be_visible()
    expect(page.locator("#scoreboard")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.querySelector('#actions')).position") == "fixed"
    assert page.evaluate("typeof window.htmx") == "object"


@pytest.mark.parametrize(
    ("width", "lang", "debug"), [(390, "en", False), (390, "en", True), (320, "de", True)], ids=str
)
def test_every_write_says_what_changed_with_the_totals_in_view(open_phone, width: int, lang: str, debug: bool) -> None:
    words = WORDS[lang]
    page = open_phone(width=width, lang=lang, debug=debug)
    page.goto("/new/rickety-kate/")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.get_by_role("button", name=words["start"]).click()
    expect(page).to_have_url(re.compile(r"/t/[^/]+/$"))

    # A quick hand: Save is within reach at once, without scrolling, while the form is filled.
    form = page.locator("form.quick")
    save = form.locator("[data-save]")
    set_field(form, "hearts-1", "4")
    set_field(form, "hearts-2", "9")
    form.locator("fieldset.lady label.chip").filter(has_text=re.compile(r"^\s*Dan\s*$")).click()
    page.evaluate("window.scrollTo(0, 0)")
    expect(save).to_be_enabled()
    above_the_bar(page, save)
    save.click()
    expect(page.locator("#board")).to_have_attribute("data-version", "1")
    saved = {
        "en": "Hand 1 saved — Ana 0, Ben +4, Cleo +9, Dan +13",
        "de": "Hand 1 gespeichert — Ana 0, Ben +4, Cleo +9, Dan +13",
    }
    expect(confirmed(page)).to_contain_text(saved[lang])
    expect(page.locator("#scoreboard tfoot [data-total]")).to_have_text(["★ 0", "4", "9", "13"])
    assert overflow(page) == []
    assert_accessible(page, "after a hand")

    # A penalty for the next hand (between hands the hand just finished is the default): pending by the totals,
    # in words, until the hand is scored.
    penalty = open_penalty(page, words)
    penalty.locator("label.chip").filter(has_text=re.compile(r"^\s*Ben\s*$")).click()
    penalty.locator("label.chip").filter(has_text=words["next"]).click()
    penalty.get_by_role("button", name=words["add"]).click()
    expect(page.locator("#board")).to_have_attribute("data-version", "2")
    confirmed(page)
    above_the_bar(page, page.locator("#scoreboard tr[data-pending]"))
    note = {"en": "Ben +13 penalty pending (revoke)", "de": "Ben +13 Strafe offen (nicht bedient)"}
    expect(page.locator("#scoreboard [data-pending-note]")).to_contain_text(note[lang])
    assert_accessible(page, "a penalty pending")

    # Undo beside the confirmation, then Redo beside the next one.
    page.locator("#scoreboard [data-confirm]").get_by_role("button", name=words["undo"]).click()
    expect(page.locator("#board")).to_have_attribute("data-version", "3")
    expect(confirmed(page)).to_contain_text({"en": "Undone:", "de": "Rückgängig gemacht:"}[lang])
    expect(page.locator("#scoreboard [data-pending]")).to_have_count(0)
    page.locator("#scoreboard [data-confirm]").get_by_role("button", name=words["redo"]).click()
    expect(page.locator("#board")).to_have_attribute("data-version", "4")
    confirmed(page)
    expect(page.locator("#scoreboard tr[data-pending]")).to_be_visible()
    assert_accessible(page, "after undo and redo")

    # The trick form was left out of the swaps: opening it fetches it, ready to tap.
    tricks = page.locator("#entry details[data-mode=tricks]")
    expect(tricks.locator("[data-lazy]")).to_have_count(1)
    tricks.locator("> summary").click()
    expect(tricks.locator("[data-part=tricks] form.trick")).to_be_visible()
    assert_accessible(page, "the trick form, fetched")

    # A refused write (400) is swapped into the page, with debug on as with it off.
    penalty = open_penalty(page, words)
    penalty.locator("label.chip").filter(has_text=re.compile(r"^\s*Cleo\s*$")).click()
    penalty.locator("input[name=points]").evaluate("el => { el.removeAttribute('max'); el.value = '100000'; }")
    with page.expect_response(lambda r: "/record/penalty/" in r.url) as answer:
        penalty.get_by_role("button", name=words["add"]).click()
    assert answer.value.status == 400
    expect(page.locator("#entry [role=alert]")).to_be_visible()
    intact(page)
    assert version(page) == 4
    assert_accessible(page, "a refused write")

    # A write against an older version (409): the new state, the typed values kept, and saving again records it.
    form = page.locator("form.quick")
    set_field(form, "hearts-0", "13")  # typing first: a live update then leaves the form alone
    form.locator("fieldset.lady label.chip").filter(has_text=re.compile(r"^\s*Ben\s*$")).click()
    other = page.context.new_page()  # the same scorer on another tab records first
    other.goto(page.url)
    other_form = open_penalty(other, words)
    other_form.locator("label.chip").filter(has_text=re.compile(r"^\s*Ana\s*$")).click()
    other_form.get_by_role("button", name=words["add"]).click()
    expect(other.locator("#board")).to_have_attribute("data-version", "5")
    other.close()
    with page.expect_response(lambda r: "/record/hand/" in r.url) as answer:
        form.locator("[data-save]").click()
    assert answer.value.status == 409
    expect(page.locator("#entry [role=alert]")).to_be_visible()
    intact(page)
    expect(page.locator("#board")).to_have_attribute("data-version", "5")
    form = page.locator("form.quick")
    expect(form.locator("input[name=hearts-0]")).to_have_value("13")  # what was typed is kept
    expect(form.locator("input[name=lady-0][value='1']")).to_be_checked()
    form.locator("[data-save]").click()
    expect(page.locator("#board")).to_have_attribute("data-version", "6")
    confirmed(page)
    assert_accessible(page, "a write saved again after a 409")

    # Check plays: the answer in a sheet in view, its count on the button; Close puts it away.
    check = page.locator("#actions [data-check-plays]")
    check.click()
    sheet = page.locator("#flags[data-sheet]")
    expect(sheet).to_be_visible()
    above_the_bar(page, sheet.locator("h2"))
    expect(sheet.locator("h2")).to_be_focused()
    expect(check.locator(".count")).to_have_text("0")
    assert_accessible(page, "Check plays")
    sheet.locator("[data-close]").click()
    expect(page.locator("#flags[data-sheet]")).to_have_count(0)
    expect(check).to_be_focused()
    assert [e for e in page.errors if "status of 40" not in e] == []  # the 400 and the 409 aside
