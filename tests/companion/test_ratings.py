"""Ratings (companion/ratings.py) against figures worked out from the Plackett–Luce update as openskill documents
it (Weng and Lin 2011, Algorithm 4), written out below without the library; then what re-rates (a reordered or
undone table), ties, Hats' teams, the tables that do not count, and the pages that show them."""

from __future__ import annotations

import json
import math
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from companion import history, ratings, services
from companion.models import Group, Table
from tests.companion.history_golden import build

# The model's documented defaults.
MU, SIGMA = 25.0, 25.0 / 3.0
BETA, TAU, KAPPA = 25.0 / 6.0, 25.0 / 300.0, 0.0001

Side = list[tuple[str, float, float]]  # a team: (player, mu, sigma) of each member


def documented_update(sides: list[Side], ranks: list[int]) -> dict[str, tuple[float, float]]:
    """One table's update, step by step as documented; lower rank is better, equal ranks a tie.

    1. Each player's sigma grows by tau first: sigma² + tau².
    2. A side's mu is its members' summed mu, its sigma² their summed sigma².
    3. c = sqrt(Σ over sides q of (sigma_q² + beta²)).
    4. For each side q: S_q = Σ over sides s ranked at or below q (r(s) >= r(q)) of exp(mu_s / c), and A_q the
       number of sides sharing q's rank.
    5. For side i, over the sides q ranked at or above it (r(q) <= r(i)), with p = exp(mu_i / c) / S_q:
       omega_i = sigma_i² / c · Σ ((1 if q is i else 0) - p) / A_q
       delta_i = gamma_i · sigma_i² / c² · Σ p (1 - p) / A_q, with gamma_i = sigma_i / c.
    6. Each member j of side i: mu_j += sigma_j² / sigma_i² · omega_i and
       sigma_j *= sqrt(max(1 - sigma_j² / sigma_i² · delta_i, kappa)).
    """
    grown = [[(p, mu, math.sqrt(s * s + TAU * TAU)) for p, mu, s in side] for side in sides]
    team_mu = [sum(mu for _p, mu, _s in side) for side in grown]
    team_s2 = [sum(s * s for _p, _mu, s in side) for side in grown]
    c = math.sqrt(sum(s2 + BETA * BETA for s2 in team_s2))
    k = range(len(sides))
    big_s = [sum(math.exp(team_mu[s] / c) for s in k if ranks[s] >= ranks[q]) for q in k]
    a = [sum(1 for s in k if ranks[s] == ranks[q]) for q in k]
    out = {}
    for i in k:
        omega = delta = 0.0
        for q in k:
            if ranks[q] <= ranks[i]:
                p = math.exp(team_mu[i] / c) / big_s[q]
                omega += ((1.0 if q == i else 0.0) - p) / a[q]
                delta += p * (1 - p) / a[q]
        omega *= team_s2[i] / c
        delta *= (math.sqrt(team_s2[i]) / c) * team_s2[i] / c**2
        for p, mu, s in grown[i]:
            share = s * s / team_s2[i]
            out[p] = (mu + share * omega, s * math.sqrt(max(1 - share * delta, KAPPA)))
    return out


def by_hand(tables: list[list[tuple[str, ...] | str]], places: list[list[int]]) -> dict[str, tuple[float, float]]:
    """The documented update applied table after table from the default rating."""
    now: dict[str, tuple[float, float]] = {}
    for sides, ranks in zip(tables, places, strict=True):
        teams = [[(p, *now.get(p, (MU, SIGMA))) for p in ((s,) if isinstance(s, str) else s)] for s in sides]
        now |= documented_update(teams, ranks)
    return now


