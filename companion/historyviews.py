"""The group's history: every table with its outcome (filtered by game, player, opponent, win and date), each
player's page (per game: record, the game's own stats, places and head to head), and the group's CSV. Only a
phone in the group sees them, like the group page; numbers link to the filtered list of the tables they count.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from companion import charts, durations, exports, groups, history, ratings, services, stats
from companion.models import Group, Table
from games import registry, tablefile

PAGE = 20  # tables per page of the history list


@dataclass(frozen=True)
class Filters:
    game: str = ""
    player: str = ""
    opponent: str = ""  # "with": tables the player played against this one
    won: bool = False  # tables the player won
    start: date | None = None
    end: date | None = None

    def query(self) -> str:
        """The list's query string with these filters: what every number on a page links to."""
        values = {
            "game": self.game,
            "player": self.player,
            "with": self.opponent,
            "won": "1" if self.won else "",
            "from": self.start.isoformat() if self.start else "",
            "to": self.end.isoformat() if self.end else "",
        }
        return urlencode({k: v for k, v in values.items() if v})

    @property
    def any(self) -> bool:
        return bool(self.game or self.player or self.opponent or self.won or self.start or self.end)


@dataclass(frozen=True)
class Line:
    """One table in the history list."""

    table: history.Ref
    url: str
    game: str
    summary: history.Summary
    standings: list[tuple[int, str, int, str, bool]]  # (place, name, total, the player's page, won), best first
    chart: str
    duration: str  # the playing time, as shown ("1 h 20 min"); "" when unknown


def _group(request: HttpRequest) -> Group:
    group = groups.current(request)
    if group is None:
        raise Http404(_("This phone is in no group yet."))
    return group


def _date(raw: str) -> date | None:
    try:
        return date.fromisoformat(raw[:10]) if raw else None
    except ValueError:
        return None


def read_filters(request: HttpRequest) -> Filters:
    get = request.GET
    return Filters(
        game=get.get("game", "")[:40],
        player=get.get("player", "")[:40],
        opponent=get.get("with", "")[:40],
        won=get.get("won") == "1",
        start=_date(get.get("from", "")),
        end=_date(get.get("to", "")),
    )


def played(group: Group, f: Filters | None = None) -> list[tuple[history.Ref, history.Summary]]:
    """The group's tables with their summaries, newest first, filtered: the game and the dates in SQL, the
    players (which only the summaries know) here. Two queries once the summaries are cached."""
    f = f or Filters()
    tables = group.tables.all()
    if f.game:
        tables = tables.filter(game=f.game)
    found = history.refs(tables)
    if f.start or f.end:
        found = [r for r in found if (f.start is None or r.day >= f.start) and (f.end is None or r.day <= f.end)]
    outcomes = history.summaries(found)
    return [(r, outcomes[r.pk]) for r in found if matches(f, outcomes[r.pk])]


def matches(f: Filters, s: history.Summary) -> bool:
    return (
        (not f.player or f.player in s.players)
        and (not f.opponent or f.opponent in s.players)
        and (not (f.won and f.player) or (f.player in s.winners and s.counts))  # won: needs a player
    )


def _line(table: history.Ref, s: history.Summary, pages: dict[str, str]) -> Line:
    """One table of the list; `pages` holds each player's page address (reversed once per page, not per line)."""
    name = history.game_name(table.game)
    chart = charts.progression(
        s.players,
        s.progression,
        ident=f"c-{table.code}",
        title=_("Scores at %(title)s") % {"title": table.title or name},
        end_score=s.end_score,
        small=True,
    )
    order = sorted(range(len(s.players)), key=lambda i: (s.places[i], i))
    standings = [
        (s.places[i], s.players[i], s.totals[i], _page(pages, s.players[i]), s.players[i] in s.winners) for i in order
    ]
    return Line(table, reverse("table", args=[table.code]), name, s, standings, chart, durations.text(s.duration))


def _page(pages: dict[str, str], name: str) -> str:
    if name not in pages:
        pages[name] = reverse("history_player", args=[name])
    return pages[name]


@require_GET
def group_history(request: HttpRequest) -> HttpResponse:
    group = _group(request)
    f = read_filters(request)
    lines = played(group, f)
    page = Paginator(lines, PAGE).get_page(request.GET.get("page"))
    pages: dict[str, str] = {}
    context = {
        "group": group,
        "label": groups.label(group),
        "f": f,
        "page": page,
        "lines": [_line(t, s, pages) for t, s in page.object_list],
        "games": [(g.slug, g.name) for g in registry.GAMES.values()],
        "players": list(group.players.values_list("name", flat=True)),
        "base": f.query(),
        "won_label": _("won"),
    }
    return render(request, "history/group.html", context)


