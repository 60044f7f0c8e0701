"""Every game's entry forms under random posts: never a 500, and a refused write changes nothing.

The tables are made through the web with the test's client, so that client holds their scorer rights (as the
phone that created a table does); a second client without them must get 403s. Each example posts a short
sequence inside a savepoint that is rolled back afterwards, so every example starts from the same tables. The
posts and tables come from the game's strategies module (TABLES, random_posts, plausible_posts); Rickety Kate's
own cases are in test_rickety_kate.py.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from django.db import transaction
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.models import Table
from companion.services import SNAPSHOTS
from games.base import Game
from tests.property.checks import DB_PROPERTY
from tests.property.strategies import common as gen
from tests.property.strategies import examples, for_game

REFUSED = (400, 403, 404, 409)  # statuses that must leave the table as it was
HTMX = {"HTTP_HX_REQUEST": "true"}


# -- random posts ----------------------------------------------------------------------------------------------


def action_names(game: Game) -> st.SearchStrategy[str]:
    """The game's entry actions, and names no game has."""
    actions = sorted(import_module(game.web).ACTIONS)
    return st.sampled_from(actions) | st.from_regex(r"[a-z0-9_-]{1,12}", fullmatch=True) | st.text(max_size=8)


def posts(game: Game) -> st.SearchStrategy[tuple[str, dict[str, Any]]]:
    """Random fields for any action, twice as often as a plausible entry."""
    module = for_game(game)
    anything = st.tuples(action_names(game), module.random_posts())
    return st.one_of(anything, anything, module.plausible_posts())


def assert_post(client: Client, code: str, action: str, post: dict[str, Any], **extra: Any) -> int:
    table = Table.objects.get(code=code)
    before = (table.events.count(), table.version)
    response = client.post(f"/t/{code}/record/{action}/", post, **extra)
    status = response.status_code
    assert status in (200, 302, *REFUSED), status
    table.refresh_from_db()
    if status in REFUSED:
        assert (table.events.count(), table.version) == before, f"a {status} changed the table"
    return status


def assert_posts(client: Client, code: str, posts: list[tuple[str, dict[str, Any]]]) -> None:
    """Post in turn, plain and with htmx, then every page of the table still opens; all rolled back after."""
    with transaction.atomic():
        SNAPSHOTS.clear()
        for i, (action, post) in enumerate(posts):
            assert_post(client, code, action, post, **(HTMX if i % 2 else {}))
        for url in (f"/t/{code}/", f"/t/{code}/check/", f"/t/{code}/standings.json", f"/t/{code}/export.json"):
            assert client.get(url).status_code == 200, url
        transaction.set_rollback(True)


def assert_no_rights(code: str, action: str, post: dict[str, Any], header: str | None) -> None:
    """A watcher's post (and a made-up X-Kibitz-Scorer header) gets 403 or 404, never a write."""
    extra = {} if header is None else {"HTTP_X_KIBITZ_SCORER": header}
    with transaction.atomic():
        SNAPSHOTS.clear()
        status = assert_post(Client(), code, action, post, **extra)
        assert status in (403, 404)
        transaction.set_rollback(True)


def test_entry_forms_never_fail_and_refusals_change_nothing(
    game: Game, tables: dict[str, str], client: Client, rolled_back: None
) -> None:
    @settings(DB_PROPERTY, max_examples=examples(game, 120))
    @given(which=st.sampled_from(sorted(tables)), posts=st.lists(posts(game), min_size=1, max_size=4))
    def check(which: str, posts: list[tuple[str, dict[str, Any]]]) -> None:
        assert_posts(client, tables[which], posts)

    check()


def test_a_phone_without_scorer_rights_changes_nothing(game: Game, tables: dict[str, str], rolled_back: None) -> None:
    module = for_game(game)

    @settings(DB_PROPERTY, max_examples=examples(game, 40))
    @given(
        which=st.sampled_from(sorted(tables)),
        action=action_names(game),
        post=module.random_posts() | module.plausible_posts().map(lambda p: p[1]),
        header=st.none() | st.text(max_size=40),
    )
    def check(which: str, action: str, post: dict[str, Any], header: str | None) -> None:
        assert_no_rights(tables[which], action, post, header)

    check()


# -- the new-table form: what the table file refuses, the form refuses too -----------------------------------------


def assert_new_table_refused(client: Client, game: Game, post: dict[str, Any]) -> None:
    before = Table.objects.count()
    response = client.post(f"/new/{game.slug}/", post)
    assert response.status_code == 400, response.status_code
    assert Table.objects.count() == before


def test_new_table_refuses_a_name_with_an_invisible_character(db: None, client: Client, game: Game) -> None:
    """Players: "A\\u200bna" would pass for "Ana"; the new-table form refuses it and creates nothing."""
    new = for_game(game).NEW_TABLE
    seats = sorted(key for key in new if key.startswith("player_"))

    @settings(DB_PROPERTY, max_examples=examples(game, 25))
    @given(char=st.sampled_from(gen.FORMAT_CHARACTERS), seat=st.sampled_from(seats), at=st.integers(0, 3))
    def check(char: str, seat: str, at: int) -> None:
        name = new[seat]
        assert_new_table_refused(client, game, new | {seat: name[:at] + char + name[at:]})

    check()


def test_new_table_refuses_numbers_out_of_range(db: None, client: Client, game: Game) -> None:
    """Limits: each whole-number option from its low to its high (OPTION_RANGES), in the form as in a file."""
    module = for_game(game)

    @settings(DB_PROPERTY, max_examples=examples(game, 25))
    @given(data=st.data(), option=st.sampled_from(sorted(module.OPTION_RANGES)))
    def check(data: st.DataObject, option: str) -> None:
        value = data.draw(gen.outside(*module.OPTION_RANGES[option]))
        assert_new_table_refused(client, game, module.NEW_TABLE | {f"opt_{option}": str(value)})

    check()
