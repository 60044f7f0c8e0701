"""Play again on a phone (issue 18 item 7), for every game in every language at 320 and 390 px: a finished table
offers "Play again" to its scorer, saying who deals first; one tap opens the next table, with the same players and
options, seated one place on so the deal passes to the left, and this phone scores there. The group's new-table
form then offers that seating as one chip, and one tap fills every seat with it. The finished tables are the games'
golden cases (tests/companion/test_play_again.py goes through the same views with Django's test client)."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Table
from games import registry
from tests.companion.test_play_again import finished_case
from tests.e2e.test_phone_flow import Thumb
from tests.e2e.test_screens import look

pytestmark = pytest.mark.e2e

PHONES = [(*size, lang) for lang in ("en", "de", "fr", "es") for size in ((320, 640), (390, 844))]


def words(lang: str, dealer: str | None) -> tuple[str, str, str]:
    """The offer's button and line, and the chip's label, in `lang`, from the catalogue."""
    with translation.override(lang):
        line = gettext("Same players and options; %(name)s deals first.") % {"name": dealer}
        if dealer is None:
            line = gettext("Same players and options.")
        return gettext("Play again"), line, gettext("As usual:")


def phone_at(open_phone, size: tuple[int, int, str], path: str) -> Page:
    page = open_phone(width=size[0], lang=size[2], path=path)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    return page


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}-{s[2]}")
def test_play_again_is_one_tap_and_the_group_seats_as_usual_with_one_more(open_phone, slug: str, size) -> None:
    finished = services.import_table(finished_case(slug))
    seats = list(services.seat_names(finished))
    rematch = [*seats[1:], seats[0]]
    dealer = services.rematch_dealer(services.snapshot(finished))
    again, line, usual = words(size[2], dealer)
    page = phone_at(open_phone, size, f"/s/{finished.scorer_token}/")

    offer = page.locator("#entry form.again")
    expect(offer.locator("button[type=submit]")).to_have_text(again)
    expect(offer.locator("p")).to_have_text(line)
    look(page, f"{slug} finished ({size[2]})")
    thumb = Thumb(page)
    thumb.tap(offer.get_by_role("button", name=again))
    page.wait_for_url(lambda url: f"/t/{finished.code}/" not in url)
    finished.refresh_from_db()
    new = finished.next_table
    assert new is not None and page.url.endswith(f"/t/{new.code}/")
    assert thumb.taps == 1
    assert list(services.seat_names(new)) == rematch and new.options == finished.options
    heads = page.locator("#scoreboard thead th:not(:first-child)")
    expect(heads).to_have_count(len(rematch))
    for n, name in enumerate(rematch):
        expect(heads.nth(n)).to_contain_text(name)
        expect(heads.nth(n).locator("abbr.dealer")).to_have_count(1 if name == dealer else 0)
    expect(page.locator("#entry input[name=version]").first).to_be_attached()  # this phone scores the new table

    # In the group, the new-table form offers the seating played last (two tables, one each: the newer wins).
    page.goto(f"/g/{finished.group.token}/")
    page.goto(f"/new/{slug}/")
    chip = page.locator("a.usual-seating")
    expect(chip).to_have_text(f"{usual} {' · '.join(rematch)}")
    thumb.tap(chip)
    for n, name in enumerate(rematch):
        expect(page.locator(f"input[name=player_{n}]")).to_have_value(name)
    assert thumb.taps == 2
    look(page, f"{slug} new table as usual ({size[2]})")
    assert Table.objects.filter(game=slug).count() == 2
