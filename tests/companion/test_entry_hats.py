"""Hats' entry forms through the test client: the tea table, a turn (a swap or a black hat, the legal positions
from the game), optional actions, favourites and the end state at once; refusals in words, forms filled in again
after an Undo and for a correction ("Fix"), and the panel with the explained score."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.test import Client

from companion import services
from companion.models import Table
from tests.companion.conftest import HTMX, checked, live, record, scorers_table

PLAYERS = ["Ana", "Ben", "Cleo"]
SETUP = {f"pos-{i}": c for i, c in enumerate(["red-1", "blue-2", "green-3", "yellow-4", "orange-5", "purple-6"])}


@pytest.fixture
def table(db: None, client: Client) -> Table:
    return scorers_table(client, "hats", PLAYERS, {})


def test_setup_then_a_swap_and_a_black_hat(client: Client, table: Table) -> None:
    assert record(client, table, "setup", SETUP | {"first": "1"}).status_code == 200
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Ben&#x27;s turn, 1 of 8." in page or "Ben's turn, 1 of 8." in page
    assert checked(page, "player") == ["1", "1"]  # whose turn it is, already chosen (turn and optional action)
    assert "Whose favourite" not in page  # nobody has had eight turns
    legal = json.loads(re.search(r'data-legal="([^"]*)"', page).group(1).replace("&quot;", '"'))  # type: ignore[union-attr]
    assert legal["grey-3"] == [1, 2] and legal["red-2"] == [1]  # the game's list, not the template's
    assert legal["red-1"] == [] and "red 1, on the tea table" in page  # lying there: not to be put down
    assert record(client, table, "exchange", {"player": "1", "card-0": "grey-3", "position": "2"}).status_code == 200
    assert record(client, table, "black_hat", {"player": "2"}).status_code == 200
    assert live(table)[1:] == [
        {"type": "exchange", "player": "Ben", "card": "grey-3", "position": 2},
        {"type": "black_hat", "player": "Cleo"},
    ]
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Ben holds the cookie." in page and "blue ×1: 2" in page


def test_an_exchange_off_the_table_is_refused_in_words_and_changes_nothing(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    response = record(client, table, "exchange", {"player": "0", "card-0": "red-2", "position": "7"})
    assert response.status_code == 400 and table.events.count() == 1
    assert "The position must be from 1 to 6." in response.content.decode()
    response = record(client, table, "exchange", {"player": "0", "card-0": "pink-2", "position": "1"})
    assert response.status_code == 400 and "is not a card at this table" in response.content.decode()


def test_an_illegal_swap_is_recorded_and_flagged(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    assert record(client, table, "exchange", {"player": "0", "card-0": "grey-1", "position": "2"}).status_code == 200
    page = client.get(f"/t/{table.code}/check/").content.decode()
    assert "hats.exchange" in page and "an exchange takes a card of the same type or a lower one" in page


def test_optional_actions(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    data = {"player": "0", "kind": "redraw", "out-0": "red-2", "in-0": "blue-4"}
    assert record(client, table, "optional", data).status_code == 200
    assert live(table)[-1] == {"type": "redraw", "player": "Ana", "discard": "red-2", "draw": "blue-4"}
    data["kind"] = "partner_swap"  # three players: no partner
    response = record(client, table, "optional", data)
    assert response.status_code == 400 and "a partner swap needs four players" in response.content.decode()


def test_undo_brings_the_swap_back_filled_in_and_fix_corrects_it(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    record(client, table, "exchange", {"player": "0", "card-0": "red-4", "position": "1"})
    client.post(f"/t/{table.code}/undo/", **HTMX)
    page = client.get(f"/t/{table.code}/").content.decode()
    assert checked(page, "card-0") == ["red-4"] and checked(page, "position") == ["1"]
    record(client, table, "exchange", {"player": "0", "card-0": "red-4", "position": "1"})
    seq = table.events.filter(retracted=False).order_by("seq").last().seq  # type: ignore[union-attr]
    page = client.get(f"/t/{table.code}/?fix={seq}").content.decode()
    assert f"/t/{table.code}/correct/{seq}/black_hat/" in page and checked(page, "position") == ["1"]
    response = client.post(f"/t/{table.code}/correct/{seq}/black_hat/", {"player": "0"}, **HTMX)
    assert response.status_code == 200
    assert live(table)[-1] == {"type": "black_hat", "player": "Ana"}


END = {f"table-{i}": c for i, c in enumerate(["red-1", "blue-2", "red-3", "green-4", "yellow-5", "orange-6"])}
END |= {"coll-0": ["red-4", "red-5", "green-1"], "fav-0": "red-2", "fav-1": "purple-1", "fav-2": "blue-1"}


def test_the_end_state_at_once_with_the_explained_score(client: Client, table: Table) -> None:
    """The form sends the face-up cards only: each player's black hats are the rest of their eight cards."""
    assert record(client, table, "final", END | {"cookie": "none"}).status_code == 200
    event = live(table)[-1]
    assert event["cookie"] is None and event["collections"] == {"Ana": ["red-4", "red-5", "green-1"]}
    assert event["black_hats"] == {"Ana": 5, "Ben": 8, "Cleo": 8}
    standings = client.get(f"/t/{table.code}/standings.json").json()
    # Ana: red 1 + 1, green 4, 5 black hats, favourite red 4 + 5 - 2 = 7 -> 18; Ben 8 - 1; Cleo 8 - 1.
    assert standings["totals"] == {"Ana": 18, "Ben": 7, "Cleo": 7} and standings["winners"] == ["Ana"]
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "favourite red 2: red collected 4 + 5, minus 2" in page and "Position 3 · 3 points" in page
    assert "Position 1 · 1 point" in page
    assert "Ana won the game." in page and 'class="trophy"' in page and "🏆" not in page
    assert "does not count" in page and "/new/hats/" in page


