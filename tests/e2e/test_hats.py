"""Hats on a phone: a game followed turn by turn (the tea table set by taps, a swap by tapping a hand card and a
position, the illegal positions marked, a black hat, the cookie and collections in the panel) and an end state
entered at once, with each player's score explained line by line; at 320 px, with no overflow and axe clean. Then
issue 18's item 4 in every language at 320 and 390 px: no card lying on the tea table is offered as the card put
down, the end state's live counts (the black hats follow from the face-up cards) and its Save (enabled only when
the entry is complete and right, saying what it waits for), a finished team game naming the winning team by its
members, and a four-player end state entered in one tap a card, the taps counted and the scores the game's own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext
from playwright.sync_api import Locator, Page, expect

from companion import services
from companion.i18n import tr
from companion.models import Table
from games import registry
from games.hats.notation import HatsNotation
from tests.e2e.conftest import CARD_GRID, assert_accessible, overflow
from tests.e2e.test_phone_flow import Thumb
from tests.e2e.test_screens import look

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo"]
TABLE = ["red 1", "blue 2", "green 3", "yellow 4", "orange 5", "purple 6"]


def scorer(page: Page, players: list[str] = PLAYERS) -> Table:
    table = services.create_table("hats", players, {})
    page.goto(f"/s/{table.scorer_token}/")
    return table


def version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or 0)


def card(group: Locator, name: str) -> Locator:
    """A card of a picker, by its name ("red 3"): the label a thumb taps."""
    return group.locator(f"label.cp-card[data-value='{name.replace(' ', '-')}']")


def seat(form: Locator, picker: str, index: int) -> Locator:
    """One seat of a picker (a position of the tea table, a player's collection)."""
    return form.locator(f"[data-card-picker='{picker}'] fieldset.cp-seat[data-seat='{index}']")


def save(page: Page, form: Locator, button: str) -> None:
    before = version(page)
    form.get_by_role("button", name=button).click()
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))


def assert_clean(page: Page, what: str) -> None:
    """The page fits its phone, axe finds nothing on it and no script failed."""
    assert overflow(page) == []
    assert_accessible(page, what)
    assert page.errors == []


def test_a_tracked_game_at_320_px(open_phone) -> None:
    page = open_phone(width=320)
    scorer(page)
    form = page.locator("form.hats-setup")
    for n, name in enumerate(TABLE, 1):
        card(seat(form, "pos", n - 1), name).click()
    form.locator("label.chip", has_text="Ben").click()
    save(page, form, "Save the tea table")
    panel = page.locator("#panel")
    expect(panel.locator(".hats-pos")).to_have_count(6)
    expect(page.locator("[data-headline]")).to_contain_text("Ben's turn, 1 of 8.")

    turn = page.locator("form.hats-turn")
    expect(turn.locator("label.chip input[name=player]:checked")).to_have_value("1")  # Ben, whose turn it is
    card(turn, "grey 3").click()
    # Only positions 1 and 2 (red 1, blue 2) are lower than grey 3: the others are marked, not hidden.
    marked = turn.locator("[data-position].hats-illegal")
    expect(marked).to_have_count(4)
    turn.locator("[data-position='2']").click()
    save(page, turn, "Save the swap")
    expect(panel).to_contain_text("Ben holds the cookie.")
    expect(page.locator("[data-headline]")).to_contain_text("Cleo's turn, 1 of 8.")

    turn = page.locator("form.hats-turn")
    save(page, turn, "Black hat instead")
    expect(page.locator("[data-headline]")).to_contain_text("Ana's turn, 1 of 8.")
    expect(panel.locator(".hats-player-line", has_text="Cleo")).to_contain_text("black hats: 1")
    assert_clean(page, "hats tracked")


