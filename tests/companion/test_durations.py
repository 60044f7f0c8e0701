"""A table's playing time (companion/durations.py): the gap rule, the events' own times reaching the summary, the
BG Stats field and where the pages show it."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import translation

from companion import durations, exports, history, services
from companion.models import Event, Table
from tests.companion.history_golden import OPTIONS, hand

START = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
MIN = 60.0


def test_a_gap_over_thirty_minutes_is_left_out() -> None:
    t0 = START.timestamp()
    # 10 min of play, a 31-minute break, 5 more: the break is left out.
    assert durations.playing_seconds([t0, t0 + 10 * MIN, t0 + 41 * MIN, t0 + 46 * MIN]) == 15 * 60
    # a 29-minute pause is play (someone dealt slowly): it counts.
    assert durations.playing_seconds([t0, t0 + 10 * MIN, t0 + 39 * MIN, t0 + 44 * MIN]) == 44 * 60
    # exactly thirty minutes still counts: only a gap *over* GAP is a break.
    assert durations.playing_seconds([t0, t0 + 30 * MIN]) == 30 * 60
    assert durations.playing_seconds([t0, t0 + MIN, t0 + 31 * MIN + 1]) == 60  # a second over: a break
    # an evening a week later: only the two evenings' play.
    assert durations.playing_seconds([t0, t0 + 20 * MIN, t0 + 7 * 86400, t0 + 7 * 86400 + 25 * MIN]) == 45 * 60


def test_an_unknown_playing_time_is_none() -> None:
    t0 = START.timestamp()
    assert durations.playing_seconds([]) is None
    assert durations.playing_seconds([t0]) is None
    assert durations.playing_seconds([t0, t0, t0]) is None  # an imported table: every row written at once
    assert durations.playing_seconds([None, t0, None]) is None


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(None, ""), (20, "1 min"), (45 * 60, "45 min"), (60 * 60, "1 h"), (80 * 60, "1 h 20 min"), (7290, "2 h 2 min")],
)
def test_the_playing_time_as_shown(seconds: int | None, shown: str) -> None:
    assert durations.text(seconds) == shown


def test_the_playing_time_in_german() -> None:
    with translation.override("de"):
        assert durations.text(80 * 60) == "1 Std. 20 Min."


def timed(minutes: list[float]) -> Table:
    """A finished Rickety Kate table whose live events were written `minutes` after START (an undone one
    between, which does not count)."""
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], OPTIONS, title="Timed")
    services.append(table, [hand("Cleo", Ana=5, Ben=4, Cleo=4)])
    services.append(table, [hand("Ben", Ben=13)])
    services.undo(table)
    services.append(table, [hand("Ana", Ana=4, Ben=9, Cleo=0)])
    live = Event.objects.filter(table=table, retracted=False).order_by("seq")
    assert live.count() == len(minutes)
    for event, at in zip(live, minutes, strict=True):
        Event.objects.filter(pk=event.pk).update(created=START + timedelta(minutes=at))
    Event.objects.filter(table=table, retracted=True).update(created=START + timedelta(days=3))
    services.SNAPSHOTS.clear()
    history.SUMMARIES.clear()
    table.refresh_from_db()
    return table


def test_the_summary_carries_the_live_events_playing_time(db: None) -> None:
    assert history.summary(timed([0, 29])).duration == 29 * 60
    assert history.summary(timed([0, 31])).duration is None  # one gap, left out: nothing was played between


def test_a_write_carries_its_time_into_the_summary(db: None) -> None:
    """The snapshot a write makes holds the events' times too (no re-read): the table page shows them."""
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], OPTIONS)
    services.append(table, [hand("Cleo", Ana=5, Ben=4, Cleo=4)])
    snap = services.append(table, [hand("Ana", Ana=4, Ben=9, Cleo=0)])
    times = [e.at for e in snap.live]
    assert all(t is not None and abs(t - time.time()) < 60 for t in times)
    assert snap.live == services.snapshot(Table.objects.get(pk=table.pk)).live  # what a reader gets, too


def test_bg_stats_gets_the_playing_time_in_minutes(db: None) -> None:
    table = timed([0, 25])
    play = exports.bg_stats_play(services.snapshot(table))
    assert play["durationMin"] == 25
    table = timed([0, 45])  # all break: unknown, so BG Stats gets no duration rather than a wrong one
    assert "durationMin" not in exports.bg_stats_play(services.snapshot(table))


def test_the_history_list_and_the_table_page_show_it(db: None) -> None:
    table = timed([0, 80])
    assert history.summary(table).duration is None
    table = timed([0, 20])
    phone = Client()
    phone.get(f"/g/{table.group.token}/")
    listed = phone.get("/history/").content.decode()
    assert '· <span title="Playing time">20 min</span>' in listed
    page = Client().get(f"/t/{table.code}/").content.decode()
    assert "Playing time: 20 min" in page


def test_the_player_page_averages_the_playing_time(db: None) -> None:
    first = timed([0, 10])
    second = timed([0, 30])
    Table.objects.filter(pk=second.pk).update(group=first.group)
    history.SUMMARIES.clear()
    phone = Client()
    phone.get(f"/g/{first.group.token}/")
    page = phone.get("/history/player/Ana/").content.decode()
    assert "<dt>Average playing time</dt><dd>20 min</dd>" in page  # per game: (10 + 30) / 2
    assert "Average playing time of a finished table: 20 min" in page  # over all the player's tables
