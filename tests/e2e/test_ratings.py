"""Ratings and playing times in a real browser at 320 px, in every language: the leaderboard (reached from the
group page), a player's rating chart and a finished table's rating changes fit the width, have no axe
violation and no target under 44 px, in light and dark mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion import services
from tests.companion.history_golden import build
from tests.e2e.test_history import chart_fits, look

pytestmark = pytest.mark.e2e

CASES = Path(__file__).resolve().parents[1] / "cases"
RATINGS = {"en": "Ratings", "de": "Wertungen", "fr": "Classements", "es": "Clasificaciones"}
CHANGES = {"en": "Rating changes", "de": "Wertungen vorher und nachher", "fr": "Cotes avant et après"}
CHANGES["es"] = "Puntuaciones antes y después"


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("de", "dark"), ("fr", "light"), ("es", "dark")])
def test_leaderboard_player_chart_and_table_changes_at_320(open_phone, lang: str, scheme: str) -> None:
    tables = build()
    group = tables["T1"].group
    # Hats with four players in the same group: a second leaderboard, rated by teams.
    data = json.loads((CASES / "hats-4p-quick-teams.json").read_text(encoding="utf-8"))
    services.import_table(data, group=group)
    page = open_phone(width=320, lang=lang, path=f"/g/{group.token}/")
    page.emulate_media(color_scheme=scheme)
    page.goto("/group/")
    page.get_by_role("link", name=RATINGS[lang], exact=True).click()
    expect(page.locator("h1")).to_contain_text(RATINGS[lang])
    expect(page.locator("table.leaderboard")).to_have_count(2)  # Hats, Rickety Kate
    expect(page.locator("table.leaderboard").last.locator("tbody tr")).to_have_count(4)
    look(page, f"ratings 320 {lang} {scheme}")

    page.locator("table.leaderboard").last.get_by_role("link", name="Ben", exact=True).click()
    expect(page.locator("h1")).to_have_text("Ben")
    chart = page.locator("figure.chart-box svg.rating[role=img]")
    expect(chart).to_have_count(2)  # Hats and Rickety Kate
    chart_fits(page, chart.first)
    look(page, f"player ratings 320 {lang} {scheme}")

    page.goto(f"/t/{tables['T3'].code}/")
    expect(page.get_by_role("heading", name=CHANGES[lang])).to_be_visible()
    expect(page.locator("#past .rated li")).to_have_count(3)
    page.locator("#past").scroll_into_view_if_needed()
    look(page, f"table ratings 320 {lang} {scheme}")
