"""Hood Politix on phones: three rounds recorded by tapping names in finishing order, the turn and Respect timers
running on a second phone while the first records (the live swap keeps the very same timer element), a dispute
settled at once, and the screens at 320 px in German, accessible, with the timer in full screen. Then issue 18's
item 5 in every language at 320 and 390 px: a round's order fixed by tapping two names (four taps), a penalty by one
tap a reason with Edit and Fix, and the penalty a ruling gives logged with the rule it broke."""

from __future__ import annotations

import re
import time

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext
from playwright.sync_api import Page, expect

from companion import services
from companion.i18n import tr
from companion.models import Table
from games.hood_politix.describe import REASON_WORDS, RULE_WORDS
from games.text import TN, T, Text
from tests.e2e.conftest import assert_accessible, overflow
from tests.e2e.test_phone_flow import Thumb
from tests.e2e.test_screens import look

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
LIVE = 8_000  # ms: the page polls every 3 s
# navigator.vibrate, recorded: the phone's buzz when time is up
RECORD_BUZZ = "window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; };"
# Issue 18's item 5 in every language at both sizes.
PHONES = [(*size, lang) for lang in ("en", "de", "fr", "es") for size in ((320, 640), (390, 844))]


@pytest.fixture
def table(transactional_db) -> Table:
    return services.create_table("hood-politix", PLAYERS, {})


def phone_at(open_phone, size: tuple[int, int, str], table: Table) -> Page:
    page = open_phone(width=size[0], lang=size[2], path=f"/s/{table.scorer_token}/")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    return page


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


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}-{s[2]}")
def test_a_rounds_order_is_fixed_by_tapping_two_names(open_phone, table: Table, size) -> None:
    """Fix: the order comes back filled in; tap two names to swap their places and save, four taps in all."""
    services.append(table, [{"type": "round", "order": ["Ben", "Ana", "Dan", "Cleo"]}])
    page = phone_at(open_phone, size, table)
    with translation.override(size[2]):
        swap, place = gettext("Tap two names to swap them."), gettext("{n}. {name}")
    thumb = Thumb(page)
    thumb.tap(page.locator(".last-entry a.button"))  # Edit
    form = page.locator("form.hp-round-form")
    expect(form.locator("[data-hp-order]")).to_contain_text(swap)
    look(page, f"hood politix order to fix ({size[2]})")
    thumb.tap(form.locator(".hp-name").filter(has_text="Ana"))
    expect(form.locator(".hp-name.is-held")).to_have_count(1)
    thumb.tap(form.locator(".hp-name").filter(has_text="Dan"))  # Dan second, Ana third
    fixed = " · ".join(place.format(n=n, name=name) for n, name in enumerate(["Ben", "Dan", "Ana", "Cleo"], 1))
    expect(form.locator("[data-hp-order]")).to_contain_text(fixed)
    thumb.tap(form.locator("[data-save]"))
    expect(page.locator("#scoreboard [data-confirm]")).to_be_visible()
    assert thumb.taps == 4
    orders = [e.payload["order"] for e in table.events.filter(retracted=False)]
    assert orders == [["Ben", "Dan", "Ana", "Cleo"]]
    assert page.errors == []


