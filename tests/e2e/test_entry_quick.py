"""Quick entry on a phone: the 0-13 pad in plain view under the player it fills, names spoken with every number,
the tap goal for typical hands, the moon asked only when the game says one was shot (with the totals each way),
and a slip fixed without typing the hand again (Undo brings it back filled in; Edit corrects it)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Table
from tests.e2e.test_phone_flow import (
    Thumb,
    chip,
    pick_value,
    quick_form,
    save_and_wait,
    stepper,
    the_rest,
    totals,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
# Typical four-player hands: hearts spread over two to four players, the lady anywhere.
TYPICAL = [
    ({"Ana": 0, "Ben": 2, "Cleo": 4, "Dan": 7}, "Dan"),
    ({"Ana": 3, "Ben": 5, "Cleo": 1, "Dan": 4}, "Ben"),
    ({"Ana": 6, "Ben": 0, "Cleo": 7, "Dan": 0}, "Ana"),
    ({"Ana": 1, "Ben": 9, "Cleo": 0, "Dan": 3}, "Cleo"),
    ({"Ana": 0, "Ben": 4, "Cleo": 5, "Dan": 4}, "Cleo"),
    ({"Ana": 2, "Ben": 0, "Cleo": 0, "Dan": 11}, "Ben"),
]


def scorer(page: Page, players: list[str] = PLAYERS, **options: object) -> Table:
    """A new table (the new moon rule unless told otherwise) with this phone as its scorer."""
    table = services.create_table("rickety-kate", players, {"moon": "new"} | options)
    page.goto(f"/s/{table.scorer_token}/")
    return table


def enter(thumb: Thumb, hearts: dict[str, int], lady: str) -> None:
    """A hand as a player taps it: each count on its pad ("the rest" for the last), the lady, Save."""
    page = thumb.page
    form = quick_form(page)
    named = [name for name, n in hearts.items() if n]
    for name in named[:-1]:
        pick_value(thumb, form, name, hearts[name])
    the_rest(thumb, form, named[-1])
    thumb.tap(chip(form.locator("fieldset.lady"), lady))
    save_and_wait(thumb, form.get_by_role("button", name="Save hand"))


def one_hand_entered(page: Page) -> tuple[Table, Thumb]:
    """A new table with this phone as its scorer and the first typical hand saved (Dan took the lady)."""
    table = scorer(page)
    thumb = Thumb(page)
    enter(thumb, *TYPICAL[0])
    return table, thumb


@pytest.mark.parametrize("width", [320, 390])
def test_typical_hands_take_at_most_six_taps_on_average(phone: Page, width: int) -> None:
    page = phone
    page.set_viewport_size({"width": width, "height": 740})
    scorer(page)
    thumb = Thumb(page)
    taps = []
    running = dict.fromkeys(PLAYERS, 0)
    for hearts, lady in TYPICAL:
        thumb.taps = 0
        enter(thumb, hearts, lady)
        taps.append(thumb.taps)
        for name in PLAYERS:
            running[name] += hearts[name] + (13 if name == lady else 0)
        shown = [total.replace("★", "").strip() for total in totals(page).all_inner_texts()]
        assert shown == [str(running[n]) for n in PLAYERS]
    average = sum(taps) / len(taps)
    print(f"\nquick entry at {width} px: {taps}, {average:.2f} taps on average")
    assert average <= 6, taps
    assert page.errors == []


@pytest.mark.parametrize("width", [320, 390])
def test_every_key_of_the_pad_is_a_thumbs_width(phone: Page, width: int) -> None:
    """UI.md: tap targets of 44 px or more, the 0-13 pad's keys too (seven to a row were 37 px wide at 320 px)."""
    page = phone
    page.set_viewport_size({"width": width, "height": 740})
    scorer(page)
    keys = quick_form(page).locator(".pad:not([hidden]) button")
    expect(keys.first).to_be_visible()
    sizes = keys.evaluate_all("bs => bs.map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
    assert len(sizes) == 15 and all(w >= 44 and h >= 44 for w, h in sizes), sizes
    assert page.errors == []


def test_the_pad_is_in_view_and_speaks_the_names(phone: Page) -> None:
    page = phone
    scorer(page)
    form = quick_form(page)
    first = form.get_by_role("group", name="Ana: hearts taken")
    expect(first).to_be_visible()  # a new hand opens on the first player's pad: nothing to find
    expect(form.get_by_role("button", name="Ana: 5", exact=True)).to_be_visible()
    expect(form.get_by_role("button", name="the rest for Ana", exact=True)).to_be_visible()
    expect(form.locator("button.pick").first).to_have_attribute("aria-expanded", "true")
    form.get_by_role("button", name="Ana: 5", exact=True).click()
    expect(form.get_by_role("group", name="Ben: hearts taken")).to_be_visible()  # on to the next player
    expect(first).to_be_hidden()
    expect(stepper(form, "Ana").get_by_role("button", name="Ana 5")).to_have_attribute("aria-expanded", "false")
    expect(stepper(form, "Ana").locator(".pad button[aria-pressed=true]")).to_have_text("5")
    assert page.errors == []


def test_long_names_are_whole_at_320_px(phone: Page) -> None:
    """Item 8: the names beside the counts never shrink to "M.." on a small phone."""
    page = phone
    page.set_viewport_size({"width": 320, "height": 640})
    names = ["Maximilian", "Christopher", "Anneliese", "Bartholomew"]
    scorer(page, names)
    form = quick_form(page)
    for name in names:
        who = stepper(form, name).locator(".who")
        expect(who).to_have_text(name)
        assert who.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), name
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.screenshot(path="/tmp/kibitz-e2e-quick-320.png")