@require_GET
def player_page(request: HttpRequest, name: str) -> HttpResponse:
    group = _group(request)
    if not group.players.filter(name=name).exists():
        raise Http404(_("No such player in this group."))
    mine = list(reversed(played(group, Filters(player=name))))  # oldest first, for the streaks
    records = stats.records(name, mine)
    boards = ratings.boards(group)
    sections = []
    for r in records:
        seats = max((len(s.players) for t, s in mine if t.game == r.slug), default=1)
        title = _("%(name)s's places at %(game)s") % {"name": name, "game": r.name}
        figures = [
            (_("Places at the end of each table"), charts.placements(r.places, seats, ident=f"p-{r.slug}", title=title))
        ]
        if any(r.round_places.values()):  # a game scored by place each round (Hood Politix) shows those too
            title = _("%(name)s's places in the rounds of %(game)s") % {"name": name, "game": r.name}
            spread = charts.placements(r.round_places, max(r.round_places), ident=f"r-{r.slug}", title=title)
            figures.append((_("Places in each round"), spread))
        rating, chart = _rating(boards.get(r.slug), name, r.slug, r.name)
        if chart:
            figures.append((_("Rating after each table"), chart))
        played_for = _average_duration(s for t, s in mine if t.game == r.slug)
        sections.append((r, figures, Filters(game=r.slug, player=name), rating, played_for))
    context = {
        "group": group,
        "name": name,
        "sections": sections,
        "open": sum(1 for _t, s in mine if not s.counts),
        "all": Filters(player=name).query(),
        "played_for": _average_duration(s for _t, s in mine),
    }
    return render(request, "history/player.html", context)


def _rating(
    board: ratings.Board | None, name: str, slug: str, game: str
) -> tuple[ratings.Rating | None, SafeString | None]:
    """The player's rating at the game, with the chart of it after each of their counting tables."""
    if board is None or name not in board.ratings:
        return None, None
    title = _("%(name)s's rating at %(game)s") % {"name": name, "game": game}
    points = (ratings.START.conservative, *board.timeline[name])
    return board.ratings[name], charts.rating(points, ident=f"rt-{slug}", title=title)


def _average_duration(found: Iterable[history.Summary]) -> str:
    """The mean playing time of the finished tables whose time is known, as shown; "" when none is."""
    return durations.text(durations.average(s.duration for s in found if s.counts))


@require_GET
def ratings_page(request: HttpRequest) -> HttpResponse:
    """Who is best at each game: the group's leaderboards (companion/ratings.py)."""
    group = _group(request)
    found = ratings.boards(group)
    names = {slug: game.name for slug, game in registry.GAMES.items()}
    boards = [(names[b.game], b.game, b.leaderboard()) for b in ratings.ranked(found, list(names))]
    context = {"group": group, "label": groups.label(group), "boards": boards, "least": ratings.PROVISIONAL}
    return render(request, "history/ratings.html", context)


@require_GET
def group_csv(request: HttpRequest) -> HttpResponse:
    group = _group(request)
    f = read_filters(request)
    found = {r.pk: s for r, s in played(group, f)}  # the stored summaries: no table is replayed
    by_pk = Table.objects.in_bulk(list(found))
    tables = [by_pk[pk] for pk in reversed(found)]  # oldest first
    return _csv(exports.as_csv(tables, found), f"kibitz-group-{date.today().isoformat()}.csv")


def _csv(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def table_csv(request: HttpRequest, code: str) -> HttpResponse:
    """Anyone with the table's link may download it, as the table file."""
    table = Table.objects.filter(code=code).first()
    if table is None:
        raise Http404(_("No such table."))
    return _csv(exports.as_csv([table]), f"kibitz-{table.game}-{table.code}.csv")


def table_part(snap: services.Snapshot, scorer: bool) -> dict[str, object]:
    """What the table page shows of its history: the score chart, the notes and, once finished, the link that
    sends the table to BG Stats. Empty for a table in play that has no notes, unless it is the scorer's."""
    s = history.of_snapshot(snap)
    if not (s.finished or scorer or snap.table.notes or s.notes):
        return {}
    name = snap.table.title or snap.game.name
    chart = ""
    if s.finished and s.progression:
        title = _("Scores at %(title)s, round by round") % {"title": name}
        chart = charts.progression(s.players, s.progression, ident="progress", title=title, end_score=s.end_score)
    return {
        "summary": s,
        "chart": chart,
        "duration": durations.text(s.duration),
        "rated": ratings.changes(snap.table) if s.counts else (),  # each player's rating before and after
        "bg_stats": exports.bg_stats_link(snap) if s.finished else "",
        "rounds": range(1, len(s.progression) + 1),
        "note_limit": tablefile.MAX_NOTE,  # the note forms count against it (kibitz.js)
    }
