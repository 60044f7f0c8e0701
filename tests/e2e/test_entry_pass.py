"""The passed cards on a phone: one player at a time with a "3 of 3" count, on to the next player once three are
ticked, a card passed by one player not offered to the others, and every card's rank and suit in full at 320 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import services
from tests.e2e.test_entry_tricks import SPILLED
from tests.e2e.test_phone_flow import Thumb, version

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
PASSES = {"Ana": ("QS", "AS", "KS"), "Ben": ("2H", "3H", "AH"), "Cleo": ("10D", "10S", "JC"), "Dan": ("2C", "3D", "4S")}


@pytest.mark.parametrize("width", [320, 390])
def test_passes_one_player_at_a_time_with_a_count(phone: Page, width: int) -> None:
    page = phone
    page.set_viewport_size({"width": width, "height": 740})
    table = services.create_table("rickety-kate", PLAYERS, {})
    page.goto(f"/s/{table.scorer_token}/")
    thumb = Thumb(page)
    thumb.tap(page.locator("details[data-mode=tricks] > summary"))
    thumb.tap(page.locator("details.sub > summary"))
    form = page.locator("form.pass")
    expect(form.locator(".cp-seat:not([hidden])")).to_have_count(1)  # one player at a time
    height = form.bounding_box()["height"]
    print(f"\npass form at {width} px: {height:.0f} px high")
    assert height < 800  # four players' 52 cards each were 1,895 px
    assert page.evaluate(SPILLED, "form.pass") == []  # 10♦ and 10♠ keep their symbols

    before = version(page)
    for name, cards in PASSES.items():
        seat = form.locator(".cp-seat:not([hidden])")
        expect(seat.locator("legend")).to_contain_text(f"{name} passed")
        expect(seat.locator(".cp-count")).to_have_text("0 of 3")
        if name == "Dan":  # before the last card saves them all
            expect(form.locator("[data-auto-note]")).to_be_visible()
            page.screenshot(path=f"/tmp/kibitz-e2e-pass-{width}.png", caret="initial")  # no style of its own: CSP
        for k, card in enumerate(cards, start=1):
            thumb.tap(seat.locator(f'label[data-value="{card}"]'))
            if k < 3:
                expect(seat.locator(".cp-count")).to_have_text(f"{k} of 3")
        if name == "Ana":  # Ana's Q♠ is hers to pass: nobody else can tick it too
            expect(form.locator(f'.cp-seat[data-name="{name}"] .cp-count')).to_have_text("3 of 3")
            expect(form.locator('.cp-seat[data-name="Ben"] input[value="QS"]')).to_be_disabled()
    # The last card ticked saves the passes, as the last card of a trick saves the trick.
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
    assert thumb.taps == 2 + 12
    payload = table.events.get().payload
    assert {name: set(cards) for name, cards in payload["cards"].items()} == {n: set(c) for n, c in PASSES.items()}
    # Passes in: the hand goes on by tricks, open at its first trick; the quick entry folds (one picker at a time).
    expect(page.locator("details[data-mode=tricks]")).to_have_attribute("open", "")
    expect(page.locator("form.trick")).to_be_visible()
    expect(page.locator("details[data-mode=quick]")).not_to_have_attribute("open", "")
    expect(page.locator("form.trick")).to_be_in_viewport()
    tabs = page.locator("form.trick .cp-tabs button").all()
    assert all(tab.evaluate("el => el.getBoundingClientRect().width") > 40 for tab in tabs)  # no letter-a-line tab
    assert page.errors == [], page.errors


@pytest.mark.parametrize("width", [320, 390])
def test_a_hand_with_passes_by_tricks_after_one_recorded_so_in_64_taps(phone: Page, width: int) -> None:
    """Issue 18: a scorer who recorded the last hand's passes and tricks finds the next hand open the same way, the
    pass form first; its passes (12 cards, saved by the last), the first trick's leader (its 2♣ filled in) and 51
    cards make the hand: 64 taps (69 before)."""
    from tests.e2e.test_phone_flow import play_trick
    from tests.games.rk import LEGAL_FOUR, tricks

    page = phone
    page.set_viewport_size({"width": width, "height": 740})
    table = services.create_table("rickety-kate", PLAYERS, {})
    services.append(table, [{"type": "pass", "cards": {n: list(c) for n, c in PASSES.items()}}, *tricks(LEGAL_FOUR)])
    page.goto(f"/s/{table.scorer_token}/")
    thumb = Thumb(page)
    form = page.locator("form.pass[data-next]")
    expect(form).to_be_visible()
    for cards in PASSES.values():
        for card in cards:
            thumb.tap(form.locator(f'.cp-seat:not([hidden]) label[data-value="{card}"]'))
    expect(page.locator("#board")).to_have_attribute("data-version", str(table.version + 1))
    expect(page.locator("#scoreboard [data-confirm]")).to_be_in_viewport()
    for number, (leader, cards) in enumerate(LEGAL_FOUR, start=1):
        play_trick(thumb, leader, tuple(cards.split()), number)
    assert thumb.taps == 64
    assert page.errors == []