def test_black_hats_sent_explicitly_must_add_up_and_eight_face_up_at_most(client: Client, table: Table) -> None:
    """A post may still name the black hats (hats-<seat>); the game refuses a count that does not come to eight with
    the face-up cards, and more than eight face up, naming the player; nothing is recorded."""
    response = record(client, table, "final", END | {"hats-0": "4"})
    assert response.status_code == 400 and table.events.count() == 0
    assert "Ana has 3 collected cards and 4 black hats, 7 in all" in response.content.decode()
    nine = ["red-4", "red-5", "green-1", "green-2", "green-3", "blue-1", "blue-3", "blue-4", "grey-1"]
    response = record(client, table, "final", END | {"coll-0": nine})
    assert response.status_code == 400 and table.events.count() == 0
    page = response.content.decode()
    assert "Ana has 9 collected cards and 0 black hats, 9 in all" in page and checked(page, "coll-0") == nine
    assert record(client, table, "final", END | {"hats-0": "5", "hats-1": "8"}).status_code == 200
    assert live(table)[-1]["black_hats"] == {"Ana": 5, "Ben": 8, "Cleo": 8}


def test_the_end_state_form_asks_no_black_hats_and_counts_in_the_readers_language(client: Client, table: Table) -> None:
    """No black-hats field: hats.js counts them from the face-up cards, with the plural forms the server sends."""
    page = client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'name="hats-' not in page and "data-hats-final" in page

    def words(key: str) -> list[str]:
        found = re.search(rf'data-t-{key}="([^"]*)"', page)
        assert found
        return json.loads(html.unescape(found.group(1)))

    assert words("cards")[:3] == ["0 Karten offen", "1 Karte offen", "2 Karten offen"]
    assert len(words("cards")) == 43  # 0 to all 42 cards of the box
    assert words("hats")[1:3] == ["also 1 schwarzer Hut", "also 2 schwarze Hüte"] and len(words("hats")) == 9
    assert words("positions")[:2] == ["Teetisch-Platz {list}", "Teetisch-Plätze {list}"]
    assert words("favourites") == ["Lieblingshut von {names}", "Lieblingshüte von {names}", "Lieblingshüte von {names}"]
    assert 'data-t-line="{name}: {cards}, {hats}"' in page and "Vor dem Speichern: {what}." in page


def test_the_end_state_form_is_offered_until_the_game_is_over(client: Client, table: Table) -> None:
    assert "Not tracking turns? Enter the end state at once" in client.get(f"/t/{table.code}/").content.decode()
    record(client, table, "setup", SETUP | {"first": "0"})
    assert "Not tracking turns? Enter the end state at once" in client.get(f"/t/{table.code}/").content.decode()
    record(client, table, "black_hat", {"player": "0"})
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Stopped tracking turns? Enter the end state at once" in page  # FORMAT.md: a table that stopped tracking