def test_an_end_state_entered_at_once_explains_every_score(open_phone) -> None:
    page = open_phone(width=320)
    table = scorer(page, ["Ana", "Ben"])
    page.locator("details.hats-final summary").click()
    form = page.locator("details.hats-final form")
    for n, name in enumerate(["red 2", "blue 4", "red 5", "green 1", "yellow 3"], 1):
        card(seat(form, "table", n - 1), name).click()
    ana, ben = form.locator("fieldset.hats-player").all()
    submit = form.get_by_role("button", name="Save the end state")
    expect(submit).to_be_disabled()  # live checks: Save waits until every count is right
    for name in ["red 1", "red 3", "blue 2", "green 2", "orange 4", "orange 1"]:
        card(seat(ana, "coll", 0), name).click()
    expect(ana.locator("[data-hats-tally]")).to_have_text("Ana: 6 cards face up, so 2 black hats")
    expect(form.locator("[data-hats-most]")).to_have_text("Most types now: Ana (5)")  # 4 colours + black hats
    card(seat(ana, "fav", 0), "orange 6").click()
    for name in ["yellow 1", "yellow 2", "yellow 5", "blue 6", "blue 1", "green 3", "red 4", "red 6"]:
        card(seat(ben, "coll", 1), name).click()
    expect(ben.locator("[data-hats-tally]")).to_have_text("Ben: 8 cards face up, so 0 black hats")
    expect(form.locator("[data-hats-needed]")).to_have_text("Before saving: the favourite of Ben.")
    expect(submit).to_be_disabled()
    card(seat(ben, "fav", 1), "yellow 2").click()
    expect(submit).to_be_enabled()
    save(page, form, "Save the end state")
    # The same end state as tests/cases/hats-2p-quick-cookie-by-types: Ana 14, Ben 31.
    expect(page.locator("[data-total]")).to_have_text(["14", "★ 31"])
    lines = page.locator("#panel .hats-player-line", has_text="Ana").locator(".hats-lines li")
    expect(lines.first).to_contain_text("red 1 (red at position 1)")
    expect(page.locator("#panel")).to_contain_text("favourite orange 6: orange collected 1 + 4, minus 6")
    expect(page.locator("#panel")).to_contain_text("the last cookie")
    table.refresh_from_db()
    assert table.finished
    assert_clean(page, "hats end state")


def test_a_table_that_stops_tracking_enters_the_end_state_from_where_it_stopped(open_phone) -> None:
    """Two turns tracked, then the end state at once: the form opens filled in from the turns (the tea table as
    it lies, Ana's red 1), the scorer adds what happened since (here only the favourites: every other card went
    face down), and it replaces what they built."""
    page = open_phone(width=320)
    table = scorer(page, ["Ana", "Ben"])
    form = page.locator("form.hats-setup")
    for n, name in enumerate(TABLE[:5], 1):
        card(seat(form, "pos", n - 1), name).click()
    form.locator("label.chip", has_text="Ana").click()
    save(page, form, "Save the tea table")
    turn = page.locator("form.hats-turn")
    card(turn, "red 4").click()
    turn.locator("[data-position='1']").click()
    save(page, turn, "Save the swap")  # Ana takes red 1 and the cookie
    save(page, page.locator("form.hats-turn"), "Black hat instead")  # Ben

    page.locator("details.hats-final summary", has_text="Stopped tracking turns?").click()
    form = page.locator("details.hats-final form")
    expect(form).to_contain_text("Filled in from the turns recorded so far")
    expect(seat(form, "table", 0).locator("input:checked")).to_have_value("red-4")
    ana, ben = form.locator("fieldset.hats-player").all()
    expect(seat(ana, "coll", 0).locator("input:checked")).to_have_value("red-1")
    # The black hats are what the face-up cards leave of eight: Ben's one tracked so far becomes eight.
    expect(ana.locator("[data-hats-tally]")).to_have_text("Ana: 1 card face up, so 7 black hats")
    expect(ben.locator("[data-hats-tally]")).to_have_text("Ben: 0 cards face up, so 8 black hats")
    assert overflow(page) == []
    card(seat(ana, "fav", 0), "red 2").click()
    card(seat(ben, "fav", 1), "blue 1").click()
    save(page, form, "Save the end state")
    # Ana: red 1 at position 1 (red 4 lies there) 1 + 7 black hats + favourite red 2 (1 - 2 = -1) + the cookie
    # (red and black hats: two types against one) = 12; Ben: 8 black hats + favourite blue 1 (0 - 1) = 7.
    expect(page.locator("[data-total]")).to_have_text(["★ 12", "7"])
    expect(page.locator("#panel")).to_contain_text("favourite red 2: red collected 1, minus 2")
    table.refresh_from_db()
    assert table.finished
    assert_clean(page, "hats end state after turns")


