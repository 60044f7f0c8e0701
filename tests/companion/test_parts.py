"""Swaps of what changed (issue 19): each part of the board carries a digest of its markup; a request aimed at the
board names the parts its page holds, and the answer keeps the ones still the same (companion/parts.py)."""

from __future__ import annotations

import re

from django.test import Client

from companion import parts, services
from companion.models import Table
from tests.companion.conftest import HTMX, hand

PART = re.compile(r'<([a-z]+) id="([\w-]+)"(?:[^>]* data-digest="(\w+)"| (hx-preserve))')


def held(html: str) -> dict[str, str]:
    return {ident: mark for _tag, ident, mark, _kept in PART.findall(html) if mark}


def kept(html: str) -> set[str]:
    return {ident for _tag, ident, _mark, keep in PART.findall(html) if keep}


def test_the_held_parts_are_read_from_the_header_and_anything_malformed_is_ignored() -> None:
    assert parts.held("scoreboard=1a2b entry=ffff") == {"scoreboard": "1a2b", "entry": "ffff"}
    assert parts.held('log=xyz past=12 "><script> =1 a=') == {"past": "12"}
    assert len(parts.held(" ".join(f"p{n}=1" for n in range(100)))) == parts.MAX_HELD


def test_a_digest_leaves_out_only_what_changes_without_changing_the_part() -> None:
    form = '<form><input name="csrfmiddlewaretoken" value="{}"><input name="key" value="{}">'
    form += '<input name="version" value="{}"><input name="notes" value="{}"></form>'
    same = parts.digest(form.format("a1", "k1", "7", "hi"))
    assert parts.digest(form.format("b2", "k2", "8", "hi")) == same
    assert parts.digest(form.format("a1", "k1", "7", "ho")) != same  # what the form shows is the part
    section = '<section id="log" class="log">x</section>'
    assert parts.digest(section.replace('id="log"', 'id="log" hx-swap-oob="true"')) == parts.digest(section)


def test_a_part_held_unchanged_is_a_stand_in_and_any_other_gets_its_digest() -> None:
    html = '<nav id="actions" class="bar">Undo</nav>'
    mark = parts.digest(html)
    assert parts.stamp(html, {}) == f'<nav id="actions" class="bar" data-digest="{mark}">Undo</nav>'
    assert parts.stamp(html, {"actions": mark}) == '<nav id="actions" hx-preserve></nav>'
    assert 'data-digest="' in parts.stamp(html, {"actions": "0" * 16})
    tricky = "<div id=\"x\" data-t='a > b' hidden></div>"
    stamped = f'<div id="x" data-t=\'a > b\' hidden data-digest="{parts.digest(tricky)}">'
    assert parts.stamp(tricky, {}).startswith(stamped)  # a ">" inside a value does not end the tag
    assert parts.stamp("<p>no id</p>", {"p": mark}) == "<p>no id</p>"


def test_a_swap_after_a_hand_keeps_the_parts_it_did_not_change(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13)])  # Undo and the round notes are there already
    page = client.get(f"/t/{table.code}/").content.decode()
    holding = held(page)
    assert {"scoreboard", "entry", "log", "past", "actions"} <= set(holding)
    assert {"rk-quick", "rk-penalty"} <= set(holding)  # the entry's own parts
    # the hand's form is in the entry and its quick section: as kibitz.js, the parts holding it are not named
    sent = " ".join(f"{k}={v}" for k, v in holding.items() if k not in ("entry", "rk-quick"))
    form = {"hearts-0": "13", "lady-0": "3", "version": str(table.version)}
    answer = client.post(f"/t/{table.code}/record/hand/", form, **HTMX, HTTP_X_KIBITZ_PARTS=sent).content.decode()
    # the bar, Check plays and the penalty section are as they were (the entry is sent, its penalty section kept)
    assert kept(answer) == {"actions", "flags", "rk-penalty"}
    assert '<details id="rk-penalty" hx-preserve></details>' in answer
    # the totals, the next hand, its log line, and the notes (hand 2 to choose for a note)
    assert {"scoreboard", "entry", "log", "past"} <= set(held(answer))
    assert '<nav id="actions" hx-preserve></nav>' in answer and "Check plays" not in answer


def test_without_the_header_or_htmx_every_part_is_sent(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/").content.decode()
    sent = " ".join(f"{k}={v}" for k, v in held(page).items())
    assert kept(client.get(f"/t/{table.code}/", HTTP_X_KIBITZ_PARTS=sent).content.decode()) == set()
    answer = client.post(f"/t/{table.code}/record/hand/", {"hearts-0": "13", "lady-0": "3"}, **HTMX)
    assert kept(answer.content.decode()) == set()


def test_a_part_another_phone_changed_is_sent_again(client: Client, table: Table) -> None:
    """The digests are of the markup itself: a change made elsewhere (a note) makes its part differ, so it is sent."""
    page = client.get(f"/t/{table.code}/").content.decode()
    sent = " ".join(f"{k}={v}" for k, v in held(page).items() if k != "entry")
    services.set_notes(Table.objects.get(pk=table.pk), "Played at Ana's")
    services.append(table, [hand(Ana=13)])
    answer = client.post(f"/t/{table.code}/undo/", {}, **HTMX, HTTP_X_KIBITZ_PARTS=sent).content.decode()
    assert "past" not in kept(answer) and "Played at Ana&#x27;s" in answer