def said(lang: str, line: Text) -> str:
    """A log line as a phone in `lang` shows it."""
    with translation.override(lang):
        return tr(line)


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}-{s[2]}")
def test_a_penalty_is_one_tap_a_reason_with_edit_and_fix(open_phone, table: Table, size) -> None:
    """Who, then one tap on the reason; Edit changes who got it, the log's Fix how many cards: each write is
    confirmed by the penalty's own words and logged with its reason."""
    services.append(table, [{"type": "round", "order": ["Ben", "Ana", "Dan", "Cleo"]}])
    page = phone_at(open_phone, size, table)
    lang = size[2]
    with translation.override(lang):
        saved, fix_link = gettext("Saved:"), gettext("Fix")
    page.locator("details[data-mode=penalty] > summary").click()
    form = page.locator("form.hp-penalty")
    form.locator("label.chip").filter(has=page.locator("input[name=player][value='1']")).click()  # Ben
    look(page, f"hood politix penalty ({lang})")
    confirm, log = page.locator("#scoreboard [data-confirm]"), page.locator("#log li")
    form.locator("button[name=reason][value=too-slow]").click()
    slow = said(lang, T("%(name)s: penalty cards (%(reason)s)", name="Ben", reason=REASON_WORDS["too-slow"]))
    expect(confirm).to_contain_text(f"{saved} {slow}")
    expect(log.first).to_contain_text(slow)

    page.locator(".last-entry a.button").click()  # Edit: it was Cleo who was too slow
    fix = page.locator("form.hp-penalty")
    expect(fix.locator("input[name=player][value='1']")).to_be_checked()
    look(page, f"hood politix penalty edited ({lang})")
    fix.locator("label.chip").filter(has=page.locator("input[name=player][value='2']")).click()
    fix.locator("button[name=reason][value=too-slow]").click()
    cleo = said(lang, T("%(name)s: penalty cards (%(reason)s)", name="Cleo", reason=REASON_WORDS["too-slow"]))
    expect(confirm).to_contain_text(f"{saved} {cleo}")
    expect(log.first).to_contain_text(cleo)

    log.first.get_by_role("link", name=fix_link).click()  # Fix from the log: three cards, not the table's two
    fix = page.locator("form.hp-penalty")
    expect(fix.locator("input[name=player][value='2']")).to_be_checked()
    fix.locator("input[name=cards]").fill("3")
    fix.locator("button[name=reason][value=too-slow]").click()
    three = said(
        lang,
        TN(
            "%(name)s: %(n)d penalty card (%(reason)s)",
            "%(name)s: %(n)d penalty cards (%(reason)s)",
            3,
            name="Cleo",
            n=3,
            reason=REASON_WORDS["too-slow"],
        ),
    )
    expect(confirm).to_contain_text(f"{saved} {three}")
    expect(log.first).to_contain_text(three)
    live = [e.payload for e in table.events.filter(retracted=False).order_by("seq")]
    assert live[1:] == [{"type": "penalty", "player": "Cleo", "reason": "too-slow", "cards": 3}]
    assert page.errors == []


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}-{s[2]}")
def test_the_penalty_a_ruling_gives_is_one_tap_and_logged_with_the_rule_it_broke(
    open_phone, table: Table, size
) -> None:
    """Ben played a blue Deuce on a red 7: not legal; the button under the ruling records his two penalty cards,
    and the log says what for (the rule it broke), not "other"."""
    services.append(table, [{"type": "dispute", "player": "Ben", "top": "red-7", "played": "blue-deuce"}])
    page = phone_at(open_phone, size, table)
    lang = size[2]
    with translation.override(lang):
        record = ngettext("Record %(name)s's %(n)s penalty card", "Record %(name)s's %(n)s penalty cards", 2) % {
            "name": "Ben",
            "n": 2,
        }
        saved = gettext("Saved:")
    verdict = page.locator("[data-hp-verdict]")
    expect(verdict).to_have_class(re.compile(r"\bis-illegal\b"))
    look(page, f"hood politix ruling ({lang})")
    verdict.get_by_role("button", name=record, exact=True).click()
    why = said(lang, T("%(name)s: penalty cards (%(reason)s)", name="Ben", reason=RULE_WORDS["hp.match"]))
    expect(page.locator("#scoreboard [data-confirm]")).to_contain_text(f"{saved} {why}")
    expect(page.locator("#log li").first).to_contain_text(why)
    assert table.events.order_by("-seq").first().payload == {  # type: ignore[union-attr]
        "type": "penalty",
        "player": "Ben",
        "reason": "other",
        "rule": "hp.match",
    }
    assert page.errors == []
