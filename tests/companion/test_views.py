"""The web app through the Django test client: plain form posts and htmx requests."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from companion import services
from companion.models import Table
from games.rickety_kate.referee import RULES
from tests.companion.conftest import PLAYERS, hand

HTMX = {"HTTP_HX_REQUEST": "true"}


def quick(version: int | None = None, **hearts: int) -> dict[str, str]:
    """The quick-hand form: hearts by seat index, the lady to Dan (seat 3)."""
    data = {f"hearts-{PLAYERS.index(p)}": str(n) for p, n in hearts.items()}
    data["lady-0"] = "3"
    if version is not None:
        data["version"] = str(version)
    return data


def totals(table: Table) -> dict[str, int]:
    table.refresh_from_db()  # the view wrote through its own instance
    return services.snapshot(table).standings.totals


def test_home_lists_recent_tables(client: Client, table: Table) -> None:
    page = client.get("/").content.decode()
    assert f"/t/{table.code}/" in page and "Ana, Ben, Cleo, Dan" in page


def new_table_form(*names: str, **options: str) -> dict[str, str]:
    """The new-table form as a phone posts it: the rulebook defaults unless `options` says otherwise."""
    form = {
        "opt_end_score": "100",
        "opt_moon": "old",
        "opt_passing": "rotate",
        "opt_tie": "playoff",
        "opt_revoke_points": "13",
        "opt_hearts_must_be_broken": "on",
    }
    form |= {f"player_{i}": name for i, name in enumerate(names)}
    return form | {f"opt_{k}": v for k, v in options.items()}


def test_new_table_creates_and_redirects(client: Client, db: None) -> None:
    form = new_table_form("Ana", "Ben", "Cleo", end_score="50", moon="new")
    response = client.post("/new/rickety-kate/", form)
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/t/{table.code}/"
    assert table.options == {"end_score": 50, "moon": "new"}
    assert services.seat_names(table) == ("Ana", "Ben", "Cleo")


def test_new_table_with_a_duplicate_name_says_so_and_stores_nothing(client: Client, db: None) -> None:
    form = new_table_form("Ana", "Ana", "Cleo")
    response = client.post("/new/rickety-kate/", form)
    assert response.status_code == 400
    assert "Ana is seated twice" in response.content.decode()
    assert not Table.objects.exists()


def test_new_table_page_links_each_option_to_its_rule(client: Client, db: None) -> None:
    page = client.get("/new/rickety-kate/").content.decode()
    for anchor in ("opt-moon", "opt-passing", "opt-double-deck", "opt-tie"):
        assert f"/rules/rickety-kate/#{anchor}" in page


def test_plain_post_records_and_redirects(client: Client, table: Table) -> None:
    response = client.post(f"/t/{table.code}/record/hand/", quick(0, Ana=4, Ben=9))
    assert response.status_code == 302
    assert totals(table) == {"Ana": 4, "Ben": 9, "Cleo": 0, "Dan": 13}


def test_htmx_post_returns_only_the_board(client: Client, table: Table) -> None:
    response = client.post(f"/t/{table.code}/record/hand/", quick(0, Ana=4, Ben=9), **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="board"') and "<html" not in body
    assert 'class="flash"' in body


def test_bad_hand_is_explained_and_changes_nothing(client: Client, table: Table) -> None:
    for extra in ({}, HTMX):
        response = client.post(f"/t/{table.code}/record/hand/", quick(Ana=4, Ben=8), **extra)
        assert response.status_code == 400
        assert "the hearts add up to 12, but 13 are in play" in response.content.decode()
    assert table.events.count() == 0


def test_form_that_is_not_a_number_is_refused(client: Client, table: Table) -> None:
    data = quick(Ana=13)
    data["hearts-1"] = "lots"
    response = client.post(f"/t/{table.code}/record/hand/", data)
    assert response.status_code == 400 and "Ben&#x27;s hearts must be a whole number" in response.content.decode()


def test_stale_version_is_refused_with_the_new_state(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    response = client.post(f"/t/{table.code}/record/hand/", quick(0, Ben=13), **HTMX)
    assert response.status_code == 409
    body = response.content.decode()
    assert "Not saved: another phone saved this first." in body and 'data-version="1"' in body
    assert table.events.count() == 1


def test_trick_entry_and_check_plays_flags_a_revoke(client: Client, table: Table) -> None:
    def trick(leader: int, *cards: str) -> None:
        data = {"leader": str(leader)} | {f"card-{i}": c for i, c in enumerate(cards)}
        assert client.post(f"/t/{table.code}/record/trick/", data, **HTMX).status_code == 200

    trick(0, "2C", "3C", "4C", "5H")  # Dan throws a heart on clubs...
    trick(3, "6C", "2D", "3D", "4D")  # ...then plays a club: the revoke is proven
    page = client.get(f"/t/{table.code}/check/", **HTMX).content.decode()
    rule = f"/rules/rickety-kate/?table={table.code}#rk.follow-suit"  # the rules page leads back to the table
    assert "rk.follow-suit" in page and rule in page and "Dan" in page
    full = client.get(f"/t/{table.code}/check/")
    assert full.status_code == 200 and "<html" in full.content.decode()


def test_check_plays_with_nothing_wrong(client: Client, table: Table) -> None:
    assert "Every recorded play is legal." in client.get(f"/t/{table.code}/check/", **HTMX).content.decode()


def test_penalty_on_the_hand_being_played(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    client.post(f"/t/{table.code}/record/penalty/", {"player": "1", "reason": "revoke", "when": "next"})
    client.post(f"/t/{table.code}/record/hand/", quick(Cleo=13))
    table.refresh_from_db()
    rounds = services.snapshot(table).standings.as_dict()["rounds"]
    assert rounds[1]["Ben"] == 13 and rounds[0]["Ben"] == 0


def test_penalty_on_the_hand_just_scored(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    client.post(f"/t/{table.code}/record/penalty/", {"player": "1", "reason": "other", "points": "5", "when": "last"})
    table.refresh_from_db()
    assert services.snapshot(table).standings.as_dict()["rounds"][0]["Ben"] == 5


def test_passes_are_recorded(client: Client, table: Table) -> None:
    data = {"pass-0": ["QS", "AS", "KS"], "pass-1": ["2H", "3H"]}
    assert client.post(f"/t/{table.code}/record/pass/", data).status_code == 302
    assert table.events.get().payload == {"type": "pass", "cards": {"Ana": ["QS", "AS", "KS"], "Ben": ["2H", "3H"]}}


def test_undo_and_redo_plain_and_htmx(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    assert client.post(f"/t/{table.code}/undo/").status_code == 302
    assert totals(table)["Ana"] == 0
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "<del>" in page
    response = client.post(f"/t/{table.code}/redo/", **HTMX)
    assert response.status_code == 200 and totals(table)["Ana"] == 13


def test_undo_with_nothing_to_undo(client: Client, table: Table) -> None:
    response = client.post(f"/t/{table.code}/undo/")
    assert response.status_code == 400 and "There is nothing to undo." in response.content.decode()


def test_forged_post_without_csrf_token_is_rejected(table: Table) -> None:
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(f"/t/{table.code}/record/hand/", quick(Ana=13))
    assert response.status_code == 403
    assert table.events.count() == 0


def test_unknown_table_and_game_are_404(client: Client, db: None) -> None:
    assert client.get("/t/nope/").status_code == 404
    assert client.get("/rules/skat/").status_code == 404
    assert client.get("/new/skat/").status_code == 404


def test_get_is_not_allowed_on_writes(client: Client, table: Table) -> None:
    assert client.get(f"/t/{table.code}/undo/").status_code == 405


def test_export_downloads_the_table_file(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    response = client.get(f"/t/{table.code}/export.json")
    assert "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == services.export_table(table)


def test_import_upload_creates_a_table(client: Client, db: None) -> None:
    data = {"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "options": {}, "events": [hand(Ana=13)]}
    response = client.post("/import/", {"text": json.dumps(data)})
    table = Table.objects.get()
    assert response.status_code == 302 and totals(table)["Ana"] == 13


def test_import_of_a_bad_file_says_which_event(client: Client, db: None) -> None:
    data = {"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "events": [hand(Ana=2)]}
    response = client.post("/import/", {"text": json.dumps(data)})
    assert response.status_code == 400 and "event 0: the hearts add up to 2" in response.content.decode()
    assert not Table.objects.exists()


def test_game_over_shows_the_winner(client: Client, db: None) -> None:
    table = services.create_table("rickety-kate", PLAYERS, {"end_score": 13, "tie": "shared"})
    services.append(table, [hand(Ana=13, lady="Ben")])
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Game over: Cleo &amp; Dan won." in page or "Game over: Cleo & Dan won." in page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_page_has_an_anchor_per_rule(client: Client, db: None, lang: str) -> None:
    page = client.get("/rules/rickety-kate/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    for rule in RULES:
        assert f'id="{rule}"' in page