def test_the_moon_is_asked_only_when_the_game_sees_one_and_shows_both_outcomes(phone: Page) -> None:
    page = phone
    table = scorer(page)
    thumb = Thumb(page)
    enter(thumb, {"Ana": 4, "Ben": 9}, "Dan")  # a split hand: no question
    expect(page.locator("[data-question]")).to_have_count(0)
    assert table.events.count() == 1

    form = quick_form(page)
    thumb.taps = 0
    pick_value(thumb, form, "Ben", 13)
    thumb.tap(chip(form.locator("fieldset.lady"), "Ben"))
    save = form.get_by_role("button", name="Save hand")
    expect(save).to_be_enabled()
    thumb.tap(save)
    question = page.locator("form.quick [data-question]")
    expect(question).to_be_visible()  # the game answered: Ben shot the moon
    expect(question.locator("legend")).to_have_text("Ben shot the moon. Which way does it count? Tapping one saves it.")
    add = question.get_by_role("button", name="+26 to everyone else")
    subtract = question.get_by_role("button", name="−26 for Ben")
    expect(question.locator(".outcome").first).to_have_text("Totals then: Ana 30 · Ben 9 · Cleo 26 · Dan 39")
    expect(question.locator(".outcome").last).to_have_text("Totals then: Ana 4 · Ben -17 · Cleo 0 · Dan 13")
    expect(add).to_be_in_viewport()
    assert table.events.count() == 1  # nothing saved until the shooter chose
    expect(stepper(form, "Ben").locator(".value")).to_have_text("13")  # the hand is kept as typed
    save_and_wait(thumb, subtract)
    expect(totals(page)).to_have_text(["4", "★ -17", "0", "13"])
    print(f"\na moon by quick entry: {thumb.taps} taps")
    assert thumb.taps <= 5
    assert page.errors == []


def test_undo_brings_the_hand_back_filled_in_and_a_slip_costs_one_change(phone: Page) -> None:
    page = phone
    table, thumb = one_hand_entered(page)
    thumb.tap(page.locator("#actions").get_by_role("button", name="Undo"))
    form = quick_form(page)
    for name, n in {"Ana": 0, "Ben": 2, "Cleo": 4, "Dan": 7}.items():
        expect(stepper(form, name).locator(".value")).to_have_text(str(n))
    expect(form.locator("fieldset.lady input[value='3']")).to_be_checked()
    expect(form.locator("[data-check]")).to_have_text("13 of 13 hearts ✓")
    expect(form.locator(".pad:visible")).to_have_count(0)  # filled in: no pad pushes Save away

    thumb.taps = 0  # Ben had 3, Dan 6: two numbers and Save
    pick_value(thumb, form, "Ben", 3)
    pick_value(thumb, form, "Dan", 6)
    save_and_wait(thumb, form.get_by_role("button", name="Save hand"))
    assert thumb.taps == 5
    expect(totals(page)).to_have_text(["★ 0", "3", "4", "19"])
    assert table.events.filter(retracted=False).count() == 1
    assert page.errors == []


def test_edit_on_the_last_hand_corrects_it_as_new_events(phone: Page) -> None:
    page = phone
    table, thumb = one_hand_entered(page)
    edit = page.locator("#entry .last-entry").get_by_role("link", name="Edit")
    expect(edit).to_be_visible()
    thumb.tap(edit)
    fix = page.locator("#entry .fix")
    expect(fix.get_by_role("heading")).to_contain_text("Fix:")
    form = fix.locator("form.quick")
    expect(form).to_have_attribute("action", f"/t/{table.code}/correct/1/hand/")
    expect(stepper(form, "Cleo").locator(".value")).to_have_text("4")
    thumb.tap(chip(form.locator("fieldset.lady"), "Cleo"))  # the lady went to Cleo, not Dan
    save_and_wait(thumb, form.get_by_role("button", name="Save the fix"))
    expect(totals(page)).to_have_text(["★ 0", "2", "17", "7"])
    expect(page.locator("#log li.retracted")).to_have_count(1)  # the old entry stays, struck through
    assert [e.payload["lady"] for e in table.events.order_by("seq")] == ["Dan", "Cleo"]
    assert page.errors == []
