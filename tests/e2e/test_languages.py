"""Every game's screens at 320 px in French and Spanish, the languages whose words run longest after German: the
new-table form with every section open, the table page after the game's demo entries, and the rules page fit the
width, have no axe violation and no target under 44 px (the entry forms aside, as in test_screens), and are in the
phone's language. tests/e2e/test_screens.py goes through the frame's screens in every language;
tests/companion/test_languages.py checks that no word and no rules section falls back to English."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from companion.models import Table
from games import registry
from tests.companion.history_golden import build
from tests.companion.test_every_game import demo, new_table_data
from tests.e2e.test_screens import look

pytestmark = pytest.mark.e2e

NEW = ("fr", "es")


def demo_table(slug: str) -> Table:
    """A table made through the new-table form, with the game's demo entries recorded through its forms."""
    game, client = registry.get(slug), Client()
    response = client.post(f"/new/{slug}/", new_table_data(game))
    assert response.status_code == 302
    table = Table.objects.get(code=response["Location"].strip("/").split("/")[-1])
    for action, data in demo(game):
        assert client.post(f"/t/{table.code}/record/{action}/", data).status_code == 302, action
    return table


@pytest.mark.parametrize("lang", NEW)
@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_each_games_screens_fit_320_px(open_phone, slug: str, lang: str) -> None:
    table = demo_table(slug)
    page = open_phone(width=320, lang=lang, path=f"/g/{table.group.token}/")  # in its group: "As usual" shows
    page.goto(f"/new/{slug}/")
    expect(page.locator(".usual-seating")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for summary in page.locator("details > summary").all():
        summary.click()  # "More players", "More house rules" and any other section open
    look(page, f"{slug}-new-table")
    page.goto(f"/s/{table.scorer_token}/")
    expect(page.locator("#actions")).to_be_visible()
    look(page, f"{slug}-table", skip="#entry")
    page.goto(f"/rules/{slug}/?table={table.code}")
    expect(page.locator("section.rule").first).to_be_visible()
    look(page, f"{slug}-rules")


@pytest.mark.parametrize("lang", NEW)
def test_the_history_screens_fit_320_px(open_phone, lang: str) -> None:
    """The group's history, a player's page with its chart, and a finished table with its chart and notes."""
    tables = build()
    page = open_phone(width=320, lang=lang, path=f"/g/{tables['T1'].group.token}/")
    page.goto("/history/")
    expect(page.locator(".history-list > li")).to_have_count(4)
    look(page, "history")
    page.goto("/history/player/Ben/")
    expect(page.locator("figure.chart-box svg.places[role=img]")).to_have_count(1)
    expect(page.locator("figure.chart-box svg.rating[role=img]")).to_have_count(1)  # issue 20: the rating over time
    look(page, "history-player")
    page.goto(f"/t/{tables['T1'].code}/")
    page.locator("#past").scroll_into_view_if_needed()
    look(page, "history-table", skip="#entry")