# -- issue 18 item 4, in every language at 320 and 390 px: the words come from the catalogue ----------------------

LANGS = ["en", "de", "fr", "es"]
SIZES = [(320, 640), (390, 844)]
PHONES = [(*size, lang) for lang in LANGS for size in SIZES]
NOTATION = HatsNotation()


def phone_at(open_phone, size: tuple[int, int, str], table: Table) -> Page:
    page = open_phone(width=size[0], lang=size[2], path=f"/s/{table.scorer_token}/")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    return page


def label(lang: str, name: str) -> str:
    """A card's accessible name in `lang` ("red 3", "rot 3"), as the picker gives it."""
    with translation.override(lang):
        return tr(NOTATION.label(NOTATION.parse(name.replace(" ", "-"))))


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}-{s[2]}")
def test_no_card_on_the_tea_table_is_offered_as_the_card_put_down(open_phone, size) -> None:
    table = services.create_table("hats", PLAYERS, {})
    lying = [name.replace(" ", "-") for name in TABLE]
    services.append(table, [{"type": "setup", "table": lying, "first": "Ben"}])
    page = phone_at(open_phone, size, table)
    lang = size[2]
    with translation.override(lang):
        why = gettext("on the tea table")
        off = [gettext("%(card)s, %(why)s") % {"card": label(lang, name), "why": why} for name in TABLE]
    put_down = page.locator("form.hats-turn [data-card-picker='card']")
    for name, named in zip(TABLE, off, strict=True):
        lies = card(put_down, name)
        expect(lies).to_have_class(re.compile(r"\bcp-off\b"))
        expect(lies.locator("input")).to_be_disabled()
        expect(lies.locator(".visually-hidden")).to_have_text(named)
    expect(put_down.locator("input:disabled")).to_have_count(len(TABLE))  # every other card is offered
    grey = card(put_down, "grey 3")
    expect(grey.locator(".visually-hidden")).to_have_text(label(lang, "grey 3"))
    grey.click()
    expect(grey.locator("input")).to_be_checked()
    look(page, f"hats turn ({lang})", skip=CARD_GRID)


def tally(name: str, face_up: int) -> str:
    """A player's live line in the active language: "Ana: 6 cards face up, so 2 black hats" (or too many)."""
    cards = ngettext("%(n)d card face up", "%(n)d cards face up", face_up) % {"n": face_up}
    if face_up > 8:
        return gettext("{name}: {cards}, more than eight").format(name=name, cards=cards)
    hats = ngettext("so %(n)d black hat", "so %(n)d black hats", 8 - face_up) % {"n": 8 - face_up}
    return gettext("{name}: {cards}, {hats}").format(name=name, cards=cards, hats=hats)


def needed(*what: str) -> str:
    return gettext("Before saving: {what}.").format(what=", ".join(what))


