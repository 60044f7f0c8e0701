"""The table display (/t/CODE/display/, companion/displayviews.py): every game's, in play and finished, read-only
for everyone and the same for everyone, linked from the share page with a QR code, and kept current by a live
answer that is 304 while the table is unchanged."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils.html import escape

from companion import i18n, services
from companion.models import Table
from companion.qr import qr_svg
from tests.companion.conftest import hand
from tests.companion.test_headers import INLINE_HANDLER, INLINE_SCRIPT, INLINE_STYLE, POLICY, directives

CASES = Path(__file__).resolve().parents[1] / "cases"
# One table file of every game in play and one finished (tests/cases, worked out by hand there).
FINISHED = ("4p-defaults-to-100", "hats-4p-quick-teams", "hp-4p-three-rounds", "wh-2p-tracked-board")
IN_PLAY = ("5p-tie-pending", "hats-3p-unfinished", "hp-4p-penalties-unfinished", "wh-4p-leaders-and-hands")
PANELS = {"hats": "hats-panel", "hood-politix": "hp-status", "white-hat": "wh-track"}  # Rickety Kate has none
TOTAL = re.compile(r"data-total>(-?\d+)<")


def imported(case: str) -> Table:
    return services.import_table(json.loads((CASES / f"{case}.json").read_text()))


def page(response) -> str:  # type: ignore[no-untyped-def]
    return response.content.decode()


def part(html: str, ident: str) -> str:
    """The element with id `ident` up to its closing </section> (the display's parts are sections)."""
    start = html.index(f'id="{ident}"')
    return html[html.rindex("<", 0, start) : html.index("</section>", start)]


@pytest.mark.parametrize("case", [*FINISHED, *IN_PLAY])
def test_the_display_of_every_game_in_play_and_finished(case: str, db: None) -> None:
    table = imported(case)
    snap = services.snapshot(table)
    body = page(Client().get(f"/t/{table.code}/display/"))
    assert snap.standings.finished is (case in FINISHED)

    totals = snap.standings.totals
    assert TOTAL.findall(body) == [str(totals[p]) for p in snap.players]  # the game's totals, in seat order
    for name in snap.players:
        assert f'<span class="display-name">{name}</span>' in body
    ranking = snap.game.ranking(snap.standings)
    leaders = {n for place in ranking if place.place == 1 for n in place.names} if snap.standings.rounds else set()
    mark = "★ won" if snap.standings.finished else "★ leading"
    assert body.count(f"data-leader>{mark}<") == len(leaders) == body.count("data-leader")
    assert leaders or case == "hats-3p-unfinished"  # nobody leads a game of Hats before its end
    if snap.standings.finished:
        assert set(leaders) == set(snap.standings.winners) and "★ leading" not in body

    assert f"data-headline>{escape(i18n.tr(snap.prompt.headline))}</p>" in body
    assert '<p class="display-last" data-last><span class="display-last-label">Last entry:</span>' in body
    panel = PANELS.get(snap.game.slug)
    assert ('<section id="display-state"' in body) is (panel is not None)
    if panel:
        assert f'class="{panel}' in body
    assert f'hx-get="/t/{table.code}/display/live/" hx-trigger="every 3s"' in body


def test_nothing_to_change_and_no_secret_for_the_scorer_either(client: Client, table: Table) -> None:
    """The test's `client` holds the scorer link: its display has no form, no scorer control, no token."""
    services.append(table, [hand(Ana=4, Ben=9)])
    for reader in (client, Client(headers={"X-Kibitz-Scorer": table.scorer_token})):
        body = page(reader.get(f"/t/{table.code}/display/"))
        assert "<form" not in body and "<input" not in body and "<button" not in body
        assert "csrfmiddlewaretoken" not in body and "X-CSRFToken" not in body
        assert table.scorer_token not in body and f"/s/{table.scorer_token}" not in body
        for control in ("/undo/", "/redo/", "/record/", "/note/", "/again/", "/share/"):
            assert control not in body, control
    assert 'name="version"' in page(client.get(f"/t/{table.code}/"))  # the same client scores on the table page


def test_the_scorer_and_a_watcher_get_the_same_page(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9)])
    scorer = client.get(f"/t/{table.code}/display/")
    watcher = Client().get(f"/t/{table.code}/display/")
    assert scorer.status_code == watcher.status_code == 200
    assert scorer.content == watcher.content
    table.refresh_from_db()
    fresh = {"HTTP_IF_NONE_MATCH": '"0"'}
    assert client.get(f"/t/{table.code}/display/live/", **fresh).content == (
        Client().get(f"/t/{table.code}/display/live/", **fresh).content
    )


def test_a_missing_table_is_404(db: None) -> None:
    assert Client().get("/t/nope/display/").status_code == 404
    assert Client().get("/t/nope/display/live/").status_code == 404
    assert Client().post("/t/nope/display/").status_code == 405  # a page to read only


def test_the_share_page_links_the_display_with_a_qr_code(client: Client, table: Table) -> None:
    url = f"http://testserver/t/{table.code}/display/"
    for reader, codes in ((client, 3), (Client(), 2)):  # the scorer's page has the scorer link's code too
        body = page(reader.get(f"/t/{table.code}/share/"))
        assert f'<a href="{url}" data-display-link>Table display</a>' in body
        assert qr_svg(url, "Table display") in body  # the code holds the display's address
        assert body.count('class="qr"') == codes * 2  # each code's figure and its svg


def test_the_live_answer_is_304_while_unchanged(client: Client, table: Table, django_assert_num_queries) -> None:
    services.append(table, [hand(Ana=13)])
    with django_assert_num_queries(1):
        response = client.get(f"/t/{table.code}/display/live/", HTTP_IF_NONE_MATCH='"1"')
    assert response.status_code == 304 and response.content == b""
    assert response["ETag"] == '"1"' and "no-cache" in response["Cache-Control"]


