"""White Hat on a phone at 320 px: the group's box (pursuit values confirmed, the board entered with a field added
in place), a new table from it, one round by quick entry (sums typed, a hand tapped) and one by tricks with the set
picker and a pawn moved from the legal moves, the score track drawn; no overflow, axe clean, no script error."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import assert_accessible, overflow

pytestmark = pytest.mark.e2e

BOARD = [
    ("Internet Cafe", "1", "start"),
    ("Public Server", "1", "start"),
    ("Router", "2", ""),
    ("Critical Asset", "-5", "goal"),
]


def version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or 0)


def save(page: Page, form: Locator, button: str) -> None:
    before = version(page)
    form.get_by_role("button", name=button).click()
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))


def pick(form: Locator, picker: str, seat: int, card: str) -> None:
    """Tap a card once in one seat of a set picker (that seat's tab first): one more of it. A picker fetched when
    its section opened is waited for until the script has set it up."""
    expect(form.locator(f"[data-card-picker='{picker}'][data-ready]")).to_have_count(1)
    tabs = form.locator(f"[data-card-picker='{picker}'] .cp-tabs button")
    if tabs.count():
        tabs.nth(seat).click()
    where = form.locator(f"[data-card-picker='{picker}'] fieldset.cp-seat[data-seat='{seat}']")
    where.locator(f".cp-card[data-value='{card}'] .cp-face").click()


def spoken(page: Page, selector: str) -> list[str]:
    """The pieces of text Chromium's accessibility tree holds for the element (what a screen reader reads), the
    text the stylesheet writes before it included."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    found = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    backend = cdp.send("DOM.describeNode", {"nodeId": found})["node"]["backendNodeId"]
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    by_id = {n["nodeId"]: n for n in nodes}
    start = next(n for n in nodes if n.get("backendDOMNodeId") == backend)

    def texts(node: dict) -> list[str]:
        if node.get("role", {}).get("value") == "StaticText":
            return [node["name"]["value"]]
        return [t for child in node.get("childIds", []) if child in by_id for t in texts(by_id[child])]

    return texts(start)


def enter_box(page: Page) -> None:
    page.goto("/new/white-hat/")
    page.get_by_role("link", name="First White Hat table here?").click()
    expect(page.locator("h1")).to_have_text("Your White Hat box")
    expect(page.locator(".wh-assumed")).to_have_count(11)
    page.locator("input[name='pursuit-13']").fill("4")
    page.locator("label.chip", has_text="We checked these").click()
    page.get_by_role("button", name="More fields").click()  # in place: a fourth row, nothing sent
    expect(page.locator("[data-wh-row]")).to_have_count(4)
    for i, (name, value, ability) in enumerate(BOARD):
        page.locator(f"input[name='name-{i}']").fill(name)
        page.locator(f"input[name='value-{i}']").fill(value)
        page.locator(f"select[name='ability-{i}']").select_option(ability)
    found = overflow(page)
    assert found == [], found
    assert_accessible(page, "the box")
    page.get_by_role("button", name="Save our box").click()
    expect(page.get_by_role("link", name="Edit your box")).to_be_visible()


def test_the_box_then_a_round_of_each_entry_mode_at_320_px(open_phone) -> None:
    page = open_phone(width=320)
    enter_box(page)
    page.locator("input[name='player_0']").fill("Ana")
    page.locator("input[name='player_1']").fill("Ben")
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("[data-headline]")).to_contain_text("Round 1")
    expect(page.locator("#panel .wh-track")).to_be_visible()
    expect(page.locator("#panel .wh-board li")).to_have_count(4)
    # a field's number, written by the stylesheet before its name, is read with it
    assert spoken(page, "#wh-board-0 li:nth-child(3)") == ["2", ". ", "Router", "2"]

    # Round 1, quick: Ana's points typed, Ben's cards tapped (13 at the confirmed 4, a joker 4).
    quick = page.locator("form.wh-round")
    page.locator("details[data-mode='quick'] > summary").click() if not quick.is_visible() else None
    quick.locator("input[name='sum-0']").fill("3")
    quick.locator("summary", has_text="Tap the cards").click()
    pick(quick, "hand", 1, "13")
    pick(quick, "hand", 1, "joker")
    save(page, quick, "Save round")
    # Pawns on their start fields: Ana 1 + 1 + 3 = 5, Ben 1 + 1 + 4 + 4 = 10.
    expect(page.locator("#panel .wh-totals")).to_contain_text("Ana 5")
    expect(page.locator("#panel .wh-totals")).to_contain_text("Ben 10")

    # Round 2, by tricks: Ben deals, Ana gets the hat, so Ben (right of Ana) leads.
    page.locator("details[data-mode='tricks'] > summary").click()
    start = page.locator("form.wh-start")
    start.locator("label.chip", has_text="Ben").first.click()
    start.locator("fieldset", has_text="White Hat").locator("label.chip", has_text="Ana").click()
    save(page, start, "Start the round")
    expect(page.locator("[data-headline]")).to_contain_text("Ben leads")
    trick = page.locator("form.wh-trick")
    pick(trick, "play", 1, "7")  # Ben leads a pair of 7s
    pick(trick, "play", 1, "7")
    pick(trick, "play", 0, "9")  # Ana throws a single 9: it cannot win
    save(page, trick, "Save trick")
    expect(page.locator("[data-headline]")).to_contain_text("Ben won trick 1 and moves a pawn")
    expect(page.locator("#panel .wh-target")).to_have_count(1)
    move = page.locator("form.wh-move")
    save(page, move, "Ben's pawn 1 to Router")
    expect(page.locator("#panel .wh-board li", has_text="Router").locator(".wh-pawn")).to_have_text("Ben:1")
    assert overflow(page) == []
    assert_accessible(page, "white hat table")
    assert page.errors == []
