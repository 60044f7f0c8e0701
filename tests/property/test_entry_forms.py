"""The Rickety Kate entry forms under random posts: never a 500, and a refused write changes nothing.

The tables are made through the web with the test's client, so that client holds their scorer rights (as the
phone that created a table does); a second client without them must get 403s. Each example posts a short
sequence inside a savepoint that is rolled back afterwards, so every example starts from the same tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.models import Table
from companion.services import SNAPSHOTS
from tests.property import strategies as gen
from tests.property.checks import DB_PROPERTY

NEW_TABLE = {
    "player_0": "Ana",
    "player_1": "Ben",
    "player_2": "Cleo",
    "player_3": "Dan",
    "opt_end_score": "100",
    "opt_moon": "new",
    "opt_passing": "rotate",
    "opt_tie": "playoff",
    "opt_revoke_points": "13",
    "opt_hearts_must_be_broken": "on",
}
ACTIONS = ("hand", "trick", "pass", "penalty", "deal")
REFUSED = (400, 403, 404, 409)  # statuses that must leave the table as it was
HTMX = {"HTTP_HX_REQUEST": "true"}


def new_table(client: Client, **changes: str) -> str:
    response = client.post("/new/rickety-kate/", NEW_TABLE | changes)
    assert response.status_code == 302, response.content.decode()[:500]
    return response["Location"].rstrip("/").rsplit("/", 1)[-1]


def record(client: Client, code: str, action: str, data: dict[str, Any]) -> None:
    response = client.post(f"/t/{code}/record/{action}/", data)
    assert response.status_code == 302, response.content.decode()[:2000]


@pytest.fixture
def tables(db: None, client: Client) -> dict[str, str]:
    """Four tables in different states, all scored by `client`."""
    fresh = new_table(client)
    tricks = new_table(client)
    record(client, tricks, "trick", {"leader": "0", "card-0": "2C", "card-1": "3C", "card-2": "4C", "card-3": "5C"})
    playoff = new_table(client, opt_end_score="1")
    record(client, playoff, "hand", {"hearts-2": "6", "hearts-3": "7", "lady-0": "3"})  # Ana and Ben tie on 0
    over = new_table(client, opt_end_score="1")
    record(client, over, "hand", {"hearts-0": "1", "hearts-1": "2", "hearts-2": "3", "hearts-3": "7", "lady-0": "3"})
    return {"fresh": fresh, "tricks": tricks, "playoff": playoff, "over": over}


@pytest.fixture
def rolled_back(db: None) -> Iterator[None]:
    yield
    SNAPSHOTS.clear()


# -- random posts ----------------------------------------------------------------------------------------------

SEATS = st.sampled_from(["0", "1", "2", "3"])
# Digits that str.isdigit() accepts and int() does not, and numbers too long for int(): the form fields that
# hold numbers and seat indices must refuse them, not fail.
ODD_DIGITS = st.sampled_from(["²", "³", "١", "٣", "①", "1_000", "9" * 30, "9" * 5000, " 1", "1 ", "-0", "+1"])
NUMBER_TEXT = st.one_of(
    st.sampled_from(["0", "1", "3", "6", "7", "13", "14", "-1", "-200", "200", "201", " 5 ", "+4", "1e3", "0x1"]),
    st.sampled_from(["", "  ", "abc", "NaN", "None", "3.0", "1\n"]),
    ODD_DIGITS,
    st.integers(-300, 300).map(str),
    st.text(max_size=6),
)
CARDS = st.one_of(
    st.sampled_from(gen.CARD_TEXTS),
    st.sampled_from(gen.CARD_TEXTS).map(str.lower),
    st.sampled_from(gen.BAD_CARD_TEXTS),
    st.text(max_size=4),
)
FIELDS: dict[str, st.SearchStrategy[Any]] = {
    **{f"hearts-{i}": NUMBER_TEXT for i in range(6)},
    **{f"lady-{k}": SEATS | NUMBER_TEXT for k in range(3)},
    **{f"card-{i}": CARDS for i in range(6)},
    **{f"pass-{i}": st.lists(CARDS, max_size=4) for i in range(5)},
    **{f"bonus-{card}-{k}": SEATS | NUMBER_TEXT for card in ("JD", "10D") for k in range(2)},
    "leader": SEATS | NUMBER_TEXT,
    "player": SEATS | NUMBER_TEXT,
    "dealer": SEATS | NUMBER_TEXT,
    "points": NUMBER_TEXT,
    "reason": st.sampled_from(["revoke", "late", "", "  ", "nul\x00", "x" * 200]) | st.text(max_size=100),
    "when": st.sampled_from(["next", "last", ""]) | st.text(max_size=5),
    "moon": st.sampled_from(["add", "subtract", ""]) | st.text(max_size=5),
    "version": NUMBER_TEXT,
    "key": st.text(max_size=70),
}


@st.composite
def random_posts(draw: st.DrawFn) -> dict[str, Any]:
    """Any mix of the entry forms' fields (and others), each with a random string, number or card."""
    keys = draw(st.lists(st.sampled_from(sorted(FIELDS)) | st.text(max_size=10), max_size=10, unique=True))
    return {key: draw(FIELDS.get(key, NUMBER_TEXT)) for key in keys}


