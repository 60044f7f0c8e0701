"""A write made against an older version of the table (409) never invites a double: the answer shows what the
other phone saved since (its log lines), keeps this phone's entry as typed, and offers two answers: "That was
it — keep theirs" (nothing is sent) and "Record mine as well" (the write again, as sent, against the new
version, with its own key: it lands once however often it is tapped). The same for every write that can be
stale: record, correct, undo, redo and round notes. A refused entry in general comes back as typed."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client

from companion import services
from companion.board import log_line
from companion.i18n import tr
from companion.models import Table
from tests.companion.conftest import hand

HTMX = {"HTTP_HX_REQUEST": "true"}
# Ana 6, Ben 7 hearts, the lady to Dan: what both phones type at once
SAME_HAND = {"hearts-0": "6", "hearts-1": "7", "lady-0": "3"}


class Forms(HTMLParser):
    """Every form of a page: its attributes and its fields (name, value) in order, with the element that holds
    the `data-*` marker it sits in (the conflict box's own form is marked `data-mine`)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self.links: list[dict[str, str | None]] = []
        self.textareas: dict[str, str] = {}
        self._form: dict | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self._form = {"attrs": a, "fields": []}
            self.forms.append(self._form)
        elif tag == "a":
            self.links.append(a)
        elif tag == "input" and self._form is not None and a.get("name"):
            kind = a.get("type", "text")
            if kind not in ("radio", "checkbox") or "checked" in a:
                self._form["fields"].append((a["name"], a.get("value") or ""))
        elif tag == "textarea":
            self._textarea = a.get("id") or ""
            self.textareas[self._textarea] = ""

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self.textareas[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "textarea":
            self._textarea = None


def parse(html: str) -> Forms:
    forms = Forms()
    forms.feed(html)
    return forms


def mine(html: str) -> tuple[str, dict[str, list[str]]]:
    """The conflict's "Record mine as well" form: where it posts and what."""
    found = [f for f in parse(html).forms if "data-mine" in f["attrs"]]
    assert len(found) == 1, "no (or more than one) 'Record mine as well' form"
    fields: dict[str, list[str]] = {}
    for name, value in found[0]["fields"]:
        fields.setdefault(name, []).append(value)
    return str(found[0]["attrs"]["action"]), fields


def keep_theirs(html: str) -> dict[str, str | None]:
    found = [a for a in parse(html).links if "data-keep-theirs" in a]
    assert len(found) == 1
    return found[0]


def fresh(table: Table) -> services.Snapshot:
    return services.snapshot(Table.objects.get(pk=table.pk))


def line(snap: services.Snapshot, seq: int) -> str:
    entry = next(e for e in snap.log if e.seq == seq)
    return tr(log_line(snap, entry, None))


def other_phone_saves_the_hand(table: Table) -> None:
    services.append(Table.objects.get(pk=table.pk), [hand(Ana=6, Ben=7, lady="Dan")])


def send_stale_hand(client: Client, table: Table, version: int = 0, key: str = "mine-1") -> str:
    response = client.post(f"/t/{table.code}/record/hand/", SAME_HAND | {"version": str(version), "key": key}, **HTMX)
    assert response.status_code == 409
    return response.content.decode()


def test_stale_write_shows_what_the_other_phone_recorded(client: Client, table: Table) -> None:
    other_phone_saves_the_hand(table)
    html = send_stale_hand(client, table)
    snap = fresh(table)
    assert "Not saved: another phone saved this first." in html
    assert f"<li>{line(snap, 1)}</li>" in html  # the other phone's entry, as the log says it
    assert "That was it — keep theirs" in html and "Record mine as well" in html
    assert "check it and try again" not in html  # the old answer that invited a double
    assert table.events.count() == 1
    # This phone's entry stays as typed, in its open section.
    assert 'name="hearts-0" min="0" max="13" value="6"' in html
    assert 'name="hearts-1" min="0" max="13" value="7"' in html
    assert 'name="lady-0" value="3" checked' in html


def test_keep_theirs_records_nothing(client: Client, table: Table) -> None:
    other_phone_saves_the_hand(table)
    html = send_stale_hand(client, table)
    link = keep_theirs(html)
    assert link["href"] == f"/t/{table.code}/" and link["hx-get"] == f"/t/{table.code}/"  # a read: nothing is sent
    after = client.get(str(link["hx-get"]), **HTMX)
    body = after.content.decode()
    assert after.status_code == 200 and table.events.count() == 1
    # The entry form comes back empty, ready for the next hand.
    assert 'name="hearts-0" min="0" max="13" value="0"' in body
    assert 'name="lady-0" value="3" checked' not in body
    assert "data-conflict" not in body


def test_record_mine_as_well_lands_once(client: Client, table: Table) -> None:
    other_phone_saves_the_hand(table)
    html = send_stale_hand(client, table, key="mine-1")
    action, fields = mine(html)
    assert action == f"/t/{table.code}/record/hand/"
    assert fields["version"] == ["1"]  # against the new version
    assert fields["key"] == ["mine-1"]  # the refused write's own key: it never landed
    assert {k: v for k, v in fields.items() if k not in ("version", "key", "csrfmiddlewaretoken")} == {
        "hearts-0": ["6"],
        "hearts-1": ["7"],
        "lady-0": ["3"],
    }
    for _tap in range(2):  # a double tap, or a flaky connection's resend
        assert client.post(action, fields, **HTMX).status_code == 200
    assert [e.payload for e in table.events.order_by("seq")] == [hand(Ana=6, Ben=7, lady="Dan")] * 2


def test_the_answer_lists_every_entry_since_the_form_was_made(client: Client, table: Table) -> None:
    """Two entries saved since version 1, one of them undone; the one before stays out of the list."""
    services.append(table, [hand(Ana=13, lady="Ben")])  # version 1: this phone's form is made here
    services.append(table, [hand(Cleo=13, lady="Ana")])
    services.undo(table)
    services.append(table, [hand(Dan=13, lady="Cleo")])
    html = send_stale_hand(client, table, version=1)
    snap = fresh(table)
    assert f"<li><del>Undone: {line(snap, 2)}</del></li>" in html
    assert f"<li>{line(snap, 3)}</li>" in html
    assert line(snap, 1) not in html.split("data-conflict")[1].split("</div>")[0]


def test_a_long_wait_lists_the_newest_entries_and_counts_the_rest(client: Client, table: Table) -> None:
    for n in range(8):
        services.append(table, [{"type": "penalty", "player": "Ana", "reason": f"slip {n}", "points": 1}])
    html = send_stale_hand(client, table)
    assert html.count('<ul class="theirs">') == 1 and "slip 7" in html and "slip 2" in html
    assert "slip 1" not in html.split("data-conflict")[1].split("</ul>")[0]
    assert "Earlier changes not listed: 2" in html


def test_a_stale_correction_shows_theirs_and_resends_mine_once(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13, lady="Ben")])  # entry 1, version 1
    form = {"hearts-2": "13", "lady-0": "0", "version": "1", "key": "fix-1"}
    services.append(table, [hand(Ben=13, lady="Cleo")])  # the other phone: entry 2
    response = client.post(f"/t/{table.code}/correct/1/hand/", form, **HTMX)
    html = response.content.decode()
    assert response.status_code == 409 and f"<li>{line(fresh(table), 2)}</li>" in html
    assert 'name="hearts-2" min="0" max="13" value="13"' in html  # the fix as typed
    action, fields = mine(html)
    assert action == f"/t/{table.code}/correct/1/hand/" and fields["version"] == ["2"]
    for _tap in range(2):
        assert client.post(action, fields, **HTMX).status_code == 200
    live = [e.payload for e in fresh(table).live]
    assert live == [hand(Cleo=13, lady="Ana"), hand(Ben=13, lady="Cleo")]