def test_the_first_table_of_two_fresh_players_by_hand() -> None:
    """sigma² = (25/3)² + (1/12)² = 69.45139; c = sqrt(2 (69.45139 + (25/6)²)) = sqrt(173.625) = 13.17668.
    Both means equal, so p = 1/2 for the winner at its own rank: omega = (1 - 1/2) · 69.45139 / 13.17668 =
    2.63539; delta = (8.33375 / 13.17668) · 69.45139 / 173.625 · 1/4 = 0.063246. The winner's mu 27.63539 and
    sigma 8.33375 · sqrt(1 - 0.063246) = 8.06590; the loser the mirror: mu 22.36461, the same sigma."""
    board = ratings.rate("x", [(1, summary(["Ana", "Ben"], [1, 2]))])
    ana, ben = board.ratings["Ana"], board.ratings["Ben"]
    assert (ana.mu, ana.sigma) == pytest.approx((27.63539, 8.06590), abs=1e-5)
    assert (ben.mu, ben.sigma) == pytest.approx((22.36461, 8.06590), abs=1e-5)
    assert ana.shown == round(27.63539 - 3 * 8.06590) == 3 and ben.shown == -2
    assert board.changes[1] == (
        ratings.Change("Ana", MU - 3 * SIGMA, ana.conservative),
        ratings.Change("Ben", MU - 3 * SIGMA, ben.conservative),
    )


def summary(
    players: list[str], places: list[int], *, finished: bool = True, broken: bool = False, teams: tuple = ()
) -> history.Summary:
    return history.Summary(
        players=tuple(players),
        totals=tuple(0 for _p in players),
        places=tuple(places),
        winners=tuple(p for p, place in zip(players, places, strict=True) if place == 1),
        finished=finished,
        broken=broken,
        lowest_wins=True,
        progression=(),
        end_score=None,
        stats={},
        teams=teams,
    )


def test_ties_share_a_place() -> None:
    """Ana and Ben tie for first, Cleo last: the two tied rise alike (the same update from the same rating)."""
    board = ratings.rate("x", [(1, summary(["Ana", "Ben", "Cleo"], [1, 1, 3]))])
    expected = by_hand([["Ana", "Ben", "Cleo"]], [[1, 1, 3]])
    for player, (mu, sigma) in expected.items():
        assert (board.ratings[player].mu, board.ratings[player].sigma) == pytest.approx((mu, sigma))
    assert board.ratings["Ana"] == board.ratings["Ben"] and board.ratings["Ana"].mu > MU > board.ratings["Cleo"].mu
    level = ratings.rate("x", [(1, summary(["Ana", "Ben"], [1, 1]))])  # a draw between equals moves no mean
    assert level.ratings["Ana"].mu == pytest.approx(MU) and level.ratings["Ana"].sigma < SIGMA


def test_tables_that_do_not_count_are_passed_over() -> None:
    tables = [
        (1, summary(["Ana", "Ben"], [1, 2])),
        (2, summary(["Ana", "Ben"], [2, 1], finished=False)),
        (3, summary(["Ana", "Ben"], [2, 1], broken=True)),
    ]
    board = ratings.rate("x", tables)
    assert list(board.changes) == [1] and board.ratings["Ana"].tables == 1
    assert board.ratings == ratings.rate("x", tables[:1]).ratings


@pytest.fixture
def golden(db: None) -> dict[str, Table]:
    """T1 Ben, Cleo, Ana, Dan; T2 Ben, Cleo and Dan share first, Ana last; T3 Ben, Cleo, Ana; T4 unfinished
    (tests/companion/history_golden.py)."""
    history.SUMMARIES.clear()
    ratings.clear()
    return build()


T1 = (["Ana", "Ben", "Cleo", "Dan"], [3, 1, 2, 4])
T2 = (["Ana", "Ben", "Cleo", "Dan"], [4, 1, 1, 1])
T3 = (["Ana", "Ben", "Cleo"], [3, 1, 2])


def expect(board: ratings.Board, *played: tuple[list[str], list[int]]) -> None:
    hand = by_hand([list(p) for p, _r in played], [r for _p, r in played])
    assert set(board.ratings) == set(hand)
    for player, (mu, sigma) in hand.items():
        assert (board.ratings[player].mu, board.ratings[player].sigma) == pytest.approx((mu, sigma), abs=1e-9)


