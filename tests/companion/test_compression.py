"""Compression (issue 8: a swap after a hand at most 5 KB on the wire): the table page and its answers are sent in
brotli to a browser that asks for it (Chromium over HTTPS), gzipped to one that does not, padded by a random length
either way; the pages that hold a secret never are (BREACH), and Django's CSRF token is masked anew in every answer."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest
from django.test import Client

from companion.middleware import brotli_padded, metadata_block
from companion.models import Table

HTMX = {"HTTP_HX_REQUEST": "true"}
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate"}  # Chromium over plain HTTP
BROTLI = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br, zstd"}  # Chromium over HTTPS


def test_the_table_page_and_its_swaps_are_compressed(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/", **BROTLI)
    assert page["Content-Encoding"] == "br" and "Accept-Encoding" in page["Vary"]
    assert page["Content-Length"] == str(len(page.content))
    body = brotli.decompress(page.content).decode()
    assert 'id="board"' in body
    assert table.scorer_token not in body  # nothing secret rides in a compressed body
    table.refresh_from_db()
    swap = client.post(
        f"/t/{table.code}/record/hand/",
        {"hearts-1": "13", "lady-0": "3", "version": str(table.version)},
        **HTMX,
        **BROTLI,
    )
    assert swap["Content-Encoding"] == "br"
    assert table.scorer_token not in brotli.decompress(swap.content).decode()


def test_a_browser_without_brotli_gets_gzip(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/", **GZIP)
    assert page["Content-Encoding"] == "gzip" and "Accept-Encoding" in page["Vary"]
    assert 'id="board"' in gzip.decompress(page.content).decode()
    plain = client.get(f"/t/{table.code}/")
    assert "Content-Encoding" not in plain and "Accept-Encoding" in plain["Vary"]


def test_a_brotli_body_is_padded_by_a_random_length_that_decoders_skip() -> None:
    page = b"<p>" + b"The same page, every time. " * 400 + b"</p>"
    sizes = set()
    for _ in range(40):
        body = brotli_padded(page, 100)
        assert brotli.decompress(body) == page
        sizes.add(len(body))
    assert len(sizes) > 10 and max(sizes) - min(sizes) > 50  # as Django pads gzip: 0-99 bytes (Heal the Breach)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 99, 255, 256])
def test_a_metadata_block_of_any_length_is_skipped(size: int) -> None:
    compressor = brotli.Compressor(quality=5)
    body = compressor.process(b"kibitz " * 50) + compressor.flush()
    assert brotli.decompress(body + metadata_block(size) + compressor.finish()) == b"kibitz " * 50
    assert len(metadata_block(size)) == (size + 2 if size else 0)


@pytest.mark.parametrize("accepts", [GZIP, BROTLI], ids=["gzip", "brotli"])
def test_pages_with_a_secret_are_never_compressed(client: Client, table: Table, accepts: dict[str, str]) -> None:
    share = client.get(f"/t/{table.code}/share/", **accepts)
    assert table.scorer_token in share.content.decode()  # the scorer link: sent as it is
    assert "Content-Encoding" not in share
    client.get(f"/g/{table.group.token}/")  # this phone joins the group
    group = client.get("/group/", **accepts)
    assert table.group.token in group.content.decode() and "Content-Encoding" not in group
    home = client.get("/", **accepts)
    assert "Content-Encoding" not in home


def test_the_csrf_token_differs_in_every_compressed_answer(client: Client, table: Table) -> None:
    tokens = set()
    for _ in range(3):
        body = brotli.decompress(client.get(f"/t/{table.code}/", **BROTLI).content).decode()
        tokens |= set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', body))
    assert len(tokens) >= 3  # masked anew each time: no fixed secret for a compression oracle to find
