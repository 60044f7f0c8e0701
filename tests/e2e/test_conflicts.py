"""Two phones, both scorers by the scorer link, record the same Rickety Kate hand. The second phone's Save is made
against the table before the first one's: the answer shows the first phone's entry (its line in the log) beside
the second phone's entry, kept as typed, and asks. "That was it — keep theirs" leaves one entry and an empty
form for the next hand; "Record mine as well" leaves two. In English at 390 px, and at 320 px in German, French
and Spanish: it fits, and axe finds nothing."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from companion import services
from companion.board import log_line
from companion.i18n import tr
from companion.models import Table
from tests.e2e.conftest import assert_accessible, overflow

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
WORDS = {  # the answer's words: the heading, keep theirs, record mine as well
    "en": ("Not saved: another phone saved this first.", "That was it — keep theirs", "Record mine as well"),
    "de": (
        "Nicht gespeichert: Ein anderes Handy hat zuerst gespeichert.",
        "Das war es — ihren Eintrag behalten",
        "Meinen auch eintragen",
    ),
    "fr": (
        "Pas enregistré\xa0: un autre téléphone a enregistré avant.",
        "C'était ça — garder le sien",
        "Enregistrer le mien aussi",
    ),
    "es": ("No se guardó: otro teléfono guardó antes.", "Era eso — quedarse con el suyo", "Registrar el mío también"),
}


@pytest.fixture
def table(transactional_db) -> Table:
    return services.create_table("rickety-kate", PLAYERS, {})


def type_the_hand(page: Page) -> None:
    """All thirteen hearts to Ana ("the rest" on her pad), the lady to Ben."""
    form = page.locator("form.quick")
    form.locator('.stepper[data-seat="0"] .pad .rest').click()
    form.locator("fieldset.lady label").filter(has_text="Ben").click()


def the_same_hand_twice(open_phone, table: Table, width: int = 390, lang: str = "en") -> tuple[Page, str]:
    """The first phone saves the hand while the second has it typed; the second saves: the answer. Returns the
    second phone and the first phone's entry as the log says it."""
    first = open_phone(path=f"/s/{table.scorer_token}/")
    second = open_phone(width=width, lang=lang, path=f"/s/{table.scorer_token}/")
    type_the_hand(second)  # typed first, saved last: its form is one version old by then
    type_the_hand(first)
    first.locator("form.quick [data-save]").click()
    expect(first.locator("#log li")).to_have_count(1)
    with_theirs = services.snapshot(Table.objects.get(pk=table.pk))
    with translation.override(lang):
        theirs = tr(log_line(with_theirs, with_theirs.live[0], None))
    second.locator("form.quick [data-save]").click()
    conflict = second.locator("#entry [data-conflict]")
    heading, keep, mine = WORDS[lang]
    expect(conflict.locator(".error")).to_have_text(heading)
    expect(conflict.locator(".theirs li")).to_have_text([theirs])  # what the first phone recorded
    expect(conflict.get_by_role("link", name=keep)).to_be_visible()
    expect(conflict.get_by_role("button", name=mine)).to_be_visible()
    # The second phone's own entry stays below the answer, as typed, in view.
    form = second.locator("form.quick")
    expect(form.locator("input[name=hearts-0]")).to_have_value("13")
    expect(form.locator("input[name=lady-0][value='1']")).to_be_checked()
    assert form.evaluate("f => f.previousElementSibling === document.querySelector('[data-conflict]')")
    expect(conflict).to_be_in_viewport()
    expect(form).to_be_in_viewport()
    assert table.events.count() == 1
    return second, theirs


def test_keep_theirs_leaves_one_entry_and_an_empty_form(open_phone, table: Table) -> None:
    second, theirs = the_same_hand_twice(open_phone, table)
    second.get_by_role("link", name="That was it — keep theirs").click()
    expect(second.locator("#entry [data-conflict]")).to_have_count(0)
    expect(second.locator("#log li")).to_have_count(1)
    expect(second.locator("#log li").first).to_contain_text(theirs)
    form = second.locator("form.quick")  # ready for the next hand
    expect(form.locator("input[name=hearts-0]")).to_have_value("0")
    expect(form.locator("input[name=lady-0]:checked")).to_have_count(0)
    expect(second.locator("#scoreboard tfoot td")).to_have_text(["13", "13", "★ 0", "★ 0"])
    assert table.events.count() == 1
    assert [e for e in second.errors if "status of 409" not in e] == []


def test_record_mine_as_well_leaves_two_entries(open_phone, table: Table) -> None:
    second, _theirs = the_same_hand_twice(open_phone, table)
    assert_accessible(second, "the answer to a stale write")
    second.emulate_media(color_scheme="dark")
    assert_accessible(second, "the answer to a stale write, dark")
    second.get_by_role("button", name="Record mine as well").click()
    expect(second.locator("#log li")).to_have_count(2)
    expect(second.locator("#scoreboard tfoot td")).to_have_text(["26", "26", "★ 0", "★ 0"])
    assert [e.payload["type"] for e in table.events.order_by("seq")] == ["hand", "hand"]
    assert [e for e in second.errors if "status of 409" not in e] == []


@pytest.mark.parametrize("lang", ["de", "fr", "es"])
def test_the_answer_fits_320_px_in_every_language(open_phone, table: Table, lang: str) -> None:
    second, _theirs = the_same_hand_twice(open_phone, table, width=320, lang=lang)
    assert overflow(second) == []
    assert_accessible(second, f"the answer to a stale write at 320 px, {lang}")
    second.get_by_role("link", name=WORDS[lang][1]).click()
    expect(second.locator("#log li")).to_have_count(1)
    assert table.events.count() == 1


def test_a_changed_entry_is_saved_as_changed_never_as_the_old_copy(open_phone, table: Table) -> None:
    """After the answer, the second phone changes its entry (the lady went to Cleo after all): "Record mine as
    well" would resend the entry as it was refused, so it goes, and the form's own Save sends the change."""
    second, _theirs = the_same_hand_twice(open_phone, table)
    second.locator("form.quick fieldset.lady label").filter(has_text="Cleo").click()
    expect(second.get_by_role("button", name="Record mine as well")).to_have_count(0)
    expect(second.get_by_role("link", name="That was it — keep theirs")).to_be_visible()
    second.locator("form.quick [data-save]").click()
    expect(second.locator("#log li")).to_have_count(2)
    assert [e.payload["lady"] for e in table.events.order_by("seq")] == ["Ben", "Cleo"]
