"""The board's parts kept per snapshot and view (companion/rendered.py): a page rendered again at the same version is
the page rendered afresh, with this request's CSRF token and new idempotency keys, and nothing kept is shown for a
new version, another language, another role, or a table field changed without a new version."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from companion import rendered, services
from companion.models import Table
from companion.snapshots import SNAPSHOTS
from tests.companion.conftest import HTMX, hand
from tests.companion.test_parts import LEGAL_FOUR, held, kept, tricks

VOLATILE = re.compile(r'(name="(?:csrfmiddlewaretoken|key)" value=")[^"]*"|"X-CSRFToken": "[^"]*"')


def plain(html: str) -> str:
    return VOLATILE.sub("", html)


def keys(html: str) -> list[str]:
    return re.findall(r'name="key" value="([^"]*)"', html)


def fresh(client: Client, url: str, **extra: str) -> str:
    """The page as rendered with nothing kept."""
    rendered.RENDERED.clear()
    return client.get(url, **extra).content.decode()


def test_a_page_rendered_again_is_the_page_rendered_afresh_with_new_keys(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    url = f"/t/{table.code}/"
    first = fresh(client, url)
    again = client.get(url).content.decode()
    assert rendered.RENDERED.items, "the parts were kept"
    assert plain(again) == plain(first)  # digests included
    assert len(keys(again)) >= 3 and len(set(keys(again))) == len(keys(again))  # a key per form, each new
    assert not set(keys(again)) & set(keys(first))
    assert rendered.KEY_MARK not in again and rendered.CSRF_MARK not in again
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', again)
    assert token and re.search(r'"X-CSRFToken": "([^"]+)"', again)[1] == token[1]  # type: ignore[index]


@pytest.mark.parametrize("query", ["", "?rows=all", "?log=2", "?fix=1", "?part=tricks"])
def test_every_view_kept_matches_its_fresh_rendering(client: Client, table: Table, query: str) -> None:
    for player in ("Ana", "Ben", "Cleo"):
        services.append(table, [hand(**{player: 13})])
    url = f"/t/{table.code}/{query}"
    for extra in ({}, HTMX, {"HTTP_ACCEPT_LANGUAGE": "de"}):
        first = fresh(client, url, **extra)
        assert plain(client.get(url, **extra).content.decode()) == plain(first)


def test_the_parts_a_phone_holds_are_kept_by_the_kept_digests(client: Client, table: Table) -> None:
    client.cookies["kibitz_script"] = "1"  # as kibitz.js sets it: the page's entry is the swap's
    url = f"/t/{table.code}/"
    page = client.get(url).content.decode()
    sent = " ".join(f"{k}={v}" for k, v in held(page).items())
    answer = client.get(url, **HTMX, HTTP_X_KIBITZ_PARTS=sent).content.decode()
    assert {"scoreboard", "entry", "log"} <= kept(answer) <= set(held(page))
    for inside in set(held(page)) - kept(answer):  # a part of a kept part goes with it
        assert f'id="{inside}"' not in answer
    assert kept(client.get(url, **HTMX).content.decode()) == set()  # holding nothing: every part sent


def test_a_new_version_another_language_or_role_is_never_an_old_part(client: Client, table: Table) -> None:
    url = f"/t/{table.code}/"
    assert "Nothing recorded yet." in client.get(url).content.decode()
    services.append(table, [hand(Ana=13)])
    page = client.get(url).content.decode()
    assert "Nothing recorded yet." not in page and "Ana 13♥" in page  # the new log line
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h2>Verlauf</h2>" in german and "<h2>Log</h2>" not in german
    assert "<h2>Log</h2>" in client.get(url).content.decode()
    watcher = Client().get(url).content.decode()
    assert "You are watching." in watcher and "record/hand" not in watcher
    assert "record/hand" in client.get(url).content.decode()


def test_a_table_field_changed_without_a_new_version_is_shown(client: Client, table: Table) -> None:
    url = f"/t/{table.code}/"
    watcher = Client()
    assert "Played at Ana" not in watcher.get(url).content.decode()
    services.set_notes(Table.objects.get(pk=table.pk), "Played at Ana's")  # the version stays
    assert "Played at Ana&#x27;s" in watcher.get(url).content.decode()


def test_a_snapshot_derived_again_keeps_nothing_from_the_one_before(client: Client, table: Table) -> None:
    """As a new process would: the parts kept belong to the snapshot object, not only to its version."""
    url = f"/t/{table.code}/"
    client.get(url)
    services.append(table, [hand(Ana=13)])
    client.get(url)
    table.events.filter(seq=1).update(payload=hand(Ben=13))  # behind the app's back: same version
    SNAPSHOTS.clear()
    page = client.get(url).content.decode()
    assert "Ben 13♥" in page and "Ana 13♥" not in page


def test_a_form_with_its_error_is_never_kept(client: Client, table: Table) -> None:
    url = f"/t/{table.code}/"
    client.get(url)
    answer = client.post(f"/t/{table.code}/record/hand/", {"hearts-0": "14"}, **HTMX).content.decode()
    assert '<p class="error" role="alert"' in answer
    assert '<p class="error" role="alert"' not in client.get(url, **HTMX).content.decode()


def test_the_store_is_bounded_by_the_markup_it_holds() -> None:
    one = rendered.made('<p id="a">1234</p>')
    store = rendered.RenderedParts(max_chars=len(one.html) + 5)
    store.put("a", one)
    store.put("b", rendered.made('<p id="b">5678</p>'))
    assert list(store.items) == ["b"] and store.held == len(store.items["b"].html)
    assert store.get("a") is None and store.get("b") is not None


def test_an_edited_template_under_runserver_drops_the_parts_kept(client: Client, table: Table) -> None:
    from django.utils.autoreload import file_changed

    client.get(f"/t/{table.code}/")
    assert rendered.RENDERED.items
    file_changed.send(sender=None, file_path=Path("templates/table.html"))
    assert not rendered.RENDERED.items


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["rickety-kate", "white-hat", "hats", "hood-politix"])
def test_a_part_dropped_from_the_store_is_rendered_from_the_context_left_to_the_template(
    client: Client, slug: str
) -> None:
    """Once a view's parts were kept, its context is left as callables; a part dropped since (the store is bounded)
    is rendered from them, the same as before."""
    from companion import entries
    from games import registry
    from tests.companion.conftest import scorers_table

    game = registry.get(slug)
    table = scorers_table(client, slug, ["Ana", "Ben", "Cleo", "Dan"][: game.min_players], {})
    for action, fields in entries.module(slug).DEMO[:2]:  # as the scorer records them: a game under way
        assert client.post(f"/t/{table.code}/record/{action}/", fields, **HTMX).status_code == 200
    url = f"/t/{table.code}/"
    first = fresh(client, url)
    with rendered.RENDERED.lock:  # every part dropped, the mark that the view's parts were kept left
        for key in [k for k, v in rendered.RENDERED.items.items() if v is not rendered.RENDERED_VIEW]:
            del rendered.RENDERED.items[key]
    assert plain(client.get(url).content.decode()) == plain(first)


def test_a_kept_part_still_keeps_its_own_parts_the_phone_holds(client: Client, table: Table) -> None:
    """A part answered from the store is the part rendered afresh: of its own parts (the log's blocks) it sends the
    one a write changed and keeps those the phone holds unchanged."""
    client.cookies["kibitz_script"] = "1"
    names = ("Ana", "Ben", "Cleo", "Dan")
    for n in range(12):  # each takes the hearts or the lady in turn: nobody reaches the end
        services.append(table, [hand(**{names[n % 4]: 13, "lady": names[(n + 1) % 4]})])
    url = f"/t/{table.code}/"
    page = client.get(url).content.decode()
    assert {"log-0", "log-1"} <= set(held(page))
    services.append(table, [hand(Ben=13, lady="Cleo")])
    sent = " ".join(f"{k}={v}" for k, v in held(page).items())
    afresh = fresh(client, url, **HTMX, HTTP_X_KIBITZ_PARTS=sent)
    again = client.get(url, **HTMX, HTTP_X_KIBITZ_PARTS=sent).content.decode()
    assert plain(again) == plain(afresh)
    assert "log" not in kept(again) and "log-0" in kept(again)  # the log is sent, its oldest block kept
    assert 'id="log-1"' in again and "log-1" not in kept(again)  # the block with the new line is sent


def test_the_decks_hold_every_card_when_only_their_part_was_dropped(client: Client, table: Table) -> None:
    """The decks part holds the cards the board's pickers left to it: a picker answered from the store deals its
    cards again, so the decks rendered anew (dropped from the store since) still hold them all."""
    client.cookies["kibitz_script"] = "1"
    services.append(table, tricks(LEGAL_FOUR[:1]))  # a hand by tricks: its trick picker leaves its cards to a deck
    url = f"/t/{table.code}/"
    first = client.get(url).content.decode()
    decks = re.search(r'<div id="decks".*?</div>', first, re.S)
    assert decks and "data-cp-deck" in decks[0]
    dropped = [key for key, part in rendered.RENDERED.items.items() if part.ident == "decks"]
    assert dropped
    for key in dropped:
        del rendered.RENDERED.items[key]
    again = client.get(url).content.decode()
    assert re.search(r'<div id="decks".*?</div>', again, re.S)[0] == decks[0]  # type: ignore[index]
