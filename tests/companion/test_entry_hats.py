"""Hats' entry forms through the test client: the tea table, a turn (a swap or a black hat, the legal positions
from the game), optional actions, favourites and the end state at once; refusals in words, forms filled in again
after an Undo and for a correction ("Fix"), and the panel with the explained score."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation
from django.utils.translation import ngettext

from companion import cardpicker, services
from companion.entries import hats as hats_entry
from companion.models import Table
from games import registry
from games.hats.notation import HatsNotation
from tests.companion.conftest import HTMX, checked, live, record, scorers_table

PLAYERS = ["Ana", "Ben", "Cleo"]
SETUP = {f"pos-{i}": c for i, c in enumerate(["red-1", "blue-2", "green-3", "yellow-4", "orange-5", "purple-6"])}


@pytest.fixture
def table(db: None, client: Client) -> Table:
    return scorers_table(client, "hats", PLAYERS, {})


def test_setup_then_a_swap_and_a_black_hat(client: Client, table: Table) -> None:
    assert record(client, table, "setup", SETUP | {"first": "1"}).status_code == 200
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Ben&#x27;s turn, 1 of 8." in page or "Ben's turn, 1 of 8." in page
    assert checked(page, "player") == ["1", "1"]  # whose turn it is, already chosen (turn and optional action)
    assert "Whose favourite" not in page  # nobody has had eight turns
    written = re.search(r'data-legal="([^"]*)"', page).group(1)  # type: ignore[union-attr]
    legal = json.loads(written.replace("&quot;", '"'))
    assert " " not in written  # compact: every turn's page carries it
    assert legal["grey-3"] == [1, 2] and legal["red-2"] == [1]  # the game's list, not the template's
    assert legal["red-1"] == [] and "red 1, on the tea table" in page  # lying there: not to be put down
    assert record(client, table, "exchange", {"player": "1", "card-0": "grey-3", "position": "2"}).status_code == 200
    assert record(client, table, "black_hat", {"player": "2"}).status_code == 200
    assert live(table)[1:] == [
        {"type": "exchange", "player": "Ben", "card": "grey-3", "position": 2},
        {"type": "black_hat", "player": "Cleo"},
    ]
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Ben holds the cookie." in page and "blue ×1: 2" in page


def test_an_exchange_off_the_table_is_refused_in_words_and_changes_nothing(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    response = record(client, table, "exchange", {"player": "0", "card-0": "red-2", "position": "7"})
    assert response.status_code == 400 and table.events.count() == 1
    assert "The position must be from 1 to 6." in response.content.decode()
    response = record(client, table, "exchange", {"player": "0", "card-0": "pink-2", "position": "1"})
    assert response.status_code == 400 and "is not a card at this table" in response.content.decode()


def test_an_illegal_swap_is_recorded_and_flagged(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    assert record(client, table, "exchange", {"player": "0", "card-0": "grey-1", "position": "2"}).status_code == 200
    page = client.get(f"/t/{table.code}/check/").content.decode()
    assert "hats.exchange" in page and "an exchange takes a card of the same type or a lower one" in page


def test_optional_actions(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    data = {"player": "0", "kind": "redraw", "out-0": "red-2", "in-0": "blue-4"}
    assert record(client, table, "optional", data).status_code == 200
    assert live(table)[-1] == {"type": "redraw", "player": "Ana", "discard": "red-2", "draw": "blue-4"}
    data["kind"] = "partner_swap"  # three players: no partner
    response = record(client, table, "optional", data)
    assert response.status_code == 400 and "a partner swap needs four players" in response.content.decode()


def test_undo_brings_the_swap_back_filled_in_and_fix_corrects_it(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    record(client, table, "exchange", {"player": "0", "card-0": "red-4", "position": "1"})
    client.post(f"/t/{table.code}/undo/", **HTMX)
    page = client.get(f"/t/{table.code}/").content.decode()
    assert checked(page, "card-0") == ["red-4"] and checked(page, "position") == ["1"]
    record(client, table, "exchange", {"player": "0", "card-0": "red-4", "position": "1"})
    seq = table.events.filter(retracted=False).order_by("seq").last().seq  # type: ignore[union-attr]
    page = client.get(f"/t/{table.code}/?fix={seq}").content.decode()
    assert f"/t/{table.code}/correct/{seq}/black_hat/" in page and checked(page, "position") == ["1"]
    response = client.post(f"/t/{table.code}/correct/{seq}/black_hat/", {"player": "0"}, **HTMX)
    assert response.status_code == 200
    assert live(table)[-1] == {"type": "black_hat", "player": "Ana"}


END = {f"table-{i}": c for i, c in enumerate(["red-1", "blue-2", "red-3", "green-4", "yellow-5", "orange-6"])}
END |= {"coll-0": ["red-4", "red-5", "green-1"], "fav-0": "red-2", "fav-1": "purple-1", "fav-2": "blue-1"}


def test_the_end_state_at_once_with_the_explained_score(client: Client, table: Table) -> None:
    """The form sends the face-up cards only: each player's black hats are the rest of their eight cards."""
    assert record(client, table, "final", END | {"cookie": "none"}).status_code == 200
    event = live(table)[-1]
    assert event["cookie"] is None and event["collections"] == {"Ana": ["red-4", "red-5", "green-1"]}
    assert event["black_hats"] == {"Ana": 5, "Ben": 8, "Cleo": 8}
    standings = client.get(f"/t/{table.code}/standings.json").json()
    # Ana: red 1 + 1, green 4, 5 black hats, favourite red 4 + 5 - 2 = 7 -> 18; Ben 8 - 1; Cleo 8 - 1.
    assert standings["totals"] == {"Ana": 18, "Ben": 7, "Cleo": 7} and standings["winners"] == ["Ana"]
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "favourite red 2: red collected 4 + 5, minus 2" in page and "Position 3 · 3 points" in page
    assert "Position 1 · 1 point" in page
    assert "Ana won the game." in page and 'class="trophy"' in page and "🏆" not in page
    assert "does not count" in page and "/new/hats/" in page


