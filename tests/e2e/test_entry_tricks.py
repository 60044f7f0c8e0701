"""Trick entry on a phone: the trick's slots named and kept in view, every card in a fixed place (played ones
disabled and named so, never clipped at 320 px), the moon asked on the last trick only when the game sees one,
and any recorded trick fixed from the log as new events."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Table
from tests.e2e.conftest import wait_until
from tests.e2e.test_phone_flow import Thumb, chip, totals, version
from tests.games.rk import LEGAL_FOUR, one_suit_each, tricks

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
# Card faces wider than their place in the grid (a "10♦" spilling over its neighbour, a symbol cut off).
SPILLED = """(root) => Array.from(document.querySelectorAll(root + ' .cp-seat:not([hidden]) .cp-face'))
  .filter(f => f.offsetParent
    && (f.offsetWidth > f.parentNode.clientWidth + 0.5 || f.scrollWidth > f.clientWidth + 0.5))
  .map(f => f.textContent)"""


def scorer(page: Page, events: list[dict] | None = None, **options: object) -> Table:
    table = services.create_table("rickety-kate", PLAYERS, {"moon": "new"} | options)
    if events:
        services.append(table, events)
    page.goto(f"/s/{table.scorer_token}/")
    return table


def seat_shown(page: Page):
    return page.locator("form.trick .cp-seat:not([hidden])")


@pytest.mark.parametrize("width", [320, 390])
def test_the_slots_are_named_kept_in_view_and_no_card_is_clipped(phone: Page, width: int) -> None:
    page = phone
    page.set_viewport_size({"width": width, "height": 700})
    scorer(page)
    page.locator("details[data-mode=tricks] > summary").click()
    trick = page.locator("form.trick")
    tabs = trick.locator(".cp-tabs button")
    expect(tabs).to_have_count(4)
    thumb = Thumb(page)
    # The first trick opens with the 2♣ (rule rk.two-of-clubs), filled in: the scorer taps who led it.
    expect(trick.locator("fieldset.leader legend")).to_have_text("Who led the 2♣?")
    thumb.tap(chip(trick.locator("fieldset.leader"), "Cleo"))
    expect(tabs).to_have_text(["Cleo2♣", "Dan", "Ana", "Ben"])  # in play order from the leader, its card shown
    expect(page.get_by_role("button", name="Cleo: 2 of clubs")).to_be_visible()
    expect(page.get_by_role("button", name="Dan: no card yet")).to_be_visible()
    expect(seat_shown(page).locator("legend")).to_have_text("Dan plays")
    assert page.evaluate(SPILLED, "form.trick") == []
    expect(seat_shown(page).locator('input[value="2C"]')).to_be_disabled()  # one 2♣ in the deck: taken
    spade = seat_shown(page).locator('label[data-value="AS"]')
    spade.scroll_into_view_if_needed()
    expect(trick.locator(".cp-tabs")).to_be_in_viewport()  # the slots stay in view while picking low down
    page.screenshot(path=f"/tmp/kibitz-e2e-trick-{width}.png", caret="initial")  # no style of its own: CSP
    thumb.tap(spade)
    thumb.tap(seat_shown(page).locator('label[data-value="3C"]'))
    before = version(page)
    thumb.tap(seat_shown(page).locator('label[data-value="4C"]'))  # the last card saves the trick
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
    assert thumb.taps == 4
    expect(page.locator("#log li").first).to_contain_text("Trick led by Cleo: 2♣ A♠ 3♣ 4♣")
    # The next trick: the winner leads, the four played cards stay in their places, disabled and named so.
    expect(trick.locator("input[name=leader][data-name=Ben]")).to_be_checked()  # his 4♣ took it
    for name in ("2 of clubs, played", "Ace of spades, played"):
        expect(seat_shown(page).get_by_role("radio", name=name)).to_be_disabled()
    assert page.errors == []


@pytest.mark.parametrize("width", [320, 390])
def test_a_moon_on_the_last_trick_is_asked_before_it_is_saved(phone: Page, width: int) -> None:
    page = phone
    page.set_viewport_size({"width": width, "height": 640 if width == 320 else 844})
    events = one_suit_each()  # Ana wins every trick: a moon once the last one is in
    table = scorer(page, events[:-1])
    trick = page.locator("form.trick")
    expect(page.locator("details[data-mode=tricks] > summary")).to_have_text("By tricks: trick 13 of 13")
    expect(trick.locator("input[name=leader][data-name=Ana]")).to_be_checked()
    expect(trick.locator("[data-question]")).to_have_count(0)  # no choice offered before the game sees a moon
    thumb = Thumb(page)
    for card in ("AC", "AD", "AH"):
        thumb.tap(seat_shown(page).locator(f'label[data-value="{card}"]'))
    before = version(page)
    thumb.tap(seat_shown(page).locator('label[data-value="AS"]'))
    question = page.locator("form.trick [data-question]")
    expect(question).to_be_visible()  # asked, not saved
    for choice in question.get_by_role("button").all():
        expect(choice).to_be_in_viewport()  # in reach, not below the cards
    expect(question.locator("legend")).to_contain_text("Ana shot the moon.")
    expect(question.locator(".outcome")).to_have_text(
        ["Totals then: Ana 0 · Ben 26 · Cleo 26 · Dan 26", "Totals then: Ana -26 · Ben 0 · Cleo 0 · Dan 0"]
    )
    assert version(page) == before and table.events.count() == 12
    for k, card in enumerate(("AC", "AD", "AH", "AS")):  # the trick is kept as tapped
        expect(trick.locator(f'input[name="card-{k}"][value="{card}"]')).to_be_checked()
    thumb.tap(question.get_by_role("button", name="+26 to everyone else"))
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
    expect(totals(page)).to_have_text(["★ 0", "26", "26", "26"])
    assert table.events.order_by("-seq").first().payload["moon"] == "add"
    assert page.errors == []


def test_a_trick_is_fixed_from_the_log_in_a_few_taps(phone: Page) -> None:
    page = phone
    table = scorer(page, tricks(LEGAL_FOUR[:3]))
    thumb = Thumb(page)
    first = page.locator('#log li[data-seq="1"]')
    expect(first).to_contain_text("Trick led by Ana: 2♣ 3♣ 4♣ 5♣")
    thumb.tap(first.get_by_role("link", name="Fix"))
    fix = page.locator("#entry .fix")
    expect(fix).to_be_in_viewport()
    expect(fix.get_by_role("heading")).to_have_text("Fix: Trick led by Ana: 2♣ 3♣ 4♣ 5♣")
    form = fix.locator("form.trick")
    expect(form).to_have_attribute("action", f"/t/{table.code}/correct/1/trick/")
    expect(form.locator(".cp-tabs button .cp-tab-pick")).to_have_text(["2♣", "3♣", "4♣", "5♣"])
    thumb.tap(form.get_by_role("button", name="Dan: 5 of clubs"))  # Dan's card was wrong...
    thumb.tap(form.locator('.cp-seat:not([hidden]) label[data-value="AS"]'))  # ...it was the A♠
    expect(form.locator(".cp-tabs button .cp-tab-pick")).to_have_text(["2♣", "3♣", "4♣", "A♠"])
    before = version(page)
    thumb.tap(form.get_by_role("button", name="Save the fix"))
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
    assert thumb.taps == 4
    expect(page.locator("#log li.retracted")).to_have_count(3)  # the old entries stay, struck through
    live = list(table.events.filter(retracted=False).order_by("seq").values_list("payload", flat=True))
    assert [e["cards"] for e in live] == [["2C", "3C", "4C", "AS"], *[e.split() for _, e in LEGAL_FOUR[1:3]]]
    assert page.errors == []


def test_the_next_trick_comes_back_where_the_thumb_left_the_cards(phone: Page) -> None:
    """A trick saved by its last card changes no total: the next trick's cards come back in view, as near to where
    the thumb left them as the confirmation of the write above them allows (issue 18: it stays on screen)."""
    page = phone
    scorer(page, tricks(LEGAL_FOUR[:1]))
    picker = page.locator("form.trick [data-card-picker]")
    *first, last = LEGAL_FOUR[1][1].split()
    for card in first:
        page.locator(f"form.trick .cp-seat:not([hidden]) label[data-value='{card}']").tap()
    page.mouse.wheel(0, 300)  # the thumb has scrolled down the cards
    wait_until(page, "window.scrollY > 0")
    top = picker.bounding_box()["y"]
    before = version(page)
    page.locator(f"form.trick .cp-seat:not([hidden]) label[data-value='{last}']").tap()
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
    expect(page.locator("details[data-mode=tricks] > summary")).to_have_text("By tricks: trick 3 of 13")
    page.wait_for_timeout(100)  # past htmx's settling
    line = page.locator("#scoreboard [data-confirm]").bounding_box()
    assert line is not None and line["y"] >= -0.5  # the confirmation stays on screen
    now = picker.bounding_box()["y"]
    assert abs(now - top) <= 2 or abs(line["y"]) <= 2  # where the thumb left it, or as near as the line allows
    assert now < 844 - 200  # the next trick's cards in view
    assert page.errors == []
