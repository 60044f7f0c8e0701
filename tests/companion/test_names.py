"""Look-alike names (UTS #39 skeletons, companion/names.py): a name that looks like another at the same table or
in the same group is refused with a sentence naming both, wherever names come in; nothing is stored then."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from companion import services
from companion.backup import backup, restore
from companion.models import Group, Player, Table
from companion.names import _prototypes, look_alike, skeleton
from tests.companion.test_views import new_table_form

LATIN, CYRILLIC = "Ann", "\u0410nn"  # the second starts with CYRILLIC CAPITAL LETTER A
FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # 👩‍👩‍👧, joined by zero-width joiners


def table_file(*players: str) -> dict:
    return {"format": "kibitz/1", "game": "rickety-kate", "players": list(players), "events": []}


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (LATIN, CYRILLIC),
        ("Ben", "B\u0435n"),  # Cyrillic small ie
        ("Kim", "Kirn"),  # m and rn
        ("Al", "AI"),  # l and capital I
        ("Zo\u00eb", "Zoe\u0308"),  # the same letter, composed and not
        ("Ana", "A\u200bna"),  # an invisible character changes nothing that shows
        ("Leo", "\u216ceo"),  # ROMAN NUMERAL FIFTY
    ],
)
def test_look_alike_names_have_one_skeleton(one: str, other: str) -> None:
    assert one != other and skeleton(one) == skeleton(other)


@pytest.mark.parametrize(("one", "other"), [("Ann", "Anne"), ("Ann", "ann"), ("Dan", "Dana"), (FAMILY, "Ana")])
def test_names_that_can_be_told_apart_have_different_skeletons(one: str, other: str) -> None:
    assert skeleton(one) != skeleton(other)


def test_the_prototypes_are_read_back_from_the_library_s_data() -> None:
    """Every line of confusables.txt that the library stored gives one source and its prototype; a new version of
    the library that stored its data another way would show here first."""
    table = _prototypes()
    assert len(table) > 6000
    assert table["\u0410"] == "A" and table["m"] == "rn" and table["0"] == "O" and table["1"] == "l"
    assert "A" not in table and "rn" not in table  # prototypes map to nothing


def test_the_sentence_names_both() -> None:
    assert look_alike([LATIN, "Ben", CYRILLIC]) == (
        f"'{CYRILLIC}' looks like '{LATIN}', who is also at this table: choose a name that can be told apart."
    )
    assert look_alike([CYRILLIC, "Ben"], taken=[LATIN, "Cleo"]) == (
        f"'{CYRILLIC}' looks like '{LATIN}', who is already in this group: choose a name that can be told apart."
    )
    assert look_alike([LATIN, "Ben", "Cleo"], taken=[LATIN]) is None  # the same person again


def test_look_alike_seats_at_one_table_are_refused(db: None) -> None:
    with pytest.raises(services.Refused, match=f"'{CYRILLIC}' looks like '{LATIN}', who is also at this table"):
        services.create_table("rickety-kate", [LATIN, "Ben", CYRILLIC], {})
    assert not Table.objects.exists() and not Group.objects.exists() and not Player.objects.exists()


def test_a_new_name_like_one_of_the_group_is_refused(db: None) -> None:
    first = services.create_table("rickety-kate", [LATIN, "Ben", "Cleo"], {})
    with pytest.raises(services.Refused, match=f"'{CYRILLIC}' looks like '{LATIN}', who is already in this group"):
        services.create_table("rickety-kate", [CYRILLIC, "Ben", "Dan"], {}, group=first.group)
    assert first.group.players.count() == 3 and Table.objects.count() == 1
    again = services.create_table("rickety-kate", [LATIN, "Ben", "Dan"], {}, group=first.group)  # the same Ann
    assert again.seats.get(position=0).player == first.seats.get(position=0).player


def test_another_group_may_have_its_own_look_alike(db: None) -> None:
    services.create_table("rickety-kate", [LATIN, "Ben", "Cleo"], {})
    assert services.create_table("rickety-kate", [CYRILLIC, "Ben", "Cleo"], {}).group.players.count() == 3


def test_a_group_that_already_holds_both_seats_each_as_before(db: None) -> None:
    """Names stored before this check keep working: a name already in the group is that same person."""
    group = Group.objects.create()
    Player.objects.create(group=group, name=LATIN)
    Player.objects.create(group=group, name=CYRILLIC)
    assert services.create_table("rickety-kate", [CYRILLIC, "Ben", "Cleo"], {}, group=group)


def test_the_new_table_form_says_so_by_the_seat_and_keeps_what_was_typed(db: None) -> None:
    response = Client().post("/new/rickety-kate/", new_table_form(LATIN, "Ben", CYRILLIC))
    page = response.content.decode()
    assert response.status_code == 400 and not Table.objects.exists()
    assert "looks like" in page and f'value="{CYRILLIC}"' in page and f'value="{LATIN}"' in page
    seat = page[page.index('name="player_2"') :]
    assert seat.index("looks like") < seat.index('name="opt_')  # the sentence sits by the third seat


def test_the_new_table_form_refuses_a_look_alike_of_the_group(db: None) -> None:
    phone = Client()
    assert phone.post("/new/rickety-kate/", new_table_form(LATIN, "Ben", "Cleo")).status_code == 302
    response = phone.post("/new/rickety-kate/", new_table_form(CYRILLIC, "Ben", "Dan"))
    assert response.status_code == 400 and Table.objects.count() == 1
    assert "who is already in this group" in response.content.decode()


def test_import_refuses_look_alike_seats_and_the_preview_says_so(db: None) -> None:
    data = table_file(LATIN, "Ben", CYRILLIC)
    with pytest.raises(services.Refused, match="looks like"):
        services.check_import(data)
    with pytest.raises(services.Refused, match="looks like"):
        services.import_table(data)
    preview = Client().post("/import/", {"text": json.dumps(data), "step": "preview"})
    assert preview.status_code == 400 and "who is also at this table" in preview.content.decode()
    assert not Table.objects.exists()


def test_import_into_a_group_refuses_a_look_alike_of_its_players(db: None) -> None:
    first = services.create_table("rickety-kate", [LATIN, "Ben", "Cleo"], {})
    with pytest.raises(services.Refused, match="who is already in this group"):
        services.check_import(table_file(CYRILLIC, "Ben", "Cleo"), group=first.group)  # what a preview would say
    with pytest.raises(services.Refused, match="who is already in this group"):
        services.import_table(table_file(CYRILLIC, "Ben", "Cleo"), group=first.group)
    assert Table.objects.count() == 1


def test_restore_refuses_a_backup_whose_tables_seat_look_alikes(db: None) -> None:
    first = services.create_table("rickety-kate", [LATIN, "Ben", "Cleo"], {})
    data = backup(first.group)
    data["tables"].append(table_file(CYRILLIC, "Ben", "Cleo"))
    with pytest.raises(services.Refused, match=f"table 2 of the backup: '{CYRILLIC}' looks like '{LATIN}'"):
        restore(data)
    assert Group.objects.count() == 1 and Table.objects.count() == 1


def test_an_emoji_name_gets_in(db: None) -> None:
    """A family emoji is a name, not an invisible character (games/players.py), and looks like no letter."""
    table = services.create_table("rickety-kate", [FAMILY, "Ben", "Cleo"], {})
    assert table.seats.get(position=0).player.name == FAMILY


def test_the_refusal_is_in_the_phone_s_language(db: None) -> None:
    response = Client().post("/new/rickety-kate/", new_table_form(LATIN, "Ben", CYRILLIC), HTTP_ACCEPT_LANGUAGE="de")
    assert f"„{CYRILLIC}“ sieht aus wie „{LATIN}“" in response.content.decode()


def test_the_import_preview_checks_the_phone_s_group(db: None) -> None:
    """The preview says what the import would: a look-alike of a player of the phone's current group."""
    phone = Client()
    assert phone.post("/new/rickety-kate/", new_table_form(LATIN, "Ben", "Cleo")).status_code == 302
    text = json.dumps(table_file(CYRILLIC, "Ben", "Dan"))
    preview = phone.post("/import/", {"text": text, "step": "preview"})
    assert preview.status_code == 400 and "who is already in this group" in preview.content.decode()
    assert Table.objects.count() == 1
