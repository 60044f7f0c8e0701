"""Bounded answers at the event cap (issue 16, section 4): Check plays lists one page of findings with a count
per rule, and the home page and the group CSV read the stored table summaries instead of replaying every table."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion import history, services
from companion.models import Event, Group, Table
from games import registry
from games.tablefile import MAX_EVENTS

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
LIMIT = 100_000  # bytes: no Check plays answer passes it
PAGE = 50  # findings an answer lists (companion/findings.py)


def bulk(table: Table, events: list[dict[str, Any]]) -> Table:
    """`events` written straight to the log (the fast way to a long table), the version moved past them."""
    Event.objects.bulk_create(
        (Event(table=table, seq=seq, payload=e) for seq, e in enumerate(events, start=1)), batch_size=1000
    )
    Table.objects.filter(pk=table.pk).update(version=len(events))
    table.refresh_from_db()
    return table


# -- Check plays ------------------------------------------------------------------------------------------------


def flagged_hats_turns(count: int) -> list[dict[str, Any]]:
    """A setup, then turns that are all illegal: each exchange takes a card of another type that is not lower
    (hats.exchange), every tenth is made out of turn (hats.turn-order), and from the 33rd on each is one too
    many (hats.turn-count)."""
    events: list[dict[str, Any]] = [
        {"type": "setup", "table": ["red-6", "blue-6", "green-6", "grey-6", "red-5", "blue-5"]}
    ]
    on_first = "red"
    for turn in range(count - 1):
        player = PLAYERS[(turn + (1 if turn % 10 == 9 else 0)) % 4]
        on_first = "blue" if on_first == "red" else "red"
        events.append({"type": "exchange", "player": player, "card": f"{on_first}-1", "position": 1})
    return events


@pytest.fixture
def hats_at_the_cap(db: None) -> Table:
    table = services.create_table("hats", PLAYERS, {})
    return bulk(table, flagged_hats_turns(MAX_EVENTS))


def test_check_plays_at_the_cap_is_one_page_and_a_count_per_rule(hats_at_the_cap: Table) -> None:
    """Check plays at the cap, every turn flagged: the answer stays under 100 KB (htmx and whole page) and says
    how many findings each rule has; the count on the button is all of them."""
    table = hats_at_the_cap
    flags = services.review(services.snapshot(table))
    every = {}
    for flag, _event in flags:
        every[flag.rule] = every.get(flag.rule, 0) + 1
    assert len({flag.event for flag, _e in flags}) == MAX_EVENTS - 1  # every turn is flagged
    assert set(every) == {"hats.exchange", "hats.turn-order", "hats.turn-count"}
    sheet = Client().get(f"/t/{table.code}/check/", HTTP_HX_REQUEST="true")
    page = Client().get(f"/t/{table.code}/check/")
    for answer in (sheet, page):
        text = answer.content.decode()
        assert answer.status_code == 200 and len(answer.content) < LIMIT, len(answer.content)
        for rule, n in every.items():
            assert f'data-rule-count="{rule}">{n}<' in text
        assert text.count("<li><strong>") == PAGE
        assert f"Check plays: {len(flags)} found" in re.sub(r"<[^>]+>", "", text)
        assert f'<span class="count">{len(flags)}</span>' in text


def test_check_plays_pages_through_one_rule(hats_at_the_cap: Table) -> None:
    """A rule's count opens that rule's findings, a page at a time, in log order; a page past the end is the last."""
    table = hats_at_the_cap
    order = [e.seq for f, e in services.review(services.snapshot(table)) if f.rule == "hats.turn-order"]
    text = Client().get(f"/t/{table.code}/check/?rule=hats.turn-order&page=2", HTTP_HX_REQUEST="true").content.decode()
    seqs = [int(n) for n in re.findall(r"\(log entry (\d+)\)", text)]
    assert seqs == order[PAGE : 2 * PAGE]
    assert f'start="{PAGE + 1}"' in text and "?rule=hats.turn-order&amp;page=3" in text
    last = Client().get(f"/t/{table.code}/check/?rule=hats.turn-order&page=99999").content.decode()
    tail = [int(n) for n in re.findall(r"\(log entry (\d+)\)", last)]
    assert tail and tail[-1] == order[-1] and "page=" + str(-(-len(order) // PAGE) + 1) not in last
    unknown = Client().get(f"/t/{table.code}/check/?rule=nonsense&page=x").content.decode()
    assert re.findall(r"\(log entry (\d+)\)", unknown)[0] == "2"  # every rule, first page


def test_a_legal_table_still_says_all_legal(db: None) -> None:
    table = services.create_table("hats", PLAYERS, {})
    text = Client().get(f"/t/{table.code}/check/", HTTP_HX_REQUEST="true").content.decode()
    assert "Every recorded play is legal." in text and 'class="rule-counts"' not in text


# -- the home page and the group CSV from the stored summaries --------------------------------------------------


def long_rickety_kate(hands: int, count: int) -> list[dict[str, Any]]:
    """Penalties of 1 before the first hand (they all count in it), then `hands` quick hands: a log of `count`
    events that never ends the game (to 10,000) and replays fast enough for a test. (Penalties between hands
    would each score the hand again: quadratic, minutes at the cap.)"""
    events: list[dict[str, Any]] = [
        {"type": "penalty", "player": PLAYERS[n % 4], "points": 1} for n in range(count - hands)
    ]
    for n in range(hands):
        events.append({"type": "hand", "hearts": {PLAYERS[n % 4]: 13}, "lady": PLAYERS[(n + 1) % 4]})
    return events


def long_group(tables: int) -> Group:
    group = Group.objects.create()
    for n in range(tables):
        table = services.create_table("rickety-kate", PLAYERS, {"end_score": 10_000}, group=group, title=f"T{n}")
        bulk(table, long_rickety_kate(hands=3 + n, count=MAX_EVENTS))
    return group


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every replay of a Rickety Kate log (from the start, or resumed from a kept state), by name."""
    calls: list[str] = []
    cls = type(registry.get("rickety-kate"))
    for name in ("replay", "resume"):
        original = getattr(cls, name)
        monkeypatch.setattr(
            cls, name, lambda self, *a, _o=original, _n=name, **k: calls.append(_n) or _o(self, *a, **k)
        )
    yield calls


