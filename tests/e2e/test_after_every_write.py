"""After every write of every game, what changed and what comes next are on screen (issue 18): the one-line
confirmation and the first control of the form the prompt asks for next (`[data-next]`) both lie in the viewport,
above the bar, at 320×640 and 390×844, in English, German, French and Spanish. Each game's table is made through
the new-table form at its fewest players; every entry of the adapter's `DEMO` is posted as its form posts it (htmx,
into #board) with the page scrolled to its foot, then Undo and Redo from the bar, the Edit of the newest entry where
the game offers one, and a note. The actions `DEMO` leaves out (White Hat's pawn move and field change) are written
at a White Hat table with a small board. The page order is checked on the way: the scoreboard, the entry, the
game's state panel (wherever the game shows one), the log, every one of them there."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from companion import entries, services
from companion.models import Table
from games import registry
from tests.e2e.conftest import CARD_GRID, wait_until
from tests.e2e.test_screens import look
from tests.toygame import GAME as TALLY

pytestmark = pytest.mark.e2e

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn")
SIZES = [(320, 640), (390, 844)]
# Each size in every language (German's words are a third longer, French's and Spanish's a fifth).
SIZES_AND_LANGS = [(*size, lang) for lang in ("en", "de", "fr", "es") for size in SIZES]
KEYS = itertools.count()

# A board on which the first trick's winner moves onto Exploit (the start fields hold pawns: passed over).
BOARD = [
    {"name": "Internet Cafe", "value": 1, "ability": "start"},
    {"name": "Public Server", "value": 1, "ability": "start"},
    {"name": "Exploit", "value": 0, "ability": "exploit"},
    {"name": "Router", "value": 2, "ability": ""},
    {"name": "Critical Asset", "value": -5, "ability": "goal"},
]


def in_view(page: Page, what: str) -> None:
    """The confirmation and the next control intersect the viewport above the bar (within two seconds: the page
    scrolls once the swap is in); the scroll position is kept in the failure for the report."""
    facts: dict[str, Any] = {}
    for _ in range(40):
        facts = page.evaluate(
            """() => {
              const bar = document.getElementById("actions"), room = innerHeight - (bar ? bar.offsetHeight : 0);
              const seen = el => { if (!el) return false; const r = el.getBoundingClientRect();
                return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < room; };
              const next = document.querySelector("#entry [data-next]");
              const sized = el => el.getBoundingClientRect().width > 1 && el.getBoundingClientRect().height > 1;
              const first = next && Array.from(next.querySelectorAll(
                  "button, a[href], select, textarea, input:not([type=hidden]), label, summary, [tabindex]"))
                .concat([next]).find(sized);
              return {confirm: seen(document.querySelector("#scoreboard [data-confirm]")), next: seen(first),
                      scrollY: Math.round(scrollY)};
            }"""
        )
        if facts["confirm"] and facts["next"]:
            return
        page.wait_for_timeout(50)
    geometry = page.evaluate(
        """() => ["#scoreboard", "#scoreboard tfoot", "#scoreboard [data-confirm]", "#entry", "#entry [data-next]"]
            .map(q => { const el = document.querySelector(q), r = el && el.getBoundingClientRect();
              return q + ": " + (r ? Math.round(r.top) + ".." + Math.round(r.bottom) : "none"); })"""
    )
    raise AssertionError(f"{what}: not in view {facts} {geometry}")


def written(page: Page, before: int) -> None:
    expect(page.locator("#board")).not_to_have_attribute("data-version", str(before))


def version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or 0)


def post(page: Page, action: str, fields: dict[str, Any]) -> None:
    """One entry as its form sends it: to the record view, with the table's version and a key of its own."""
    before = version(page)
    far_below(page)
    url = page.url.rstrip("/") + f"/record/{action}/"
    values = {**fields, "version": str(before), "key": f"k{next(KEYS)}"}
    wait_until(page, "!!window.htmx")  # the deferred scripts may still be loading just after a page load
    page.evaluate(
        "([url, values]) => htmx.ajax('POST', url, {target: '#board', swap: 'outerHTML', values: values})",
        [url, values],
    )
    written(page, before)