def test_black_hats_sent_explicitly_must_add_up_and_eight_face_up_at_most(client: Client, table: Table) -> None:
    """A post may still name the black hats (hats-<seat>); the game refuses a count that does not come to eight with
    the face-up cards, and more than eight face up, naming the player; nothing is recorded."""
    response = record(client, table, "final", END | {"hats-0": "4"})
    assert response.status_code == 400 and table.events.count() == 0
    assert "Ana has 3 collected cards and 4 black hats, 7 in all" in response.content.decode()
    nine = ["red-4", "red-5", "green-1", "green-2", "green-3", "blue-1", "blue-3", "blue-4", "grey-1"]
    response = record(client, table, "final", END | {"coll-0": nine})
    assert response.status_code == 400 and table.events.count() == 0
    page = response.content.decode()
    assert "Ana has 9 collected cards and 0 black hats, 9 in all" in page and checked(page, "coll-0") == nine
    assert record(client, table, "final", END | {"hats-0": "5", "hats-1": "8"}).status_code == 200
    assert live(table)[-1]["black_hats"] == {"Ana": 5, "Ben": 8, "Cleo": 8}


def test_the_end_state_form_asks_no_black_hats_and_counts_in_the_readers_language(client: Client, table: Table) -> None:
    """No black-hats field: hats.js counts them from the face-up cards, with the plural forms the server sends."""
    page = client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'name="hats-' not in page and "data-hats-final" in page

    def words(key: str) -> list[list[object]]:
        found = re.search(rf'data-t-{key}="([^"]*)"', page)
        assert found
        return json.loads(html.unescape(found.group(1)))

    assert words("cards") == [[0, "{n} Karten offen"], [1, "{n} Karte offen"], [2, "{n} Karten offen"]]
    assert said(words("hats"), 1) == "also 1 schwarzer Hut" and said(words("hats"), 2) == "also 2 schwarze Hüte"
    assert words("positions") == [[1, "Teetisch-Platz {list}"], [2, "Teetisch-Plätze {list}"]]
    assert words("favourites") == [[1, "Lieblingshut von {names}"], [2, "Lieblingshüte von {names}"]]
    assert 'data-t-line="{name}: {cards}, {hats}"' in page and "Vor dem Speichern: {what}." in page


