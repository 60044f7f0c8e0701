"""A player's numbers (companion/stats.py over companion/history.py summaries) against the hand-worked group in
history_golden.py."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion import history, stats
from companion.models import Table
from tests.companion.history_golden import build


@pytest.fixture
def tables(db: None) -> dict[str, Table]:
    history.SUMMARIES.clear()
    return build()


def played(tables: dict[str, Table]) -> list[tuple[Table, history.Summary]]:
    ordered = [tables[t] for t in ("T1", "T2", "T3", "T4")]
    found = history.summaries(ordered)
    return [(t, found[t.pk]) for t in ordered]


def test_summaries_hold_the_hand_worked_outcomes(tables: dict[str, Table]) -> None:
    by_title = {t.title: s for t, s in played(tables)}
    t1 = by_title["T1"]
    assert t1.totals == (15, 5, 9, 23) and t1.places == (3, 1, 2, 4) and t1.winners == ("Ben",)
    assert t1.progression == ((0, 3, 7, 16), (15, 5, 9, 23)) and t1.end_score == 20 and t1.counts
    assert by_title["T2"].places == (4, 1, 1, 1) and set(by_title["T2"].winners) == {"Ben", "Cleo", "Dan"}
    assert by_title["T3"].totals == (22, 13, 17) and by_title["T3"].places == (3, 1, 2)
    assert not by_title["T4"].finished and not by_title["T4"].counts


def test_ben_wins_every_finished_table(tables: dict[str, Table]) -> None:
    (ben,) = stats.records("Ben", played(tables))
    assert (ben.played, ben.won, ben.win_rate) == (3, 3, Fraction(1))
    assert ben.average == Fraction(5 + 0 + 13, 3)
    assert ben.best is not None and ben.best[0] == 0 and ben.best[1].title == "T2"  # lowest wins
    assert (ben.streaks.best, ben.streaks.current) == (3, 3)
    assert ben.places == {1: 3}
    own = {s.label: s for s in ben.stats}
    assert own["Hearts per hand"].value == Fraction(3 + 2 + 0 + 4 + 9, 5)
    assert own["Ladies taken"].value == 0 and own["Moons shot"].value == 0


def test_ana_is_last_or_third(tables: dict[str, Table]) -> None:
    (ana,) = stats.records("Ana", played(tables))
    assert (ana.played, ana.won, ana.win_rate) == (3, 0, Fraction(0))
    assert ana.average == Fraction(15 + 26 + 22, 3) == Fraction(21)
    assert ana.best is not None and ana.best[0] == 15 and ana.best[1].title == "T1"
    assert (ana.streaks.best, ana.streaks.current) == (0, 0)
    assert ana.places == {3: 2, 4: 1}
    own = {s.label: s for s in ana.stats}
    assert (own["Hearts per hand"].total, own["Hearts per hand"].per) == (0 + 2 + 13 + 5 + 4, 5)
    assert own["Ladies taken"].value == 3


def test_head_to_head(tables: dict[str, Table]) -> None:
    (ana,) = stats.records("Ana", played(tables))
    assert [(v.other, v.tables, v.ahead, v.behind, v.even) for v in ana.versus] == [
        ("Ben", 3, 0, 3, 0),
        ("Cleo", 3, 0, 3, 0),
        ("Dan", 2, 1, 1, 0),  # T1 Ana 3rd, Dan 4th; T2 Dan shares the win
    ]
    (ben,) = stats.records("Ben", played(tables))
    assert next(v for v in ben.versus if v.other == "Cleo") == stats.Versus("Cleo", 3, 2, 0, 1)


def test_streaks_count_runs_in_order() -> None:
    assert stats.streaks([True, True, False, True]) == stats.Streaks(2, 1)
    assert stats.streaks([False, True, True, True]) == stats.Streaks(3, 3)
    assert stats.streaks([]) == stats.Streaks(0, 0)


def test_a_summary_is_derived_again_at_a_new_version(tables: dict[str, Table]) -> None:
    from companion import services

    t4 = tables["T4"]
    before = history.summary(t4)
    services.append(t4, [{"type": "hand", "hearts": {"Ana": 13}, "lady": "Ana"}])  # Ana 26: over, Dan wins
    after = history.summary(t4)
    assert before.totals == (0, 13, 13, 0) and after.totals == (26, 13, 13, 0)
    assert after.finished and after.winners == ("Dan",)


def test_stored_summaries_serve_a_new_process_in_one_query(tables: dict[str, Table], django_assert_num_queries) -> None:
    ordered = list(Table.objects.order_by("pk"))
    history.summaries(ordered)
    history.SUMMARIES.clear()  # a new process: only the stored rows
    with django_assert_num_queries(1):
        again = history.summaries(ordered)
    assert again[tables["T1"].pk].totals == (15, 5, 9, 23)


def test_a_games_place_counters_become_the_round_placement_spread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose stats count places within rounds ("place-1", ...) gets them as a spread, not as numbers."""
    from games.base import StatInfo
    from games.rickety_kate import GAME

    info = (StatInfo("place-1", "Went out 1st"), StatInfo("place-2", "Went out 2nd"), StatInfo("rounds", "Rounds"))
    monkeypatch.setattr(GAME, "stat_info", lambda: info)
    summary = history.Summary(
        players=("Ana", "Ben"),
        totals=(1, 2),
        places=(1, 2),
        winners=("Ana",),
        finished=True,
        broken=False,
        lowest_wins=True,
        progression=((1, 2),),
        end_score=None,
        stats={"Ana": {"place-1": 2, "place-2": 1, "rounds": 3}, "Ben": {"place-1": 1, "place-2": 2, "rounds": 3}},
    )
    table = history.Ref(1, "c", 1, "rickety-kate", "", "", __import__("datetime").date(2026, 1, 1))
    (ana,) = stats.records("Ana", [(table, summary)])
    assert ana.round_places == {1: 2, 2: 1}
    assert [s.label for s in ana.stats] == ["Rounds"]


def test_a_summary_stored_by_other_game_code_is_derived_again(tables: dict[str, Table]) -> None:
    """After an upgrade that changes the games' code, a stored summary is not trusted: it is derived anew."""
    from companion.models import TableSummary

    t1 = tables["T1"]
    history.summary(t1)
    stored = TableSummary.objects.get(table=t1)
    TableSummary.objects.filter(pk=stored.pk).update(rules="old-code", data={**stored.data, "totals": [0, 0, 0, 0]})
    history.SUMMARIES.clear()
    assert history.summary(t1).totals == (15, 5, 9, 23)
    assert TableSummary.objects.get(table=t1).rules == history.RULES
