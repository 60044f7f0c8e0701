"""Hood Politix's entry forms through the test client: a round by its finishing order (the one left over lost),
penalties with one tap a reason, a dispute recorded and ruled on at once, forms filled in again after Undo and
for a Fix, the timers' element kept for the live swaps, refusals in words."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from companion.entries.hood_politix import chooser
from companion.models import Table
from games.text import T
from tests.companion.conftest import HTMX, PLAYERS, live, record, scorers_table


@pytest.fixture
def table(db: None, client: Client) -> Table:
    return scorers_table(client, "hood-politix", PLAYERS, {"tie": "extra-round"})


def post(client: Client, table: Table, action: str, data: dict) -> str:
    """The page the htmx POST of an entry form answers."""
    return record(client, table, action, data).content.decode()


def order(*seats: int) -> dict[str, str]:
    return {f"place-{k}": str(s) for k, s in enumerate(seats)}


def test_a_round_is_the_finishing_order_and_the_one_left_over_lost(client: Client, table: Table) -> None:
    page = post(client, table, "round", order(1, 0, 3))
    assert live(table) == [{"type": "round", "order": ["Ben", "Ana", "Dan", "Cleo"]}]
    assert "Round 2 of 3 · Cleo deals" in page  # the loser deals next
    assert "Round 1 saved" in page


def test_the_whole_order_may_be_given(client: Client, table: Table) -> None:
    post(client, table, "round", order(1, 0, 3, 2))
    assert live(table)[0]["order"] == ["Ben", "Ana", "Dan", "Cleo"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (order(1, 1, 3), "Ben is tapped twice; each player goes out once."),
        (order(1, 0), "Choose who went out in place 3."),
        (order(1, 0, 3, 1), "Cleo is tapped twice; each player goes out once."),
        (order(1, 0, 9), "Choose who went out in place 3."),
    ],
)
def test_a_bad_order_is_refused_in_words_and_records_nothing(
    client: Client, table: Table, data: dict, message: str
) -> None:
    page = post(client, table, "round", data)
    assert message in page and live(table) == []


def test_a_penalty_is_one_tap_per_reason_with_the_tables_cards(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/").content.decode()
    for reason in ("missed-turn", "too-slow", "mic-check", "false-accusation", "respect-timeout", "other"):
        assert f'name="reason" value="{reason}"' in page
    post(client, table, "penalty", {"player": "2", "reason": "mic-drop"})
    post(client, table, "penalty", {"player": "0", "reason": "too-slow", "cards": "4"})
    assert live(table) == [
        {"type": "penalty", "player": "Cleo", "reason": "mic-drop"},
        {"type": "penalty", "player": "Ana", "reason": "too-slow", "cards": 4},
    ]
    assert "Ana: 4 penalty cards (too slow)" in client.get(f"/t/{table.code}/").content.decode()


def test_a_penalty_needs_a_reason(client: Client, table: Table) -> None:
    assert "Choose why Cleo gets the penalty." in post(client, table, "penalty", {"player": "2", "reason": "rude"})
    assert live(table) == []


DISPUTE = {
    "player": "1",
    "top-colour": "red",
    "top-face": "7",
    "played-colour": "blue",
    "played-face": "deuce",
    "direction": "left",
}


def test_a_dispute_is_recorded_and_its_ruling_shown_at_once(client: Client, table: Table) -> None:
    page = post(client, table, "dispute", DISPUTE)
    assert live(table) == [
        {"type": "dispute", "player": "Ben", "top": "red-7", "played": "blue-deuce", "direction": "left"}
    ]
    assert "Not legal" in page
    assert "Ben played blue Deuce on red 7: it matches neither its colour, nor its number, nor its action." in page
    assert "Ben takes blue Deuce back and draws 2 penalty cards; it is still Ben&#x27;s turn." in page
    assert "#hp.match" in page and "Rule: Matching the card on top</a>" in page
    flags = client.get(f"/t/{table.code}/check/").content.decode()
    assert "1 found" in flags and "Ben played blue Deuce on red 7" in flags


def test_a_legal_dispute_names_the_turn_the_direction_and_what_kibitz_assumed(client: Client, table: Table) -> None:
    data = DISPUTE | {"top-face": "deuce", "played-face": "payback", "played-colour": "green", "deuces": "2"}
    page = post(client, table, "dispute", data)
    assert live(table)[0]["stack"] == {"deuce": 2, "in-yo-face": 0}
    assert "✓</span> Legal" in page
    assert "Ben sends the stack of 4 back with Payback." in page
    assert "right (anticlockwise)" in page  # Payback turns play around
    assert "Ana, the player before Ben, played the stack&#x27;s last card." in page
    assert "#hp.payback" in page


def test_the_penalty_that_goes_with_a_ruling_is_one_tap_away(client: Client, table: Table) -> None:
    page = post(client, table, "dispute", DISPUTE | {"jump_in": "on", "played-face": "7"})
    assert "Record Ben's 2 penalty cards" in page
    post(client, table, "penalty", {"player": "1", "reason": "wrong-jump-in"})
    page = post(client, table, "dispute", DISPUTE | {"played-colour": "red"})  # legal: whoever stopped it draws
    assert "Stopped the game for nothing? Tap who: 2 penalty cards (false accusation)." in page
    assert 'name="player" value="1"' not in page.split("hp-follow")[1].split("</form>")[0]
    post(client, table, "penalty", {"player": "3", "reason": "false-accusation"})
    assert [e["type"] for e in live(table)] == ["dispute", "penalty", "dispute", "penalty"]
    assert live(table)[3] == {"type": "penalty", "player": "Dan", "reason": "false-accusation"}


def test_the_penalty_from_an_illegal_play_is_logged_with_the_rule_it_broke(client: Client, table: Table) -> None:
    page = post(client, table, "dispute", DISPUTE)  # blue Deuce on red 7: hp.match
    form = page.split("hp-follow")[1].split("</form>")[0]
    assert 'name="reason" value="other"' in form and 'name="rule" value="hp.match"' in form
    page = post(client, table, "penalty", {"player": "1", "reason": "other", "rule": "hp.match"})
    assert live(table)[1] == {"type": "penalty", "player": "Ben", "reason": "other", "rule": "hp.match"}
    assert "Ben: penalty cards (a card that did not match)" in page  # the log, not "(other)"
    post(client, table, "penalty", {"player": "1", "reason": "too-slow", "rule": "hp.deal"})  # no ruling's rule
    assert live(table)[2] == {"type": "penalty", "player": "Ben", "reason": "too-slow"}


def test_one_penalty_card_is_said_in_the_singular_in_every_language(client: Client, db: None) -> None:
    table = scorers_table(client, "hood-politix", PLAYERS, {"penalty_cards": 1})
    page = post(client, table, "dispute", DISPUTE)
    assert "Record Ben's 1 penalty card</button>" in page and "Penalty (1 card, no points)" in page
    assert "takes blue Deuce back and draws 1 penalty card;" in page
    post(client, table, "penalty", {"player": "1", "reason": "other", "rule": "hp.match"})
    german = client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Ben: Strafkarten (eine Karte, die nicht passte)" in german and "Strafe (1 Karte, keine Punkte)" in german


def test_the_ruling_shows_only_while_the_dispute_is_the_newest_entry(client: Client, table: Table) -> None:
    post(client, table, "dispute", DISPUTE)
    page = post(client, table, "penalty", {"player": "1", "reason": "other"})
    assert "data-hp-verdict" not in page


def test_a_dispute_with_a_frame_a_jump_in_and_a_target(client: Client, table: Table) -> None:
    data = DISPUTE | {
        "player": "2",
        "top-face": "deal",
        "played-face": "five-o",
        "played-framed": "on",
        "jump_in": "on",
        "target": "2",
    }
    post(client, table, "dispute", data)
    assert live(table) == [
        {
            "type": "dispute",
            "player": "Cleo",
            "top": "red-deal",
            "played": "blue-five-o*",
            "jump_in": True,
            "target": "Cleo",
            "direction": "left",
        }
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"top-colour": "purple"}, "Choose the colour and face of the card on top."),
        ({"played-face": "joker"}, "Choose the colour and face of the card played."),
        ({"player": "7"}, "Choose who played the card."),
        ({"deuces": "99"}, "Deuces building must be from 0 to 50."),
    ],
)
def test_a_bad_dispute_is_refused_in_words(client: Client, table: Table, change: dict, message: str) -> None:
    assert message in post(client, table, "dispute", DISPUTE | change)
    assert live(table) == []


def test_the_closed_dispute_form_comes_on_demand_on_a_phone_whose_script_ran(client: Client, table: Table) -> None:
    """Issue 19: the dispute's card choices are most of the entry panel; closed, they are fetched when opened, and a
    refused dispute comes back whole, as typed."""
    client.cookies["kibitz_script"] = "1"
    page = client.get(f"/t/{table.code}/").content.decode()
    assert 'data-lazy="dispute"' in page and 'name="top-colour"' not in page
    part = client.get(f"/t/{table.code}/?part=dispute").content.decode()
    assert 'data-part="dispute"' in part and 'name="top-colour"' in part
    refused = post(client, table, "dispute", DISPUTE | {"deuces": "99"})
    assert 'data-lazy="dispute"' not in refused and 'name="top-colour"' in refused
    del client.cookies["kibitz_script"]
    assert 'name="top-colour"' in client.get(f"/t/{table.code}/").content.decode()  # without script: every part


def test_undo_brings_the_round_back_in_its_form(client: Client, table: Table) -> None:
    post(client, table, "round", order(1, 0, 3))
    page = client.post(f"/t/{table.code}/undo/", **HTMX).content.decode()
    selected = dict(re.findall(r'name="(place-\d)"[^>]*>.*?<option value="(\d)" selected', page, re.S))
    assert selected == {"place-0": "1", "place-1": "0", "place-2": "3", "place-3": "2"}


def test_a_round_is_fixed_from_the_log(client: Client, table: Table) -> None:
    post(client, table, "round", order(1, 0, 3))
    post(client, table, "round", order(0, 1, 2))
    seq = table.events.order_by("seq").first().seq  # type: ignore[union-attr]
    page = client.get(f"/t/{table.code}/?fix={seq}").content.decode()
    assert "Fix:" in page and f"/t/{table.code}/correct/{seq}/round/" in page
    client.post(f"/t/{table.code}/correct/{seq}/round/", order(3, 0, 1), **HTMX)
    assert [e["order"] for e in live(table)] == [["Dan", "Ana", "Ben", "Cleo"], ["Ana", "Ben", "Cleo", "Dan"]]


def test_a_penalty_has_edit_and_is_fixed_keeping_the_rule_of_its_ruling(client: Client, table: Table) -> None:
    post(client, table, "dispute", DISPUTE)
    page = post(client, table, "penalty", {"player": "1", "reason": "other", "rule": "hp.match", "cards": "3"})
    seq = table.events.order_by("-seq").first().seq  # type: ignore[union-attr]
    assert f'href="?fix={seq}#entry"' in page  # Edit beside the newest entry
    fix = client.get(f"/t/{table.code}/?fix={seq}").content.decode()
    form = fix[fix.index(f"/t/{table.code}/correct/{seq}/penalty/") :]
    form = form[: form.index("</form>")]
    assert 'value="1" checked' in form and 'value="3"' in form and 'name="rule" value="hp.match"' in form
    fixed = {"player": "2", "reason": "other", "rule": "hp.match", "cards": "3"}
    client.post(f"/t/{table.code}/correct/{seq}/penalty/", fixed, **HTMX)
    assert live(table)[-1] == {"type": "penalty", "player": "Cleo", "reason": "other", "cards": 3, "rule": "hp.match"}


def test_the_timers_are_kept_through_swaps(client: Client, table: Table) -> None:
    """Hidden without script by hood-politix.css, not by the attribute (tests/e2e/test_layout_shift.py)."""
    page = client.get(f"/t/{table.code}/").content.decode()
    timers = re.search(r"<section id=\"hp-timers\"[^>]*>", page)
    assert timers and 'hx-preserve="true"' in timers.group(0) and " hidden" not in timers.group(0)
    assert 'data-seconds="3"' in page and 'data-seconds="30"' in page
    table.refresh_from_db()
    swap = client.get(f"/t/{table.code}/live/").content.decode()
    assert 'id="hp-timers"' in swap  # the live answer carries it, and htmx keeps the running one in its place


def test_an_extra_round_is_asked_for_on_a_tie_and_the_game_ends(client: Client, table: Table) -> None:
    for seats in ((0, 2, 3), (1, 0, 2), (1, 2, 0)):
        page = post(client, table, "round", order(*seats))
    assert "Extra round 4: who went out?" in page
    assert "Tie for the lowest total: Ana &amp; Ben. Extra round 4, Dan deals." in page
    assert "Extra round 4 · Dan deals" in page
    page = post(client, table, "round", order(0, 1, 2))
    assert "Ana won the game." in page and 'id="hp-timers"' not in page
    assert "The game is over; nothing more can be played" in post(
        client, table, "penalty", {"player": "0", "reason": "other"}
    )


def test_the_entry_speaks_german(client: Client, table: Table) -> None:
    client.cookies["django_language"] = "de"
    page = client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Runde 1 von 3: wer ging raus?" in page and "Tippen zum Starten" in page
    page = post(client, table, "dispute", DISPUTE)
    assert "Nicht erlaubt" in page and "Sie passt weder in Farbe noch Zahl noch Aktion." in page


def test_an_undone_dispute_comes_back_filled_in_and_one_is_fixed_from_the_log(client: Client, table: Table) -> None:
    post(client, table, "dispute", DISPUTE | {"deuces": "1", "target": "3"})
    page = client.post(f"/t/{table.code}/undo/", **HTMX).content.decode()
    form = page.split('class="hp-dispute"')[1].split("</form>")[0]
    for name, value in (("top-colour", "red"), ("top-face", "7"), ("played-face", "deuce"), ("player", "1")):
        assert re.search(rf'name="{name}" value="{value}" checked', form), name
    assert 'name="deuces" min="0" max="50" value="1"' in form and '<option value="3" selected>' in form
    client.post(f"/t/{table.code}/redo/", **HTMX)
    seq = table.events.filter(retracted=False).get().seq
    page = client.get(f"/t/{table.code}/?fix={seq}").content.decode()
    assert f"/t/{table.code}/correct/{seq}/dispute/" in page
    client.post(f"/t/{table.code}/correct/{seq}/dispute/", DISPUTE | {"played-colour": "red"}, **HTMX)
    assert live(table)[0]["played"] == "red-deuce"
    assert "✓</span> Legal" in client.get(f"/t/{table.code}/").content.decode()


def test_a_card_chooser_is_kept_per_language_and_choice() -> None:
    """chooser.card is written once per language and choice: each language's words, the chosen chips checked."""
    colours = [("red", "▲", T("red")), ("blue", "●", T("blue"))]
    faces = [("7", "7", False), ("snitch", "Snitch", True)]
    none = {"colour": "", "face": "", "framed": False}
    with translation.override("en"):
        english = chooser.card("top", "What lay on top?", none, colours, faces)
        picked = chooser.card(
            "top", "What lay on top?", {"colour": "blue", "face": "7", "framed": True}, colours, faces
        )
    with translation.override("de"):
        german = chooser.card("top", "Was lag oben?", none, colours, faces)
    assert "Colourful frame" in english and "Colourful frame" not in german and "checked" not in english
    assert re.findall(r'value="(\w+)" checked', picked) == ["blue", "7"] and 'name="top-framed" checked' in picked
    with translation.override("en"):
        assert chooser.card("top", "What lay on top?", none, colours, faces) == english
