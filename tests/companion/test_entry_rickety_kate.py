"""Rickety Kate's entry forms through the test client: the moon asked only when the game sees one (and in the words
on its buttons), forms filled in again after an Undo and for a correction ("Fix" in the log), the card pickers
for tricks and passes."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.http import QueryDict
from django.test import Client

from companion import entries, services
from companion.entries import rickety_kate as web
from companion.models import Table
from tests.companion.conftest import HTMX, PLAYERS, checked, hand, live, record, scorers_table
from tests.games.rk import LEGAL_FOUR, one_suit_each, trick, tricks


def snap(table: Table) -> services.Snapshot:
    return services.snapshot(Table.objects.get(pk=table.pk))


# -- the moon ---------------------------------------------------------------------------------------------------


def test_a_moon_hand_is_asked_before_it_is_saved(client: Client, table: Table) -> None:
    response = record(client, table, "hand", {"hearts-1": "13", "lady-0": "1"})
    page = response.content.decode()
    assert response.status_code == 200 and table.events.count() == 0
    assert 'role="alert"' not in page  # a question, not an error
    assert "Ben shot the moon. Which way does it count? Tapping one saves it." in page
    assert 'name="moon" value="add" class="primary big">+26 to everyone else</button>' in page
    assert 'name="moon" value="subtract" class="primary big">−26 for Ben</button>' in page
    assert "Totals then: <span>Ana 26</span> · <span>Ben 0</span>" in page
    assert 'name="hearts-1" min="0" max="13" value="13"' in page  # kept as typed
    assert record(client, table, "hand", {"hearts-1": "13", "lady-0": "1", "moon": "subtract"}).status_code == 200
    assert live(table) == [{"type": "hand", "hearts": {"Ben": 13}, "lady": "Ben", "moon": "subtract"}]


def test_a_plain_post_is_asked_too(client: Client, table: Table) -> None:
    response = client.post(f"/t/{table.code}/record/hand/", {"hearts-1": "13", "lady-0": "1"})
    assert response.status_code == 200 and "<html" in response.content.decode()
    assert "−26 for Ben" in response.content.decode() and table.events.count() == 0


def test_no_question_when_the_hearts_are_split_and_a_stale_choice_is_dropped(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "data-question" not in page and "to everyone else" not in page  # never asked up front
    assert record(client, table, "hand", {"hearts-1": "12", "hearts-2": "1", "lady-0": "1", "moon": "add"})
    assert live(table) == [{"type": "hand", "hearts": {"Ben": 12, "Cleo": 1}, "lady": "Ben"}]


def test_the_old_moon_rule_asks_nothing(client: Client, db: None) -> None:
    table = scorers_table(client, "rickety-kate", PLAYERS, {"moon": "old"})
    assert record(client, table, "hand", {"hearts-1": "13", "lady-0": "1"}).status_code == 200
    assert live(table) == [{"type": "hand", "hearts": {"Ben": 13}, "lady": "Ben"}]


def test_the_last_trick_of_a_moon_is_asked_and_earlier_tricks_never(client: Client, table: Table) -> None:
    events = one_suit_each()
    services.append(table, events[:1])
    second = {"leader": "0", "card-0": "3C", "card-1": "3D", "card-2": "3H", "card-3": "3S", "moon": "add"}
    assert record(client, table, "trick", second).status_code == 200
    assert "moon" not in live(table)[-1]  # a choice on a trick before the last is dropped
    services.append(table, events[2:-1])
    last = {"leader": "0", "card-0": "AC", "card-1": "AD", "card-2": "AH", "card-3": "AS"}
    response = record(client, table, "trick", last)
    page = response.content.decode()
    assert response.status_code == 200 and table.events.count() == 12
    assert "Ana shot the moon." in page and "−26 for Ana" in page
    assert [checked(page, f"card-{n}") for n in range(4)] == [["AC"], ["AD"], ["AH"], ["AS"]]
    assert record(client, table, "trick", last | {"moon": "add"}).status_code == 200
    assert live(table)[-1]["moon"] == "add"


def test_the_question_in_words_for_a_view_that_shows_it_as_a_refusal(table: Table) -> None:
    with pytest.raises(entries.Question, match="Ben shot the moon: choose “\\+26 to everyone else” or “−26 for Ben”"):
        web.hand(QueryDict("hearts-1=13&lady-0=1"), snap(table))


# -- filled in again --------------------------------------------------------------------------------------------


def test_undo_brings_a_quick_hand_back_filled_in(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9, lady="Cleo")])
    client.post(f"/t/{table.code}/undo/", **HTMX)
    page = client.get(f"/t/{table.code}/").content.decode()
    assert 'name="hearts-0" min="0" max="13" value="4"' in page
    assert 'name="hearts-1" min="0" max="13" value="9"' in page
    assert 'name="hearts-2" min="0" max="13" value="0"' in page
    assert checked(page, "lady-0") == ["2"]


def test_undo_brings_a_trick_back_with_its_cards_in_the_slots(client: Client, table: Table) -> None:
    services.append(table, tricks(LEGAL_FOUR[:2]))
    client.post(f"/t/{table.code}/undo/", **HTMX)
    page = client.get(f"/t/{table.code}/").content.decode()
    assert checked(page, "leader") == ["3"]  # Dan led it
    assert [checked(page, f"card-{n}") for n in range(4)] == [["6C"], ["7C"], ["8C"], ["9C"]]
    assert '<details class="mode" open data-mode="tricks">' in page


def test_the_first_trick_undone_opens_the_trick_form_not_quick_entry(client: Client, table: Table) -> None:
    services.append(table, tricks(LEGAL_FOUR[:1]))
    page = client.post(f"/t/{table.code}/undo/", **HTMX).content.decode()
    assert '<details class="mode" open data-mode="tricks">' in page
    assert '<details id="rk-quick" class="mode"  data-mode="quick"' in page
    assert [checked(page, f"card-{n}") for n in range(4)] == [["2C"], ["3C"], ["4C"], ["5C"]]


def test_form_for_reads_back_what_the_builders_write(db: None) -> None:
    """A hand, a trick and a penalty turned into their forms and built again are the same events."""
    now = snap(services.create_table("rickety-kate", PLAYERS, {"moon": "new", "jack_of_diamonds": True}))
    quick = {"type": "hand", "hearts": {"Ben": 13}, "lady": "Ben", "bonus": {"JD": "Cleo"}, "moon": "add"}
    action, fields = web.form_for(quick, now)
    assert action == "hand" and web.hand(entries._query(fields), now) == [quick]
    played = trick("Cleo", "2C 3C 4C 5C")
    action, fields = web.form_for(played, now)
    assert action == "trick" and web.trick(entries._query(fields), now) == [played]
    fined = {"type": "penalty", "player": "Dan", "reason": "other", "points": 5}
    action, fields = web.form_for(fined, now)
    assert action == "penalty" and web.penalty(entries._query(fields), now) == [fined]
    assert web.form_for({"type": "deal", "dealer": "Ana"}, now) is None
    assert web.form_for({"type": "hand", "hearts": {"Zed": 13}, "lady": "Zed"}, now) is None


# -- Fix and Edit -----------------------------------------------------------------------------------------------


def test_the_log_offers_fix_on_hands_tricks_passes_and_penalties_only(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=13), {"type": "penalty", "player": "Ben", "reason": "revoke"}])
    services.append(table, [{"type": "deal", "dealer": "Ben"}, *tricks(LEGAL_FOUR[:1])])
    page = client.get(f"/t/{table.code}/").content.decode()
    for seq in (1, 2, 4):  # the hand, the penalty, the trick
        assert f'<a class="fix" href="?fix={seq}#entry" hx-get="?fix={seq}">Fix</a>' in page
    assert "?fix=3" not in page  # a deal has no form
    assert 'class="fix"' not in Client().get(f"/t/{table.code}/").content.decode()  # not for a watcher


def test_a_penalty_is_fixed_from_its_form(client: Client, table: Table) -> None:
    """Penalties have Fix (and Edit) as every other entry: the form filled in, saved as a correction."""
    services.append(table, [hand(Ana=13), {"type": "penalty", "player": "Ben", "reason": "other", "points": 7}])
    page = client.get(f"/t/{table.code}/?fix=2", **HTMX).content.decode()
    assert "Fix: Ben: +7 penalty (other)" in page and f'action="/t/{table.code}/correct/2/penalty/"' in page
    assert checked(page, "player") == ["1"] and checked(page, "reason") == ["other"] and 'value="7"' in page
    assert 'name="when"' not in page  # a correction keeps its hand
    response = client.post(f"/t/{table.code}/correct/2/penalty/", {"player": "2", "reason": "revoke"}, **HTMX)
    assert response.status_code == 200 and 'role="alert"' not in response.content.decode()
    assert live(table)[-1] == {"type": "penalty", "player": "Cleo", "reason": "revoke"}


def test_passes_come_back_after_undo_and_are_fixed_from_their_form(client: Client, table: Table) -> None:
    """Passes save by their last card (issue 18), so a slip in one is fixed as every other entry: Undo brings them
    back ticked, Edit opens them as recorded, and the fix changes one card."""
    passed = {"Ana": ["QS", "AS", "KS"], "Ben": ["2H", "3H", "4H"]}
    services.append(table, [{"type": "pass", "cards": passed}])
    page = client.get(f"/t/{table.code}/", **HTMX).content.decode()
    assert "?fix=1#entry" in page  # Edit beside the confirmation line
    services.undo(table)
    page = client.get(f"/t/{table.code}/", **HTMX).content.decode()
    assert sorted(checked(page, "pass-0")) == ["AS", "KS", "QS"]
    assert sorted(checked(page, "pass-1")) == ["2H", "3H", "4H"]
    services.redo(table)
    page = client.get(f"/t/{table.code}/?fix=1", **HTMX).content.decode()
    assert f'action="/t/{table.code}/correct/1/pass/"' in page
    assert "data-auto" not in page.split('class="pass"')[1][:400]  # a correction saves when told to
    assert sorted(checked(page, "pass-1")) == ["2H", "3H", "4H"]
    fixed = {"pass-0": ["QS", "AS", "KS"], "pass-1": ["2H", "3H", "5H"]}
    assert client.post(f"/t/{table.code}/correct/1/pass/", fixed, **HTMX).status_code == 200
    assert live(table) == [{"type": "pass", "cards": {"Ana": ["QS", "AS", "KS"], "Ben": ["2H", "3H", "5H"]}}]


def test_fix_opens_a_trick_as_the_table_stood_before_it(client: Client, table: Table) -> None:
    services.append(table, tricks(LEGAL_FOUR[:3]))
    page = client.get(f"/t/{table.code}/?fix=2", **HTMX).content.decode()
    assert "Fix: Trick led by Dan: 6♣ 7♣ 8♣ 9♣" in page
    assert f'action="/t/{table.code}/correct/2/trick/"' in page
    assert checked(page, "leader") == ["3"]
    assert [checked(page, f"card-{n}") for n in range(4)] == [["6C"], ["7C"], ["8C"], ["9C"]]
    assert "Dan plays" in page  # the picker's seats named in play order from the leader
    assert page.count("2 of clubs, played") == 4  # played before it: disabled in every seat
    assert "10 of clubs, played" not in page  # played after it: free in the fix
    assert "data-auto" not in page  # a correction saves when told to


def test_a_fix_saves_as_new_events_through_the_correct_view(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9)])
    form = {"hearts-0": "4", "hearts-1": "9", "lady-0": "2"}
    response = client.post(f"/t/{table.code}/correct/1/hand/", form, **HTMX)
    assert response.status_code == 200
    assert live(table) == [{"type": "hand", "hearts": {"Ana": 4, "Ben": 9}, "lady": "Cleo"}]


def test_a_fix_that_makes_a_moon_asks_and_keeps_the_fix_form(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9)])
    response = client.post(f"/t/{table.code}/correct/1/hand/", {"hearts-1": "13", "lady-0": "1"}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and 'role="alert"' not in page
    assert f'action="/t/{table.code}/correct/1/hand/"' in page and "−26 for Ben" in page
    assert live(table) == [hand(Ana=4, Ben=9)]


def test_a_refused_fix_comes_back_as_the_fix_form(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9)])
    response = client.post(f"/t/{table.code}/correct/1/hand/", {"hearts-1": "12", "lady-0": "1"}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 400 and "the hearts add up to 12" in page
    assert f'action="/t/{table.code}/correct/1/hand/"' in page and 'value="12"' in page


def test_the_newest_entry_has_edit_beside_it(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9)])
    page = client.get(f"/t/{table.code}/").content.decode()
    assert 'class="last-entry"' in page and 'href="?fix=1#entry"' in page
    services.append(table, [{"type": "penalty", "player": "Ben", "reason": "revoke"}])
    assert 'href="?fix=2#entry"' in client.get(f"/t/{table.code}/").content.decode()  # a penalty's form too
    services.append(table, [{"type": "deal", "dealer": "Ben"}])
    assert 'class="last-entry"' not in client.get(f"/t/{table.code}/").content.decode()  # a deal has no form


def test_fix_of_an_entry_not_in_play_shows_the_usual_panel(client: Client, table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9)])
    services.undo(table)
    for raw in ("1", "99", "x", "²"):
        page = client.get(f"/t/{table.code}/?fix={raw}").content.decode()
        assert "/correct/" not in page and "Save hand" in page


# -- a penalty between hands -----------------------------------------------------------------------------------


@pytest.fixture
def brink(db: None, client: Client) -> Table:
    """Ana 95 after four hands (no moon rule, end score 100): one penalty of 5 short of the end; Dan has 0."""
    table = scorers_table(client, "rickety-kate", PLAYERS, {"moon": "none"})
    services.append(table, [hand(Ana=13, lady="Ana")] * 3 + [hand(Ana=4, Ben=8, Cleo=1, lady="Ana")])
    return table


def without_explain(standings: dict) -> dict:
    return {**standings, "rounds": [{k: v for k, v in r.items() if k != "explain"} for r in standings["rounds"]]}


def scored_export(client: Client, table: Table, tmp_path: Path) -> dict:
    """What `manage.py score` prints for the table's exported file, without the explanations."""
    path = tmp_path / "export.json"
    path.write_bytes(client.get(f"/t/{table.code}/export.json").content)
    out = StringIO()
    call_command("score", str(path), stdout=out)
    return without_explain(json.loads(out.getvalue()))