def phone_in(group: Group) -> Client:
    phone = Client()
    phone.get(f"/g/{group.token}/")
    return phone


def load(phone: Client, path: str) -> tuple[int, bytes]:
    with CaptureQueriesContext(connection) as ctx:
        response = phone.get(path)
    assert response.status_code == 200
    return len(ctx.captured_queries), response.content


@pytest.mark.parametrize("path", ["/", "/history/tables.csv"])
def test_the_home_page_and_the_csv_replay_nothing_once_summaries_exist(db: None, replays: list[str], path: str) -> None:
    """12 tables at the cap: after their summaries are stored, the home page and the group CSV replay no table,
    in this process or a new one (the in-process cache emptied), and cost as many queries as for 2 tables."""
    big, small = long_group(12), long_group(2)
    counts = {}
    for group in (big, small):
        phone = phone_in(group)
        history.summaries(list(group.tables.all()))  # the summaries exist (the history page stores them too)
        services.SNAPSHOTS.clear()
        history.SUMMARIES.clear()  # a new process: only the stored rows
        replays.clear()
        counts[group.pk], body = load(phone, path)
        assert replays == [], f"{path} replayed {len(replays)} times"
        warm, _ = load(phone, path)
        assert replays == [] and warm <= counts[group.pk]
    assert counts[big.pk] == counts[small.pk], counts
    assert counts[big.pk] <= 12
    if path == "/":
        assert body.decode().count("Leading: ") == 2
    else:  # one row per hand and player, the running totals as the replay gives them
        rows = list(csv.reader(io.StringIO(body.decode())))
        assert len(rows) == 1 + 4 * (3 + 4)  # the small group: 3 and 4 hands
        last = services.snapshot(Table.objects.get(group=small, title="T1")).standings.totals
        assert [int(r[8]) for r in rows[-4:]] == [last[p] for p in PLAYERS]


def test_the_home_page_says_what_the_snapshot_said(db: None) -> None:
    """The home page's lines read from the summary what they read from a replay: the leader and the total, the
    winners, nothing scored yet, and where a broken log stops."""
    group = Group.objects.create()
    lead = services.create_table("rickety-kate", PLAYERS, {}, group=group)
    services.append(lead, [{"type": "hand", "hearts": {"Ana": 4, "Ben": 9}, "lady": "Dan"}])
    services.create_table("rickety-kate", PLAYERS, {}, group=group)
    won = services.create_table("rickety-kate", PLAYERS, {"end_score": 10}, group=group)
    services.append(won, [{"type": "hand", "hearts": {"Ana": 8, "Ben": 4, "Cleo": 1}, "lady": "Ben"}])
    broken = services.create_table("rickety-kate", PLAYERS, {}, group=group)
    bulk(broken, [{"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}, {"type": "hand", "hearts": {"Ana": 99}}])
    text = re.sub(r"\s+", " ", phone_in(group).get("/").content.decode())
    assert "Leading: Cleo (0)" in text
    assert "Nothing scored yet" in text
    assert "Won by Dan" in text
    assert "History stops at entry 2" in text
    stored = history.summaries([broken, won])
    assert (stored[broken.pk].broken_at, stored[won.pk].leaders) == (2, (("Dan",),))
