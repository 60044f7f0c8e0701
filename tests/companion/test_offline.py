"""The service worker and the manifest (issue 20 §4): /sw.js is served from the root with the scope, type and
caching a browser needs, names this deployment's static files, and keeps only pages that hold no secret."""

from __future__ import annotations

import json
import mimetypes
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.test.utils import override_settings
from whitenoise.media_types import MediaTypes

from companion import offline
from companion.models import Table
from tests.companion.conftest import PLAYERS, scorers_table
from tests.games.white_hat.wh import BOARD

STATIC = Path(settings.BASE_DIR) / "static"


def test_the_worker_is_served_from_the_root_for_the_whole_site(client: Client, db: None) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]
    assert client.post("/sw.js").status_code == 405


def test_the_worker_names_every_static_file_of_the_shell(client: Client, db: None) -> None:
    body = client.get("/sw.js").content.decode()
    shell = json.loads(re.search(r"var SHELL = (\[.*?\]);", body).group(1))  # type: ignore[union-attr]
    assert shell == offline.shell()
    for url in ("/static/kibitz.js", "/static/offline.js", "/static/kibitz.css", "/static/games/hats.js"):
        assert url in shell
    page = client.get("/").content.decode()
    linked = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', page))
    assert linked <= set(shell), linked - set(shell)  # every file the pages load


def test_a_new_deployment_is_a_new_worker_with_a_new_cache(client: Client, db: None) -> None:
    before = client.get("/sw.js").content
    with override_settings(STATIC_URL="/assets/"):
        after = client.get("/sw.js").content
    assert before != after
    version = re.compile(rb'var FILES = "kibitz-static-([0-9a-f]+)"')
    assert version.search(before).group(1) != version.search(after).group(1)  # type: ignore[union-attr]


def test_the_worker_keeps_only_a_tables_own_page(client: Client, db: None) -> None:
    """The pages that hold a secret (the share page: the scorer link; the group pages and the home page: group
    tokens) never match the worker's pattern of the pages it keeps, and say no-store besides."""
    body = client.get("/sw.js").content.decode()
    pattern = re.search(r"var TABLE = /(.*)/;", body).group(1).replace("\\/", "/")  # type: ignore[union-attr]
    keeps = re.compile(pattern)
    assert keeps.match("/t/AbC123/")
    for path in ("/t/AbC123/share/", "/group/", "/g/TOKEN/", "/s/TOKEN/", "/", "/history/", "/t/AbC123/live/"):
        assert not keeps.match(path), path
    assert "no-store" in body  # and a page saying no-store is never kept, whatever its address


def test_the_table_page_a_phone_keeps_holds_no_secret(client: Client, table: Table) -> None:
    """What the worker keeps of a table page, the scorer's included (the cache is readable by any script of the
    site on that phone): neither the scorer token nor the group's link."""
    page = client.get(f"/t/{table.code}/")
    body = page.content.decode()
    assert 'action="/t/' in body  # the scorer's page: its write forms
    assert table.scorer_token not in body and table.group.token not in body
    assert "no-store" not in page.get("Cache-Control", "")
    watcher = Client().get(f"/t/{table.code}/").content.decode()
    assert table.scorer_token not in watcher and table.group.token not in watcher


