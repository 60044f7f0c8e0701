"""White Hat's web side through the test client: the box (pursuit confirmation and board editor) kept as the
group's preset, each entry form, and a table that keeps the board it started with."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from companion.models import Preset, Table
from games.white_hat.notation import WHITE_HAT_FACES
from tests.games.white_hat.wh import BOARD
from tests.property.strategies.white_hat import HOUSE_RULES

HTMX = {"HTTP_HX_REQUEST": "true"}
PURSUIT = {
    f"pursuit-{face}": str(v)
    for face, v in zip(
        [*(str(n) for n in range(1, 14)), "joker", "hat"], [0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5], strict=True
    )
}


def box_post(board: list[dict[str, Any]], **extra: str) -> dict[str, str]:
    post = {**PURSUIT, "confirmed": "1", "rows": str(len(board) + 1)}
    for i, field in enumerate(board):
        post |= {
            f"name-{i}": field["name"],
            f"value-{i}": str(field["value"]),
            f"ability-{i}": field.get("ability", ""),
        }
        if "next" in field:
            post[f"next-{i}"] = " ".join(map(str, field["next"]))
    return post | extra


def new_table(client: Client, preset: Preset, players: list[str]) -> Table:
    page = client.get(f"/new/white-hat/?preset={preset.pk}").content.decode()
    assert "Edit your box" in page
    post = {f"player_{i}": name for i, name in enumerate(players)}
    # By key, in the form's order: PostgreSQL's jsonb keeps no key order, so the stored mapping's own order is no guide.
    post |= {f"opt_pursuit_{k}": str(preset.options["pursuit"][face]) for k, face in enumerate(WHITE_HAT_FACES)}
    post |= HOUSE_RULES | {
        "opt_board": __import__("json").dumps(preset.options["board"]),
        "opt_first_lead": "right-of-hat",
    }
    response = client.post(f"/new/white-hat/?preset={preset.pk}", post)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Table.objects.get(code=response["Location"].strip("/").split("/")[-1])


@pytest.mark.django_db
def test_the_first_table_asks_for_the_box_and_keeps_it_as_the_groups_preset(client: Client) -> None:
    page = client.get("/new/white-hat/").content.decode()
    assert "Confirm your cards" in page and "/white-hat/box/" in page
    form = client.get("/white-hat/box/").content.decode()
    assert form.count("assumed") >= 11  # 3 to 13 are marked as the assumption they are
    refused = client.post("/white-hat/box/", box_post(BOARD) | {"confirmed": ""})
    assert refused.status_code == 400 and not Preset.objects.exists()
    response = client.post("/white-hat/box/", box_post(BOARD))
    assert response.status_code == 302
    preset = Preset.objects.get(game="white-hat")
    assert preset.options["pursuit"]["13"] == 4 and len(preset.options["board"]) == len(BOARD)
    assert preset.options["board"][6]["next"] == [7, 8]
    assert "Confirm your cards" not in client.get("/new/white-hat/").content.decode()


@pytest.mark.django_db
def test_a_later_table_starts_from_the_groups_box_and_rulebook_still_starts_without_it(client: Client) -> None:
    """The box page says later tables start with it: /new/white-hat/ with no preset named opens on the box, shown
    as the chosen preset, its board carried (never shown as JSON); "Rulebook" is one tap away."""
    client.post("/white-hat/box/", box_post(BOARD))
    preset = Preset.objects.get(game="white-hat")
    page = client.get("/new/white-hat/").content.decode()
    assert f'href="/new/white-hat/?preset={preset.pk}" aria-current="true"' in page
    assert "Board: set (edit it on its own page)" in page and "null" not in page and '"ability"' not in page
    assert 'name="opt_pursuit_12" value="4"' in page  # the box's 13 (the assumption confirmed at 4)
    rulebook = client.get("/new/white-hat/?preset=none").content.decode()
    assert 'href="/new/white-hat/?preset=none" aria-current="true"' in rulebook and "Board: not set" in rulebook


@pytest.mark.django_db
def test_a_bad_board_is_refused_with_its_reason_and_more_rows_keep_what_was_typed(client: Client) -> None:
    no_goal = [{**f, "ability": ""} if f.get("ability") == "goal" else f for f in BOARD]
    response = client.post("/white-hat/box/", box_post(no_goal))
    assert response.status_code == 400 and "goal field" in response.content.decode()
    more = client.post("/white-hat/box/", box_post(BOARD, more="1")).content.decode()
    assert 'value="Critical Asset"' in more and 'name="name-14"' in more


@pytest.mark.django_db
def test_a_table_keeps_the_board_it_started_with_when_the_box_changes(client: Client) -> None:
    client.post("/white-hat/box/", box_post(BOARD))
    preset = Preset.objects.get()
    table = new_table(client, preset, ["Ana", "Ben"])
    assert table.options["board"][9]["value"] == -5
    changed = [dict(f) for f in BOARD]
    changed[9] = {**changed[9], "value": -4}
    assert client.post(f"/white-hat/box/?preset={preset.pk}", box_post(changed)).status_code == 302
    table.refresh_from_db()
    assert table.options["board"][9]["value"] == -5
    assert Preset.objects.get().options["board"][9]["value"] == -4


@pytest.mark.django_db
def test_tricks_moves_and_the_round_end_on_a_tracked_board(client: Client) -> None:
    client.post("/white-hat/box/", box_post(BOARD))
    table = new_table(client, Preset.objects.get(), ["Ana", "Ben"])
    url = f"/t/{table.code}/record"
    assert client.post(f"{url}/start/", {"dealer": "0", "hat": "1"}, **HTMX).status_code == 200
    page = client.post(f"{url}/trick/", {"leader": "0", "play-0": ["7", "7"], "play-1": ["9", "joker"]}, **HTMX)
    text = page.content.decode()
    assert 'role="alert"' not in text and "Ben moves a pawn" in text and 'value="Ben:1@2"' in text
    assert client.post(f"{url}/move/", {"move": "Ben:1@2"}, **HTMX).status_code == 200
    hat = {"leader": "1", "play-1": ["hat"], "play-0:3": "1", "take": "some", "taken-0": ["hat"], "taken-0:3": "1"}
    assert client.post(f"{url}/trick/", hat, **HTMX).status_code == 200
    done = client.post(f"{url}/round/", {"sum-0": "3", "hand-1": ["13", "joker"]}, **HTMX).content.decode()
    assert 'role="alert"' not in done
    standings = client.get(f"/t/{table.code}/standings.json").json()
    # Ana: Internet Cafe 1 + Public Server 1 + 3 typed; Ben: Router 2 + Public Server 1 + 13 and the joker at
    # the values the box confirmed (4 + 4, not the assumed 3 for the 13).
    assert standings["rounds"] == [{"Ana": 5, "Ben": 11}]
    flags = client.get(f"/t/{table.code}/check/").content.decode()
    assert "wh.hat-holder" not in flags


@pytest.mark.django_db
def test_a_hat_trick_without_what_was_taken_is_asked_for(client: Client) -> None:
    response = client.post(
        "/new/white-hat/",
        {
            "player_0": "Ana",
            "player_1": "Ben",
            **HOUSE_RULES,
            **{f"opt_pursuit_{k}": v for k, v in enumerate(PURSUIT.values())},
        },
    )
    code = response["Location"].strip("/").split("/")[-1]
    answer = client.post(f"/t/{code}/record/trick/", {"leader": "0", "play-0": ["hat"], "play-1": ["3"]}, **HTMX)
    assert "say what its winner took back" in answer.content.decode()
    quick = client.post(f"/t/{code}/record/round/", {"sum-0": "2", "field-0-1": "3", "field-1-2": "-1"}, **HTMX)
    assert 'role="alert"' not in quick.content.decode()
    rounds = client.get(f"/t/{code}/standings.json").json()["rounds"]
    assert rounds == [{"Ana": 5, "Ben": 0, "explain": "Ben -1 counts as 0"}]


@pytest.mark.django_db
def test_undo_brings_a_trick_and_a_round_back_in_their_forms(client: Client) -> None:
    client.post("/white-hat/box/", box_post(BOARD))
    table = new_table(client, Preset.objects.get(), ["Ana", "Ben"])
    url = f"/t/{table.code}/record"
    # Ben's pair of 3s wins low against Ana's 5 and the hat; he takes the hat and two cards, not the whole trick.
    hat = {"leader": "0", "play-0": ["5", "hat"], "play-1": ["3", "3"], "take": "some", "taken-0": ["3", "3"]}
    assert client.post(f"{url}/trick/", hat, **HTMX).status_code == 200
    page = client.post(f"/t/{table.code}/undo/", **HTMX).content.decode()
    assert 'name="take" value="some" checked' in page
    assert 'name="play-0" value="hat" checked' in page and 'name="taken-0:3" value="2"' in page
    assert 'name="play-1:3" value="2"' in page  # a count per number: Ben's pair of 3s
    client.post(f"/t/{table.code}/redo/", **HTMX)
    client.post(f"{url}/move/", {"move": "Ben:1@2"}, **HTMX)
    client.post(f"{url}/round/", {"sum-0": "7", "hand-1": ["12", "12"], "final": "1"}, **HTMX)
    page = client.post(f"/t/{table.code}/undo/", **HTMX).content.decode()
    assert 'name="sum-0" value="7"' in page and 'name="hand-1:12" value="2"' in page
    assert 'name="final" value="1" checked' in page


@pytest.mark.django_db
def test_fix_corrects_a_round_end_from_the_log_and_keeps_the_rest(client: Client) -> None:
    client.post("/white-hat/box/", box_post(BOARD))
    table = new_table(client, Preset.objects.get(), ["Ana", "Ben"])
    fields = {"field-0-1": "0", "field-0-2": "0", "field-1-1": "0", "field-1-2": "0"}
    client.post(f"/t/{table.code}/record/round/", {"sum-0": "7", "sum-1": "3"} | fields, **HTMX)
    client.post(f"/t/{table.code}/record/round/", {"sum-0": "1", "sum-1": "2"} | fields, **HTMX)
    first = table.events.filter(retracted=False).order_by("seq").first()
    assert first is not None and first.payload["type"] == "round_end"
    assert f'href="?fix={first.seq + 1}#entry"' in client.get(f"/t/{table.code}/").content.decode()  # Edit the newest
    page = client.get(f"/t/{table.code}/?fix={first.seq}").content.decode()
    assert f"/t/{table.code}/correct/{first.seq}/round/" in page and 'name="sum-0" value="7"' in page
    fixed = client.post(f"/t/{table.code}/correct/{first.seq}/round/", {"sum-0": "5", "sum-1": "3"} | fields, **HTMX)
    assert fixed.status_code == 200
    assert client.get(f"/t/{table.code}/standings.json").json()["rounds"] == [
        {"Ana": 5, "Ben": 3},
        {"Ana": 1, "Ben": 2},
    ]


@pytest.mark.django_db
def test_closed_pickers_come_on_demand_unless_the_form_brought_cards_in_them(client: Client) -> None:
    """Issue 19: on a phone whose script ran, the closed pickers of the cards held and the cards taken are fetched
    when opened; a refused round end comes back with its tapped cards in place, never left out."""
    client.post("/white-hat/box/", box_post(BOARD))
    table = new_table(client, Preset.objects.get(), ["Ana", "Ben"])
    client.post(f"/t/{table.code}/record/start/", {"dealer": "0", "hat": "1"}, **HTMX)
    client.cookies["kibitz_script"] = "1"
    page = client.get(f"/t/{table.code}/").content.decode()
    assert 'data-lazy="taken"' in page and 'data-card-picker="taken"' not in page and 'data-card-picker="play"' in page
    part = client.get(f"/t/{table.code}/?part=hand").content.decode()
    # both seats hold nothing: they share one copy of the cards, which the script puts in each (cardpicker.render)
    assert 'data-part="hand"' in part and "<template data-cp-cards>" in part and 'data-field="hand-0"' in part
    del client.cookies["kibitz_script"]
    assert 'name="hand-0:7"' in client.get(f"/t/{table.code}/?part=hand").content.decode()  # without: every seat
    refused = client.post(f"/t/{table.code}/record/round/", {"sum-0": "x", "hand-1:12": "2"}, **HTMX).content.decode()
    assert 'data-lazy="hand"' not in refused and 'name="hand-1:12" value="2"' in refused


@pytest.mark.django_db
def test_a_closed_section_s_trick_comes_on_demand_with_its_form_in_place(client: Client) -> None:
    """Issue 19: while its section is closed (the next trick behind the pawn move that comes first; by tricks
    before a round is under way that way), the trick's fields are fetched when it opens, on a phone whose script
    ran: the form stays, with its Save. The round end stays whole, open or closed (every round needs it, and a
    phone without signal cannot fetch a closed part); a page without script has everything."""
    client.post("/white-hat/box/", box_post(BOARD))
    table = new_table(client, Preset.objects.get(), ["Ana", "Ben"])
    url = f"/t/{table.code}/record"
    client.cookies["kibitz_script"] = "1"
    before = client.get(f"/t/{table.code}/").content.decode()  # no round yet: the round end is open
    assert 'name="sum-0"' in before and 'data-lazy="trick"' in before and 'name="leader"' not in before
    client.post(f"{url}/start/", {"dealer": "0", "hat": "1"}, **HTMX)
    by_tricks = client.get(f"/t/{table.code}/").content.decode()
    assert 'name="leader"' in by_tricks and 'data-lazy="trick"' not in by_tricks
    assert 'name="sum-0"' in by_tricks and '<details id="wh-round-end" class="mode" data-mode="quick"' in by_tricks
    client.post(f"{url}/trick/", {"leader": "0", "play-0": ["7", "7"], "play-1": ["9", "joker"]}, **HTMX)
    moving = client.get(f"/t/{table.code}/").content.decode()  # Ben moves first: the next trick waits
    assert 'value="Ben:1@2"' in moving and 'data-lazy="trick"' in moving and 'name="leader"' not in moving
    assert 'class="wh-trick"' in moving and "Save trick" in moving and "data-card-picker" not in moving
    part = client.get(f"/t/{table.code}/?part=trick", **HTMX).content.decode()
    assert 'data-part="trick"' in part and 'name="leader"' in part and 'data-card-picker="play"' in part
    refused = client.post(f"{url}/trick/", {"leader": "1", "play-1": ["9"]}, **HTMX).content.decode()
    assert 'data-lazy="trick"' not in refused and 'name="play-1:9" value="1"' in refused  # sent: whole, open
    del client.cookies["kibitz_script"]
    plain = client.get(f"/t/{table.code}/").content.decode()
    assert 'data-lazy="' not in plain and 'name="leader"' in plain and 'name="sum-0"' in plain


@pytest.mark.django_db
def test_another_pawn_move_comes_on_demand_unless_a_move_was_refused(client: Client) -> None:
    """Issue 19: the form of another pawn move (a choice of every board field) is fetched when opened on a phone
    whose script ran; a refused move comes back with it whole, and a page without script has it always."""
    client.post("/white-hat/box/", box_post(BOARD))
    table = new_table(client, Preset.objects.get(), ["Ana", "Ben"])
    url = f"/t/{table.code}/record"
    client.post(f"{url}/start/", {"dealer": "0", "hat": "1"}, **HTMX)
    client.post(f"{url}/trick/", {"leader": "0", "play-0": ["7", "7"], "play-1": ["9", "joker"]}, **HTMX)
    assert 'class="wh-move-free"' in client.get(f"/t/{table.code}/").content.decode()  # no script: every part
    client.cookies["kibitz_script"] = "1"
    page = client.get(f"/t/{table.code}/").content.decode()
    assert 'data-lazy="move"' in page and 'class="wh-move-free"' not in page
    part = client.get(f"/t/{table.code}/?part=move", **HTMX).content.decode()
    assert 'data-part="move"' in part and 'class="wh-move-free"' in part and 'name="to"' in part
    refused = client.post(f"{url}/move/", {"player": "1", "pawn": "Ben:1", "to": "999"}, **HTMX)
    assert refused.status_code == 400 and 'data-lazy="move"' not in refused.content.decode()
