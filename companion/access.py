"""Who may change a table: the phones holding its scorer token. Everyone with the link may watch.

A phone gets the token by creating the table or by opening the scorer link; it is kept in the signed
session cookie, so no server-side state is needed. Scripts may send it as the X-Kibitz-Scorer header.
"""

from __future__ import annotations

import hmac

from django.http import HttpRequest

from companion.models import Table

SESSION_KEY = "kibitz_scorer"  # table code -> scorer token
MAX_TABLES = 40  # the newest tables a phone keeps scorer rights for (a cookie has limited room)


def is_scorer(request: HttpRequest, table: Table) -> bool:
    held = request.headers.get("X-Kibitz-Scorer") or request.session.get(SESSION_KEY, {}).get(table.code, "")
    return bool(held) and hmac.compare_digest(held.encode(), table.scorer_token.encode())  # str: ASCII only


def grant(request: HttpRequest, table: Table) -> None:
    tokens = {code: token for code, token in request.session.get(SESSION_KEY, {}).items() if code != table.code}
    tokens[table.code] = table.scorer_token
    request.session[SESSION_KEY] = dict(list(tokens.items())[-MAX_TABLES:])