def test_a_penalty_between_hands_goes_by_default_to_the_hand_just_finished_and_ends_the_game(
    client: Client, brink: Table, tmp_path: Path
) -> None:
    """FORMAT.md: a penalty between hands belongs to the hand just completed, and the game's end is judged on it.
    The form as the page shows it (its default choice) records only the penalty: no deal, so Ana's 5 land on hand
    4, she reaches 100 and the game is over with Dan the winner, as `score` says of the exported file."""
    page = client.get(f"/t/{brink.code}/").content.decode()
    assert checked(page, "when") == ["last"]
    assert page.index("The hand just finished") < page.index("The next hand")
    form = {"player": "0", "reason": "other", "points": "5", "when": checked(page, "when")[0]}
    assert record(client, brink, "penalty", form).status_code == 200
    assert live(brink)[-1] == {"type": "penalty", "player": "Ana", "reason": "other", "points": 5}
    assert all(e["type"] != "deal" for e in live(brink))
    now = snap(brink)
    standings = without_explain(now.standings.as_dict())
    assert standings["rounds"][3]["Ana"] == 22 and standings["totals"]["Ana"] == 100
    assert (standings["finished"], standings["winners"]) == (True, ["Dan"])
    assert now.prompt.kind == "over"
    assert scored_export(client, brink, tmp_path) == standings


