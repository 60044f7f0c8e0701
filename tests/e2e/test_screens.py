"""Every screen on a 320 px phone, in every language of LANGUAGES: nothing sticks out sideways, axe-core finds no
violation, links and buttons are at least 44 px, and the table page's parts hold with five and six players and
long names (short names in the scoreboard with the whole names below it, the first column fixed, the bottom bar's
buttons side by side and apart).

Tables are made through the services (what the screens show, not how it was typed, is what is tested here);
tests/e2e/test_writes.py goes through the writes by taps. KIBITZ_SCREENSHOTS=DIR keeps a screenshot of each.
"""

from __future__ import annotations

import os
from itertools import pairwise
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Table
from tests.e2e.conftest import assert_accessible, overflow, small_targets, spilled

pytestmark = pytest.mark.e2e

LONG_NAMES = ("Christopher", "Maximilian", "Anna-Lena", "Bartholomew", "Eve", "Friederike")
SHOTS = os.environ.get("KIBITZ_SCREENSHOTS", "")


def look(page: Page, name: str, *, skip: str = "") -> None:
    """The screen as it is now fits the phone's width, is accessible, and every link, button and field is at least
    44 px either way (but those in what `skip` selects: the entry forms, whose card grids have tests of their own)."""
    if SHOTS:
        width = page.viewport_size["width"] if page.viewport_size else 0
        lang = page.evaluate("document.documentElement.lang")
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{width}-{lang}-{name}.png", caret="initial")
    assert [e for e in page.errors if "404" not in e] == [], name
    assert overflow(page) == [], name
    assert spilled(page) == [], name
    assert_accessible(page, name)
    assert small_targets(page, skip=skip) == [], name


def played(table: Table, hands: int) -> None:
    """`hands` quick hands, each player in turn taking the hearts, the next one the lady."""
    for n in range(hands):
        snap = services.snapshot(table)
        d = snap.prompt.details
        players = d["players"]
        taker, lady = players[n % len(players)], players[(n + 1) % len(players)]
        services.append(table, [{"type": "hand", "hearts": {taker: d["hearts"]}, "lady": lady}])


def pending_penalty(table: Table, player: str) -> None:
    """A revoke penalty during the hand being played: it counts when that hand is scored."""
    dealer = services.snapshot(table).prompt.details["dealer"]
    services.append(
        table, [{"type": "deal", "dealer": dealer}, {"type": "penalty", "player": player, "reason": "revoke"}]
    )


def with_a_revoke() -> Table:
    """Four players, two tricks: Dan throws a heart on clubs, then plays a club (a revoke the referee proves)."""
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo", "Dan"], {})
    services.append(
        table,
        [
            {"type": "trick", "leader": "Ana", "cards": ["2C", "3C", "4C", "5H"]},
            {"type": "trick", "leader": "Dan", "cards": ["6C", "2D", "3D", "4D"]},
        ],
    )
    return table


@pytest.mark.parametrize("lang", [code for code, _name in settings.LANGUAGES])
def test_every_screen_fits_320_px_and_is_accessible(open_phone, lang: str) -> None:
    page = open_phone(width=320, lang=lang)
    page.goto("/")
    look(page, "home-new-phone")
    page.goto("/new/rickety-kate/")
    page.locator("details.sub > summary").first.click()  # "More players" and "More house rules" open too
    page.locator("details.sub > summary").last.click()
    look(page, "new-table")
    page.goto("/import/")
    look(page, "import")
    page.goto("/join/?code=ABCD+EFGH")
    look(page, "join-unknown-code")

    six = services.create_table("rickety-kate", list(LONG_NAMES), {})
    played(six, 4)
    pending_penalty(six, "Bartholomew")
    page.goto(f"/s/{six.scorer_token}/")
    board = page.locator("#scoreboard")
    expect(board.locator("tbody tr.earlier a")).to_be_visible()  # one row hidden, and a link says so
    expect(board.locator("tfoot [data-total]")).to_have_count(6)
    heads = board.locator("thead th .short")
    expect(heads).to_have_count(5)  # every long name shortened (not Eve) ...
    expect(board.locator(".names")).to_contain_text("Christopher")  # ... and written out below
    for total in board.locator("tfoot [data-total]").all():
        expect(total).to_be_in_viewport(ratio=1)  # the sixth total too, with no sideways scroll
    expect(board.locator("[data-pending-note]")).to_contain_text("Bartholomew")
    look(page, "table-six-players", skip="#entry")
    bar_apart(page)
    board.locator("tbody tr.earlier a").click()  # the hidden row, on request
    expect(board.locator("tbody th[scope=row]")).to_have_text(["1", "2", "3", "4"])

    page.locator("#actions form[action$='/undo/'] button").click()  # the penalty, in any language
    expect(page.locator("#scoreboard [data-confirm]")).to_be_in_viewport()
    look(page, "table-undone", skip="#entry")

    page.goto(f"/rules/rickety-kate/?table={six.code}")
    expect(page.locator("nav.back a")).to_have_attribute("href", f"/t/{six.code}/")
    look(page, "rules")

    four = with_a_revoke()
    page.goto(f"/s/{four.scorer_token}/")
    check = page.locator("#actions [data-check-plays]")
    check.click()
    sheet = page.locator("#flags[data-sheet]")
    expect(sheet.locator(".findings li")).to_have_count(2)
    expect(sheet).to_be_in_viewport()
    expect(check.locator(".count")).to_have_text("2")
    look(page, "table-check-plays", skip="#entry")
    page.goto(f"/t/{four.code}/share/")
    look(page, "share")

    page.goto(f"/g/{six.group.token}/")
    page.goto("/")
    look(page, "home-group")
    page.goto("/group/")
    look(page, "group")
    assert [e for e in page.errors if "404" not in e] == []  # the unknown join code's 404 aside


def bar_apart(page: Page) -> None:
    """The bottom bar's buttons lie side by side within the screen, none over another, each word inside its own."""
    boxes = [b.bounding_box() for b in page.locator("#actions > *").all()]
    assert all(b is not None for b in boxes)
    width = page.viewport_size["width"] if page.viewport_size else 0
    for left, right in pairwise(boxes):
        assert left["x"] + left["width"] <= right["x"]
    assert boxes[0]["x"] >= 0 and boxes[-1]["x"] + boxes[-1]["width"] <= width
    clipped = page.evaluate(
        """() => [...document.querySelectorAll("#actions .label")].filter(l => {
             const b = l.closest("button, a").getBoundingClientRect(), r = l.getBoundingClientRect();
             return r.left < b.left - 0.5 || r.right > b.right + 0.5 || l.scrollWidth > l.clientWidth + 1;
           }).map(l => l.textContent)"""
    )
    assert clipped == []