def test_after_tracked_turns_the_end_state_starts_from_them_and_replaces_them(client: Client, table: Table) -> None:
    """A table that stopped tracking: the form is filled in from the turns so far; the end state saved replaces
    what they built (the table page shows the new one), and the flag on a turn stays in Check plays."""
    record(client, table, "setup", SETUP | {"first": "0"})
    record(client, table, "exchange", {"player": "0", "card-0": "red-4", "position": "1"})  # Ana takes red-1
    record(client, table, "exchange", {"player": "2", "card-0": "grey-2", "position": "2"})  # Cleo, in Ben's place
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Filled in from the turns recorded so far" in page
    assert checked(page, "table-0") == ["red-4"] and checked(page, "table-1") == ["grey-2"]
    assert checked(page, "coll-0") == ["red-1"] and checked(page, "coll-2") == ["blue-2"]
    assert 'name="hats-' not in page  # the black hats follow from the face-up cards
    data = {f"table-{i}": c for i, c in enumerate(["green-1", "grey-2", "red-3", "blue-4", "yellow-5", "orange-6"])}
    data |= {"coll-0": ["red-1", "red-5", "blue-3", "blue-1"]}  # and 4 black hats
    data |= {"coll-1": ["green-2", "green-6", "grey-4", "yellow-2", "orange-1", "purple-3"]}  # 2
    data |= {"coll-2": ["blue-2", "purple-4", "purple-1", "red-2", "grey-1", "grey-3", "green-4", "yellow-6"]}  # none
    data |= {"fav-0": "blue-4", "fav-1": "green-3", "fav-2": "purple-2", "cookie": "auto"}
    assert record(client, table, "final", data).status_code == 200
    assert [e["type"] for e in live(table)] == ["setup", "exchange", "exchange", "final"]
    standings = client.get(f"/t/{table.code}/standings.json").json()
    # tests/cases/hats-3p-final-after-turns: the same end state (Ben and Cleo tie on six types: no cookie).
    assert standings["totals"] == {"Ana": 18, "Ben": 22, "Cleo": 20} and standings["winners"] == ["Ben"]
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Game over: Ben won." in page and "Enter the end state at once" not in page
    assert "favourite blue 4: blue collected 3 + 1, minus 4" in page and "Nobody holds the cookie yet." in page
    assert "turns 1 of 8" not in page  # the end state was entered, not tracked to the end
    check = client.get(f"/t/{table.code}/check/").content.decode()
    assert "hats.turn-order" in check and "hats.exchange" in check


def test_an_end_state_refused_after_turns_comes_back_as_typed(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    record(client, table, "black_hat", {"player": "0"})
    data = {f"table-{i}": c for i, c in enumerate(["green-1", "grey-2", "red-3", "blue-4", "yellow-5", "orange-6"])}
    data |= {"coll-0": ["red-1"], "hats-0": "3", "hats-1": "8", "hats-2": "8", "cookie": "none"}
    data |= {"fav-0": "blue-4", "fav-1": "green-3", "fav-2": "purple-2"}
    response = record(client, table, "final", data)
    assert response.status_code == 400 and table.events.count() == 2
    page = response.content.decode()
    assert "Ana has 1 collected card and 3 black hats, 4 in all" in page
    assert checked(page, "table-0") == ["green-1"] and checked(page, "coll-0") == ["red-1"]
    assert checked(page, "fav-0") == ["blue-4"] and checked(page, "cookie") == ["none"]


def test_german_words_on_the_page(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    page = client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Teetisch" in page and "Tausch speichern" in page


def test_a_favourite_is_asked_of_those_who_had_eight_turns(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    for _ in range(8):
        for seat in ("0", "1", "2"):
            record(client, table, "black_hat", {"player": seat})
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Whose favourite (the last card in hand)?" in page and checked(page, "player") == ["0"]
    assert record(client, table, "favourite", {"player": "1", "fav-0": "red-3"}).status_code == 200
    assert live(table)[-1] == {"type": "favourite", "player": "Ben", "card": "red-3"}


def test_a_finished_team_game_names_the_winning_team_by_its_members(client: Client, db: None) -> None:
    path = Path(__file__).resolve().parents[1] / "cases" / "hats-4p-quick-team-tie-black-hats.json"
    table = services.import_table(json.loads(path.read_text(encoding="utf-8")))
    winners = services.snapshot(table).standings.winners
    assert len(winners) == 2  # a team of two
    page = Client(headers={"X-Kibitz-Scorer": table.scorer_token}).get(f"/t/{table.code}/").content.decode()
    assert f"{winners[0]} & {winners[1]} won the game." in page


@pytest.mark.django_db
def test_the_closed_optional_action_and_end_state_come_on_demand(client: Client) -> None:
    """Issue 19: on a phone whose script ran, the closed forms of the optional action and of the end state are
    fetched when opened (?part=), not sent with every page."""
    table = services.create_table("hats", ["Ana", "Ben"], {})
    full = client.get(f"/s/{table.scorer_token}/", follow=True).content.decode()  # the scorer's phone
    client.cookies["kibitz_script"] = "1"
    light = client.get(f"/t/{table.code}/").content.decode()
    assert 'data-lazy="final"' in light and "data-hats-final" not in light and "data-hats-final" in full
    assert len(light) < len(full) / 2
    part = client.get(f"/t/{table.code}/?part=final").content.decode()
    assert 'data-part="final"' in part and "data-hats-final" in part
