"""Hood Politix on phones: three rounds recorded by tapping names in finishing order, the turn and Respect timers
running on a second phone while the first records (the live swap keeps the very same timer element), a dispute
settled at once, and the screens at 320 px in German, accessible, with the timer in full screen."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Table
from tests.e2e.conftest import assert_accessible, overflow

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
LIVE = 8_000  # ms: the page polls every 3 s
# navigator.vibrate, recorded: the phone's buzz when time is up
RECORD_BUZZ = "window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };"


@pytest.fixture
def table(transactional_db) -> Table:
    return services.create_table("hood-politix", PLAYERS, {})


def totals(page: Page):
    return page.locator("#scoreboard tfoot td")


def record_round(page: Page, *names: str) -> float:
    """Tap the names in finishing order (all but the last) and save; the seconds it took until the totals moved."""
    start = time.perf_counter()
    form = page.locator("form.hp-round-form")
    for name in names:
        form.locator(".hp-name").filter(has_text=name).click()
    expect(form.locator("[data-hp-order]")).to_contain_text("lost the one-on-one and deals next.")
    before = page.locator("#scoreboard tbody tr").count()
    form.locator("[data-save]").click()
    expect(page.locator("#scoreboard tbody tr")).not_to_have_count(before)
    return time.perf_counter() - start


def settle(page: Page, player: str, top: tuple[str, str], played: tuple[str, str], deuces: int = 0) -> None:
    """The dispute screen: who played, the colour and face on top and played, the Deuces building; Rule on it."""
    page.locator("details[data-mode=dispute] summary").click()
    dispute = page.locator("form.hp-dispute")
    dispute.locator("label.chip").filter(has_text=player).first.click()
    cards = dispute.locator("[data-hp-card]")
    for n, (colour, face) in enumerate((top, played)):
        cards.nth(n).locator(".hp-colours label").filter(has_text=colour).click()
        cards.nth(n).locator(".hp-faces label").filter(has_text=face).click()
    if deuces:
        dispute.locator("input[name=deuces]").fill(str(deuces))
    dispute.locator("[data-save]").click()


def test_three_rounds_timers_on_a_second_phone_and_a_dispute(open_phone, table: Table) -> None:
    scorer = open_phone()
    scorer.goto(f"/s/{table.scorer_token}/")
    timer_phone = open_phone()
    timer_phone.add_init_script(RECORD_BUZZ)
    timer_phone.goto(f"/s/{table.scorer_token}/")

    # Round 1: three taps; the fourth player is the one left over, who lost and deals next.
    form = scorer.locator("form.hp-round-form")
    expect(form.locator("[data-save]")).to_be_disabled()
    form.locator(".hp-name").filter(has_text="Ben").click()
    expect(form.locator(".hp-name").filter(has_text="Ben")).to_have_attribute("aria-pressed", "true")
    form.locator(".hp-name").filter(has_text="Ana").click()
    form.locator(".hp-back").click()  # a slip: take the last tap back
    expect(form.locator("[data-hp-order]")).to_contain_text("Tap who went out 2.")
    seconds = [record_round(scorer, "Ana", "Dan")]
    expect(totals(scorer)).to_have_text(["2", "★ 1", "4", "3"])
    expect(scorer.locator(".hp-status")).to_have_text("Round 2 of 3 · Cleo deals")

    # The second phone is the table's timer: the Respect timer (30 s) runs across the live swaps.
    timers = timer_phone.locator("#hp-timers")
    expect(timers).to_be_visible()
    expect(totals(timer_phone)).to_have_text(["2", "★ 1", "4", "3"], timeout=LIVE)
    timer_phone.evaluate("document.getElementById('hp-timers').__mark = 'the same element'")
    respect = timers.locator("[data-respect]")
    respect.click()
    expect(respect).to_have_attribute("data-status", "running")

    seconds.append(record_round(scorer, "Cleo", "Dan", "Ana"))  # recorded on the first phone meanwhile
    expect(totals(timer_phone)).to_have_text(["★ 5", "★ 5", "★ 5", "★ 5"], timeout=LIVE)  # swapped in on the second
    expect(respect).to_have_attribute("data-status", "running")
    left = int(respect.locator("[data-figure]").inner_text())
    assert 0 < left < 30
    assert timer_phone.evaluate("document.getElementById('hp-timers').__mark") == "the same element"

    # The turn timer: a tap starts three seconds; when they are up it says so in words and buzzes.
    turn = timers.locator("[data-turn]")
    turn.click()
    expect(turn).to_have_attribute("data-status", "running")
    expect(turn).to_have_attribute("data-status", "up", timeout=5_000)
    expect(turn.locator("[data-state]")).to_have_text("Time is up!")
    expect(turn.locator("[data-figure]")).to_have_text("0.0")
    assert timer_phone.evaluate("window.__buzz.length") >= 1
    turn.click()  # the next player: a tap starts it again
    expect(turn).to_have_attribute("data-status", "running")

    # Politix: Ben played a blue Deuce on a red 7. The ruling shows at once and is logged for Check plays.
    settle(scorer, "Ben", ("red", "7"), ("blue", "Deuce"))
    verdict = scorer.locator("[data-hp-verdict]")
    expect(verdict.locator("h2")).to_have_text("✗ Not legal")
    expect(verdict.locator("h2")).to_be_focused()
    expect(verdict.locator("h2")).to_be_in_viewport()
    expect(verdict).to_contain_text("it matches neither its colour, nor its number, nor its action.")
    expect(verdict).to_contain_text("it is still Ben's turn.")
    expect(verdict.locator("a.rule-link")).to_have_attribute(
        "href", f"/rules/hood-politix/?table={table.code}#hp.match"
    )
    assert_accessible(scorer, "the ruling")

    # A legal one: Ana answers a Deuce stack of two with an In Yo Face; Ben, on her left, answers or draws 9.
    settle(scorer, "Ana", ("green", "Deuce"), ("yellow", "In Yo Face"), deuces=2)
    expect(verdict.locator("h2")).to_have_text("✓ Legal")
    expect(verdict).to_contain_text("Ben answers the stack or draws 9.")

    seconds.append(record_round(scorer, "Ana", "Cleo", "Ben"))
    expect(totals(scorer)).to_have_text(["★ 6", "8", "7", "9"])
    expect(scorer.locator("#entry")).to_contain_text("Ana won the game.")
    expect(timer_phone.locator("#entry")).to_contain_text("Ana won the game.", timeout=LIVE)
    assert max(seconds) < 5, seconds  # four taps a round, each round saved in seconds
    assert scorer.errors == [] and timer_phone.errors == []
    assert [e.payload["type"] for e in table.events.order_by("seq")] == [
        "round",
        "round",
        "dispute",
        "dispute",
        "round",
    ]


def test_at_320_px_in_german_it_fits_and_the_timer_fills_the_screen(open_phone, table: Table) -> None:
    page = open_phone(width=320, lang="de", path=f"/s/{table.scorer_token}/")
    expect(page.locator("form.hp-round-form")).to_contain_text("Tippe die Namen")
    for mode in ("penalty", "dispute"):
        page.locator(f"details[data-mode={mode}] summary").click()
    assert overflow(page) == []
    assert_accessible(page, "the Hood Politix table at 320 px, in German, every section open")
    shape = page.locator(".hp-colours .chip > span > span").first  # a colour's shape: no ring inside the chip's
    assert shape.evaluate("el => getComputedStyle(el).borderTopWidth") == "0px"

    timers = page.locator("#hp-timers")
    timers.locator("[data-full]").click()
    box = timers.bounding_box()
    assert box and box["width"] >= 319 and box["height"] >= 800  # the whole phone is the timer
    turn = timers.locator("[data-turn]")
    turn.click(position={"x": 30, "y": 30})  # anywhere on it
    expect(turn).to_have_attribute("data-status", "running")
    expect(turn.locator("[data-state]")).to_have_text("Tippen für die nächste Person")
    assert_accessible(page, "the full-screen timer")
    page.keyboard.press("Escape")
    expect(timers).not_to_have_class("hp-timers is-full")
    assert page.errors == []


def test_a_rounds_order_is_fixed_by_tapping_two_names(open_phone, table: Table) -> None:
    """Fix: the order comes back filled in; tap two names to swap their places and save, four taps in all."""
    services.append(table, [{"type": "round", "order": ["Ben", "Ana", "Dan", "Cleo"]}])
    page = open_phone(path=f"/s/{table.scorer_token}/")
    page.locator(".last-entry a.button").click()  # Edit: 1 tap
    form = page.locator("form.hp-round-form")
    expect(form.locator("[data-hp-order]")).to_contain_text("Tap two names to swap them.")
    form.locator(".hp-name").filter(has_text="Ana").click()  # 2
    expect(form.locator(".hp-name.is-held")).to_have_count(1)
    form.locator(".hp-name").filter(has_text="Dan").click()  # 3: Dan second, Ana third
    expect(form.locator("[data-hp-order]")).to_contain_text("1. Ben · 2. Dan · 3. Ana · 4. Cleo")
    form.locator("[data-save]").click()  # 4
    expect(page.locator("#scoreboard [data-confirm]")).to_be_visible()
    orders = [e.payload["order"] for e in table.events.filter(retracted=False)]
    assert orders == [["Ben", "Dan", "Ana", "Cleo"]]
    assert page.errors == []