@st.composite
def plausible_posts(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A quick hand that adds up or a trick of four real cards: the posts that move a table along."""
    if draw(st.booleans()):
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
        post = {f"hearts-{i}": str(n) for i, n in enumerate(shares)} | {"lady-0": draw(SEATS)}
        if draw(st.booleans()):
            post["moon"] = draw(st.sampled_from(["add", "subtract"]))
        action = "hand"
    else:
        cards = draw(st.lists(st.sampled_from(gen.CARD_TEXTS), min_size=4, max_size=4, unique=True))
        post = {"leader": draw(SEATS)} | {f"card-{i}": card for i, card in enumerate(cards)}
        action = "trick"
    if draw(st.booleans()):  # one field off: a seat, a count or the version as odd digits or junk
        key = draw(st.sampled_from([*post, "version", "version"]))
        post[key] = draw(ODD_DIGITS | NUMBER_TEXT | st.sampled_from(["0", "1", "2", "3"]))
    return action, post


ACTION_NAMES = st.sampled_from(ACTIONS) | st.from_regex(r"[a-z0-9_-]{1,12}", fullmatch=True) | st.text(max_size=8)
POSTS = st.one_of(st.tuples(ACTION_NAMES, random_posts()), st.tuples(ACTION_NAMES, random_posts()), plausible_posts())


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


TRICK = {"leader": "0", "card-0": "6C", "card-1": "7C", "card-2": "8C", "card-3": "9C"}


@settings(DB_PROPERTY, max_examples=120)
@given(which=st.sampled_from(["fresh", "tricks", "playoff", "over"]), posts=st.lists(POSTS, min_size=1, max_size=4))
@example(which="over", posts=[("hand", {}), ("trick", {}), ("pass", {}), ("penalty", {"player": "0", "when": "next"})])
@example(which="tricks", posts=[("trick", TRICK | {"leader": "²"}), ("trick", TRICK | {"version": "9" * 5000})])
@example(which="fresh", posts=[("penalty", {"player": "1", "points": "3", "reason": "nul\x00"})])
def test_entry_forms_never_fail_and_refusals_change_nothing(
    tables: dict[str, str], client: Client, rolled_back: None, which: str, posts: list[tuple[str, dict[str, Any]]]
) -> None:
    code = tables[which]
    with transaction.atomic():
        SNAPSHOTS.clear()
        for i, (action, post) in enumerate(posts):
            assert_post(client, code, action, post, **(HTMX if i % 2 else {}))
        for url in (f"/t/{code}/", f"/t/{code}/check/", f"/t/{code}/standings.json", f"/t/{code}/export.json"):
            assert client.get(url).status_code == 200, url
        transaction.set_rollback(True)


@settings(DB_PROPERTY, max_examples=40)
@given(
    which=st.sampled_from(["fresh", "tricks", "playoff", "over"]),
    action=ACTION_NAMES,
    post=random_posts() | plausible_posts().map(lambda p: p[1]),
    header=st.none() | st.text(max_size=40),
)
@example(which="fresh", action="hand", post={"hearts-0": "13", "lady-0": "0"}, header="\x80")
def test_a_phone_without_scorer_rights_changes_nothing(
    tables: dict[str, str], rolled_back: None, which: str, action: str, post: dict[str, Any], header: str | None
) -> None:
    """A watcher's posts (and a made-up X-Kibitz-Scorer header) get 403 or 404, never a write."""
    extra = {} if header is None else {"HTTP_X_KIBITZ_SCORER": header}
    with transaction.atomic():
        SNAPSHOTS.clear()
        status = assert_post(Client(), tables[which], action, post, **extra)
        assert status in (403, 404)
        transaction.set_rollback(True)


# -- the new-table form: what the table file refuses, the form refuses too -----------------------------------------


def assert_new_table_refused(client: Client, post: dict[str, Any]) -> None:
    before = Table.objects.count()
    response = client.post("/new/rickety-kate/", post)
    assert response.status_code == 400, response.status_code
    assert Table.objects.count() == before


@settings(DB_PROPERTY, max_examples=25)
@given(char=st.sampled_from(gen.FORMAT_CHARACTERS), seat=st.integers(0, 3), at=st.integers(0, 3))
def test_new_table_refuses_a_name_with_an_invisible_character(
    db: None, client: Client, char: str, seat: int, at: int
) -> None:
    """Players: "A\\u200bna" would pass for "Ana"; the new-table form refuses it and creates nothing."""
    name = NEW_TABLE[f"player_{seat}"]
    assert_new_table_refused(client, NEW_TABLE | {f"player_{seat}": name[:at] + char + name[at:]})


@settings(DB_PROPERTY, max_examples=25)
@given(data=st.data(), option=st.sampled_from(["end_score", "revoke_points"]))
def test_new_table_refuses_numbers_out_of_range(db: None, client: Client, data: st.DataObject, option: str) -> None:
    """Limits: end_score 1 to 10000 and revoke_points 1 to 1000, in the form as in a table file."""
    from games.rickety_kate.options import NUMBER_RANGES

    value = data.draw(gen.outside(*NUMBER_RANGES[option]))
    assert_new_table_refused(client, NEW_TABLE | {f"opt_{option}": str(value)})