def test_the_confirmation_names_the_penalty_then_the_hand_it_changed(client: Client, brink: Table) -> None:
    """A penalty on the hand just finished adds no row: the line says what was saved, then what the hand is now."""
    form = {"player": "0", "reason": "revoke", "when": "last"}
    page = record(client, brink, "penalty", form).content.decode()
    line = re.search(r'<div class="confirm".*?</p>', page, re.S)
    assert line is not None
    text = re.sub(r"<[^>]+>", "", line.group(0))
    assert "Saved: Ana: penalty for a revoke" in text and "Hand 4 now — Ana +" in text and "Hand 4 saved" not in text


def test_a_penalty_for_the_next_hand_chosen_between_hands_still_waits_for_it(
    client: Client, brink: Table, tmp_path: Path
) -> None:
    """Choosing "The next hand" opens that hand (a deal) and the penalty waits for it: at 95 the game goes on,
    and the 5 count in hand 5, which ends it; the standings agree with `score` of the exported file each time."""
    form = {"player": "0", "reason": "other", "points": "5", "when": "next"}
    assert record(client, brink, "penalty", form).status_code == 200
    assert [e["type"] for e in live(brink)[-2:]] == ["deal", "penalty"]
    standings = without_explain(snap(brink).standings.as_dict())
    assert (standings["finished"], standings["totals"]["Ana"], len(standings["rounds"])) == (False, 95, 4)
    assert scored_export(client, brink, tmp_path) == standings
    assert checked(client.get(f"/t/{brink.code}/").content.decode(), "when") == []  # a hand is under way now
    assert record(client, brink, "hand", {"hearts-1": "13", "lady-0": "2"}).status_code == 200
    standings = without_explain(snap(brink).standings.as_dict())
    assert standings["rounds"][4] == {"Ana": 5, "Ben": 13, "Cleo": 13, "Dan": 0}
    assert (standings["finished"], standings["winners"]) == (True, ["Dan"])
    assert scored_export(client, brink, tmp_path) == standings


