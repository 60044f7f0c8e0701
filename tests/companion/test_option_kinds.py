"""Options of every kind get a field on the new-table form: nothing a table file can carry is impossible to set."""

from __future__ import annotations

from typing import Any

from django.test import Client

from companion.models import Table
from companion.newtable import NewTableForm
from games.base import OptionInfo

INFOS = (
    OptionInfo("rounds", "Rounds", "", 3, low=1, high=9),
    OptionInfo("fast", "Fast", "", False),
    OptionInfo("tie", "Tie", "", "shared", (("shared", "Shared"), ("extra", "Extra round"))),
    OptionInfo("removed", "Removed", "", None, kind="list"),
    OptionInfo("pursuit", "Pursuit", "", {"1": 0, "joker": 4}, kind="mapping", keys=("1", "joker"), low=0, high=9),
    OptionInfo("board", "Board", "", None, kind="json"),
    OptionInfo("values", "Values", "", None, kind="numbers"),
)


class Game:
    slug = "kinds"
    min_players = 2
    max_players = 2

    def option_info(self) -> tuple[OptionInfo, ...]:
        return INFOS


def form(**options: str) -> NewTableForm:
    data = {"player_0": "Ana", "player_1": "Ben", "opt_rounds": "3", "opt_tie": "shared"}
    data |= {"opt_pursuit_0": "0", "opt_pursuit_1": "4"}
    return NewTableForm(Game(), data | {f"opt_{k}": v for k, v in options.items()})  # type: ignore[arg-type]


def options(**raw: str) -> dict[str, Any]:
    f = form(**raw)
    assert f.is_valid(), f.errors
    return f.options()


def test_defaults_write_nothing() -> None:
    assert options() == {}


def test_an_int_keeps_its_real_limits() -> None:
    assert options(rounds="9") == {"rounds": 9}
    bad = form(rounds="10")
    assert not bad.is_valid() and "rounds" in "".join(bad.errors)
    assert 'max="9"' in str(form()["opt_rounds"]) and 'min="1"' in str(form()["opt_rounds"])


def test_a_list_is_written_one_value_after_another() -> None:
    assert options(removed="2S, 2c  3H") == {"removed": ["2S", "2c", "3H"]}
    assert options(removed="  ") == {}


def test_a_mapping_has_a_labelled_number_per_key() -> None:
    assert options(pursuit_0="1", pursuit_1="5") == {"pursuit": {"1": 1, "joker": 5}}
    html = str(form()["opt_pursuit"])
    assert "<span>joker</span>" in html and 'name="opt_pursuit_1"' in html
    assert not form(pursuit_1="12").is_valid()


def test_numbers_are_written_one_after_another() -> None:
    assert options(values="1, 2  4") == {"values": [1, 2, 4]}
    assert options(values=" ") == {}
    bad = form(values="1 two 3")
    assert not bad.is_valid() and "Write whole numbers one after another, like 1 2 3." in str(bad.errors)


def test_a_structured_value_is_carried_unseen_and_said_to_be_set_or_not() -> None:
    """A board is edited on the game's own page: the form never shows JSON (nor null), only whether it is set."""
    board = '[{"name": "Start", "value": 0, "ability": "start"}]'
    assert options(board=board) == {"board": [{"name": "Start", "value": 0, "ability": "start"}]}
    assert not form(board="[not json").is_valid()
    assert 'type="hidden"' in str(form()["opt_board"])


def test_rickety_kates_removed_cards_can_be_set(client: Client, db: None) -> None:
    data = {"player_0": "Ana", "player_1": "Ben", "player_2": "Cleo", "opt_removed": "2C"}
    data |= {"opt_end_score": "100", "opt_moon": "old", "opt_passing": "rotate", "opt_tie": "playoff"}
    data |= {"opt_revoke_points": "13", "opt_hearts_must_be_broken": "on"}
    response = client.post("/new/rickety-kate/", data)
    assert response.status_code == 302
    assert Table.objects.get().options == {"removed": ["2C"]}
    page = client.get("/new/rickety-kate/").content.decode()
    assert 'name="opt_removed"' in page and "/rules/rickety-kate/#opt-removed" in page
