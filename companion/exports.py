"""Exports besides the table file: CSV (one row per round and player, for one table or a whole group) and the
link that hands a finished table to the BG Stats app.

CSV follows RFC 4180: a header row, comma-separated, CRLF line ends, fields quoted when they hold a comma, a
quote or a line break (quotes doubled), UTF-8. A text cell a spreadsheet would run as a formula (=, +, -, @ first)
gets a leading apostrophe; numbers are written as they are.

BG Stats takes one play per link: https://app.bgstatsapp.com/createPlay.html?data=<the play as URL-encoded JSON>
(BG Stats' documented play import from other apps; the bgstats:// scheme opens the same page in the app, the
https address opens the app where it is installed and its web page elsewhere). The play's fields: sourceName
(the app that sends it), sourcePlayId (its id there, so a second push is recognised), playDate
("YYYY-MM-DD HH:MM:SS", local time), durationMin (the playing time in whole minutes), comments,
game {name, sourceGameId, highestWins, noPoints} and players [{name, sourcePlayerId, score, winner, rank, team}].
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote

from django.utils import timezone

from . import durations, services
from .history import Summary, day, of_snapshot, summaries
from .models import Table

CSV_HEADER = ("table", "game", "played_on", "title", "round", "seat", "player", "points", "total")
BG_STATS_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Kibitz"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_rows(table: Table, summary: Summary) -> list[tuple[Any, ...]]:
    """One row per scored round and player, in seat order, with the running total: read off the table's
    summary (its totals after each round), so an export replays nothing once the summary is stored."""
    rows: list[tuple[Any, ...]] = []
    before = (0,) * len(summary.players)
    for number, totals in enumerate(summary.progression, start=1):
        for seat, player in enumerate(summary.players, start=1):
            points = totals[seat - 1] - before[seat - 1]
            rows.append(
                (
                    table.code,
                    table.game,
                    day(table).isoformat(),
                    _cell(table.title),
                    number,
                    seat,
                    _cell(player),
                    points,
                    totals[seat - 1],
                )
            )
        before = totals
    return rows


def as_csv(tables: Iterable[Table], found: Mapping[int, Summary] | None = None) -> str:
    """The tables' rounds as CSV; `found` holds their summaries where the caller has them (else one query)."""
    tables = list(tables)
    if found is None:
        found = summaries(tables)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")  # csv's defaults quote minimally and double quotes
    writer.writerow(CSV_HEADER)
    for table in tables:
        writer.writerows(csv_rows(table, found[table.pk]))
    return out.getvalue()


def bg_stats_play(snap: services.Snapshot) -> dict[str, Any]:
    """The table as one BG Stats play (format in the module's docstring)."""
    table, outcome = snap.table, of_snapshot(snap)
    started = timezone.localtime(table.created)
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": table.code,
        "playDate": (table.played_on.isoformat() + " 00:00:00")
        if table.played_on
        else started.strftime("%Y-%m-%d %H:%M:%S"),
        "game": {
            "name": snap.game.name,
            "sourceGameId": snap.game.slug,
            "highestWins": not snap.game.lowest_wins,
            "noPoints": False,
        },
        "players": [],
    }
    if outcome.duration is not None:  # the playing time, breaks left out (durations.py); unknown: left out
        play["durationMin"] = durations.minutes(outcome.duration)
    if table.notes:
        play["comments"] = table.notes
    teams = {name: n for n, team in enumerate(snap.standings.teams or (), start=1) for name in team}
    for player in snap.players:
        entry: dict[str, Any] = {
            "name": player,
            "sourcePlayerId": player,  # a name is unique within the group that owns the table
            "score": outcome.total(player),
            "winner": player in outcome.winners,
            "rank": outcome.place(player),
        }
        if player in teams:
            entry["team"] = str(teams[player])
        play["players"].append(entry)
    return play


def bg_stats_link(snap: services.Snapshot) -> str:
    data = json.dumps(bg_stats_play(snap), ensure_ascii=False, separators=(",", ":"))
    return BG_STATS_URL + quote(data, safe="")
