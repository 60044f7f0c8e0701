"""White Hat's trick picker at a table of four (issue 18): the seats in seat order with the leader marked, a count
per number changed with − and + (44 px and more), and a complete play handing over to the next player by itself.
Taps are counted as a thumb makes them: a trick of four singles in at most 5 (before: 8) and its pawn move in 1,
fixing every play of a recorded trick in at most 8 (before: 19), a round end as typed sums in at most 8 (before:
10). Each runs in every language at 320 and 390 px, with the words taken from the catalogue, and checks that the
screen fits its phone and has no axe violation."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Locator, Page, expect

from companion import services
from tests.e2e.conftest import CARD_GRID, assert_accessible, overflow, settled, small_targets, spilled
from tests.e2e.test_phone_flow import Thumb
from tests.e2e.test_screens import look

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
BOARD = [
    {"name": "Internet Cafe", "value": 1, "ability": "start"},
    {"name": "Public Server", "value": 1, "ability": "start"},
    {"name": "Router", "value": 2, "ability": ""},
    {"name": "Firewall", "value": 3, "ability": ""},
    {"name": "Critical Asset", "value": -5, "ability": "goal"},
]
SIZES = [(320, 640), (390, 844)]
LANGS = ["en", "de", "fr", "es"]


def version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or 0)


def saved(page: Page, before: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
    settled(page)


def shown_seat(page: Page) -> Locator:
    return page.locator("form.wh-trick [data-card-picker='play'] fieldset.cp-seat:not([hidden])")


def card(page: Page, value: str) -> Locator:
    return shown_seat(page).locator(f".cp-card[data-value='{value}'] .cp-face")


def fits(page: Page, what: str) -> None:
    """The screen fits its phone (nothing sideways, no words out of their control), axe finds nothing, and every
    target but the card grid's is at least 44 px."""
    look(page, what, skip=CARD_GRID)


def at_a_round_start(open_phone, size: tuple[int, int], lang: str = "en", **board: object) -> Page:
    """A table of four whose round 1 has begun: Ana dealt, Dan got the hat, so Cleo (right of him) leads."""
    table = services.create_table("white-hat", PLAYERS, {"board": BOARD} if board.get("board", True) else {})
    services.append(table, [{"type": "round", "dealer": "Ana", "hat": "Dan"}])
    page = open_phone(width=size[0], lang=lang, path=f"/s/{table.scorer_token}/")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    expect(page.locator("form.wh-trick input[name=leader][value='2']")).to_be_checked()  # Cleo leads
    return page


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=["320", "390"])
def test_a_trick_of_four_singles_in_five_taps_and_the_pawn_move_in_one(open_phone, size, lang: str) -> None:
    page = at_a_round_start(open_phone, size, lang=lang)
    with translation.override(lang):
        leads, plays = gettext("{name} leads"), gettext("{name} plays")
        mark, save = gettext("leads"), gettext("Save trick")
        moves = gettext("%(owner)s's pawn %(n)s to %(field)s") % {"owner": "Ana", "n": "1", "field": "Router"}
    trick = page.locator("form.wh-trick")
    tabs = trick.locator(".cp-tabs button")
    expect(tabs).to_have_count(4)
    expect(tabs.locator(".cp-tab-name")).to_have_text(PLAYERS)  # seat order, whoever leads
    expect(tabs.nth(2).locator(".cp-tab-mark")).to_have_text(mark)
    legend = shown_seat(page).locator("legend")
    expect(legend).to_have_text(leads.format(name="Cleo"))  # the leader's cards come up first

    thumb = Thumb(page)
    thumb.tap(card(page, "9"))  # Cleo leads a single 9: on to Dan, then round to Ana and Ben
    expect(legend).to_have_text(plays.format(name="Dan"))
    thumb.tap(card(page, "4"))
    expect(legend).to_have_text(plays.format(name="Ana"))
    thumb.tap(card(page, "12"))
    expect(legend).to_have_text(plays.format(name="Ben"))
    thumb.tap(card(page, "2"))
    expect(tabs).to_have_text(["Ana12", "Ben2", f"Cleo{mark}9", "Dan4"])
    assert overflow(page) == []
    assert spilled(page) == []
    assert small_targets(page, skip=CARD_GRID) == []
    before = version(page)
    thumb.tap(trick.get_by_role("button", name=save))
    saved(page, before)
    assert thumb.taps == 5
    expect(page.locator("#log li").first).to_contain_text("Cleo")

    # Ana's 12 won: her pawn move leads the entry, one tap.
    move = page.locator("#entry form.wh-move[data-next]")
    before = version(page)
    thumb.tap(move.get_by_role("button", name=moves))
    saved(page, before)
    assert thumb.taps == 6
    assert_accessible(page, f"white hat after a trick ({lang})")
    assert page.errors == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=["320", "390"])
