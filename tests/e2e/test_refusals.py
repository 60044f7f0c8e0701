"""A refused entry is never silently dropped: in every game it comes back as typed, in its open section, with the
reason just above it, both in view; a live update leaves it alone, and sending it again does send. Hood Politix's
penalty first (issue 16: it came back with the player cleared, its section closed by the next live update, and
the browser's only warning hidden inside the closed section), then one refusal per game, at 390 and 320 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from companion import services
from companion.models import Table
from tests.e2e.conftest import assert_accessible, overflow

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
LIVE = 8_000  # ms: the page polls every 3 s


def kept_in_view(page: Page, form: Locator) -> None:
    """The refused form: its reason right above it, every section around it open, both on the screen (above the
    bar of actions at the bottom)."""
    facts: dict = {}
    for _try in range(40):  # the script moves the reason once htmx has settled the answer: wait for that, briefly
        facts = _facts(form)
        if facts == {"adjacent": True, "reason": True, "form": True, "closed": []}:
            break
        form.page.wait_for_timeout(50)
    assert facts == {"adjacent": True, "reason": True, "form": True, "closed": []}, facts


def _facts(form: Locator) -> dict:
    return form.evaluate(
        """form => {
          const reason = document.querySelector("[data-reason]");
          const room = innerHeight - document.getElementById("actions").offsetHeight;
          const seen = el => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < room; };
          const closed = [];
          for (let up = form.parentElement; up; up = up.parentElement)
            if (up.tagName === "DETAILS" && !up.open) closed.push(up.className);
          return {adjacent: !!reason && reason.nextElementSibling === form, reason: !!reason && seen(reason),
                  form: seen(form), closed: closed};
        }"""
    )


def send_unchecked(form: Locator, button: Locator) -> None:
    """Send the form as it is, past the page's own checks (the browser's and the script's): what the server
    refuses is what this test is about."""
    form.evaluate("f => { f.noValidate = true; f.querySelectorAll('[data-save]').forEach(b => b.disabled = false); }")
    button.click()


def test_a_refused_hood_politix_penalty_stays_as_typed_and_sends_again(open_phone) -> None:
    table = services.create_table("hood-politix", PLAYERS, {})
    page = open_phone(path=f"/s/{table.scorer_token}/")
    page.locator("details[data-mode=penalty] summary").click()
    form = page.locator("form.hp-penalty")
    form.locator("label.chip").filter(has_text="Ben").click()
    form.locator("input[name=cards]").fill("99")  # more than the box holds
    send_unchecked(form, form.get_by_role("button", name="too slow"))

    reason = page.locator("#entry [data-reason]")
    expect(reason).to_have_text("Penalty cards must be from 1 to 50.")
    expect(form.locator("input[name=player][value='1']")).to_be_checked()  # Ben, still chosen
    expect(form.locator("input[name=cards]")).to_have_value("99")
    expect(page.locator("details[data-mode=penalty]")).to_have_attribute("open", "")
    kept_in_view(page, form)

    # Another phone records meanwhile: the live update says so and leaves the refused entry as it is.
    services.append(Table.objects.get(pk=table.pk), [{"type": "penalty", "player": "Ana", "reason": "too-slow"}])
    expect(page.locator("#entry [data-changed]")).to_be_visible(timeout=LIVE)
    expect(page.locator("details[data-mode=penalty]")).to_have_attribute("open", "")
    expect(form.locator("input[name=player][value='1']")).to_be_checked()

    # Tapping the reason again sends it: against the old version, so the answer shows the other phone's entry.
    form.locator("input[name=cards]").fill("3")
    form.get_by_role("button", name="too slow").click()
    conflict = page.locator("#entry [data-conflict]")
    expect(conflict).to_contain_text("Ana: penalty cards (too slow)")
    kept_in_view(page, form)
    conflict.get_by_role("button", name="Record mine as well").click()
    expect(page.locator("#log li").first).to_contain_text("Ben: 3 penalty cards (too slow)")
    assert [e.payload for e in table.events.order_by("seq")] == [
        {"type": "penalty", "player": "Ana", "reason": "too-slow"},
        {"type": "penalty", "player": "Ben", "reason": "too-slow", "cards": 3},
    ]


def refuse_rickety_kate(page: Page) -> Locator:
    """Ana 5 hearts, the lady to Ben, saved past the page's "5 of 13" check: the game refuses the sum."""
    form = page.locator("form.quick")
    form.get_by_role("button", name="Ana: 5").click()
    form.locator("fieldset.lady label").filter(has_text="Ben").click()
    send_unchecked(form, form.locator("[data-save]"))
    expect(page.locator("#entry [data-reason]")).to_contain_text("13")
    expect(form.locator("input[name=hearts-0]")).to_have_value("5")
    expect(form.locator("input[name=lady-0][value='1']")).to_be_checked()
    return form