def test_the_end_state_form_is_offered_until_the_game_is_over(client: Client, table: Table) -> None:
    assert "Not tracking turns? Enter the end state at once" in client.get(f"/t/{table.code}/").content.decode()
    record(client, table, "setup", SETUP | {"first": "0"})
    assert "Not tracking turns? Enter the end state at once" in client.get(f"/t/{table.code}/").content.decode()
    record(client, table, "black_hat", {"player": "0"})
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Stopped tracking turns? Enter the end state at once" in page  # FORMAT.md: a table that stopped tracking


def test_after_tracked_turns_the_end_state_starts_from_them_and_replaces_them(client: Client, table: Table) -> None:
    """A table that stopped tracking: the form is filled in from the turns so far; the end state saved replaces
    what they built (the table page shows the new one), and the flag on a turn stays in Check plays."""
    record(client, table, "setup", SETUP | {"first": "0"})
    record(client, table, "exchange", {"player": "0", "card-0": "red-4", "position": "1"})  # Ana takes red-1
    record(client, table, "exchange", {"player": "2", "card-0": "grey-2", "position": "2"})  # Cleo, in Ben's place
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Filled in from the turns recorded so far" in page
    assert checked(page, "table-0") == ["red-4"] and checked(page, "table-1") == ["grey-2"]
    assert checked(page, "coll-0") == ["red-1"] and checked(page, "coll-2") == ["blue-2"]
    assert 'name="hats-' not in page  # the black hats follow from the face-up cards
    data = {f"table-{i}": c for i, c in enumerate(["green-1", "grey-2", "red-3", "blue-4", "yellow-5", "orange-6"])}
    data |= {"coll-0": ["red-1", "red-5", "blue-3", "blue-1"]}  # and 4 black hats
    data |= {"coll-1": ["green-2", "green-6", "grey-4", "yellow-2", "orange-1", "purple-3"]}  # 2
    data |= {"coll-2": ["blue-2", "purple-4", "purple-1", "red-2", "grey-1", "grey-3", "green-4", "yellow-6"]}  # none
    data |= {"fav-0": "blue-4", "fav-1": "green-3", "fav-2": "purple-2", "cookie": "auto"}
    assert record(client, table, "final", data).status_code == 200
    assert [e["type"] for e in live(table)] == ["setup", "exchange", "exchange", "final"]
    standings = client.get(f"/t/{table.code}/standings.json").json()
    # tests/cases/hats-3p-final-after-turns: the same end state (Ben and Cleo tie on six types: no cookie).
    assert standings["totals"] == {"Ana": 18, "Ben": 22, "Cleo": 20} and standings["winners"] == ["Ben"]
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Game over: Ben won." in page and "Enter the end state at once" not in page
    assert "favourite blue 4: blue collected 3 + 1, minus 4" in page and "Nobody holds the cookie yet." in page
    assert "turns 1 of 8" not in page  # the end state was entered, not tracked to the end
    check = client.get(f"/t/{table.code}/check/").content.decode()
    assert "hats.turn-order" in check and "hats.exchange" in check


