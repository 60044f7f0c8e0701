"""Rate limits kept in the database, so every app process on every machine counts together (SQLite or
PostgreSQL, created by the migrations: no cache server, no setup step).

Each (scope, client) pair has one row: the start of its current window and how many attempts it holds.
Windows are fixed: the first attempt after a window ends starts the next one. Every limit has a per-client
part and an overall part (all clients together, client "*"): one address cannot hammer a path, and many
addresses together cannot go beyond what the overall part allows.

    wait = throttle.hit("join", client, limit=10, window=600)   # count one attempt; seconds to wait, or None
    wait = throttle.peek("join", client, limit=10, window=600)  # would one more be over? counts nothing
    throttle.give_back("join", client, window=600)              # take one counted attempt back

The views use the Rules below, per client and overall at once: `count` before every attempt (refused while
it returns a wait), and for join codes `uncount` when the code was right, so only wrong codes use up the
limit. Counting first, not after a failure, keeps concurrent requests from slipping past the limit.
settings.KIBITZ_THROTTLE = False switches every limit off.
"""

from __future__ import annotations

import ipaddress
import math
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


@dataclass(frozen=True)
class Limit:
    count: int  # attempts allowed in one window
    window: int  # seconds


@dataclass(frozen=True)
class Rule:
    scope: str
    per_client: Limit
    overall: Limit


# Failed join-code lookups. A person mistyping a code fails a few times; ten in ten minutes is far more. At
# the overall one per second, finding one of 1,000 live eight-letter codes takes about 35 years on average.
JOIN = Rule("join", per_client=Limit(10, 600), overall=Limit(600, 600))
# New and imported tables and new groups together: a group starts a few tables an evening; thirty an hour is far
# more.
CREATE = Rule("create", per_client=Limit(30, 3600), overall=Limit(1000, 3600))


def client_of(request: HttpRequest) -> str:
    """Who is asking, as a keyed hash: the address the request came from, or with KIBITZ_BEHIND_PROXY the
    one the proxy added last to X-Forwarded-For (the hops before it are whatever the client sent). An IPv6
    address counts by its /64 network, which one household or one server holds whole."""
    address = request.META.get("REMOTE_ADDR", "")
    if settings.KIBITZ_BEHIND_PROXY:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
        address = hops[-1] if hops else address
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        pass
    else:
        if ip.version == 6 and ip.ipv4_mapped is None:
            address = str(ipaddress.ip_network(f"{ip}/64", strict=False))
        elif ip.version == 6:
            address = str(ip.ipv4_mapped)
    return salted_hmac("kibitz.throttle", address).hexdigest()[:32]


def hit(scope: str, client: str, *, limit: int, window: int) -> int | None:
    """Count one attempt: None while this window's attempts are within `limit`, else the seconds it has left."""
    if not settings.KIBITZ_THROTTLE:
        return None
    now = timezone.now()
    start = now - timedelta(seconds=window)
    rows = Throttle.objects.filter(scope=scope, client=client)
    for _attempt in range(3):
        with transaction.atomic():
            counted = rows.filter(window_start__gt=start).update(count=F("count") + 1)
            if not counted:  # no row yet, or its window has ended: this attempt starts a new window
                counted = rows.filter(window_start__lte=start).update(count=1, window_start=now)
            if not counted:
                try:
                    with transaction.atomic():
                        Throttle.objects.create(scope=scope, client=client, window_start=now, count=1)
                except IntegrityError:
                    continue  # another process created it just now: count in its row
                # New rows are rare (a new client): the moment to drop rows whose window has ended.
                ended = Throttle.objects.filter(scope=scope, window_start__lte=start)
                ended.exclude(client__in=[client, EVERYONE]).delete()
            count, began = rows.values_list("count", "window_start").get()
        return _wait(began, window, now) if count > limit else None
    raise RuntimeError(f"could not count an attempt for {scope}")


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


def count(rule: Rule, request: HttpRequest) -> int | None:
    """Count one attempt for the request's client and for everyone: None when both are within their limits,
    else the longer wait in seconds (refuse the attempt then)."""
    waits = [
        hit(rule.scope, client_of(request), limit=rule.per_client.count, window=rule.per_client.window),
        hit(rule.scope, EVERYONE, limit=rule.overall.count, window=rule.overall.window),
    ]
    return max((w for w in waits if w is not None), default=None)


def uncount(rule: Rule, request: HttpRequest) -> None:
    """Give back an attempt `count` took: the join code was right, so it was no guess."""
    give_back(rule.scope, client_of(request), window=rule.per_client.window)
    give_back(rule.scope, EVERYONE, window=rule.overall.window)


def _wait(began: datetime, window: int, now: datetime) -> int:
    return max(1, math.ceil((began + timedelta(seconds=window) - now).total_seconds()))