def refuse_white_hat(page: Page) -> Locator:
    """More pursuit points in Ana's hand than a hand can hold."""
    form = page.locator("form.wh-round")
    form.locator("input[name=sum-0]").fill("-3")
    form.locator("input[name=sum-1]").fill("4")
    send_unchecked(form, form.locator("[data-save]"))
    expect(page.locator("#entry [data-reason]")).to_contain_text("Ana's pursuit points must be from 0 to")
    expect(form.locator("input[name=sum-0]")).to_have_value("-3")
    expect(form.locator("input[name=sum-1]")).to_have_value("4")
    return form


def refuse_hats(page: Page) -> Locator:
    """Ben's grey 3 tapped, the swap saved without the position it goes onto."""
    form = page.locator("form.hats-turn")
    form.locator("label.cp-card[data-value='grey-3']").click()
    send_unchecked(form, form.get_by_role("button", name="Save the swap"))
    expect(page.locator("#entry [data-reason]")).to_contain_text("The position")
    expect(form.locator("input[name=player][value='1']")).to_be_checked()
    expect(form.locator("input[value='grey-3']")).to_be_checked()
    return form


def refuse_hood_politix(page: Page) -> Locator:
    """A round whose order names Ben twice (the taps never allow it; sent without them)."""
    form = page.locator("form.hp-round-form")
    form.evaluate(
        """f => ["1", "1", "2"].forEach((seat, k) => { f.querySelector(`select[name=place-${k}]`).value = seat; })"""
    )
    send_unchecked(form, form.locator("[data-save]"))
    expect(page.locator("#entry [data-reason]")).to_have_text("Ben is tapped twice; each player goes out once.")
    for k, seat in enumerate(["1", "1", "2"]):
        expect(form.locator(f"select[name=place-{k}]")).to_have_value(seat)
    return form


HATS_TYPES = ["red", "blue", "green", "yellow", "orange", "purple"]
GAMES = {
    "rickety-kate": (PLAYERS, [], refuse_rickety_kate),
    "white-hat": (["Ana", "Ben"], [], refuse_white_hat),
    "hats": (
        ["Ana", "Ben", "Cleo"],
        [{"type": "setup", "table": [f"{c}-{n}" for n, c in enumerate(HATS_TYPES, 1)], "first": "Ben"}],
        refuse_hats,
    ),
    "hood-politix": (PLAYERS, [], refuse_hood_politix),
}


@pytest.mark.parametrize(
    ("game", "width"), [("rickety-kate", 320), ("white-hat", 390), ("hats", 390), ("hood-politix", 390)]
)
def test_every_game_keeps_a_refused_entry_as_typed_open_and_in_view(open_phone, game: str, width: int) -> None:
    players, events, refuse = GAMES[game]
    table = services.create_table(game, players, {})
    if events:
        services.append(table, events)
    page = open_phone(width=width, path=f"/s/{table.scorer_token}/")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the thumb far below, as after a long form
    form = refuse(page)
    kept_in_view(page, form)
    assert table.events.count() == len(events)
    assert overflow(page) == []
    assert_accessible(page, f"{game}: a refused entry")
    assert [e for e in page.errors if "status of 400" not in e] == []
