"""Compression (issue 8: a swap after a hand at most 5 KB on the wire): the table page and its answers are gzipped,
the pages that hold a secret never are (BREACH), and Django's CSRF token is masked anew in every answer."""

from __future__ import annotations

import gzip
import re

from django.test import Client

from companion.models import Table

HTMX = {"HTTP_HX_REQUEST": "true"}
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def test_the_table_page_and_its_swaps_are_compressed(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/", **GZIP)
    assert page["Content-Encoding"] == "gzip" and "Accept-Encoding" in page["Vary"]
    body = gzip.decompress(page.content).decode()
    assert 'id="board"' in body
    assert table.scorer_token not in body  # nothing secret rides in a compressed body
    table.refresh_from_db()
    swap = client.post(
        f"/t/{table.code}/record/hand/",
        {"hearts-1": "13", "lady-0": "3", "version": str(table.version)},
        **HTMX,
        **GZIP,
    )
    assert swap["Content-Encoding"] == "gzip"
    assert table.scorer_token not in gzip.decompress(swap.content).decode()


def test_pages_with_a_secret_are_never_compressed(client: Client, table: Table) -> None:
    share = client.get(f"/t/{table.code}/share/", **GZIP)
    assert table.scorer_token in share.content.decode()  # the scorer link: sent as it is
    assert "Content-Encoding" not in share
    client.get(f"/g/{table.group.token}/")  # this phone joins the group
    group = client.get("/group/", **GZIP)
    assert table.group.token in group.content.decode() and "Content-Encoding" not in group
    home = client.get("/", **GZIP)
    assert "Content-Encoding" not in home


def test_the_csrf_token_differs_in_every_compressed_answer(client: Client, table: Table) -> None:
    tokens = set()
    for _ in range(3):
        body = gzip.decompress(client.get(f"/t/{table.code}/", **GZIP).content).decode()
        tokens |= set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', body))
    assert len(tokens) >= 3  # masked anew each time: no fixed secret for a compression oracle to find
