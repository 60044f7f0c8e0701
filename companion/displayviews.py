"""The table display (/t/CODE/display/): a page for a tablet or laptop in the middle of the table, with the
totals in large type, the newest entry's line and the game's state panel (issue 20 §3).

It is as read-only as a watcher's page whoever opens it, the scorer's phone included: it holds no form, no
scorer control and no secret, so the same table gives every reader the same bytes. It follows the table the way
the table page does (views.live): it polls its own live answer, whose ETag is the table's version, answered with
304 while the version is unchanged (read from companion/tableversions.py where PostgreSQL keeps it current), and
with the display's parts, swapped out of band, once it has changed. Nothing here works out a score: the numbers
are the game's (companion.board lays them out in seat order)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from companion import assets, entries, services, views
from companion.board import Board, board, log_line

POLL_SECONDS = 3  # as often as the table page polls: a display is one more watcher


@dataclass(frozen=True)
class Seat:
    """One player's tile on the display: the total in large type, marked when leading (or, once finished,
    when among the winners), with the newest row's points and whether the player deals next."""

    name: str
    total: int
    leader: bool
    last: int | None  # the points of the newest row, None before the second
    deals: bool


@require_GET
def display(request: HttpRequest, code: str) -> HttpResponse:
    snap = views._snapshot(code)
    return render(request, "display.html", _context(snap))


@require_GET
def display_live(request: HttpRequest, code: str) -> HttpResponse:
    """What the display polls: the table page's poll (views.polled), answered with the display's own parts; once the
    table's next game has begun ("Play again"), with that game's display, which htmx opens in its place."""
    return views.polled(request, code, lambda snap: _live(request, snap))


def _live(request: HttpRequest, snap: services.Snapshot) -> HttpResponse:
    following = _next_code(snap)
    if following is not None:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("display", args=[following])
        return response
    return render(request, "display.html#live", _context(snap))


def _next_code(snap: services.Snapshot) -> str | None:
    """The code of the table's next game, once "Play again" began it."""
    following = snap.table.next_table if snap.table.next_table_id else None
    return following.code if following is not None else None


def _context(snap: services.Snapshot) -> dict[str, Any]:
    """What the display shows; nothing in it depends on who asks (no scorer token, no CSRF token)."""
    b = board(snap)
    slug = snap.game.slug
    files = assets.files(slug)
    return {
        "snap": snap,
        "board": b,
        "seats": seats(snap, b),
        "newest": b.rows[-1][0] if b.rows else None,
        "last": _last_line(snap),
        "broken": services.broken_text(snap) if snap.broken else "",
        "finished": snap.standings.finished,
        "next": _next_code(snap),
        "poll": POLL_SECONDS,
        "styles": [f for f in files if f.endswith(".css")],
        # A game's script runs here only when its web side says it stands alone and its state panel needs it
        # (Hood Politix's timers): the others build on kibitz.js, which the display does not load.
        "scripts": [f for f in files if f.endswith(".js")] if _display_script(slug) else [],
    }


def seats(snap: services.Snapshot, b: Board) -> list[Seat]:
    """The players in seat order, each with the numbers of the board's own columns; the newest row's points only
    from the second row on (after the first they are the totals again)."""
    newest = b.rows[-1][1] if len(snap.standings.rounds) > 1 else None
    dealer = None if snap.standings.finished else b.details.get("dealer")
    return [
        Seat(name, cell.value, cell.leader, newest[i] if newest is not None else None, name == dealer)
        for i, (name, cell) in enumerate(zip(b.players, b.totals, strict=True))
    ]


def _last_line(snap: services.Snapshot) -> object:
    """The newest live entry's log line (a game's Text), or "" before the first entry."""
    if not snap.live:
        return ""
    index = len(snap.live) - 1
    event = snap.events[index] if index < len(snap.events) else None  # past a break in the log: parsed here
    return log_line(snap, snap.live[index], event)


def _display_script(slug: str) -> bool:
    return bool(getattr(entries.module(slug), "DISPLAY_SCRIPT", False))
