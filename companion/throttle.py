"""Rate limits kept in the database, so every app process on every machine counts together (SQLite or
PostgreSQL, created by the migrations: no cache server, no setup step).

Each (scope, key) pair has one row: the start of its current window and how many attempts it holds. Windows
are fixed: the first attempt after a window ends starts the next one. Every Rule counts at three levels, in
this order: the client (its address), its network (IPv4 /24, IPv6 /48) and everyone (key "*").

An attempt is counted at every level or at none: it is refused when any level is full, and a refused attempt
counts nothing anywhere, so a client already refused cannot go on filling its network's or everyone's budget.
Counting happens before the attempt acts (conditional updates in one transaction), so concurrent requests
cannot slip past a limit; a refusal the stored counts already call for is answered from one read, so a flood
of refused attempts never waits for, or holds, the database's write lock. Everyone's level never refuses a
network that has counted fewer than the rule's `reserve` attempts in its window: many clients together can
slow the site down to that reserve, but nobody can lock out a person at an address in another network.

    refusal = throttle.attempt(throttle.JOIN, request)  # None, or Refusal(level, wait): answer 429 then
    throttle.uncount(throttle.JOIN, request)            # the attempt turned out not to count (a right code)
    wait = throttle.hit("scope", key, limit=10, window=600)  # one level by hand: seconds to wait, or None

settings.KIBITZ_THROTTLE = False switches every limit off.
"""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from companion.models import Throttle

EVERYONE = "*"
# The levels a Refusal names (the views word their answer by it: only CLIENT may say "from here").
CLIENT, NETWORK, ALL = "client", "network", "everyone"
NETWORK_PREFIX = {4: 24, 6: 48}  # what one household, office or provider's customer holds whole
CLIENT_PREFIX_V6 = 64  # an IPv6 client is its /64: one household or one server holds it whole
CLEANUP_ROWS = 500  # ended rows one new row's cleanup drops at most: each request stays short


@dataclass(frozen=True)
class Limit:
    count: int  # attempts allowed in one window (at least 1)
    window: int  # seconds


@dataclass(frozen=True)
class Rule:
    scope: str
    per_client: Limit
    overall: Limit
    per_network: Limit | None = None  # None: no network level
    reserve: int = 0  # attempts a network keeps in everyone's window while everyone's limit is spent


@dataclass(frozen=True)
class Refusal:
    level: str  # CLIENT, NETWORK or ALL: whose attempts filled the limit
    wait: int  # seconds until that level's window ends


# Failed join-code lookups. A person mistyping a code fails a few times; ten in ten minutes is far more. The
# README ("Limits and headers") gives the time guessing takes at each level.
JOIN = Rule("join", per_client=Limit(10, 600), per_network=Limit(60, 600), overall=Limit(600, 600), reserve=5)
# New and imported tables and new groups together: a group starts a few tables an evening; thirty an hour is far
# more.
CREATE = Rule("create", per_client=Limit(30, 3600), per_network=Limit(120, 3600), overall=Limit(1000, 3600), reserve=10)


class _Full(Exception):
    """A level is at its limit: the attempt is refused and the transaction counting it rolled back."""

    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal


class _Clash(Exception):
    """Another process created the same row just now: count again from the start."""


def _address(request: HttpRequest) -> ipaddress.IPv4Address | ipaddress.IPv6Address | str:
    """The address the request came from, or with KIBITZ_BEHIND_PROXY the one the proxy added last to
    X-Forwarded-For (the hops before it are whatever the client sent); an IPv4-mapped IPv6 address as IPv4."""
    address: str = request.META.get("REMOTE_ADDR", "")
    if settings.KIBITZ_BEHIND_PROXY:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
        address = hops[-1] if hops else address
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def client_of(request: HttpRequest) -> str:
    """Who is asking, as a keyed hash of the address (an IPv6 address by its /64 network)."""
    ip = _address(request)
    v6 = isinstance(ip, ipaddress.IPv6Address)
    unit = ipaddress.ip_network(f"{ip}/{CLIENT_PREFIX_V6}", strict=False) if v6 else ip
    return salted_hmac("kibitz.throttle", str(unit)).hexdigest()[:32]


def network_of(request: HttpRequest) -> str:
    """The network the client is in (IPv4 /24, IPv6 /48), as a keyed hash that never equals a client's."""
    ip = _address(request)
    net = ip if isinstance(ip, str) else ipaddress.ip_network(f"{ip}/{NETWORK_PREFIX[ip.version]}", strict=False)
    return salted_hmac("kibitz.throttle.network", str(net)).hexdigest()[:32]


def attempt(rule: Rule, request: HttpRequest) -> Refusal | None:
    """Count one attempt at every level of `rule`, or refuse it (and count it nowhere) when a level is full."""
    levels = [(CLIENT, client_of(request), rule.per_client)]
    if rule.per_network is not None:
        levels.append((NETWORK, network_of(request), rule.per_network))
    levels.append((ALL, EVERYONE, rule.overall))
    return _attempt(rule.scope, levels, rule.reserve)


def uncount(rule: Rule, request: HttpRequest) -> None:
    """Give back an attempt `attempt` counted: the join code was right, so it was no guess."""
    give_back(rule.scope, client_of(request), window=rule.per_client.window)
    if rule.per_network is not None:
        give_back(rule.scope, network_of(request), window=rule.per_network.window)
    give_back(rule.scope, EVERYONE, window=rule.overall.window)