@pytest.mark.parametrize("verb", ["undo", "redo"])
def test_a_stale_undo_or_redo_shows_theirs_and_offers_both(client: Client, table: Table, verb: str) -> None:
    services.append(table, [hand(Ana=13, lady="Ben")])
    services.append(table, [hand(Ben=13, lady="Cleo")])
    services.undo(table)  # version 3: this phone's bar was made here
    if verb == "undo":
        services.redo(table)  # the other phone brought it back
        expected = "Not undone: another phone changed this table first."
    else:
        services.undo(table)  # the other phone undid the one before too
        expected = "Not redone: another phone changed this table first."
    response = client.post(f"/t/{table.code}/{verb}/", {"version": "3", "key": f"{verb}-1"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 409 and expected in html
    snap = fresh(table)
    changed = line(snap, 2 if verb == "undo" else 1)
    assert (f"<li>{changed}</li>" if verb == "undo" else f"<li><del>Undone: {changed}</del></li>") in html
    assert ("Undo as well" if verb == "undo" else "Redo as well") in html
    assert keep_theirs(html)["hx-get"] == f"/t/{table.code}/"
    action, fields = mine(html)
    fields.pop("csrfmiddlewaretoken")
    assert action == f"/t/{table.code}/{verb}/" and fields == {"version": ["4"], "key": [f"{verb}-1"]}
    for _tap in range(2):
        assert client.post(action, fields, **HTMX).status_code == 200
    # Undo: the hand the other phone brought back is undone again; redo: the first hand is back. Once each.
    assert [e.retracted for e in fresh(table).log] == [False, True]


def test_a_stale_round_note_shows_theirs_and_keeps_the_note(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13, lady="Ben")])  # version 1: this phone's notes form was made here
    services.append(table, [hand(Ben=13, lady="Cleo")])
    response = client.post(
        f"/t/{table.code}/note/", {"round": "1", "note": "Ana dealt twice", "version": "1", "key": "note-1"}
    )
    html = response.content.decode()
    assert response.status_code == 409 and f"<li>{line(fresh(table), 2)}</li>" in html
    assert parse(html).textareas["round-note"] == "Ana dealt twice"  # kept as typed
    assert keep_theirs(html)["href"] == f"/t/{table.code}/#past" and "hx-get" not in keep_theirs(html)
    action, fields = mine(html)
    assert action == f"/t/{table.code}/note/" and fields["round"] == ["1"] and fields["note"] == ["Ana dealt twice"]
    for _tap in range(2):
        assert client.post(action, fields).status_code == 302  # a plain post, back to the table's notes
    assert fresh(table).live[0].payload.get("note") == "Ana dealt twice"
    assert fresh(table).live[1].payload == hand(Ben=13, lady="Cleo")


