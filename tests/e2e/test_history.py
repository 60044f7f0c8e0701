"""The history in a real browser at phone widths: the group's history, a player's page with its chart, and a
finished table's score chart; each fits 320 px, has no axe violation and no target under 44 px, in English and
German, in light and dark mode."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.companion.history_golden import build
from tests.e2e.conftest import assert_accessible, overflow, small_targets

pytestmark = pytest.mark.e2e


SHOTS = os.environ.get("KIBITZ_SCREENSHOTS", "")


def look(page: Page, name: str) -> None:
    """Fits the width, accessible, every target at least 44 px (KIBITZ_SCREENSHOTS=DIR keeps a screenshot)."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name.replace(' ', '-')}.png", full_page=True)
    assert [e for e in page.errors if "404" not in e] == [], name
    assert overflow(page) == [], name
    assert_accessible(page, name)
    assert small_targets(page) == [], name


def chart_fits(page: Page, chart: object) -> None:
    box = chart.bounding_box()  # type: ignore[attr-defined]
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert box is not None and box["width"] > 100 and box["x"] >= 0 and box["x"] + box["width"] <= width


@pytest.mark.parametrize(("width", "lang", "scheme"), [(320, "en", "light"), (320, "de", "dark"), (390, "en", "dark")])
def test_history_player_page_and_charts(open_phone, width: int, lang: str, scheme: str) -> None:
    tables = build()
    page = open_phone(width=width, lang=lang, path=f"/g/{tables['T1'].group.token}/")
    page.emulate_media(color_scheme=scheme)
    history = "History and stats" if lang == "en" else "Verlauf und Statistik"
    page.get_by_role("link", name=history).first.click()
    expect(page.locator("h1")).to_contain_text("History" if lang == "en" else "Verlauf")
    expect(page.locator(".history-list > li")).to_have_count(4)
    expect(page.locator(".history-list svg[role=img]")).to_have_count(4)
    look(page, f"history {width} {lang} {scheme}")

    page.locator(".people").get_by_role("link", name="Ben", exact=True).click()
    expect(page.locator("h1")).to_have_text("Ben")
    chart = page.locator("figure.chart-box svg.places[role=img]")
    expect(chart).to_have_count(1)
    chart_fits(page, chart)
    look(page, f"player {width} {lang} {scheme}")

    won = "Won" if lang == "en" else "Gewonnen"
    page.locator(".figures div", has=page.get_by_text(won, exact=True)).get_by_role("link").click()
    expect(page.locator(".history-list > li")).to_have_count(3)

    page.goto(f"/t/{tables['T1'].code}/")
    progress = page.locator("#past svg[role=img]")
    expect(progress).to_have_count(1)
    chart_fits(page, progress)
    send = "Send to BG Stats" if lang == "en" else "An BG Stats senden"
    expect(page.get_by_role("link", name=send)).to_have_attribute(
        "href", re.compile(r"^https://app\.bgstatsapp\.com/createPlay\.html\?data=")
    )
    page.locator("#past").scroll_into_view_if_needed()
    look(page, f"table {width} {lang} {scheme}")


def test_every_games_history_at_320(open_phone) -> None:
    """The golden tables of every registered game in one group: the history and the page of a player who sat at
    most of them fit 320 px and stay accessible, with every game's own stats and charts."""
    from collections import Counter

    from companion import services
    from companion.models import Group
    from tests.companion.test_history_every_game import GOLDEN

    group = Group.objects.create(name="Every game")
    seats: Counter[str] = Counter()
    for files in GOLDEN.values():
        for data in files:
            services.import_table(data, group=group)
            seats.update(set(data["players"]))
    page = open_phone(width=320, path=f"/g/{group.token}/")
    page.goto("/history/")
    look(page, "history every game 320")
    busiest = seats.most_common(1)[0][0]
    page.goto(f"/history/player/{busiest}/")
    expect(page.locator("h1")).to_have_text(busiest)
    look(page, "player every game 320")