def test_a_set_lead_counts_with_minus_and_plus_and_moves_on_at_the_led_count(open_phone, size, lang: str) -> None:
    page = at_a_round_start(open_phone, size, lang=lang)
    with translation.override(lang):
        plays, mark, save = gettext("{name} plays"), gettext("leads"), gettext("Save trick")
        seven = gettext("%(card)s, pursuit %(points)d") % {"card": "7", "points": 2}
        more, fewer = gettext("One more: %(card)s") % {"card": seven}, gettext("One fewer: %(card)s") % {"card": seven}
    trick = page.locator("form.wh-trick")
    tabs = trick.locator(".cp-tabs button")
    legend = shown_seat(page).locator("legend")
    card(page, "7").tap()  # Cleo leads a 7: on to Dan; back to Cleo, and a second 7 makes it a pair
    expect(legend).to_have_text(plays.format(name="Dan"))
    tabs.nth(2).tap()
    card(page, "7").tap()
    expect(legend).to_have_text(plays.format(name="Dan"))  # a pair: Dan owes two cards
    tabs.nth(2).tap()
    plus = shown_seat(page).get_by_role("button", name=more, exact=True)
    minus = shown_seat(page).get_by_role("button", name=fewer, exact=True)
    for step in (plus, minus):
        box = step.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    plus.tap()
    expect(shown_seat(page).locator(".cp-held output")).to_have_text("3")
    minus.tap()
    expect(shown_seat(page).locator(".cp-held output")).to_have_text("2")
    expect(tabs.nth(2)).to_have_accessible_name(f"Cleo ({mark}): 2 × {seven}")
    tabs.nth(3).tap()
    card(page, "11").tap()  # Dan: one 11 is not yet his play of two
    expect(legend).to_have_text(plays.format(name="Dan"))
    card(page, "joker").tap()  # the joker joins it: two cards, on to Ana
    expect(legend).to_have_text(plays.format(name="Ana"))
    card(page, "3").tap()
    card(page, "3").tap()
    expect(legend).to_have_text(plays.format(name="Ben"))
    card(page, "5").tap()
    card(page, "5").tap()
    tabs.nth(2).tap()
    fits(page, f"white hat set lead ({lang})")
    page.screenshot(path=f"/tmp/wh-set-{size[0]}-{lang}.png", caret="initial")  # no style of its own: CSP
    before = version(page)
    trick.get_by_role("button", name=save).tap()
    saved(page, before)
    expect(page.locator("#log li").first).to_contain_text("7 7")
    assert page.errors == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=["320", "390"])