def test_a_small_group_by_hand(golden: dict[str, Table]) -> None:
    board = ratings.boards(golden["T1"].group)["rickety-kate"]
    expect(board, T1, T2, T3)
    # T1 alone: four fresh players, equal means, so exp(mu / c) is the same E for all; c = sqrt(4 · 86.8125) =
    # 18.63464 and sigma² / c = 69.45139 / 18.63464 = 3.72700. S is 4E at rank 1, 3E at 2, 2E at 3, E at 4.
    # Ben (first) sees only his own rank: omega = (1 - 1/4) · 3.72700 = 2.79525, mu 27.79525. Dan (last) sees
    # all four: omega = -(1/4 + 1/3 + 1/2) · 3.72700 + (1 - 1) · 3.72700 = -4.03758, mu 20.96242. Cleo (second)
    # omega = (-1/4 + 2/3) · 3.72700 = 1.55292, mu 26.55292; Ana (third) (-1/4 - 1/3 + 1/2) · 3.72700 = -0.31058.
    first = by_hand([T1[0]], [T1[1]])
    assert [first[p][0] for p in ("Ben", "Cleo", "Ana", "Dan")] == pytest.approx(
        [27.79525, 26.55292, 24.68942, 20.96242], abs=1e-5
    )
    assert ratings.rate("x", [(1, summary(*T1))]).ratings["Dan"].mu == pytest.approx(20.96242, abs=1e-5)
    assert [r.tables for r in board.ratings.values()] == [3, 3, 3, 2]  # Ana Ben Cleo Dan; Dan missed T3
    assert board.leaderboard()[0][0] == "Ben"
    assert golden["T4"].pk not in board.changes  # not finished
    t3 = dict((c.player, c) for c in board.changes[golden["T3"].pk])
    assert t3["Ben"].after == pytest.approx(board.ratings["Ben"].conservative) and t3["Ben"].after > t3["Ben"].before


def test_a_reordered_table_re_rates(golden: dict[str, Table]) -> None:
    group = golden["T1"].group
    before = ratings.boards(group)["rickety-kate"]
    first = golden["T1"].created - timedelta(days=1)
    Table.objects.filter(pk=golden["T3"].pk).update(created=first)  # T3 was played first after all
    after = ratings.boards(group)["rickety-kate"]
    assert after.ratings != before.ratings
    expect(after, T3, T1, T2)


def test_an_undone_table_re_rates(golden: dict[str, Table]) -> None:
    group = golden["T1"].group
    assert golden["T3"].pk in ratings.boards(group)["rickety-kate"].changes
    services.undo(golden["T3"])  # its last hand taken back: T3 is no longer finished
    board = ratings.boards(group)["rickety-kate"]
    assert golden["T3"].pk not in board.changes
    expect(board, T1, T2)


def test_a_corrected_table_re_rates(golden: dict[str, Table]) -> None:
    group, t3 = golden["T1"].group, golden["T3"]
    snap = services.snapshot(t3)
    last = snap.live[-1].seq
    services.correct(t3, last, {"type": "hand", "hearts": {"Ana": 0, "Ben": 9, "Cleo": 4}, "lady": "Ben"})
    # now Ana 5 + 0, Ben 4 + 22 = 26, Cleo 17 + 4 = 21: Ben passed 20; Ana first, Cleo second, Ben last
    assert history.summary(Table.objects.get(pk=t3.pk)).places == (1, 3, 2)
    expect(ratings.boards(group)["rickety-kate"], T1, T2, (T3[0], [1, 3, 2]))


CASES = Path(__file__).resolve().parents[1] / "cases"


