"""A phone in a cellar without signal (issue 20 §4): the table page it opened reloads from the service worker's
copy, marked as one; hands saved meanwhile wait on the phone across reloads and land once each, in order, when the
connection is back — or, when another phone wrote in between, are answered with the stale-write choice, and
nothing is lost or doubled. Every game's page reloads offline; the app is installable (Chromium's own verdict)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from companion import services
from companion.models import Table
from tests.companion.test_play_again import finished_case
from tests.e2e.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.conftest import PHONE, assert_accessible, overflow, settled, wait_until
from tests.e2e.test_csp import LISTEN, violations
from tests.e2e.test_screens import look

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
LIVE = 8_000  # ms: the page polls every 3 s


def kept(page: Page, path: str) -> None:
    """Wait until the service worker controls the page and keeps a copy of `path`."""
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout=10)
    wait_until(page, f"caches.open('kibitz-pages').then(c => c.match('{path}')).then(r => !!r)", timeout=10)


def waiting(page: Page) -> int:
    return int(page.evaluate("JSON.parse(localStorage.getItem('kibitz.unsent.' + location.pathname) || '[]').length"))


def hand_to(page: Page, seat: int, lady: str) -> None:
    """Every heart to one seat ('the rest' on its pad), the lady to another, then Save."""
    row = page.locator(f'.stepper[data-seat="{seat}"]')
    if row.locator("button.pick").get_attribute("aria-expanded") != "true":
        row.locator("button.pick").click()
    row.locator(".pad .rest").click()
    page.locator("fieldset.lady label").filter(has_text=lady).click()
    page.locator("form.quick [data-save]").click()


def hands(table: Table) -> list[dict]:
    """The table's log as stored: each hand's hearts and lady, in order (none undone)."""
    return [e.payload for e in table.events.order_by("seq") if not e.retracted]


def test_a_table_reloads_offline_and_its_hands_land_once_in_order(open_phone, live_server) -> None:
    table = services.create_table("rickety-kate", PLAYERS, {})
    scorer = open_phone(path=f"/s/{table.scorer_token}/")
    path = f"/t/{table.code}/"
    kept(scorer, path)

    scorer.context.set_offline(True)
    scorer.reload()
    banner = scorer.locator(".offline")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("This is the table as this phone last saw it.")
    expect(scorer.locator("#scoreboard")).to_be_visible()

    hand_to(scorer, 3, "Cleo")  # Dan 13, Cleo 13
    expect(banner).to_contain_text("1 entry waiting to be sent.")
    # The entry comes back blank from the copy, ready for the next hand (the one saved waits in the queue).
    expect(scorer.locator('.stepper[data-seat="3"] .value')).not_to_have_text("13")
    hand_to(scorer, 0, "Ben")  # Ana 13, Ben 13
    expect(banner).to_contain_text("2 entries waiting to be sent.")
    scorer.reload()  # still without signal: what waits is still there
    expect(banner).to_contain_text("2 entries waiting to be sent.")
    assert waiting(scorer) == 2 and table.events.count() == 0

    scorer.context.set_offline(False)
    expect(scorer.locator("#scoreboard tfoot [data-total]")).to_have_text(["★ 13"] * 4, timeout=LIVE)
    expect(banner).to_be_hidden()
    assert waiting(scorer) == 0
    assert hands(table) == [HAND_1, HAND_2]  # each once, in the order saved
    assert_no_script_error(scorer)


HAND_1 = {"type": "hand", "hearts": {"Dan": 13}, "lady": "Cleo"}
HAND_2 = {"type": "hand", "hearts": {"Ana": 13}, "lady": "Ben"}
THEIRS = {"type": "hand", "hearts": {"Ben": 13}, "lady": "Ana"}


def assert_no_script_error(page: Page) -> None:
    """No script error; the console's lines for requests that found no network (the poller's) are expected."""
    assert [e for e in page.errors if e.startswith("page error")] == []


def test_hands_saved_offline_meet_another_phones_hand_with_the_stale_write_choice(open_phone) -> None:
    table = services.create_table("rickety-kate", PLAYERS, {})
    scorer = open_phone(path=f"/s/{table.scorer_token}/")
    kept(scorer, f"/t/{table.code}/")
    scorer.context.set_offline(True)
    scorer.reload()
    hand_to(scorer, 3, "Cleo")
    expect(scorer.locator('.stepper[data-seat="3"] .value')).not_to_have_text("13")
    hand_to(scorer, 0, "Ben")
    expect(scorer.locator(".offline")).to_contain_text("2 entries waiting to be sent.")

    other = open_phone(path=f"/s/{table.scorer_token}/")  # another phone, with signal, saves a hand meanwhile
    hand_to(other, 1, "Ana")
    expect(other.locator("#board")).to_have_attribute("data-version", "1")

    # Back online: the first hand waiting was made against the table before the other phone's, so the server
    # refuses it as stale and offers to record it as well; the second waits meanwhile (nothing sent, nothing lost).
    scorer.context.set_offline(False)
    conflict = scorer.locator("#entry [data-conflict]")
    expect(conflict).to_contain_text("Not saved: another phone saved this first.", timeout=LIVE)
    expect(scorer.locator(".offline")).to_contain_text("1 entry waiting to be sent.")
    assert hands(table) == [THEIRS] and waiting(scorer) == 1
    conflict.get_by_role("button", name="Record mine as well").click()
    # Recorded after theirs; then the second hand goes out, stale in its turn, and is recorded as well.
    expect(scorer.locator("#board")).to_have_attribute("data-version", "2")
    expect(conflict).to_be_visible()
    expect(scorer.locator(".offline")).to_be_hidden()
    assert hands(table) == [THEIRS, HAND_1]
    conflict.get_by_role("button", name="Record mine as well").click()
    expect(scorer.locator("#scoreboard tfoot [data-total]")).to_have_text(["26", "26", "★ 13", "★ 13"])
    assert hands(table) == [THEIRS, HAND_1, HAND_2] and waiting(scorer) == 0
    assert_no_script_error(scorer)


def test_the_copy_is_the_table_as_last_seen(open_phone) -> None:
    """The worker keeps the page afresh after this phone's own write and after a live update from another phone,
    so a reload without signal shows both hands; never a write's answer itself."""
    table = services.create_table("rickety-kate", PLAYERS, {})
    scorer = open_phone(path=f"/s/{table.scorer_token}/")
    path = f"/t/{table.code}/"
    kept(scorer, path)
    hand_to(scorer, 3, "Cleo")  # with signal
    expect(scorer.locator("#board")).to_have_attribute("data-version", "1")
    wait_until(
        scorer,
        "caches.open('kibitz-pages').then(c => c.match(location.pathname)).then(r => r.text())"
        '.then(t => t.includes(\'id="board" data-version="1"\'))',
        timeout=10,
    )
    other = open_phone(path=f"/s/{table.scorer_token}/")
    hand_to(other, 0, "Ben")
    expect(scorer.locator("#scoreboard tfoot [data-total]")).to_have_text(["★ 13"] * 4, timeout=LIVE)
    wait_until(
        scorer,
        "caches.open('kibitz-pages').then(c => c.match(location.pathname)).then(r => r.text())"
        '.then(t => t.includes(\'id="board" data-version="2"\'))',
        timeout=10,
    )
    scorer.context.set_offline(True)
    scorer.reload()
    expect(scorer.locator(".offline")).to_contain_text("This is the table as this phone last saw it.")
    expect(scorer.locator("#scoreboard tfoot [data-total]")).to_have_text(["★ 13", "★ 13", "★ 13", "★ 13"])
    stored = scorer.evaluate("caches.open('kibitz-pages').then(c => c.keys()).then(k => k.map(r => r.url))")
    assert [url.split("//", 1)[1].split("/", 1)[1] for url in stored] == [path[1:]]  # the page, no answer
    assert_no_script_error(scorer)


