"""Which groups this phone belongs to and which one it works in, kept in the (signed cookie) session by the
groups' link tokens; and the table lines the home page lists.

A phone joins a group only by opening the group's link (/g/TOKEN/), or by starting or importing a table while
it is in no group: opening a table's link, typing its join code or opening its scorer link never adds the
table's group, so a viewer sees that table and nothing else of its group. A new group link (Group.rotate_token)
drops the group from every phone holding the old token but the one that asked for it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import F, Max
from django.http import HttpRequest
from django.utils.translation import gettext as _

from companion import access, history
from companion.models import Group, Preset, Seat, Table
from games import registry

GROUPS_KEY = "kibitz_groups"  # the tokens of this phone's groups, in the order it joined them
CURRENT_KEY = "kibitz_group"  # the token of the group it works in
MAX_GROUPS = 20  # a cookie has limited room; the group joined longest ago goes first
CACHE_ATTR = "_kibitz_groups"


@dataclass(frozen=True)
class Membership:
    group: Group
    label: str
    current: bool


@dataclass(frozen=True)
class TableLine:
    """One table as the home page lists it."""

    table: Table
    game: str  # the game's name
    players: list[str]
    status: str  # who leads or won, in the reader's language
    scorer: bool  # this phone may record there


def _tokens(request: HttpRequest) -> list[str]:
    tokens = request.session.get(GROUPS_KEY, [])
    return [t for t in tokens if isinstance(t, str)] if isinstance(tokens, list) else []


def mine(request: HttpRequest) -> list[Group]:
    """This phone's groups, in the order it joined them. A token that opens no group any more (the group has
    a new link) leaves the session here."""
    cached: list[Group] | None = getattr(request, CACHE_ATTR, None)
    if cached is not None:
        return cached
    tokens = _tokens(request)
    found = {g.token: g for g in Group.objects.filter(token__in=tokens)} if tokens else {}
    groups = [found[t] for t in tokens if t in found]
    if len(groups) != len(tokens):
        request.session[GROUPS_KEY] = [g.token for g in groups]
    setattr(request, CACHE_ATTR, groups)
    return groups


def current(request: HttpRequest) -> Group | None:
    """The group this phone works in: the one it picked, else the one it joined last, else None."""
    groups = mine(request)
    picked = request.session.get(CURRENT_KEY)
    return next((g for g in groups if g.token == picked), groups[-1] if groups else None)


def add(request: HttpRequest, group: Group) -> None:
    """This phone belongs to `group` from now on, and works in it."""
    tokens = _tokens(request)
    if group.token not in tokens:
        tokens = [*tokens, group.token][-MAX_GROUPS:]
        request.session[GROUPS_KEY] = tokens
    request.session[CURRENT_KEY] = group.token
    _forget(request)


def use(request: HttpRequest, token: str) -> bool:
    """Work in the group of this token, if this phone belongs to it."""
    if token not in _tokens(request):
        return False
    request.session[CURRENT_KEY] = token
    return True


def leave(request: HttpRequest, group: Group) -> None:
    """This phone no longer belongs to `group` (its tables' links keep working)."""
    request.session[GROUPS_KEY] = [t for t in _tokens(request) if t != group.token]
    if request.session.get(CURRENT_KEY) == group.token:
        del request.session[CURRENT_KEY]
    _forget(request)


def renew_link(request: HttpRequest, group: Group) -> None:
    """A new link for `group`: every phone holding the old one loses the group, this one keeps it."""
    old = group.token
    new = group.rotate_token()
    request.session[GROUPS_KEY] = [new if t == old else t for t in _tokens(request)]
    if request.session.get(CURRENT_KEY) == old:
        request.session[CURRENT_KEY] = new
    _forget(request)


def _forget(request: HttpRequest) -> None:
    if hasattr(request, CACHE_ATTR):
        delattr(request, CACHE_ATTR)


def label(group: Group) -> str:
    """The group's name, or the first names it seated, or "New group"."""
    if group.name:
        return group.name
    names = list(group.players.order_by("created", "pk").values_list("name", flat=True)[:4])
    if not names:
        return _("New group")
    return ", ".join(names[:3]) + (" …" if len(names) > 3 else "")


def memberships(request: HttpRequest) -> list[Membership]:
    here = current(request)
    return [Membership(g, label(g), g == here) for g in mine(request)]


def lines(request: HttpRequest, tables: Iterable[Table]) -> list[TableLine]:
    """The tables as the home page lists them (prefetch "seats__player"): each one's status from its stored
    summary (companion/history.py), all read in one query, so a page of long tables replays nothing."""
    tables = list(tables)
    found = history.summaries(tables)
    return [
        TableLine(
            t,
            _game_name(t.game),
            [s.player.name for s in t.seats.all()],
            _status(found[t.pk]),
            access.is_scorer(request, t),
        )
        for t in tables
    ]


def _game_name(slug: str) -> str:
    try:
        return registry.get(slug).name
    except KeyError:
        return slug


def _status(summary: history.Summary) -> str:
    if not summary.players:  # an unknown game, options no longer valid: no status to show
        return ""
    if summary.broken_at is not None:
        return _("History stops at entry %(seq)d") % {"seq": summary.broken_at}
    if summary.finished and summary.winners:
        return _("Won by %(names)s") % {"names": ", ".join(summary.winners)}
    if summary.finished:
        return _("finished")
    if not summary.progression:
        return _("Nothing scored yet")
    names = ", ".join(" & ".join(line) for line in summary.leaders)  # a team as one line
    return _("Leading: %(names)s (%(total)d)") % {"names": names, "total": summary.lead}


def names(group: Group | None, limit: int = 60) -> list[str]:
    """The names the group has seated, the most recently seated first: what its new-table page offers."""
    if group is None:
        return []
    players = group.players.annotate(last=Max("seat__table__created"))
    return list(players.order_by(F("last").desc(nulls_last=True), "name").values_list("name", flat=True)[:limit])


SEATINGS_LOOKED_AT = 30  # the group's newest tables of a game that say what its usual seating is


def usual_seating(group: Group | None, game: str) -> list[str]:
    """The seat order the group has played the game in most often lately (the newer on a tie), or [] before its
    first table: the new-table page offers it as one chip."""
    if group is None:
        return []
    tables = group.tables.filter(game=game).order_by("-created")[:SEATINGS_LOOKED_AT]
    seats = Seat.objects.filter(table__in=tables).order_by("table__created", "position")
    orders: dict[int, list[str]] = {}
    for table_id, name in seats.values_list("table_id", "player__name"):
        orders.setdefault(table_id, []).append(name)
    counts = Counter(tuple(order) for order in orders.values())
    newest_first = reversed(list(orders.values()))  # the seats came oldest table first
    return list(max(newest_first, key=lambda order: counts[tuple(order)], default=[]))


def presets(group: Group | None, game: str) -> list[Preset]:
    return list(group.presets.filter(game=game)) if group is not None else []


def preset(group: Group | None, game: str, raw_id: str) -> Preset | None:
    """The group's preset for the game with this id (from ?preset=), or None: another group's is never found."""
    if group is None or not (raw_id.isascii() and raw_id.isdigit() and len(raw_id) < 19):
        return None
    return group.presets.filter(game=game, pk=int(raw_id)).first()