def test_the_answer_is_in_every_language(client: Client, table: Table) -> None:
    other_phone_saves_the_hand(table)
    expected = {
        "de": ("ihren Eintrag behalten", "Meinen auch eintragen"),
        "fr": ("garder le sien", "Enregistrer le mien aussi"),
        "es": ("quedarse con el suyo", "Registrar el mío también"),
    }
    for lang, words in expected.items():
        response = client.post(
            f"/t/{table.code}/record/hand/",
            SAME_HAND | {"version": "0", "key": f"k-{lang}"},
            HTTP_ACCEPT_LANGUAGE=lang,
            **HTMX,
        )
        html = response.content.decode()
        assert response.status_code == 409 and all(w in html for w in words), lang


def test_a_refused_entry_says_which_form_it_answers(client: Client, table: Table) -> None:
    """kibitz.js puts the reason just above the form it refuses: the answer names the address and the fields."""
    response = client.post(
        f"/t/{table.code}/record/hand/", {"hearts-0": "5", "lady-0": "1", "version": "0", "key": "k"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert f'data-reason data-for="/t/{table.code}/record/hand/"' in html
    assert 'data-fields="hearts-0 lady-0 version key"' in html


def test_a_refused_entry_leaves_out_the_counts_that_carried_no_card(client: Client, db: None) -> None:
    """A picker count at 0 sent nothing: the form is found by the fields that carried something (the picker may come
    back as a part fetched on demand, without its counts)."""
    table = services.create_table("white-hat", ["Ana", "Ben"], {})
    client.get(f"/s/{table.scorer_token}/")
    sent = {"sum-0": "-3", "hand-1:7": "0", "hand-1:9": "", "hand-1:12": "2", "version": "0", "key": "k"}
    html = client.post(f"/t/{table.code}/record/round/", sent, **HTMX).content.decode()
    assert 'data-fields="sum-0 hand-1:12 version key"' in html


def test_a_refused_hood_politix_penalty_comes_back_as_typed(client: Client, db: None) -> None:
    table = services.create_table("hood-politix", ["Ana", "Ben", "Cleo", "Dan"], {})
    client.get(f"/s/{table.scorer_token}/")
    form = {"player": "1", "cards": "99", "reason": "too-slow", "version": "0", "key": "k"}
    response = client.post(f"/t/{table.code}/record/penalty/", form, **HTMX)
    html = response.content.decode()
    assert response.status_code == 400 and "Penalty cards must be from 1 to 50." in html
    assert '<details id="hp-penalty" class="mode" open data-mode="penalty"' in html
    penalty = html.split('class="hp-penalty"')[1].split("</form>")[0]
    assert 'name="player" value="1" checked required' in penalty  # who, still chosen
    assert 'value="99"' in penalty  # the cards as typed
    assert 'data-lazy="dispute"' in html  # the closed dispute form waits to be opened (issue 19)
    plain = client.post(f"/t/{table.code}/record/penalty/", form | {"key": "k2"}).content.decode()  # every part
    dispute = plain.split('class="hp-dispute"')[1].split("</form>")[0]
    assert "checked required" not in dispute  # the penalty's player is not the dispute's
