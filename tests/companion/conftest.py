from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from companion import checks as game_checks
from companion import services
from companion.models import Table

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
HTMX = {"HTTP_HX_REQUEST": "true"}


def scorers_table(client: Client, slug: str, players: list[str], options: dict) -> Table:
    """A new table whose scorer link `client` holds, like the phone that made it."""
    table = services.create_table(slug, players, options)
    client.get(f"/s/{table.scorer_token}/")
    return table


@pytest.fixture
def table(db: None, client: Client) -> Table:
    """A four-player table; the test's `client` holds its scorer link, like the phone that made it."""
    return scorers_table(client, "rickety-kate", PLAYERS, {"moon": "new"})


def hand(**hearts: int) -> dict:
    """A quick hand; the lady goes to whoever is named `lady` (default Dan)."""
    lady = hearts.pop("lady", "Dan")  # type: ignore[arg-type]
    return {"type": "hand", "hearts": hearts, "lady": lady}


def record(client: Client, table: Table, action: str, data: dict, **extra: str):
    """The scorer's htmx POST of an entry form to the table's record/<action>/."""
    return client.post(f"/t/{table.code}/record/{action}/", data, **HTMX, **extra)


def live(table: Table) -> list[dict]:
    """The payloads of the table's log, retracted entries left out."""
    return [dict(e.payload) for e in table.events.filter(retracted=False).order_by("seq")]


def checked(page: str, name: str) -> list[str]:
    """The values of the checked inputs named `name` in a rendered page."""
    inputs = re.findall(r"<input[^>]*>", page)
    return [
        re.search(r'value="([^"]*)"', i).group(1)  # type: ignore[union-attr]
        for i in inputs
        if f'name="{name}"' in i and re.search(r"\bchecked\b", i)
    ]


def msgids_in(path: Path) -> dict[str, str]:
    """Every T("..."), TN("...", "...") and gettext_noop("...") in one module: msgid -> its plural ("" for none)."""
    return game_checks.words_in(path)
