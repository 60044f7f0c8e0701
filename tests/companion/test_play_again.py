"""Play again: a finished table's next game in one tap, with the same players and options and the deal one seat
on; a second tap (or a second scorer's phone) lands on the same new table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from companion import services, throttle
from companion.models import Table, Throttle
from games import registry

CASES = Path(__file__).resolve().parents[1] / "cases"


def finished_case(slug: str) -> dict:
    """The first golden table file of the game that ends finished."""
    for path in sorted(CASES.glob("*.score.json")):
        table_file = path.with_name(path.name.replace(".score.json", ".json"))
        data = json.loads(table_file.read_text(encoding="utf-8"))
        if data.get("game") == slug and json.loads(path.read_text(encoding="utf-8")).get("finished"):
            return data
    raise AssertionError(f"no finished golden case of {slug}")


def scorer_of(table: Table) -> Client:
    return Client(headers={"X-Kibitz-Scorer": table.scorer_token})


@pytest.fixture(params=sorted(registry.GAMES))
def finished(request: pytest.FixtureRequest, db: None) -> Table:
    return services.import_table(finished_case(request.param))


def test_play_again_seats_the_same_players_one_place_on_with_the_same_options(finished: Table) -> None:
    before = services.seat_names(finished)
    response = scorer_of(finished).post(f"/t/{finished.code}/again/")
    assert response.status_code == 302
    finished.refresh_from_db()
    new = finished.next_table
    assert new is not None and response["Location"] == f"/t/{new.code}/"
    assert services.seat_names(new) == (*before[1:], before[0])  # the deal passes to the left
    assert new.options == finished.options and new.group == finished.group and new.game == finished.game
    assert not new.events.exists()


def test_a_second_tap_lands_on_the_same_new_table_and_scores_there(finished: Table) -> None:
    phone, other_scorer = scorer_of(finished), Client()
    first = phone.post(f"/t/{finished.code}/again/")["Location"]
    assert other_scorer.get(f"/s/{finished.scorer_token}/").status_code == 302  # the scorer link, on a 2nd phone
    second = other_scorer.post(f"/t/{finished.code}/again/")
    assert second["Location"] == first and Table.objects.filter(game=finished.game).count() == 2
    page = other_scorer.get(first).content.decode()
    assert 'name="version"' in page  # the entry forms: this phone scores the new table too


def test_the_finished_table_offers_it_with_who_deals_then_links_the_next_game(finished: Table) -> None:
    phone, watcher = scorer_of(finished), Client()
    page = phone.get(f"/t/{finished.code}/").content.decode()
    assert "Play again" in page and f'action="/t/{finished.code}/again/"' in page
    dealer = services.rematch_dealer(services.snapshot(finished))
    if dealer is not None:
        assert f"{dealer} deals first." in page
    assert "Play again" not in watcher.get(f"/t/{finished.code}/").content.decode()
    new = phone.post(f"/t/{finished.code}/again/")["Location"]
    assert f'href="{new}"' in watcher.get(f"/t/{finished.code}/").content.decode()  # "Next game →" for all


def test_a_watcher_cannot_and_an_unfinished_table_does_not(db: None) -> None:
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], {})
    assert Client().post(f"/t/{table.code}/again/").status_code == 403
    refused = scorer_of(table).post(f"/t/{table.code}/again/")
    assert refused.status_code == 400 and "not over yet" in refused.content.decode()
    assert Table.objects.count() == 1
    assert not Throttle.objects.filter(scope=throttle.CREATE.scope).exists()  # a refused tap counts nothing


def test_rickety_kate_names_the_next_first_dealer(db: None) -> None:
    table = services.import_table(finished_case("rickety-kate"))
    names = services.seat_names(table)
    assert services.rematch_dealer(services.snapshot(table)) == names[1]


def test_watchers_learn_of_the_next_game_from_their_poll(finished: Table) -> None:
    """Play again gives the finished table a new version, so a watcher's poll (304 while unchanged) brings the link."""
    watcher, version = Client(), finished.version
    etag = f'"{version}"'
    assert watcher.get(f"/t/{finished.code}/live/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    new = scorer_of(finished).post(f"/t/{finished.code}/again/")["Location"]
    response = watcher.get(f"/t/{finished.code}/live/", HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["ETag"] == f'"{version + 1}"'
    assert f'href="{new}"' in response.content.decode()
