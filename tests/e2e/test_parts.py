"""Swaps of what changed, in the browser (issue 19, companion/parts.py): after a write the parts it did not change
are this page's own elements still (htmx keeps them), their forms carry the new version, and a write from one of
them lands (no 409)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from companion import services
from tests.e2e.test_phone_flow import version
from tests.games.rk import LEGAL_FOUR, tricks

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


# Each card of a picker as the phone shows it: its field, value, whether ticked or disabled as dealt (data-off: the
# script greys out more while picking, a card another seat holds), its accessible name, its limit and whether it is
# marked as no longer there.
CARDS = """form => Array.from(form.querySelectorAll('.cp-card')).map(card => {
  const input = card.querySelector('input');
  return [input.name, input.value, input.checked, input.dataset.off === '1',
          card.querySelector('.visually-hidden').textContent, card.dataset.limit, card.classList.contains('cp-off')];
})"""
CARD_HTML = re.compile(
    r'<label class="cp-card([^"]*)"[^>]*data-limit="(\d+)"[^>]*><input ([^>]*)>.*?"visually-hidden">([^<]*)<'
)


def server_cards(html: str) -> list[list[object]]:
    """The trick form's cards as the server renders them for a page without script (every card in its seat)."""
    form = html.split('class="trick"')[1].split("</form>")[0]
    out: list[list[object]] = []
    for classes, limit, attributes, name in CARD_HTML.findall(form):
        field = re.search(r'name="([^"]*)"', attributes)[1]  # type: ignore[index]
        value = re.search(r'value="([^"]*)"', attributes)[1]  # type: ignore[index]
        out.append(
            [
                field,
                value,
                " checked" in attributes,
                " disabled" in attributes,
                unescape(name),
                limit,
                "cp-off" in classes,
            ]
        )
    return out


def test_a_trick_after_a_trick_keeps_the_deck_and_deals_each_seat_as_the_page_without_script(phone: Page) -> None:
    """Issue 19 §3: on a phone whose script ran, the board's pickers leave their cards to a deck (#decks), kept by every
    swap; the trick's picker sends only the cards played and each seat's picks, and the script deals them: after two
    tricks tapped in and an Undo, every card (played ones disabled and named so, the undone trick's back in place) is
    as the page without script has it."""
    page = phone
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo", "Dan"], {"moon": "new"})
    services.append(table, tricks(LEGAL_FOUR[:1]))
    page.goto(f"/s/{table.scorer_token}/")  # kibitz.js runs and says so (its cookie)
    page.reload()  # the board now leaves its pickers' cards to the decks
    trick = page.locator("form.trick")
    expect(page.locator("#decks template[data-cp-deck]")).to_have_count(1)
    expect(trick.locator(".cp-seat").first.locator("input")).to_have_count(52)
    page.locator("#decks").evaluate(MARK)
    for n, (leader, cards) in enumerate(LEGAL_FOUR[1:3], start=2):
        expect(trick.locator(f"input[name=leader][data-name={leader}]")).to_be_checked()
        before = version(page)
        with page.expect_response(lambda r: "/record/trick/" in r.url) as answer:
            for card in cards.split():
                trick.locator(".cp-seat:not([hidden])").locator(f'label[data-value="{card}"]').click()
        expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
        body = answer.value.text()
        assert '<div id="decks" hx-preserve></div>' in body and "data-cp-deck" not in body  # the deck stays
        assert page.locator("#decks").evaluate(STILL_MARKED)
        expect(page.locator("#log li").first).to_contain_text(f"Trick led by {leader}")
        expect(page.locator("details[data-mode=tricks] > summary")).to_contain_text(f"trick {n + 1} of 13")
    seat = trick.locator(".cp-seat:not([hidden])")
    for name in ("2 of clubs, played", "9 of clubs, played", "King of clubs, played"):
        expect(seat.get_by_role("radio", name=name)).to_be_disabled()

    page.locator("#actions").get_by_role("button", name="Undo").click()
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 2))
    for k, card in enumerate(LEGAL_FOUR[2][1].split()):  # the undone trick is back in its form, tapped as it was
        expect(trick.locator(f'input[name="card-{k}"][value="{card}"]')).to_be_checked()
    shown = trick.evaluate(CARDS)
    plain = Client(HTTP_X_KIBITZ_SCORER=table.scorer_token).get(f"/t/{table.code}/").content.decode()
    assert "data-deck" not in plain  # no script: every seat's cards rendered
    assert shown == server_cards(plain) and len(shown) == 4 * 52
    assert page.errors == []