def test_the_live_answer_brings_the_new_board_when_changed(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    before = page(client.get(f"/t/{table.code}/display/"))
    assert '"If-None-Match": "\\"1\\""' in before
    services.append(table, [hand(Ben=13, lady="Cleo")])
    response = client.get(f"/t/{table.code}/display/live/", HTTP_IF_NONE_MATCH='"1"', HTTP_HX_REQUEST="true")
    body = page(response)
    assert response.status_code == 200 and response["ETag"] == '"2"'
    assert TOTAL.findall(before) == ["13", "0", "0", "13"]  # Ana the hearts, Dan the lady
    assert TOTAL.findall(body) == ["13", "13", "13", "13"]  # then Ben the hearts, Cleo the lady
    assert '"If-None-Match": "\\"2\\""' in body  # the next poll asks about version 2
    assert body.count('hx-swap-oob="true"') == 3  # the poller, the scores, the (empty) state part
    for ident in ("display-poller", "display-scores", "display-state"):
        assert f'id="{ident}"' in body
    assert "<html" not in body and 'id="scoreboard"' not in body  # the display's own parts, not the table page's
    # The parts swapped in are the page's own, as the page would be rendered now.
    now = page(client.get(f"/t/{table.code}/display/"))
    assert part(body, "display-scores").replace(' hx-swap-oob="true"', "") == part(now, "display-scores")
    assert client.get(f"/t/{table.code}/display/live/", HTTP_IF_NONE_MATCH='"2"').status_code == 304


def test_the_state_panel_is_swapped_too(db: None) -> None:
    table = imported("hp-4p-penalties-unfinished")
    body = page(Client().get(f"/t/{table.code}/display/live/"))
    state = part(body, "display-state")
    assert 'hx-swap-oob="true"' in state and 'id="hp-timers"' in state and 'hx-preserve="true"' in state


def test_the_newest_rows_points_show_from_the_second_row(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    body = page(client.get(f"/t/{table.code}/display/"))
    assert "display-delta" not in body  # after one hand its points are the totals
    services.append(table, [hand(Ben=13, lady="Cleo")])
    body = page(client.get(f"/t/{table.code}/display/"))
    assert re.findall(r'display-delta">([^<]*)<', body) == ["Hand 2: +0", "Hand 2: +13", "Hand 2: +13", "Hand 2: +0"]


def test_its_own_css_and_script_only_on_the_display(client: Client, table: Table) -> None:
    display = page(client.get(f"/t/{table.code}/display/"))
    assert '<link rel="stylesheet" href="/static/display.css">' in display
    assert '<script src="/static/display.js" defer></script>' in display
    assert "kibitz.js" not in display  # the table page's script: its forms and swaps are not here
    for path in (f"/t/{table.code}/", f"/t/{table.code}/share/", "/"):
        other = page(client.get(path))
        assert "display.css" not in other and "display.js" not in other, path


def test_a_games_script_only_where_it_stands_alone(db: None) -> None:
    """Hood Politix's script runs its timers without kibitz.js; White Hat's builds on kibitz.js, so only its
    stylesheet is linked."""
    timers = page(Client().get(f"/t/{imported('hp-4p-penalties-unfinished').code}/display/"))
    assert "/static/games/hood-politix.js" in timers and "/static/games/hood-politix.css" in timers
    board = page(Client().get(f"/t/{imported('wh-4p-leaders-and-hands').code}/display/"))
    assert "/static/games/white-hat.js" not in board and "/static/games/white-hat.css" in board


def test_the_strict_policy_and_nothing_inline(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    for url in (f"/t/{table.code}/display/", f"/t/{table.code}/display/live/"):
        response = client.get(url)
        policy = directives(response["Content-Security-Policy"])
        assert {k: policy.get(k) for k in POLICY} == POLICY, url
        body = page(response)
        assert not INLINE_SCRIPT.search(body) and not INLINE_HANDLER.search(body) and not INLINE_STYLE.search(body)


def test_compressed_as_it_holds_no_secret(client: Client, table: Table) -> None:
    gz = {"HTTP_ACCEPT_ENCODING": "gzip"}
    for url in (f"/t/{table.code}/display/", f"/t/{table.code}/display/live/"):
        response = client.get(url, **gz)
        assert response["Content-Encoding"] == "gzip", url
        assert table.scorer_token not in gzip.decompress(response.content).decode()


def test_in_german(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9), hand(Cleo=13, lady="Ana")])
    body = page(client.get(f"/t/{table.code}/display/", HTTP_ACCEPT_LANGUAGE="de"))
    assert '<html lang="de">' in body
    for words in ("Letzter Eintrag:", "★ führt", "Hand 2: +13", "Tischanzeige"):
        assert words in body, words
    assert "Last entry" not in body
    share = page(client.get(f"/t/{table.code}/share/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Tischanzeige" in share and "Table display" not in share


def test_the_display_goes_on_to_the_next_game(client: Client, db: None) -> None:
    """After "Play again" the finished table's display, polling, is sent to the next game's display (htmx opens it);
    the finished one links it."""
    finished = imported("4p-defaults-to-100")
    etag = f'"{finished.version}"'
    assert client.get(f"/t/{finished.code}/display/live/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    following = services.play_again(services.snapshot(finished))
    response = client.get(f"/t/{finished.code}/display/live/", HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response["HX-Redirect"] == f"/t/{following.code}/display/"
    assert f'href="/t/{following.code}/display/"' in page(client.get(f"/t/{finished.code}/display/"))
    assert "/display/" not in page(client.get(f"/t/{following.code}/display/")).split('class="display-foot"')[1]