def test_an_end_state_refused_after_turns_comes_back_as_typed(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    record(client, table, "black_hat", {"player": "0"})
    data = {f"table-{i}": c for i, c in enumerate(["green-1", "grey-2", "red-3", "blue-4", "yellow-5", "orange-6"])}
    data |= {"coll-0": ["red-1"], "hats-0": "3", "hats-1": "8", "hats-2": "8", "cookie": "none"}
    data |= {"fav-0": "blue-4", "fav-1": "green-3", "fav-2": "purple-2"}
    response = record(client, table, "final", data)
    assert response.status_code == 400 and table.events.count() == 2
    page = response.content.decode()
    assert "Ana has 1 collected card and 3 black hats, 4 in all" in page
    assert checked(page, "table-0") == ["green-1"] and checked(page, "coll-0") == ["red-1"]
    assert checked(page, "fav-0") == ["blue-4"] and checked(page, "cookie") == ["none"]


def test_german_words_on_the_page(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    page = client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Teetisch" in page and "Tausch speichern" in page


def test_a_favourite_is_asked_of_those_who_had_eight_turns(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    for _ in range(8):
        for seat in ("0", "1", "2"):
            record(client, table, "black_hat", {"player": seat})
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "Whose favourite (the last card in hand)?" in page and checked(page, "player") == ["0"]
    assert record(client, table, "favourite", {"player": "1", "fav-0": "red-3"}).status_code == 200
    assert live(table)[-1] == {"type": "favourite", "player": "Ben", "card": "red-3"}


def test_a_finished_team_game_names_the_winning_team_by_its_members(client: Client, db: None) -> None:
    path = Path(__file__).resolve().parents[1] / "cases" / "hats-4p-quick-team-tie-black-hats.json"
    table = services.import_table(json.loads(path.read_text(encoding="utf-8")))
    winners = services.snapshot(table).standings.winners
    assert len(winners) == 2  # a team of two
    page = Client(headers={"X-Kibitz-Scorer": table.scorer_token}).get(f"/t/{table.code}/").content.decode()
    assert f"{winners[0]} & {winners[1]} won the game." in page


@pytest.mark.django_db
def test_the_closed_optional_action_and_end_state_come_on_demand(client: Client) -> None:
    """Issue 19: on a phone whose script ran, the closed forms of the optional action and of the end state are
    fetched when opened (?part=), not sent with every page."""
    table = services.create_table("hats", ["Ana", "Ben"], {})
    full = client.get(f"/s/{table.scorer_token}/", follow=True).content.decode()  # the scorer's phone
    client.cookies["kibitz_script"] = "1"
    light = client.get(f"/t/{table.code}/").content.decode()
    assert 'data-lazy="final"' in light and "data-hats-final" not in light and "data-hats-final" in full
    assert len(light) < len(full) / 2
    part = client.get(f"/t/{table.code}/?part=final").content.decode()
    assert 'data-part="final"' in part and "data-hats-final" in part


# -- the page's loops, written in Python (companion/templatetags/hats.py) -------------------------------------------

# The loops the tags replace, as the templates would write them; names with every character HTML escapes.
ODD = ["O'Neil & <Bo>", 'Cleo "C"', "Dan"]
TEA_TABLE = Template(
    "{% load kibitz_i18n l10n kibitz %}{% localize off %}{% for pos in positions %}"
    '<li class="hats-pos{% if not pos.counts %} hats-off{% endif %}"><span class="hats-num">{% blocktranslate with '
    "n=pos.number count v=pos.value %}Position {{ n }} · {{ v }} point{% plural %}Position {{ n }} · {{ v }} points"
    '{% endblocktranslate %}</span><span class="hats-card {{ pos.card.tone }}" aria-hidden="true">{{ pos.card.face }}'
    '{{ pos.card.symbol }}</span><span class="hats-why"><span class="visually-hidden">{{ pos.card.label|tr }}: </span>'
    '{% if pos.counts %}{% translate "counts" %}{% else %}{% translate "does not count" %}{% endif %}</span></li>'
    "{% endfor %}{% endlocalize %}"
)
PLAYER_LINES = Template(
    "{% load kibitz_i18n l10n kibitz %}{% localize off %}{% for row in p.players %}"
    '<li class="hats-player-line{% if row.next %} hats-next{% endif %}"><p class="hats-who"><strong>{{ row.name }}'
    '</strong>{% if row.next %} · {% translate "next" %}{% endif %}{% if row.cookie %} · '
    '{% translate "holds the cookie" %}{% endif %} · {% blocktranslate with n=row.types %}types: {{ n }}'
    "{% endblocktranslate %} · {% blocktranslate with "
    "n=row.black_hats %}black hats: {{ n }}{% endblocktranslate %}{% if p.tracked %} · {% blocktranslate with "
    "n=row.turns %}turns {{ n }} of 8{% endblocktranslate %}{% endif %}{% if not p.over %} · {% blocktranslate with "
    'n=row.total %}worth now: {{ n }}{% endblocktranslate %}{% endif %}</p>{% if row.groups %}<ul class="hats-coll" '
    'aria-label="{% blocktranslate with name=row.name %}{{ name }}\'s collection{% endblocktranslate %}">'
    '{% for g in row.groups %}<li class="hats-group {{ g.tone }}"><span aria-hidden="true">{{ g.symbol }}</span> '
    "{{ g.label|tr }} ×{{ g.count }}: {{ g.values }}</li>{% endfor %}</ul>{% endif %}{% if p.over %}"
    '<ul class="hats-lines" aria-label="{% blocktranslate with name=row.name %}{{ name }}\'s score'
    '{% endblocktranslate %}">{% for line in row.lines %}<li><span>{{ line.text|tr }}</span> <strong>{{ line.points }}'
    '</strong></li>{% endfor %}<li class="hats-total"><span>{% translate "Total" %}</span> <strong>{{ row.total }}'
    "</strong></li></ul>{% endif %}</li>{% endfor %}{% endlocalize %}"
)
SEAT_CHIPS = Template(
    '{% load kibitz_i18n l10n %}{% localize off %}{% for i, name in seats %}<label class="chip"><input type="radio" '
    'name="{{ field }}" value="{{ i }}"{% if chosen == i|stringformat:"d" %} checked{% endif %}{% if required %} '
    'required{% endif %}><span>{{ name }}{% if name == next %} ({% translate "next" %}){% endif %}</span></label>'
    "{% endfor %}{% endlocalize %}"
)
POSITION_CHIPS = Template(
    '{% load kibitz_i18n l10n kibitz %}{% localize off %}{% for p in table %}<label class="chip" data-position="'
    '{{ p.number }}"><input type="radio" name="position" value="{{ p.number }}"'
    '{% if chosen == p.number|stringformat:"d" %} checked{% endif %}><span>{{ p.number }}: {{ p.card|tr }}'
    '<em class="hats-illegal-note" hidden> — '
    '{% translate "not allowed" %}</em></span></label>{% endfor %}{% endlocalize %}'
)


def panels() -> list[dict[str, object]]:
    """The state panel's data (games.hats.prompt.panel) at the setup, during play and once the game is over."""
    game = registry.get("hats")

    def panel(events: list[dict[str, object]]) -> dict[str, object]:
        state = game.replay(ODD, game.options({}, ODD), [game.parse(e) for e in events])
        return dict(game.panel(state).data)  # type: ignore[union-attr]

    setup = {"type": "setup", "table": ["red-1", "blue-2", "green-3", "yellow-4", "orange-5", "red-6"]}
    swap = {"type": "exchange", "player": ODD[0], "card": "red-4", "position": 1}
    end = {
        "type": "final",
        "table": ["red-1", "blue-2", "red-3", "green-4", "yellow-5", "orange-6"],
        "collections": {ODD[0]: ["red-4", "red-5", "green-1"], ODD[1]: ["purple-2"]},
        "black_hats": {ODD[0]: 5, ODD[1]: 7, "Dan": 8},
        "favourites": {ODD[0]: "red-2", ODD[1]: "purple-1", "Dan": "blue-1"},
        "cookie": ODD[1],
    }
    return [panel([]), panel([setup, swap, {"type": "black_hat", "player": ODD[1]}]), panel([end])]


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_panel_s_tea_table_and_player_lines_are_the_template_loops_markup(language: str) -> None:
    with translation.override(language):
        for p in panels():
            context = Context({"p": p, "positions": p["positions"]})
            tea_table = Template("{% load hats %}{% tea_table positions %}").render(context)
            assert tea_table == TEA_TABLE.render(context)
            written = Template("{% load hats %}{% player_lines p %}").render(context)
            assert written == PLAYER_LINES.render(context)
    assert "O&#x27;Neil &amp; &lt;Bo&gt;" in written and 'class="hats-lines"' in written and "hats-off" in tea_table


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_entry_s_chips_are_the_template_loops_markup(language: str) -> None:
    seats = list(enumerate(ODD))
    table = [{"number": n, "card": HatsNotation().label(card)} for n, card in enumerate(HatsNotation().cards()[:6], 1)]
    with translation.override(language):
        for chosen, next_player, required in (("1", ODD[1], True), ("", "Dan", False), ("7", "", True)):
            context = Context(
                {"seats": seats, "field": "player", "chosen": chosen, "next": next_player, "required": required}
            )
            written = Template("{% load hats %}{% seat_chips seats field chosen next required=required %}")
            assert written.render(context) == SEAT_CHIPS.render(context)
            context = Context({"table": table, "chosen": chosen})
            written = Template("{% load hats %}{% position_chips table chosen %}")
            assert written.render(context) == POSITION_CHIPS.render(context)


# -- what the end state's script counts with -------------------------------------------------------------------------


def said(forms: list[list[object]], n: int) -> str:
    """What hats.js says for count `n` from a `data-t-*` list: the last form whose count is at most n, n filled in."""
    text = ""
    for count, form in forms:
        if int(count) <= n:  # type: ignore[call-overload]
            text = str(form)
    return text.replace("{n}", str(n))


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_end_state_s_counted_words_say_what_the_catalogue_says_for_every_count(
    client: Client, table: Table, language: str
) -> None:
    """Each plural form comes once, from the first count that takes it (not once per count: 43 for the cards)."""
    page = client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    def words(key: str) -> list[list[object]]:
        found = re.search(rf'data-t-{key}="([^"]*)"', page)
        assert found
        return json.loads(html.unescape(found.group(1)))

    with translation.override(language):
        for n in range(43):  # none to all 42 cards of the box
            assert said(words("cards"), n) == ngettext("%(n)d card face up", "%(n)d cards face up", n) % {"n": n}
        for n in range(9):
            assert said(words("hats"), n) == ngettext("so %(n)d black hat", "so %(n)d black hats", n) % {"n": n}
        for n in range(1, 7):
            expected = ngettext("tea-table position {list}", "tea-table positions {list}", n)
            assert said(words("positions"), n) == expected
        for n in range(1, 4):
            expected = ngettext("the favourite of {names}", "the favourites of {names}", n)
            assert said(words("favourites"), n) == expected
    assert len(words("cards")) <= 3 and len(words("positions")) <= 3


# -- the page a phone whose script runs gets: no picker it does not show ------------------------------------------


def test_a_page_that_leaves_the_end_state_out_builds_none_of_its_pickers(
    client: Client, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The closed end state's thirteen pickers (and the optional action's two) are built only where the template
    reads them: a phone whose script runs gets the put-down picker alone; a phone without script every one."""
    record(client, table, "setup", SETUP | {"first": "0"})
    built: list[str] = []
    build = cardpicker.build
    monkeypatch.setattr(cardpicker, "build", lambda *a, **k: built.append(k["name"]) or build(*a, **k))
    hats_entry._put_down.cache_clear()
    client.get(f"/t/{table.code}/")
    assert sorted(built) == ["card", "coll", "coll", "coll", "fav", "fav", "fav", "in", "out", "table"]
    built.clear()
    hats_entry._put_down.cache_clear()
    client.cookies["kibitz_script"] = "1"
    page = client.get(f"/t/{table.code}/").content.decode()
    assert built == ["card"] and 'data-lazy="final"' in page and 'data-lazy="optional"' in page


def test_the_put_down_picker_is_kept_per_tea_table_and_language(client: Client, table: Table) -> None:
    record(client, table, "setup", SETUP | {"first": "0"})
    english = client.get(f"/t/{table.code}/").content.decode()
    german = client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "red 1, on the tea table" in english and "Rot 1, liegt auf dem Teetisch" in german
    record(client, table, "exchange", {"player": "0", "card-0": "grey-3", "position": "1"})
    page = client.get(f"/t/{table.code}/").content.decode()
    assert "grey 3, on the tea table" in page and "red 1, on the tea table" not in page


def test_a_form_that_cannot_be_saved_without_its_card_requires_it(client: Client, table: Table) -> None:
    """The favourite and the optional action's cards: a phone without script is told before it posts. The card
    put down is not (its form's "Black hat instead" sends no card), nor are the end state's favourites (its Save
    waits for them with the script, and the game names a missing one)."""
    record(client, table, "setup", SETUP | {"first": "0"})
    page = client.get(f"/t/{table.code}/").content.decode()
    for name in ("out-0", "in-0"):
        assert all(" required" in i for i in re.findall(rf'<input type="radio" name="{name}"[^>]*>', page))
    assert not any(" required" in i for i in re.findall(r'<input type="radio" name="card-0"[^>]*>', page))
    for _ in range(8):
        for seat in ("0", "1", "2"):
            record(client, table, "black_hat", {"player": seat})
    page = client.get(f"/t/{table.code}/").content.decode()
    favourite = page[page.index('class="hats-favourite"') : page.index("</form>", page.index('class="hats-favourite"'))]
    assert all(" required" in i for i in re.findall(r'<input type="radio" name="fav-0"[^>]*>', favourite))
    end_state = page[page.index("data-hats-final") :]
    assert not any(" required" in i for i in re.findall(r'<input type="radio" name="fav-1"[^>]*>', end_state))