def favourites(*names: str) -> str:
    words = ngettext("the favourite of {names}", "the favourites of {names}", len(names))
    return words.format(names=", ".join(names))


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}-{s[2]}")
def test_the_end_state_counts_live_and_saves_only_when_every_count_is_right(open_phone, size) -> None:
    """No black-hats field: each player's line counts the face-up cards tapped and the black hats they leave, and
    Save waits, saying what for, until the tea table is full, every favourite set and nobody has nine face up."""
    table = services.create_table("hats", ["Ana", "Ben"], {})
    page = phone_at(open_phone, size, table)
    lang = size[2]
    translation.activate(lang)  # the expected words, from the catalogue
    page.locator("details.hats-final > summary").click()
    form = page.locator("details.hats-final form")
    ana, ben = form.locator("fieldset.hats-player").all()
    submit = form.get_by_role("button", name=gettext("Save the end state"))
    reason = form.locator("[data-hats-needed]")
    expect(form.locator("input[name^='hats-']")).to_have_count(0)
    expect(ana.locator("[data-hats-tally]")).to_have_text(tally("Ana", 0))
    expect(submit).to_be_disabled()
    positions = ngettext("tea-table position {list}", "tea-table positions {list}", 5).format(list="1, 2, 3, 4, 5")
    expect(reason).to_have_text(needed(positions, favourites("Ana", "Ben")))
    for name in ["red 1", "blue 2"]:
        card(seat(ana, "coll", 0), name).click()
    expect(ana.locator("[data-hats-tally]")).to_have_text(tally("Ana", 2))
    most = gettext("Most types now: {names} ({n})")
    expect(form.locator("[data-hats-most]")).to_have_text(most.format(names="Ana", n=3))  # red, blue, black hats
    for n, name in enumerate(["red 2", "blue 4", "red 5", "green 1"]):
        card(seat(form, "table", n), name).click()
    position = ngettext("tea-table position {list}", "tea-table positions {list}", 1).format(list="5")
    expect(reason).to_have_text(needed(position, favourites("Ana", "Ben")))
    card(seat(form, "table", 4), "yellow 3").click()
    card(seat(ana, "fav", 0), "orange 6").click()
    expect(submit).to_be_disabled()  # Ben's favourite is missing
    expect(reason).to_have_text(needed(favourites("Ben")))
    card(seat(ben, "fav", 1), "yellow 2").click()
    expect(submit).to_be_enabled()
    expect(reason).to_have_text("")
    for name in ["red 3", "red 4", "blue 1", "blue 3", "green 2", "green 3", "yellow 1"]:  # nine face up
        card(seat(ana, "coll", 0), name).click()
    expect(ana.locator("[data-hats-tally]")).to_have_text(tally("Ana", 9))
    expect(ana.locator("[data-hats-tally]")).to_have_class(re.compile(r"\bbad\b"))
    expect(reason).to_have_text(needed(gettext("at most eight face-up cards for {names}").format(names="Ana")))
    expect(submit).to_be_disabled()
    look(page, f"hats end state, nine face up ({lang})", skip=CARD_GRID)
    card(seat(ana, "coll", 0), "yellow 1").click()
    expect(ana.locator("[data-hats-tally]")).to_have_text(tally("Ana", 8))
    expect(submit).to_be_enabled()
    look(page, f"hats end state ({lang})", skip=CARD_GRID)
    translation.deactivate()


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}-{s[2]}")
def test_a_finished_team_game_names_the_winning_team_and_its_members(open_phone, size) -> None:
    """tests/cases/hats-4p-quick-teams: Ben and Dan's team wins, 55 to 39."""
    case = Path(__file__).resolve().parents[1] / "cases" / "hats-4p-quick-teams.json"
    table = services.import_table(json.loads(case.read_text(encoding="utf-8")))
    page = phone_at(open_phone, size, table)
    with translation.override(size[2]):
        won = gettext("%(names)s won the game.") % {"names": "Ben & Dan"}
    expect(page.locator("#entry .big-news")).to_have_text(won)
    teams = page.locator("#scoreboard .teams li")
    expect(teams).to_have_text(["Ana & Cleo: 39", "Ben & Dan: 55"])
    expect(teams.nth(1)).to_have_class("leader")
    look(page, f"hats won by a team ({size[2]})")


# -- issue 18 item 4: four players' end state, the taps counted --------------------------------------------------

FOUR = ["Ana", "Ben", "Cleo", "Dan"]
END_TABLE = ["green-4", "orange-2", "green-1", "yellow-6", "blue-3", "orange-5"]
END_FAVOURITES = {"Ana": "yellow-4", "Ben": "red-3", "Cleo": "green-6", "Dan": "purple-2"}
# 20 face-up cards and 12 black hats (3, 2, 4, 3).
END_20 = {
    "Ana": ["yellow-1", "yellow-2", "yellow-3", "blue-1", "blue-2"],
    "Ben": ["red-1", "red-2", "red-4", "grey-4", "green-2", "purple-3"],
    "Cleo": ["orange-1", "orange-4", "green-3", "green-5"],
    "Dan": ["blue-4", "blue-5", "blue-6", "grey-1", "grey-2"],
}
# 17 face-up cards and 15 black hats (3, 4, 4, 4).
END_17 = END_20 | {"Ben": ["red-1", "red-2", "red-4", "green-2"], "Dan": ["blue-4", "blue-5", "blue-6", "grey-1"]}