def test_a_penalty_posted_without_a_choice_between_hands_goes_to_the_hand_just_finished(
    client: Client, brink: Table
) -> None:
    assert record(client, brink, "penalty", {"player": "0", "reason": "other", "points": "5"}).status_code == 200
    assert all(e["type"] != "deal" for e in live(brink)) and snap(brink).prompt.kind == "over"


def test_a_refused_penalty_comes_back_as_typed(client: Client, brink: Table) -> None:
    """UI.md: a refused entry stays as typed. Points out of range are refused; the player, the reason, the
    points and the hand chosen are all still chosen in the form that comes back, open."""
    form = {"player": "2", "reason": "other", "points": "9999", "when": "next"}
    response = record(client, brink, "penalty", form)
    page = response.content.decode()
    assert response.status_code == 400 and all(e["type"] != "penalty" for e in live(brink))
    assert checked(page, "player") == ["2"] and checked(page, "reason") == ["other"]
    assert checked(page, "when") == ["next"] and 'name="points"' in page and 'value="9999"' in page
    assert re.search(r'<details id="rk-penalty" class="mode" open data-digest="\w+">\s*<summary>Penalty</', page)


# -- the card pickers -------------------------------------------------------------------------------------------


def test_the_first_trick_names_its_cards_until_the_leader_is_known(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "<legend>Card 1</legend>" in page and "Who led the 2♣?" in page


def test_the_first_trick_comes_with_its_two_of_clubs(client: Client, table: Table) -> None:
    """Rule rk.two-of-clubs, as the game's prompt gives it: the first trick's lead is filled in with the 2♣ (taps
    left: who led it, and the other cards); a trick refused comes back as sent, and later tricks start empty."""
    page = client.get(f"/t/{table.code}/").content.decode()
    assert checked(page, "card-0") == ["2C"] and checked(page, "card-1") == []
    response = client.post(f"/t/{table.code}/record/trick/", {"leader": "0", "card-0": "3C", "card-1": "4C"})
    assert response.status_code == 400 and checked(response.content.decode(), "card-0") == ["3C"]
    services.append(table, tricks(LEGAL_FOUR[:1]))
    assert checked(client.get(f"/t/{table.code}/").content.decode(), "card-0") == []
    assert 'data-order="[&quot;Cleo&quot;, &quot;Dan&quot;, &quot;Ana&quot;, &quot;Ben&quot;]"' in page
    services.append(table, tricks(LEGAL_FOUR[:1]))
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "<legend>Dan plays</legend>" in page and checked(page, "leader") == ["3"]  # Dan's 5♣ took it


def test_the_pass_form_is_a_picker_per_player_and_posts_as_before(client: Client, table: Table) -> None:
    page = client.get(f"/t/{table.code}/").content.decode()
    assert 'data-count="3"' in page and "Ana passed" in page and 'name="pass-3"' in page
    assert page.count('type="checkbox" name="pass-0"') == 52
    data = {"pass-0": ["QS", "AS", "KS"], "pass-1": ["2H", "3H", "4H"]}
    assert client.post(f"/t/{table.code}/record/pass/", data).status_code == 302
    services.append(table, tricks(LEGAL_FOUR[:1]))
    assert 'name="pass-0"' not in client.get(f"/t/{table.code}/").content.decode()  # no pass once tricks began


def test_the_next_hand_opens_as_the_last_was_recorded(client: Client, table: Table) -> None:
    """Issue 18: a hand recorded with its passes and trick by trick opens the next one the same way (the pass form
    first, the next thing to fill in); after a quick hand, quick entry leads again."""
    first = client.get(f"/t/{table.code}/").content.decode()
    assert '<details id="rk-quick" class="mode" open data-mode="quick"' in first
    passes = {"type": "pass", "cards": {"Ana": ["QS", "AS", "KS"], "Ben": ["2H", "3H", "4H"]}}
    services.append(table, [passes, *tricks(LEGAL_FOUR)])
    page = client.get(f"/t/{table.code}/").content.decode()
    assert '<details class="mode" open data-mode="tricks">' in page
    assert '<details id="rk-quick" class="mode"  data-mode="quick"' in page
    assert '<details id="rk-pass" class="sub" open' in page and 'class="pass" data-next' in page
    assert page.count("data-next") == 1
    services.append(table, [{"type": "hand", "hearts": {"Ana": 3, "Ben": 10, "Cleo": 0, "Dan": 0}, "lady": "Ana"}])
    page = client.get(f"/t/{table.code}/").content.decode()
    assert '<details id="rk-quick" class="mode" open data-mode="quick"' in page and 'class="pass" data-next' not in page


def test_a_phone_whose_script_ran_gets_the_closed_parts_on_demand(client: Client, table: Table) -> None:
    """Issue 19: once kibitz.js has run on a phone (its cookie), the page leaves the closed trick and pass pickers
    out, fetched when opened; a phone without script always gets every part, and ?part= answers it whole."""
    full = client.get(f"/t/{table.code}/").content.decode()
    assert "data-lazy" not in full and 'name="card-0"' in full and 'name="pass-0"' in full
    client.cookies["kibitz_script"] = "1"
    light = client.get(f"/t/{table.code}/").content.decode()
    assert 'data-lazy="tricks"' in light and 'name="card-0"' not in light and 'name="pass-0"' not in light
    assert len(light) < len(full) / 2
    part = client.get(f"/t/{table.code}/?part=tricks").content.decode()
    assert 'data-part="tricks"' in part and 'name="card-0"' in part


def test_pickers_left_out_of_the_page_are_never_built(
    client: Client, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trick and pass pickers are built where the page shows them (entries.deferred): a page that leaves their
    part out for later builds neither, a phone without script and the part itself build both."""
    built: list[str] = []
    build = web.cardpicker.build
    monkeypatch.setattr(web.cardpicker, "build", lambda *a, **kw: built.append(kw["name"]) or build(*a, **kw))
    client.get(f"/t/{table.code}/")
    assert sorted(built) == ["card", "pass"]
    built.clear()
    client.cookies["kibitz_script"] = "1"
    client.get(f"/t/{table.code}/")
    assert built == []
    client.get(f"/t/{table.code}/?part=tricks")
    assert sorted(built) == ["card", "pass"]
