"""Swaps of what changed (issue 19): each part of the board carries a digest of its markup; a request aimed at the
board names the parts its page holds, and the answer keeps the ones still the same (companion/parts.py)."""

from __future__ import annotations

import re

from django.test import Client

from companion import parts, services
from companion.models import Table
from tests.companion.conftest import HTMX, hand
from tests.games.rk import LEGAL_FOUR, tricks

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
    client.cookies["kibitz_script"] = "1"  # a phone whose script ran: the parts inside parts have digests too
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


def test_a_part_inside_a_part_is_kept_when_its_part_is_sent_again() -> None:
    """A part's own parts have their digests too: when the part changed, those of its parts still the same are
    stand-ins in it; the part's digest is of its whole markup, whatever the phone holds."""
    from django.template import Context, Template

    board = Template(
        '{% load kibitz %}{% part %}<section id="entry"><h2>{{ n }}</h2>{% part %}<form id="penalty">Penalty'
        '{% part %}<p id="why">Why?</p>{% endpart %}</form>{% endpart %}{% part %}<form id="hand">{{ n }}</form>'
        "{% endpart %}</section>{% endpart %}"
    )
    first = board.render(Context({"n": 1, "script": True}))
    assert set(held(board.render(Context({"n": 1})))) == {"entry"}  # without script: no swap to keep them in
    holding = held(first)
    assert set(holding) == {"entry", "penalty", "why", "hand"}
    answer = board.render(Context({"n": 2, "held_parts": holding, "script": True}))
    assert kept(answer) == {"penalty"}  # the part inside it goes with it
    assert '<form id="penalty" hx-preserve></form>' in answer and "Penalty" not in answer and "Why?" not in answer
    assert "<h2>2</h2>" in answer and '<form id="hand" data-digest=' in answer
    fresh = board.render(Context({"n": 2, "script": True}))
    assert held(answer)["entry"] == held(fresh)["entry"]  # of its whole markup, not of the stand-ins
    again = board.render(Context({"n": 1, "held_parts": holding, "script": True}))
    assert again == '<section id="entry" hx-preserve></section>'
    only_inner = {"why": holding["why"]}
    assert kept(board.render(Context({"n": 2, "held_parts": only_inner, "script": True}))) == {"why"}


def test_a_write_sends_the_block_of_the_log_it_changed(client: Client, table: Table) -> None:
    """The log's lines come in blocks of eight by entry number, each a part: a new line sends its block, an Undo the
    block of the line it strikes through; the others stay as the phone holds them. Each line is numbered as its
    entry."""
    services.append(table, tricks(LEGAL_FOUR) + tricks(LEGAL_FOUR[:7]))  # entries 1-8, 9-16, 17-20
    plain = client.get(f"/t/{table.code}/").content.decode()  # a first load without script: one list, no digests
    assert plain.count("<ol ") == 1 and '<ol id="log-2" reversed start="20">' in plain
    client.cookies["kibitz_script"] = "1"
    page = client.get(f"/t/{table.code}/").content.decode()
    holding = held(page)
    assert {"log-0", "log-1", "log-2"} <= set(holding) and '<ol id="log-2" reversed start="20" data-digest=' in page
    sent = " ".join(f"{k}={v}" for k, v in holding.items() if k != "entry")  # the trick's form is in the entry
    version = str(Table.objects.get(pk=table.pk).version)
    form = {"leader": "2", "card-0": "AD", "card-1": "5H", "card-2": "6H", "card-3": "7H", "version": version}
    answer = client.post(f"/t/{table.code}/record/trick/", form, **HTMX, HTTP_X_KIBITZ_PARTS=sent).content.decode()
    assert {"log-0", "log-1"} <= kept(answer) and "log-2" in held(answer)
    assert '<ol id="log-2" reversed start="21"' in answer and 'data-seq="16"' not in answer
    holding |= held(answer)
    sent = " ".join(f"{k}={v}" for k, v in holding.items() if k != "actions")
    answer = client.post(f"/t/{table.code}/undo/", {}, **HTMX, HTTP_X_KIBITZ_PARTS=sent).content.decode()
    assert {"log-0", "log-1"} <= kept(answer) and 'class="retracted" data-seq="21"' in answer


def test_the_board_of_a_phone_whose_script_ran_leaves_a_pickers_cards_to_a_deck_a_swap_keeps(
    client: Client, table: Table
) -> None:
    """Issue 19 §3: a trick's picker changes with every trick (a played card is disabled); its deck, in the board's
    part #decks, does not. The picker carries the cards played and each seat's picks as data; the swap after a
    trick keeps the deck. A page without the script's cookie, a refused write and a part asked for alone come whole."""
    services.append(table, tricks(LEGAL_FOUR[:1]))
    assert "data-deck" not in client.get(f"/t/{table.code}/").content.decode()  # no script: every card rendered
    client.cookies["kibitz_script"] = "1"
    page = client.get(f"/t/{table.code}/").content.decode()
    key = re.search(r'data-card-picker="card" data-exclusive data-deck="(\w+)"', page)
    assert key is not None and f'<template data-cp-deck="{key[1]}">' in page
    assert 'name="card-0"' not in page and page.count('name=""') == 52  # the deck's cards, named for no seat
    assert 'data-left="2C=0 3C=0 4C=0 5C=0"' in page and 'data-field="card-0"' in page
    holding = held(page)
    assert "decks" in holding
    sent = " ".join(f"{k}={v}" for k, v in holding.items() if k != "entry")
    form = {"leader": "3", "card-0": "6C", "card-1": "7C", "card-2": "8C", "card-3": "9C", "version": "1"}  # in play
    answer = client.post(f"/t/{table.code}/record/trick/", form, **HTMX, HTTP_X_KIBITZ_PARTS=sent).content.decode()
    assert "decks" in kept(answer) and "data-cp-deck" not in answer and f'data-deck="{key[1]}"' in answer
    assert 'data-left="2C=0 3C=0 4C=0 5C=0 6C=0 7C=0 8C=0 9C=0"' in answer
    holding |= held(answer)
    sent = " ".join(f"{k}={v}" for k, v in holding.items() if k != "actions")
    undone = client.post(f"/t/{table.code}/undo/", {}, **HTMX, HTTP_X_KIBITZ_PARTS=sent).content.decode()
    assert "decks" in kept(undone)
    for k, card in enumerate(["6C", "7C", "8C", "9C"]):  # the undone trick back in its form, as data
        assert f'data-field="card-{k}" data-picks="{card}=1"' in undone
    refused = client.post(f"/t/{table.code}/record/trick/", form | {"card-0": "XX"}, **HTMX).content.decode()
    assert "data-deck" not in refused and 'name="card-0"' in refused  # the form whole, as it was sent
    assert "data-deck" not in client.get(f"/t/{table.code}/?part=tricks").content.decode()


def test_a_block_of_log_lines_counts_down_from_its_newest_or_numbers_each_line() -> None:
    from types import SimpleNamespace

    from companion.templatetags.kibitz import log_blocks

    lines = [(SimpleNamespace(seq=seq), f"line {seq}") for seq in (18, 17, 16, 15, 13)]
    blocks = log_blocks(lines)
    assert [(block, top, [e.seq for e, _t in shown]) for block, top, shown in blocks] == [
        (2, 18, [18, 17]),
        (1, None, [16, 15, 13]),  # entry 14 is not there: each line says its number
    ]
    assert [(b, top, len(shown)) for b, top, shown in log_blocks(lines, False)] == [(2, None, 5)]
