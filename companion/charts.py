"""Charts as server-rendered SVG, no script: a table's score progression (with the game's end line) and a
player's placement spread. Each has a <title> and a <desc> that says in words what the chart shows, so a screen
reader gets the numbers; text and axes use currentColor and the series colours read on light and dark pages
(history.css may refine them by class), and each series has its own dash pattern besides its colour."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

# Mid-tone colours with at least 3:1 against both the light (#f6f4ef) and the dark (#15171a) page.
COLOURS = ("#d1495b", "#2f7fd6", "#2a944b", "#c77700", "#8e5cd9", "#008f8f", "#c2417f", "#6f7782")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2", "10 4", "3 3 1 3")
WIDTH = 320
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 36, 10, 10, 24
LEGEND_ROW = 16


def _svg(body: list[str], width: int, height: int, ident: str, title: str, desc: str, css: str) -> SafeString:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class={quoteattr(css)} viewBox="0 0 {width} {height}" '
        f'role="img" aria-labelledby="{ident}-t {ident}-d" focusable="false">'
        f'<title id="{ident}-t">{escape(title)}</title><desc id="{ident}-d">{escape(desc)}</desc>'
    )
    return mark_safe(head + "".join(body) + "</svg>")  # every text in it went through escape()


def ticks(low: int, high: int, count: int = 4) -> list[int]:
    """Round numbers from `low` to `high` (both included in the range they span), about `count` steps."""
    if high <= low:
        return [low]
    raw = (high - low) / count
    step = 1
    for base in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000):
        step = base
        if base >= raw:
            break
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def progression(
    players: Sequence[str],
    rows: Sequence[Sequence[int]],
    *,
    ident: str,
    title: str,
    end_score: int | None = None,
    small: bool = False,
) -> SafeString:
    """The running totals after each round, one line per player from 0 before the first round; a dashed line
    at the game's end score. `small` drops the axes and the legend (a table line in the history list)."""
    points = [tuple(0 for _p in players), *(tuple(r) for r in rows)]
    values = [v for row in points for v in row] + ([end_score] if end_score is not None else [])
    low, high = min(0, *values), max(0, *values)
    if high == low:
        high = low + 1
    width, plot_h = (120, 36) if small else (WIDTH, 150)
    left, right, top, bottom = (2, 2, 2, 2) if small else (PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM)
    legend = 0 if small else LEGEND_ROW * ((len(players) + 1) // 2)
    height = top + plot_h + bottom + legend
    span_x = max(1, len(points) - 1)

    def x(i: int) -> float:
        return round(left + (width - left - right) * i / span_x, 1)

    def y(v: float) -> float:
        return round(top + plot_h * (high - v) / (high - low), 1)

    body: list[str] = []
    if not small:
        for tick in ticks(low, high):
            body.append(
                f'<line x1="{left}" x2="{width - right}" y1="{y(tick)}" y2="{y(tick)}" stroke="currentColor" '
                f'stroke-opacity=".15"/><text x="{left - 4}" y="{y(tick) + 4}" text-anchor="end" font-size="12" '
                f'fill="currentColor">{tick}</text>'
            )
        rounds = escape(_("Rounds: %(n)d") % {"n": len(rows)})  # outside the f-string, where makemessages finds it
        body.append(
            f'<text x="{(left + width - right) / 2}" y="{top + plot_h + 18}" text-anchor="middle" font-size="12" '
            f'fill="currentColor">{rounds}</text>'
        )
    if end_score is not None:
        body.append(
            f'<line class="end" x1="{left}" x2="{width - right}" y1="{y(end_score)}" y2="{y(end_score)}" '
            f'stroke="currentColor" stroke-dasharray="4 3" stroke-opacity=".7"/>'
        )
        if not small:
            label = escape(_("end %(score)d") % {"score": end_score})
            body.append(
                f'<text x="{width - right}" y="{y(end_score) - 3}" text-anchor="end" font-size="10" '
                f'fill="currentColor">{label}</text>'
            )
    for n, player in enumerate(players):
        colour, dash = COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]
        line = " ".join(f"{x(i)},{y(row[n])}" for i, row in enumerate(points))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        body.append(
            f'<polyline class="s{n % len(COLOURS)}" points="{line}" fill="none" stroke="{colour}" '
            f'stroke-width="{1.5 if small else 2}"{dashed} stroke-linejoin="round"/>'
        )
        if not small:
            lx = left + (n % 2) * (width - left) / 2
            ly = top + plot_h + bottom + LEGEND_ROW * (n // 2) + 10
            body.append(
                f'<line class="s{n % len(COLOURS)}" x1="{lx}" x2="{lx + 22}" y1="{ly - 4}" y2="{ly - 4}" '
                f'stroke="{colour}" stroke-width="2"{dashed}/><text x="{lx + 26}" y="{ly}" font-size="12" '
                f'fill="currentColor">{escape(_short(player))} {points[-1][n]}</text>'
            )
    desc = _describe(players, rows, end_score)
    return _svg(body, width, height, ident, title, desc, "chart small" if small else "chart")


def _describe(players: Sequence[str], rows: Sequence[Sequence[int]], end_score: int | None) -> str:
    if not rows:
        return _("No round scored yet.")
    lines = [
        _("%(name)s: %(totals)s") % {"name": p, "totals": ", ".join(str(r[n]) for r in rows)}
        for n, p in enumerate(players)
    ]
    text = _("Totals after each round.") + " " + "; ".join(lines) + "."
    if end_score is not None:
        text += " " + _("The game ends at %(score)d.") % {"score": end_score}
    return text


def _short(name: str, limit: int = 16) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def placements(places: Mapping[int, int], seats: int, *, ident: str, title: str) -> SafeString:
    """How often a player finished in each place, first to last: one bar per place."""
    seats = max([seats, *places]) if places else max(seats, 1)
    most = max(places.values(), default=0) or 1
    row, left, right = 24, 56, 34
    height = row * seats + 6
    body = []
    for place in range(1, seats + 1):
        count = places.get(place, 0)
        top = 3 + (place - 1) * row
        length = round((WIDTH - left - right) * count / most, 1)
        body.append(
            f'<text x="{left - 6}" y="{top + 14}" text-anchor="end" font-size="12" fill="currentColor">'
            f"{escape(ordinal(place))}</text>"
            f'<rect class="s{(place - 1) % len(COLOURS)}" x="{left}" y="{top + 2}" width="{length}" height="{row - 6}" '
            f'fill="{COLOURS[(place - 1) % len(COLOURS)]}"/>'
            f'<text x="{left + length + 4}" y="{top + 14}" font-size="12" fill="currentColor">{count}</text>'
        )
    desc = "; ".join(_("%(place)s: %(n)d") % {"place": ordinal(p), "n": places.get(p, 0)} for p in range(1, seats + 1))
    return _svg(body, WIDTH, height, ident, title, desc + ".", "chart places")


def ordinal(place: int) -> str:
    return _("place %(n)d") % {"n": place}


def rating(points: Sequence[float], *, ident: str, title: str) -> SafeString:
    """A player's conservative rating before their first table and after each one since: one line, with the
    rating axis in whole numbers and the tables counted along the bottom."""
    low, high = math.floor(min(0, *points)), math.ceil(max(0, *points))
    if high == low:
        high = low + 1
    plot_h, span_x = 120, max(1, len(points) - 1)
    height = PAD_TOP + plot_h + PAD_BOTTOM

    def x(i: int) -> float:
        return round(PAD_LEFT + (WIDTH - PAD_LEFT - PAD_RIGHT) * i / span_x, 1)

    def y(v: float) -> float:
        return round(PAD_TOP + plot_h * (high - v) / (high - low), 1)

    body = [
        f'<line x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" y1="{y(tick)}" y2="{y(tick)}" stroke="currentColor" '
        f'stroke-opacity=".15"/><text x="{PAD_LEFT - 4}" y="{y(tick) + 4}" text-anchor="end" font-size="12" '
        f'fill="currentColor">{tick}</text>'
        for tick in ticks(low, high)
    ]
    tables = escape(_("Tables: %(n)d") % {"n": len(points) - 1})  # outside the f-string, for makemessages
    body.append(
        f'<text x="{(PAD_LEFT + WIDTH - PAD_RIGHT) / 2}" y="{PAD_TOP + plot_h + 18}" text-anchor="middle" '
        f'font-size="12" fill="currentColor">{tables}</text>'
    )
    line = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(points))
    body.append(
        f'<polyline class="s1" points="{line}" fill="none" stroke="{COLOURS[1]}" stroke-width="2" '
        f'stroke-linejoin="round"/>'
    )
    shown = ", ".join(str(round(v)) for v in points[1:])
    desc = _("Rating after each table, from %(start)d before the first: %(ratings)s.") % {
        "start": round(points[0]),
        "ratings": shown,
    }
    return _svg(body, WIDTH, height, ident, title, desc, "chart rating")