def test_every_play_of_a_recorded_trick_is_fixed_in_at_most_eight_taps(open_phone, size, lang: str) -> None:
    page = at_a_round_start(open_phone, size, lang=lang, board=False)
    with translation.override(lang):
        leads, fix_saves = gettext("{name} leads"), gettext("Save the fix")
        save, fix_link = gettext("Save trick"), gettext("Fix")
        nine = gettext("%(card)s, pursuit %(points)d") % {"card": "9", "points": 2}
        fewer = gettext("One fewer: %(card)s") % {"card": nine}
        fixed = gettext("Trick: %(plays)s") % {"plays": "Cleo 10; Dan 5; Ana 13; Ben 1"}
    page.locator("details[data-mode='tricks'] > summary").tap() if not page.locator(
        "form.wh-trick"
    ).is_visible() else None
    for value in ("9", "4", "12", "2"):
        card(page, value).tap()
    before = version(page)
    page.locator("form.wh-trick").get_by_role("button", name=save).tap()
    saved(page, before)

    thumb = Thumb(page)
    thumb.tap(page.locator("#log li").first.get_by_role("link", name=fix_link))
    fix = page.locator("form.wh-trick")
    expect(fix.get_by_role("button", name=fix_saves)).to_be_visible()
    expect(fix.locator(".cp-tabs button .cp-tab-pick").first).to_be_visible()  # the picker is set up
    expect(shown_seat(page).locator("legend")).to_have_text(leads.format(name="Cleo"))
    fits(page, f"white hat fixing a trick ({lang})")
    thumb.tap(shown_seat(page).get_by_role("button", name=fewer, exact=True))
    thumb.tap(card(page, "10"))  # Cleo led a 10, not a 9: on to Dan
    for value in ("5", "13", "1"):  # a tap on another card replaces a single
        thumb.tap(card(page, value))
    before = version(page)
    thumb.tap(fix.get_by_role("button", name=fix_saves))
    saved(page, before)
    assert thumb.taps == 7, thumb.taps  # the goal: at most 8
    expect(page.locator("#log li").first).to_contain_text(fixed)
    assert page.errors == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=["320", "390"])
def test_a_round_end_as_typed_sums_in_at_most_eight_taps(open_phone, size, lang: str) -> None:
    page = at_a_round_start(open_phone, size, lang=lang)
    with translation.override(lang):
        save = gettext("Save round")
    page.locator("details[data-mode='quick'] > summary").tap()
    fits(page, f"white hat round end ({lang})")
    thumb = Thumb(page)
    quick = page.locator("form.wh-round")
    for seat, typed in ((0, "4"), (1, "7"), (3, "2")):  # Cleo went out: nothing in hand, nothing to type
        thumb.tap(quick.locator(f"input[name='sum-{seat}']"))
        page.keyboard.type(typed)
        thumb.taps += 1  # one key
    before = version(page)
    thumb.tap(quick.get_by_role("button", name=save))
    saved(page, before)
    assert thumb.taps == 7, thumb.taps  # the goal: at most 8
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_move_brings_the_next_trick_when_opened_and_it_plays_as_the_first(open_phone, lang: str) -> None:
    """Behind the pawn move that comes first, the next trick's fields are fetched when "No move" opens (a phone
    whose script runs): its picker is set up as the first trick's was (the leader marked, a single lead handing
    over by itself), and the trick saves without the move."""
    page = at_a_round_start(open_phone, SIZES[0], lang=lang)
    with translation.override(lang):
        plays, mark, save = gettext("{name} plays"), gettext("leads"), gettext("Save trick")
        no_move = gettext("No move: record the next trick without %(name)s's move") % {"name": "Ana"}
    for value in ("9", "4", "12", "2"):  # Cleo leads a 9, Dan 4, Ana 12, Ben 2: Ana wins and moves first
        card(page, value).tap()
    before = version(page)
    page.locator("form.wh-trick").get_by_role("button", name=save).tap()
    saved(page, before)
    waiting = page.locator("#entry details.wh-no-move")
    expect(waiting.locator("[data-lazy='trick']")).to_have_count(1)  # the fields are not on the page yet
    waiting.locator("> summary", has_text=no_move).tap()
    trick = waiting.locator("form.wh-trick")
    expect(trick.locator("[data-card-picker='play'][data-ready]")).to_have_count(1)
    tabs = trick.locator(".cp-tabs button")
    expect(tabs.nth(0).locator(".cp-tab-mark")).to_have_text(mark)  # Ana leads the next trick
    legend = shown_seat(page).locator("legend")
    card(page, "13").tap()  # a single: on to Ben by itself
    expect(legend).to_have_text(plays.format(name="Ben"))
    for value in ("5", "6", "7"):
        card(page, value).tap()
    before = version(page)
    trick.get_by_role("button", name=save).tap()
    saved(page, before)
    expect(page.locator("#log li").first).to_contain_text("Ana 13")
    assert page.errors == []