def test_hats_with_four_players_rates_the_teams(db: None) -> None:
    """Ana and Cleo against Ben and Dan (tests/cases/hats-4p-quick-teams.json): Ben and Dan win as a team."""
    group = Group.objects.create(name="Hats")
    data = json.loads((CASES / "hats-4p-quick-teams.json").read_text(encoding="utf-8"))
    table = services.import_table(data, group=group)
    s = history.summary(table)
    assert s.teams == (("Ana", "Cleo"), ("Ben", "Dan")) and s.places == (2, 1, 2, 1)
    board = ratings.boards(group)["hats"]
    expect(board, ([("Ana", "Cleo"), ("Ben", "Dan")], [2, 1]))  # type: ignore[list-item]
    assert board.ratings["Ben"] == board.ratings["Dan"] and board.ratings["Ana"] == board.ratings["Cleo"]
    # two teams of two fresh players: each member gets half the team's gain (sigma_j² / sigma_team² = 1/2)
    alone = by_hand([["Ana", "Ben"]], [[2, 1]])
    assert board.ratings["Ben"].mu - MU < alone["Ben"][0] - MU


def phone(group: Group) -> Client:
    client = Client()
    client.get(f"/g/{group.token}/")
    return client


def test_the_leaderboard_page(golden: dict[str, Table]) -> None:
    group = golden["T1"].group
    page = phone(group).get("/history/ratings/").content.decode()
    board = ratings.boards(group)["rickety-kate"]
    rows = re.findall(
        r'<th scope="row"><a href="/history/player/(\w+)/">\w+</a>(.*?)</th><td class="num">(−?\d+)', page
    )
    shown = [(n, int(text.replace("−", "-"))) for n, _p, text in rows]
    assert shown == [(n, r.shown) for n, r in board.leaderboard()]
    assert any(shown.startswith("−") for _n, _p, shown in rows)  # a minus sign, not a hyphen
    assert all("provisional" in p for _n, p, _s in rows)  # three tables at most: under five
    assert phone(group).get("/history/").content.decode().count('href="/history/ratings/"') == 1
    assert Client().get("/history/ratings/").status_code == 404  # only a phone in the group


def test_the_table_page_shows_each_players_change(golden: dict[str, Table]) -> None:
    t3 = golden["T3"]
    page = Client().get(f"/t/{t3.code}/").content.decode()
    assert "Rating changes" in page
    for change in ratings.changes(Table.objects.get(pk=t3.pk)):
        assert f'<span class="who">{change.player}</span> <span class="num">{change.text[0]} → {change.text[1]}' in page
    assert "Rating changes" not in Client().get(f"/t/{golden['T4'].code}/").content.decode()


def test_the_player_page_draws_the_rating_over_time(golden: dict[str, Table]) -> None:
    page = phone(golden["T1"].group).get("/history/player/Ben/").content.decode()
    chart = re.search(r'<svg[^>]*class="chart rating".*?</svg>', page, re.S)
    assert chart is not None
    assert '<title id="rt-rickety-kate-t">Ben&#x27;s rating at Rickety Kate</title>' in chart.group(0) or (
        "Ben's rating at Rickety Kate" in chart.group(0)
    )
    shown = ", ".join(str(round(v)) for v in ratings.boards(golden["T1"].group)["rickety-kate"].timeline["Ben"])
    assert f"from 0 before the first: {shown}." in chart.group(0)


def test_boards_are_kept_until_a_table_of_the_group_changes(golden: dict[str, Table]) -> None:
    group = golden["T1"].group
    first = ratings.boards(group)
    with CaptureQueriesContext(connection) as queries:
        assert ratings.boards(group) is first  # nothing re-rated
    assert len(queries) == 1  # the group's tables' versions
    services.set_notes(golden["T1"], "a note moves no version")
    assert ratings.boards(group.pk) is first
    services.undo(golden["T4"])  # an unfinished table changes: its version moves, so the group re-rates
    assert ratings.boards(group) is not first and ratings.boards(group) == first