def hit(scope: str, client: str, *, limit: int, window: int) -> int | None:
    """Count one attempt at one level: None while the window holds fewer than `limit` attempts (this one is
    counted then), else the seconds the window has left (and nothing is counted)."""
    refusal = _attempt(scope, [(CLIENT, client, Limit(limit, window))], reserve=0)
    return refusal.wait if refusal else None


def peek(scope: str, client: str, *, limit: int, window: int) -> int | None:
    """The seconds until one more attempt would be within `limit`, or None if it would be now. Counts nothing."""
    if not settings.KIBITZ_THROTTLE:
        return None
    now = timezone.now()
    row = Throttle.objects.filter(
        scope=scope, client=client, window_start__gt=now - timedelta(seconds=window)
    ).values_list("count", "window_start")
    found = row.first()
    return _wait(found[1], window, now) if found and found[0] >= limit else None


def give_back(scope: str, client: str, *, window: int) -> None:
    """Take back one attempt counted in the current window, for an attempt that turned out not to count."""
    if not settings.KIBITZ_THROTTLE:
        return
    current = Throttle.objects.filter(
        scope=scope, client=client, window_start__gt=timezone.now() - timedelta(seconds=window), count__gt=0
    )
    current.update(count=F("count") - 1)


def _attempt(scope: str, levels: Sequence[tuple[str, str, Limit]], reserve: int) -> Refusal | None:
    if not settings.KIBITZ_THROTTLE:
        return None
    now = timezone.now()
    if refusal := _full_already(scope, levels, reserve, now):  # a read: a flood's refusals take no write lock
        return refusal
    for _try in range(8):  # a clash is another process counting in the same row at that moment: count again
        try:
            with transaction.atomic():  # every level or none: a refusal rolls back what the levels before took
                created, before = False, 0
                for i, (level, key, limit) in enumerate(levels):
                    capped = not _waived(i, levels, before, reserve)
                    held, new = _take(scope, level, key, limit, now, capped=capped)
                    before, created = held - 1, created or new
        except _Full as full:
            return full.refusal
        except _Clash:
            continue
        if created:  # new rows are rare (a new client): the moment to drop rows whose window has ended
            _drop_ended(scope, now - timedelta(seconds=max(limit.window for _level, _key, limit in levels)))
        return None
    raise RuntimeError(f"could not count an attempt for {scope}")


def _drop_ended(scope: str, ended_by: datetime) -> None:
    """Delete rows whose window ended by `ended_by` (never everyone's), skipping any another process holds just
    now (it may be starting the next window in it): taking no row another holds, this waits for nobody."""
    with transaction.atomic():
        ended = Throttle.objects.filter(scope=scope, window_start__lte=ended_by).exclude(client=EVERYONE)
        rows = list(ended.select_for_update(skip_locked=True).values_list("pk", flat=True)[:CLEANUP_ROWS])
        ended.filter(pk__in=rows).delete()


def _waived(i: int, levels: Sequence[tuple[str, str, Limit]], before: int, reserve: int) -> bool:
    """Everyone's level (the last) lets an attempt through while the level before it held fewer than `reserve`."""
    return 0 < i == len(levels) - 1 and before < reserve


def _full_already(scope: str, levels: Sequence[tuple[str, str, Limit]], reserve: int, now: datetime) -> Refusal | None:
    """The refusal the stored counts already call for, read in one query (the counting in _take decides)."""
    rows = Throttle.objects.filter(scope=scope, client__in=[key for _level, key, _limit in levels])
    held = {key: (n, began) for key, n, began in rows.values_list("client", "count", "window_start")}
    before = 0
    for i, (level, key, limit) in enumerate(levels):
        n, began = held.get(key, (0, now))
        n = n if began > now - timedelta(seconds=limit.window) else 0
        if n >= limit.count and not _waived(i, levels, before, reserve):
            return Refusal(level, _wait(began, limit.window, now))
        before = n
    return None


def _take(scope: str, level: str, key: str, limit: Limit, now: datetime, *, capped: bool) -> tuple[int, bool]:
    """Count one attempt in the (scope, key) row unless it is `capped` and holds `limit` already. Returns the
    attempts the row holds now and whether it was created; raises _Full when it is at its limit."""
    ended_by = now - timedelta(seconds=limit.window)
    rows = Throttle.objects.filter(scope=scope, client=key)
    current = rows.filter(window_start__gt=ended_by)
    within = current.filter(count__lt=limit.count) if capped else current
    if within.update(count=F("count") + 1):  # the condition and the count in one statement: nothing slips past
        return current.values_list("count", flat=True).get(), False
    found = rows.values_list("window_start", "count").first()
    if found is None:
        try:
            with transaction.atomic():
                Throttle.objects.create(scope=scope, client=key, window_start=now, count=1)
        except IntegrityError:
            raise _Clash from None
        return 1, True
    began, held = found
    if began > ended_by:
        if capped and held >= limit.count:
            raise _Full(Refusal(level, _wait(began, limit.window, now)))
        # Another process committed this row (or its new window) between the update above and this read, as
        # PostgreSQL's read committed allows: count again in it rather than refuse what was within the limit.
        raise _Clash
    if not rows.filter(window_start__lte=ended_by).update(count=1, window_start=now):
        raise _Clash  # another process started the next window just now: count in it
    return 1, False  # its window had ended: this attempt starts the next one


def _wait(began: datetime, window: int, now: datetime) -> int:
    return max(1, math.ceil((began + timedelta(seconds=window) - now).total_seconds()))
