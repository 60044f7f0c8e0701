"""Tokens and links: none starts with "-" (a command line would read it as an option), the commands take a token
after "--" or as its link, and the home page, which carries the group tokens, is never kept by a cache."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator

import pytest
from django.core.management import call_command
from django.template import Context
from django.test import Client

from companion import models, services
from companion.models import Group, Table
from companion.templatetags.kibitz import write_key

MAKERS: dict[str, Callable[[], str]] = {
    "table code": models.new_code,
    "scorer token": models.new_scorer_token,
    "group token": models.new_group_token,
    "write key": lambda: write_key(Context()),  # as a form renders it (not a part kept with stand-ins)
}


@pytest.fixture
def dash_first(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """secrets.token_urlsafe answers a token starting with "-" first, then an ordinary one; the sizes asked."""
    import secrets

    real = secrets.token_urlsafe
    asked: list[int] = []

    def token_urlsafe(nbytes: int) -> str:
        asked.append(nbytes)
        return ("-" if len(asked) % 2 else "A") + real(nbytes)[1:]  # a dash first, then one that has none

    monkeypatch.setattr(secrets, "token_urlsafe", token_urlsafe)
    yield asked


@pytest.mark.parametrize("what", MAKERS)
def test_a_token_that_would_start_with_a_dash_is_drawn_again(what: str, dash_first: list[int]) -> None:
    token = MAKERS[what]()
    assert not token.startswith("-") and len(dash_first) == 2 and dash_first[0] == dash_first[1]


@pytest.mark.parametrize("what", MAKERS)
def test_no_token_of_many_starts_with_a_dash(what: str) -> None:
    """One in 64 did: 600 draws held about nine."""
    tokens = [MAKERS[what]() for _ in range(600)]
    assert not [t for t in tokens if t.startswith("-")]
    assert len(set(tokens)) == 600  # as random as before


def test_stored_tokens_and_codes_never_start_with_a_dash(db: None, dash_first: list[int]) -> None:
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], {})
    table.group.rotate_token()
    services.hand_over(table)
    table.refresh_from_db()
    table.group.refresh_from_db()
    for token in (table.code, table.scorer_token, table.group.token):
        assert not token.startswith("-")


@pytest.fixture
def old_dash_group(db: None) -> Group:
    """A group whose token, drawn before this rule, starts with a dash."""
    table = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], {})
    Group.objects.filter(pk=table.group.pk).update(token="-Z9old_token-from-before")
    return Group.objects.get(pk=table.group.pk)


@pytest.mark.parametrize("given", [["--", "-Z9old_token-from-before"], ["/g/-Z9old_token-from-before/"]])
def test_backup_group_takes_a_dash_token_after_double_dash_or_as_its_link(old_dash_group: Group, given: list) -> None:
    out = io.StringIO()
    call_command("backup_group", *given, stdout=out)
    assert json.loads(out.getvalue())["tables"][0]["players"] == ["Ana", "Ben", "Cleo"]


def test_export_and_import_take_their_argument_after_double_dash(old_dash_group: Group, tmp_path) -> None:
    Table.objects.update(code="-old-code")
    path = tmp_path / "t.json"
    call_command("export", "--output", str(path), "--", "-old-code")
    out = io.StringIO()
    call_command("import", "--group=-Z9old_token-from-before", "--", str(path), stdout=out)
    assert out.getvalue().splitlines()[1] == "/g/-Z9old_token-from-before/"
    assert old_dash_group.tables.count() == 2


def test_home_page_is_sent_with_no_store_and_uncompressed(db: None) -> None:
    phone = Client()
    for _ in range(2):  # in two groups, the home page offers both, by their tokens
        group = services.create_table("rickety-kate", ["Ana", "Ben", "Cleo"], {}).group
        phone.get(f"/g/{group.token}/")
    response = phone.get("/", HTTP_ACCEPT_ENCODING="gzip")
    assert group.token in response.content.decode()  # the page does carry the secret
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    assert "Content-Encoding" not in response