def every_game() -> list[tuple[str, dict, str]]:
    from tests.e2e.test_white_hat_tricks import BOARD

    return [
        ("rickety-kate", {}, "en"),
        ("white-hat", {"board": BOARD}, "de"),
        ("hats", {}, "fr"),
        ("hood-politix", {}, "es"),
    ]


COPY = {  # the copy's sentence in each language
    "en": "This is the table as this phone last saw it.",
    "de": "Das ist der Tisch, wie dieses Handy ihn zuletzt gesehen hat.",
    "fr": "Voici la table telle que ce téléphone l'a vue en dernier.",
    "es": "Esta es la mesa tal como la vio este teléfono por última vez.",
}


@pytest.mark.parametrize(("slug", "options", "lang"), every_game(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_games_table_reloads_offline(open_phone, slug: str, options: dict, lang: str) -> None:
    table = services.create_table(slug, PLAYERS, options)
    scorer = open_phone(width=320, lang=lang, path=f"/s/{table.scorer_token}/")
    kept(scorer, f"/t/{table.code}/")
    scorer.context.set_offline(True)
    scorer.context.add_init_script(LISTEN)
    response = scorer.reload()
    assert response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
    expect(scorer.locator(".offline")).to_contain_text(COPY[lang])
    expect(scorer.locator("#scoreboard")).to_be_visible()
    expect(scorer.locator("#entry")).to_be_visible()
    assert scorer.locator("#entry form").count() > 0
    # Styled and scripted from the worker's copies of the static files: the bar is fixed, every picker set up.
    assert scorer.evaluate("getComputedStyle(document.querySelector('#actions')).position") == "fixed"
    assert scorer.evaluate("typeof window.htmx") == "object"
    settled(scorer)
    # The copy's write forms carry keys of their own, none of the kept page's (which may have landed since).
    keys = scorer.eval_on_selector_all("input[name=key]", "els => els.map(e => e.value)")
    assert keys and len(set(keys)) == len(keys)
    assert not set(keys) & set(re.findall(r'name="key" value="([^"]+)"', kept_copy(scorer)))
    assert violations(scorer) == []  # the copy keeps the page's Content-Security-Policy, and breaks none of it
    assert_no_script_error(scorer)
    assert overflow(scorer) == []
    assert_accessible(scorer, f"{slug}: the copy, offline, at 320 px")


def test_a_closed_part_opens_offline_from_the_copy(open_phone) -> None:
    """A phone whose script ran gets the table page without its closed parts (Rickety Kate's trick form); the
    worker keeps the page whole, so without signal the part opened comes from the copy, and a reload shows it."""
    table = services.create_table("rickety-kate", PLAYERS, {})
    scorer = open_phone(path=f"/s/{table.scorer_token}/")
    path = f"/t/{table.code}/"
    kept(scorer, path)
    scorer.reload()  # with kibitz.js's cookie now: the trick form is left out of the page, the copy fetched anew
    tricks = scorer.locator("#entry details[data-mode=tricks]")
    expect(tricks.locator("[data-lazy=tricks]")).to_have_count(1)
    wait_until(scorer, copy_at(path, 0, whole=True), timeout=10)

    scorer.context.set_offline(True)
    tricks.locator("> summary").click()
    expect(tricks.locator("[data-part=tricks] form.trick")).to_be_visible()
    expect(tricks.locator("[data-lazy]")).to_have_count(0)
    scorer.reload()
    expect(scorer.locator(".offline")).to_contain_text(COPY["en"])
    tricks.locator("> summary").click()
    expect(tricks.locator("[data-part=tricks] form.trick")).to_be_visible()
    assert_no_script_error(scorer)


def test_white_hats_next_trick_opens_offline_from_the_copy_behind_no_move(open_phone) -> None:
    """A pawn move pending (its trick saved with signal): the next trick behind "No move" was left out of the swap,
    and opens without signal from the worker's copy, its picker set up as with signal."""
    from tests.e2e.test_white_hat_tricks import SIZES, at_a_round_start, card, saved, version

    page = at_a_round_start(open_phone, SIZES[1])
    path = page.evaluate("location.pathname")
    kept(page, path)
    for value in ("9", "4", "12", "2"):  # Ana wins the trick: her pawn move is pending
        card(page, value).tap()
    before = version(page)
    page.locator("form.wh-trick").get_by_role("button", name="Save trick").tap()
    saved(page, before)
    waiting = page.locator("#entry details.wh-no-move")
    expect(waiting.locator("[data-lazy='trick']")).to_have_count(1)
    wait_until(page, copy_at(path, before + 1, whole=True), timeout=10)

    page.context.set_offline(True)
    waiting.locator("> summary").tap()
    expect(waiting.locator("form.wh-trick [data-card-picker='play'][data-ready]")).to_have_count(1)
    assert_no_script_error(page)


def kept_copy(page: Page) -> str:
    """The worker's copy of the page, as kept."""
    return str(page.evaluate("caches.open('kibitz-pages').then(c => c.match(location.pathname)).then(r => r.text())"))


def test_installable_by_chromiums_own_checks(browser, live_server, transactional_db, tmp_path) -> None:
    """Chromium's own installability verdict (what Lighthouse's installable check read before Lighthouse 12 dropped
    its PWA category): the manifest's name, icons, start URL and display, and a service worker in control. A
    profile on disk: Chromium never offers to install from an incognito one (Playwright's usual contexts)."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, base_url=live_server.url
    )
    try:
        page = context.new_page()
        page.goto("/")
        wait_until(page, "navigator.serviceWorker.ready.then(() => true)", timeout=10)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert '"maskable"' in manifest["data"]
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()


def test_without_a_worker_a_hand_saved_offline_still_lands_once(browser, live_server, transactional_db) -> None:
    """A phone whose worker is not there (blocked here; on a first visit, not yet installed): offline.js cannot
    come without signal, so the failed write waits in the page and goes out when the connection is back."""
    table = services.create_table("rickety-kate", PLAYERS, {})
    context = browser.new_context(base_url=live_server.url, service_workers="block", **PHONE)
    try:
        scorer = context.new_page()
        scorer.goto(f"/s/{table.scorer_token}/")
        context.set_offline(True)
        hand_to(scorer, 3, "Cleo")
        expect(scorer.locator(".offline")).to_be_visible()
        assert scorer.evaluate("window.Kibitz.offline") is None  # offline.js could not come
        context.set_offline(False)
        expect(scorer.locator("#scoreboard tfoot [data-total]")).to_have_text(["★ 0", "★ 0", "13", "13"], timeout=LIVE)
        expect(scorer.locator(".offline")).to_be_hidden()
        assert hands(table) == [HAND_1]
    finally:
        context.close()


# -- the offline page: any other page, and a form posted, without signal --------------------------------------------

OFFLINE_KEPT = "caches.match('/offline/').then(r => !!r)"  # the worker keeps it with the static files


def offline_words(lang: str) -> dict[str, str]:
    """The offline page's sentences in `lang`, from the catalogue."""
    with translation.override(lang):
        return {
            "title": gettext("No connection"),
            "get": gettext("This page is not kept on this phone, so it cannot open without a connection."),
            "post": gettext("Nothing was sent. Try again when the connection is back."),
            "some": gettext("They open without a connection, as this phone last saw them."),
            "none": gettext("None yet: a table opens without a connection once this phone has opened it with one."),
            "again": gettext("Try again"),
        }


def assert_offline_page(page: Page, lang: str, *, posted: bool = False) -> None:
    words = offline_words(lang)
    expect(page.locator("h1")).to_have_text(words["title"])
    expect(page.get_by_text(words["get"])).to_be_visible(visible=not posted)
    expect(page.get_by_text(words["post"])).to_be_visible(visible=posted)
    expect(page.get_by_role("link", name=words["again"])).to_be_visible(visible=not posted)
    expect(page.locator(".offline")).to_be_hidden()  # the page says it itself: no banner over it


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
def test_a_page_not_kept_opens_the_offline_page_with_the_tables_kept(open_phone, lang: str) -> None:
    """Without signal, the home page (never kept: it holds the group tokens) opens the offline page, in the phone's
    language, fitting 320 px, accessible and within the CSP; it lists the table this phone keeps, whose link opens
    its copy."""
    table = services.create_table("rickety-kate", PLAYERS, {})
    phone = open_phone(width=320, lang=lang, path=f"/s/{table.scorer_token}/")
    kept(phone, f"/t/{table.code}/")
    wait_until(phone, OFFLINE_KEPT, timeout=10)
    phone.context.set_offline(True)
    phone.context.add_init_script(LISTEN)
    response = phone.goto("/")
    assert response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert_offline_page(phone, lang)
    listed = phone.locator("ul[data-kept] a")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Rickety Kate")
    expect(phone.locator("[data-kept-note]")).to_have_text(offline_words(lang)["some"])
    assert violations(phone) == []
    look(phone, f"the offline page ({lang})")
    listed.click()
    expect(phone).to_have_url(re.compile(f"/t/{table.code}/$"))
    expect(phone.locator(".offline")).to_contain_text(COPY[lang])
    expect(phone.locator("#scoreboard")).to_be_visible()
    assert violations(phone) == []


def test_a_table_never_opened_a_lost_copy_and_the_history_open_the_offline_page(open_phone) -> None:
    """Every same-origin page that cannot come: a table this phone never opened, the history, a table whose copy is
    gone; without a copy left, the page says so. Once the connection is back, Try again opens the page itself."""
    table, other = services.create_table("rickety-kate", PLAYERS, {}), services.create_table("hats", PLAYERS, {})
    phone = open_phone(path=f"/t/{table.code}/")
    kept(phone, f"/t/{table.code}/")
    wait_until(phone, OFFLINE_KEPT, timeout=10)
    phone.context.set_offline(True)
    for path in (f"/t/{other.code}/", "/history/", f"/t/{other.code}/share/"):
        phone.goto(path)
        assert_offline_page(phone, "en")
        expect(phone.locator("ul[data-kept] a")).to_have_count(1)
    phone.evaluate(f"caches.open('kibitz-pages').then(c => c.delete('/t/{table.code}/'))")
    phone.goto(f"/t/{table.code}/")
    assert_offline_page(phone, "en")
    expect(phone.locator("[data-kept-note]")).to_have_text(offline_words("en")["none"])
    expect(phone.locator("ul[data-kept]")).to_be_hidden()

    phone.goto(f"/t/{other.code}/")
    phone.context.set_offline(False)
    phone.get_by_role("link", name="Try again").click()
    expect(phone.locator("#scoreboard")).to_be_visible()
    expect(phone).to_have_url(re.compile(f"/t/{other.code}/$"))
    assert_no_script_error(phone)


def test_a_form_posted_offline_says_nothing_was_sent(open_phone) -> None:
    """Play again and the language picker post as pages: without signal they end on the offline page saying that
    nothing was sent (nothing is queued: a new table needs the server); with signal again, Play again works."""
    finished = services.import_table(finished_case("rickety-kate"))
    scorer = open_phone(path=f"/s/{finished.scorer_token}/")
    kept(scorer, f"/t/{finished.code}/")
    wait_until(scorer, OFFLINE_KEPT, timeout=10)
    scorer.context.set_offline(True)
    scorer.get_by_role("button", name="Play again").click()
    assert_offline_page(scorer, "en", posted=True)
    scorer.go_back()
    scorer.get_by_label("Language").select_option("de")
    scorer.get_by_role("button", name="Change").click()
    assert_offline_page(scorer, "en", posted=True)
    finished.refresh_from_db()
    assert finished.next_table is None and Table.objects.count() == 1

    scorer.context.set_offline(False)
    scorer.goto(f"/t/{finished.code}/")
    scorer.get_by_role("button", name="Play again").click()
    scorer.wait_for_url(lambda url: f"/t/{finished.code}/" not in url)
    finished.refresh_from_db()
    assert finished.next_table is not None
    assert_no_script_error(scorer)


def test_the_offline_page_follows_the_phones_language_fetched_only_when_it_changes(open_phone) -> None:
    """The worker keeps the offline page at install, and fetches it again only when a page comes in another
    language than the kept one: other pages cost nothing more."""
    phone = open_phone()
    fetched: list[str] = []
    phone.context.on("request", lambda r: fetched.append(r.url) if r.url.endswith("/offline/") else None)
    phone.goto("/")
    wait_until(phone, "navigator.serviceWorker.controller !== null", timeout=10)
    wait_until(phone, OFFLINE_KEPT, timeout=10)
    for path in ("/rules/rickety-kate/", "/new/rickety-kate/", "/"):
        phone.goto(path)
    assert len(fetched) == 1, fetched  # at install
    phone.get_by_label("Language").select_option("de")
    phone.get_by_role("button", name="Change").click()
    expect(phone.locator("html")).to_have_attribute("lang", "de")
    wait_until(phone, "caches.match('/offline/').then(r => r.headers.get('Content-Language') === 'de')", timeout=10)
    phone.goto("/rules/rickety-kate/")
    assert len(fetched) == 2, fetched
    phone.context.set_offline(True)
    phone.goto("/new/rickety-kate/")
    assert_offline_page(phone, "de")


def table_page_fetches(page: Page, path: str) -> list[str]:
    """The worker's own requests for the table's page (not the page's navigations, writes or live updates)."""
    fetched: list[str] = []

    def seen(request) -> None:
        if request.method == "GET" and request.url.endswith(path) and request.service_worker is not None:
            fetched.append(request.url)

    page.context.on("request", seen)
    return fetched


def copy_at(path: str, version: int, *, whole: bool = False) -> str:
    """An expression: the worker's copy of the table's page is at `version` (and, if `whole`, holds every part)."""
    board = f'id="board" data-version="{version}"'
    # A copy being replaced is missing for a moment (keep(): deleted, then put back as the newest).
    copy = f"caches.open('kibitz-pages').then(c => c.match('{path}')).then(r => r ? r.text() : '')"
    return f"{copy}.then(t => t.includes('{board}')" + (" && !t.includes('data-lazy'))" if whole else ")")


def test_the_copy_follows_a_burst_of_writes_with_fewer_fetches(open_phone) -> None:
    """Four hands in a row fetch the table's page twice (at once after the first, once after the rest), not four
    times; a hand saved just before the page goes out of sight is in the copy at once, not seconds later."""
    table = services.create_table("rickety-kate", PLAYERS, {})
    scorer = open_phone(path=f"/s/{table.scorer_token}/")
    path = f"/t/{table.code}/"
    kept(scorer, path)
    fetched = table_page_fetches(scorer, path)
    for n, (seat, lady) in enumerate([(3, "Cleo"), (0, "Ben"), (1, "Dan"), (2, "Ana")], start=1):
        hand_to(scorer, seat, lady)
        expect(scorer.locator("#board")).to_have_attribute("data-version", str(n))
    wait_until(scorer, copy_at(path, 4), timeout=12)  # the last hand caught, by the trailing fetch
    assert len(fetched) == 2, fetched

    hand_to(scorer, 3, "Cleo")  # within the few seconds after that fetch: its own waits
    expect(scorer.locator("#board")).to_have_attribute("data-version", "5")
    scorer.goto("/rules/rickety-kate/")  # the table page goes out of sight: the worker fetches it now
    wait_until(scorer, copy_at(path, 5), timeout=4)  # not REFRESH_EVERY (8 s) after the last fetch
    assert len(fetched) == 3, fetched