@pytest.mark.parametrize(
    ("slug", "options"),
    [("rickety-kate", {}), ("white-hat", {"board": BOARD}), ("hats", {}), ("hood-politix", {})],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_the_worker_asks_for_the_page_whole_for_its_copy(client: Client, db: None, slug: str, options: dict) -> None:
    """A phone whose script ran gets a table page with closed parts left out; the worker's fetch for its copy
    (X-Kibitz-Whole: 1) gets every one of them in place, on the same scorer's page, after the lazy one was kept."""
    table = scorers_table(client, slug, PLAYERS, options)
    client.cookies["kibitz_script"] = "1"
    lazy = client.get(f"/t/{table.code}/").content.decode()
    left_out = re.findall(r'data-lazy="(\w+)"', lazy)
    assert left_out
    whole = client.get(f"/t/{table.code}/", headers={"X-Kibitz-Whole": "1"}).content.decode()
    assert "data-lazy" not in whole
    for name in left_out:
        assert f'data-part="{name}"' in whole, name
    assert 'action="/t/' in whole and table.scorer_token not in whole  # the scorer's page, no secret in it
    assert 'class="lazy"' in client.get(f"/t/{table.code}/").content.decode()  # the plain page stays lazy


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_manifest_has_what_a_phone_needs_to_install(client: Client, db: None) -> None:
    manifest = json.loads((STATIC / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    pngs = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= pngs
    for icon in manifest["icons"]:
        assert (STATIC / icon["src"]).is_file(), icon
        if icon["type"] == "image/png":
            assert "x".join(map(str, png_size(STATIC / icon["src"]))) == icon["sizes"], icon
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page


BANNER = {  # the count's words for one entry and for two, as offline.js gets them, then the copy's sentence
    "de": ("{n} Eintrag wartet darauf", "{n} Einträge warten darauf", "wie dieses Handy ihn zuletzt gesehen hat"),
    "fr": ("{n} saisie en attente", "{n} saisies en attente", "telle que ce téléphone l'a vue"),
    "es": ("{n} anotación pendiente", "{n} anotaciones pendientes", "tal como la vio este teléfono"),
    "en": ("{n} entry waiting to be sent.", "{n} entries waiting to be sent.", "as this phone last saw it"),
}


def test_the_offline_banner_reads_in_every_language(client: Client, table: Table) -> None:
    for lang, (one, other, copy) in BANNER.items():
        page = client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        banner = re.search(r'<p class="offline".*?</p>', page, re.S).group(0)  # type: ignore[union-attr]
        t_one = re.search(r'data-t-one="([^"]*)"', banner).group(1)  # type: ignore[union-attr]
        t_other = re.search(r'data-t-other="([^"]*)"', banner).group(1)  # type: ignore[union-attr]
        assert t_one.startswith(one) and t_other.startswith(other), (lang, t_one, t_other)
        assert copy in banner, lang


def test_the_manifest_is_served_as_a_manifest() -> None:
    """whitenoise (production) by its table and this setting; Django's static view (debug) by Python's."""
    assert MediaTypes(extra_types=settings.WHITENOISE_MIMETYPES).get_type("manifest.0123456789ab.webmanifest") == (
        "application/manifest+json"
    )
    assert mimetypes.guess_type("manifest.webmanifest")[0] == "application/manifest+json"


# -- the offline page (templates/offline.html): what the worker shows for a page it does not keep ----------------


def test_the_worker_keeps_the_offline_page_from_its_installation(client: Client, db: None) -> None:
    body = client.get("/sw.js").content.decode()
    assert json.loads(re.search(r"var OFFLINE = (\S+);", body).group(1)) == "/offline/"  # type: ignore[union-attr]
    assert "cache.addAll(SHELL.concat([OFFLINE]))" in body


def test_the_offline_page_is_for_the_worker_a_phone_opening_it_goes_home(client: Client, db: None) -> None:
    """The worker fetches it (Sec-Fetch-Mode: cors, or none from an older browser); a phone that navigates to it
    (the language picker on it, once back online) has signal, and is sent to the home page."""
    for mode in ("cors", None):
        response = client.get("/offline/", headers={"Sec-Fetch-Mode": mode} if mode else {})
        assert response.status_code == 200
        assert "Sec-Fetch-Mode" in response["Vary"]
        assert "no-store" not in response.get("Cache-Control", "")  # the worker keeps only what may be kept
    navigated = client.get("/offline/", headers={"Sec-Fetch-Mode": "navigate"})
    assert navigated.status_code == 302 and navigated["Location"] == "/"
    assert client.post("/offline/").status_code == 405


OFFLINE_WORDS = {  # the heading, and the sentence for a form posted
    "en": ("No connection", "Nothing was sent. Try again when the connection is back."),
    "de": ("Keine Verbindung", "Es wurde nichts gesendet."),
    "fr": ("Pas de connexion", "Rien n'a été envoyé."),
    "es": ("Sin conexión", "No se ha enviado nada."),
}


def test_the_offline_page_reads_in_every_language_and_holds_no_secret_nor_form_of_its_own(
    client: Client, table: Table
) -> None:
    for lang, (heading, posted) in OFFLINE_WORDS.items():
        response = client.get("/offline/", HTTP_ACCEPT_LANGUAGE=lang)
        body = response.content.decode()
        assert response["Content-Language"] == lang  # what the worker compares to follow the phone's language
        assert f'<h1 id="offline-title">{heading}</h1>' in body and posted in body, lang
        assert body.count("<form") == 1 and 'action="/i18n/setlang/"' in body  # base.html's language picker only
        assert table.scorer_token not in body and table.group.token not in body
        assert "/static/games/" not in body  # no game's stylesheet or script: it shows no table
    # Without script (offline.js lists the copies), the list's place says so plainly.
    body = client.get("/offline/").content.decode()
    assert '<ul class="tables" data-kept hidden></ul>' in body
    assert "Without JavaScript this page cannot list them." in body


def test_the_worker_shows_the_posted_sentence_for_a_form_posted(client: Client, db: None) -> None:
    """The worker's edit of the kept page for a form posted (templates/sw.js, offlinePage), done here as it does it:
    the markers it looks for are in the page, once each, and it ends with the sentence for a form posted shown and
    the one for a page not kept (with its Try again) hidden."""
    worker = client.get("/sw.js").content.decode()
    got = re.search(r"var GOT = '([^']*)', POSTED = '([^']*)';", worker)
    assert got is not None
    get_marker, post_marker = got.groups()
    page = client.get("/offline/").content.decode()
    assert page.count(get_marker) == 1 and page.count(post_marker + " hidden") == 1
    edited = page.replace(get_marker, get_marker + " hidden").replace(post_marker + " hidden", post_marker)
    shown = re.search(rf"<p{post_marker}>([^<]*)</p>", edited)
    assert shown is not None and shown.group(1) == "Nothing was sent. Try again when the connection is back."
    assert re.search(rf"<div{get_marker} hidden>\s*<p>This page is not kept", edited)
    assert 'href="">Try again</a>' in edited.split(get_marker + " hidden", 1)[1].split("</div>", 1)[0]