def scores(collections: dict[str, list[str]]) -> tuple[dict[str, int], list[int]]:
    """The totals and team totals the game itself gives this end state (its own scoring, not the page's)."""
    game = registry.get("hats")
    event = {
        "type": "final",
        "table": END_TABLE,
        "collections": collections,
        "black_hats": {name: 8 - len(cards) for name, cards in collections.items() if len(cards) < 8},
        "favourites": END_FAVOURITES,
    }
    state = game.replay(FOUR, game.options({}, FOUR), [game.parse(event)])
    standings = game.standings(state).as_dict()
    return standings["totals"], standings["team_totals"]


# Each end state with the most taps it may take: 17 face up is the "today 37", now 29 (the goal: 30); 20 face
# up needs 30 card taps alone (6 + 20 + 4), so opening the form and Save make 32, one tap a card, as low as it goes.
# By hand, 20 face up: Ana yellow 3 × 4 + blue 2 × 5 + 3 black hats + favourite yellow 4 (6 - 4) = 27; Ben, five
# types and the cookie, green 2 × 1 + 2 + favourite red 3 (7 - 3) + 5 = 12; Cleo 12, Dan 16: Ana & Cleo 39 to 28.
ENDS = [(END_17, 30), (END_20, 32)]


@pytest.mark.parametrize(("collections", "most"), ENDS, ids=["17-up", "20-up"])
@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}-{s[2]}")
def test_four_players_end_state_in_one_tap_a_card(open_phone, size, collections, most: int) -> None:
    """Issue 18 item 4: a four-player end state, every tap counted as a thumb makes it: opening the form, one tap
    per card (six on the tea table, the face-up ones, four favourites) and Save; no black hats to type. The end
    state with 17 face up (15 black hats) took 37 taps with the black-hats fields (each a tap and a digit, its 0
    cleared for free), now 29; with 20 face up, 40 then and 32 now: one tap a card is the floor."""
    table = services.create_table("hats", FOUR, {})
    page = phone_at(open_phone, size, table)
    lang = size[2]
    with translation.override(lang):
        save_words = gettext("Save the end state")
        lines = [tally(name, len(collections[name])) for name in FOUR]
    thumb = Thumb(page)
    thumb.tap(page.locator("details.hats-final > summary"))
    form = page.locator("details.hats-final form")
    for n, name in enumerate(END_TABLE):
        thumb.tap(card(seat(form, "table", n), name.replace("-", " ")))
    players = form.locator("fieldset.hats-player").all()
    for i, (name, fieldset) in enumerate(zip(FOUR, players, strict=True)):
        for face_up in collections[name]:
            thumb.tap(card(seat(fieldset, "coll", i), face_up.replace("-", " ")))
        thumb.tap(card(seat(fieldset, "fav", i), END_FAVOURITES[name].replace("-", " ")))
    expect(form.locator("[data-hats-tally]")).to_have_text(lines)
    submit = form.get_by_role("button", name=save_words)
    expect(submit).to_be_enabled()
    expect(submit).to_be_in_viewport()  # Save within reach at the end of the form's last picker
    look(page, f"hats four players' end state ({lang})", skip=CARD_GRID)
    before = version(page)
    thumb.tap(submit)
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))
    face_up = sum(map(len, collections.values()))
    print(f"\nhats end state, {face_up} face up, {size}: {thumb.taps} taps")
    assert thumb.taps == 1 + len(END_TABLE) + face_up + len(FOUR) + 1  # nothing but the cards, opening and Save
    assert thumb.taps <= most
    totals, teams = scores(collections)
    shown = [text.replace("★", "").strip() for text in page.locator("#scoreboard [data-total]").all_inner_texts()]
    assert shown == [str(totals[name]) for name in FOUR]
    expect(page.locator("#scoreboard .teams li")).to_have_text([f"Ana & Cleo: {teams[0]}", f"Ben & Dan: {teams[1]}"])
    table.refresh_from_db()
    assert table.finished and services.snapshot(table).state.black_hats == {
        name: 8 - len(cards) for name, cards in collections.items()
    }