def far_below(page: Page) -> None:
    """The thumb at the page's foot, as after a long form or the notes: the write must still land in view."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")


def tap(page: Page, button: str) -> None:
    before = version(page)
    far_below(page)
    page.locator(button).first.click()
    written(page, before)


def new_table(page: Page, slug: str) -> None:
    game = registry.get(slug)
    page.goto(f"/new/{slug}/")
    for seat in range(game.min_players):
        page.locator(f"input[name=player_{seat}]").fill(NAMES[seat])
    page.locator("form.new-table button[type=submit]").click()
    expect(page.locator("#board")).to_be_visible()


def in_order(page: Page) -> None:
    """Scoreboard, entry, the state panel (whenever the game shows one now), log: all there, top to bottom."""
    ids = page.evaluate(
        "() => Array.from(document.querySelectorAll('#board > section')).map(s => s.id).filter(Boolean)"
    )
    snap = services.snapshot(Table.objects.get(code=page.url.rstrip("/").split("/")[-1]))
    panel = ["panel"] if snap.game.panel(snap.state) is not None else []
    assert [i for i in ids if i in ("scoreboard", "entry", "panel", "log")] == ["scoreboard", "entry", *panel, "log"], (
        ids
    )


@pytest.fixture(params=[*registry.GAMES, TALLY.slug])
def slug(request: pytest.FixtureRequest) -> Iterator[str]:
    """Every registered game, and Tally (registered here only): a new game is covered by its adapter alone."""
    if request.param == TALLY.slug:
        registry.register(TALLY)
    yield request.param
    if request.param == TALLY.slug:
        registry.unregister(TALLY.slug)


@pytest.mark.parametrize("size", SIZES_AND_LANGS, ids=lambda s: f"{s[0]}x{s[1]}-{s[2]}")
def test_every_write_ends_with_the_confirmation_and_the_next_control_in_view(open_phone, slug: str, size) -> None:
    page = open_phone(width=size[0], lang=size[2])
    page.set_viewport_size({"width": size[0], "height": size[1]})
    new_table(page, slug)
    in_order(page)
    for action, fields in entries.module(slug).DEMO:
        post(page, action, fields)
        in_view(page, action)
    in_order(page)

    tap(page, "#actions form[action$='/undo/'] button")
    in_view(page, "undo")
    tap(page, "#actions form[action$='/redo/'] button")
    in_view(page, "redo")

    edit = page.locator("#entry .last-entry a")
    if edit.count():
        edit.click()
        save = page.locator("#entry .fix form button[type=submit]").first
        expect(save).to_be_visible()
        before = version(page)
        save.click()
        written(page, before)
        in_view(page, "edit")

    far_below(page)
    page.locator("#table-notes").fill("Played at Ana's.")
    page.locator("#table-notes").locator("xpath=..").get_by_role("button").click()
    with translation.override(size[2]):
        note = gettext("Note on this table")
    expect(page.locator("#scoreboard [data-confirm]")).to_contain_text(note)
    in_view(page, "note")
    assert [e for e in page.errors if "status of 4" not in e] == []


def scorer_at(open_phone, size: tuple[int, int, str], table: Table) -> Page:
    """The table's scorer page on a phone of this width, height and language."""
    page = open_phone(width=size[0], lang=size[2], path=f"/s/{table.scorer_token}/")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    return page


@pytest.mark.parametrize("size", SIZES_AND_LANGS, ids=lambda s: f"{s[0]}x{s[1]}-{s[2]}")
def test_a_white_hat_pawn_move_leads_the_entry_and_the_next_trick_waits_for_it(open_phone, size) -> None:
    table = services.create_table("white-hat", ["Ana", "Ben"], {"board": BOARD})
    page = scorer_at(open_phone, size, table)
    with translation.override(size[2]):
        moves = gettext("%(owner)s's pawn %(n)s to %(field)s") % {"owner": "Ana", "n": "1", "field": "Exploit"}
        no_move = gettext("No move: record the next trick without %(name)s's move") % {"name": "Ana"}
    in_order(page)
    post(page, "start", {"dealer": "0", "hat": "1"})
    in_view(page, "start")
    post(page, "trick", {"leader": "0", "play-0": "9", "play-1": "7"})
    in_view(page, "trick")
    in_order(page)

    # Ana won: her move comes first, the next trick waits behind "No move".
    move = page.locator("#entry form.wh-move[data-next]")
    expect(move).to_be_visible()
    waiting = page.locator("#entry details.wh-no-move")
    expect(waiting).not_to_have_attribute("open", "")
    expect(waiting.locator("> summary")).to_have_text(no_move)
    expect(page.locator("#entry form.wh-trick")).not_to_be_visible()
    assert page.evaluate(
        "() => document.querySelector('form.wh-move').compareDocumentPosition("
        "document.querySelector('form.wh-trick')) & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    look(page, f"white hat pawn move first ({size[2]})", skip=CARD_GRID)
    tap(page, f"#entry form.wh-move button:text-is({json.dumps(moves)})")
    in_view(page, "move")

    # On Exploit she changes a field's value by one: that form is next.
    expect(page.locator("#entry form.wh-field[data-next]")).to_be_visible()
    post(page, "field", {"field": "3", "value": "3"})
    in_view(page, "field")
    expect(page.locator("#entry form.wh-trick[data-next]")).to_be_visible()
    assert [e for e in page.errors if "status of 4" not in e] == []


@pytest.mark.parametrize("size", SIZES_AND_LANGS, ids=lambda s: f"{s[0]}x{s[1]}-{s[2]}")
def test_the_state_panel_folds_and_stays_folded_on_this_phone(open_phone, size) -> None:
    """Below the entry, open at first; folded with one tap, it stays folded after a write and a reload, on this
    phone only."""
    table = services.create_table("white-hat", ["Ana", "Ben"], {"board": BOARD})
    page = scorer_at(open_phone, size, table)
    with translation.override(size[2]):
        title = gettext("On the table")
    state = page.locator("#panel details.state")
    expect(state).to_have_attribute("open", "")
    expect(state.locator("> summary")).to_contain_text(title)
    expect(page.locator("#panel .wh-track")).to_be_visible()
    look(page, f"white hat state panel ({size[2]})", skip=CARD_GRID)
    state.locator("> summary").click()
    expect(page.locator("#panel .wh-track")).not_to_be_visible()
    post(page, "start", {"dealer": "0", "hat": "1"})
    expect(page.locator("#panel .wh-track")).not_to_be_visible()
    page.reload()
    expect(page.locator("#panel .wh-track")).not_to_be_visible()
    other = scorer_at(open_phone, size, table)  # another phone keeps its own: open
    expect(other.locator("#panel .wh-track")).to_be_visible()
    page.locator("#panel details.state > summary").click()
    page.reload()
    expect(page.locator("#panel .wh-track")).to_be_visible()
