"""Groups: a group owns its players, tables and presets; phones join it by its link only, and no group sees
another's names or tables. Each phone is its own test client (its own session)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
from django.test import Client

from companion import groups, services, throttle
from companion.models import Group, Player, Table
from tests.companion.conftest import hand
from tests.companion.test_views import new_table_form

TABLE_FILE = {"format": "kibitz/1", "game": "rickety-kate", "players": ["Anna", "Ben", "Cleo"], "events": []}


def start(phone: Client, *names: str) -> Table:
    """The phone starts a Rickety Kate table through the form; the new table."""
    response = phone.post("/new/rickety-kate/", new_table_form(*names))
    assert response.status_code == 302, response.content.decode()
    return Table.objects.get(code=response["Location"].split("/")[2])


def offered(phone: Client) -> list[str]:
    """The names the phone's new-table page offers."""
    page = phone.get("/new/rickety-kate/").content.decode()
    datalist = re.search(r'<datalist id="recent-names">(.*?)</datalist>', page, re.S)
    assert datalist is not None
    return re.findall(r'<option value="([^"]*)">', datalist.group(1))


def home(phone: Client) -> str:
    return phone.get("/").content.decode()


@pytest.fixture
def anna_group(db: None) -> tuple[Client, Table]:
    """A phone that started a table for Anna, Ben and Cleo: it is in that table's (new) group."""
    phone = Client()
    return phone, start(phone, "Anna", "Ben", "Cleo")


@pytest.fixture
def dora_group(db: None) -> tuple[Client, Table]:
    """Another phone, another group, its own Anna."""
    phone = Client()
    return phone, start(phone, "Anna", "Dora", "Emil")


# -- two groups on one server -----------------------------------------------------------------------------


def test_two_groups_never_see_each_others_names(anna_group: tuple[Client, Table], dora_group: tuple[Client, Table]):
    (a, _ta), (d, _td) = anna_group, dora_group
    assert sorted(offered(a)) == ["Anna", "Ben", "Cleo"]
    assert sorted(offered(d)) == ["Anna", "Dora", "Emil"]
    assert offered(Client()) == []  # a phone in no group is offered no names at all


def test_two_anna_are_two_players(anna_group: tuple[Client, Table], dora_group: tuple[Client, Table]) -> None:
    (_a, ta), (_d, td) = anna_group, dora_group
    assert ta.group != td.group
    annas = Player.objects.filter(name="Anna")
    assert annas.count() == 2 and {p.group for p in annas} == {ta.group, td.group}
    assert ta.seats.get(position=0).player != td.seats.get(position=0).player


def test_home_lists_only_the_groups_own_tables(anna_group: tuple[Client, Table], dora_group: tuple[Client, Table]):
    (a, ta), (d, td) = anna_group, dora_group
    assert f"/t/{ta.code}/" in home(a) and f"/t/{td.code}/" not in home(a) and "Dora" not in home(a)
    assert f"/t/{td.code}/" in home(d) and f"/t/{ta.code}/" not in home(d) and "Ben" not in home(d)


def test_group_page_shows_only_the_groups_names(anna_group: tuple[Client, Table], dora_group: tuple[Client, Table]):
    (a, ta), (d, _td) = anna_group, dora_group
    page = a.get("/group/").content.decode()
    assert "Ben" in page and "Cleo" in page and "Dora" not in page and "Emil" not in page
    assert f"/g/{ta.group.token}/" in page and "<svg" in page  # the link and its QR code
    assert f"/g/{ta.group.token}/" not in d.get("/group/").content.decode()


def test_a_phone_in_no_group_has_no_group_page(db: None) -> None:
    response = Client().get("/group/")
    assert response.status_code == 302 and response["Location"] == "/"


# -- joining ----------------------------------------------------------------------------------------------


def test_the_first_table_starts_a_group_and_the_next_ones_go_into_it(anna_group: tuple[Client, Table]) -> None:
    phone, first = anna_group
    second = start(phone, "Anna", "Ben", "Finn")
    assert second.group == first.group
    assert Group.objects.count() == 1
    assert Player.objects.filter(group=first.group, name="Anna").count() == 1  # the same Anna
    assert phone.session[groups.GROUPS_KEY] == [first.group.token]


def test_the_group_link_adds_the_group(anna_group: tuple[Client, Table]) -> None:
    _a, table = anna_group
    friend = Client()
    response = friend.get(f"/g/{table.group.token}/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert "no-store" in response["Cache-Control"]
    assert f"/t/{table.code}/" in home(friend) and sorted(offered(friend)) == ["Anna", "Ben", "Cleo"]
    assert start(friend, "Anna", "Ben", "Dora").group == table.group  # and starts tables in it


def test_an_unknown_group_link_says_so(db: None) -> None:
    response = Client().get("/g/nothing-like-a-token/")
    assert response.status_code == 404 and "no longer works" in response.content.decode()


@pytest.mark.parametrize("how", ["link", "join code", "scorer link"])
def test_opening_a_table_never_adds_its_group(anna_group: tuple[Client, Table], how: str) -> None:
    phone, table = anna_group
    other = start(phone, "Anna", "Finn", "Gil")  # another table of the group
    viewer = Client()
    if how == "link":
        viewer.get(f"/t/{table.code}/")
    elif how == "join code":
        viewer.get(viewer.get("/join/", {"code": table.join_code})["Location"])
    else:
        viewer.get(viewer.get(f"/s/{table.scorer_token}/")["Location"])
    assert groups.GROUPS_KEY not in viewer.session
    page = home(viewer)
    assert f"/t/{table.code}/" in page  # the table it opened, marked as not its group's
    assert ("scoring" if how == "scorer link" else "watching") in page
    assert f"/t/{other.code}/" not in page and "Finn" not in page and table.group.token not in page
    assert offered(viewer) == []
    for path in (f"/t/{table.code}/", f"/t/{table.code}/share/"):
        assert table.group.token not in viewer.get(path).content.decode()
    assert start(viewer, "Anna", "Ben", "Cleo").group != table.group  # its own table starts its own group


def test_a_phone_in_two_groups_picks_the_one_it_works_in(
    anna_group: tuple[Client, Table], dora_group: tuple[Client, Table]
) -> None:
    (a, ta), (_d, td) = anna_group, dora_group
    a.get(f"/g/{td.group.token}/")  # joined last: works in it
    assert f"/t/{td.code}/" in home(a) and f"/t/{ta.code}/" not in home(a)
    assert sorted(offered(a)) == ["Anna", "Dora", "Emil"]
    a.post("/group/use/", {"group": ta.group.token})
    assert f"/t/{ta.code}/" in home(a) and sorted(offered(a)) == ["Anna", "Ben", "Cleo"]
    assert a.session[groups.GROUPS_KEY] == [ta.group.token, td.group.token]


def test_a_phone_cannot_pick_a_group_it_is_not_in(
    anna_group: tuple[Client, Table], dora_group: tuple[Client, Table]
) -> None:
    (a, ta), (_d, td) = anna_group, dora_group
    a.post("/group/use/", {"group": td.group.token})
    assert a.session[groups.CURRENT_KEY] == ta.group.token and "Dora" not in offered(a)


def test_a_new_group_link_stops_the_old_one(anna_group: tuple[Client, Table]) -> None:
    phone, table = anna_group
    old = table.group.token
    friend = Client()
    friend.get(f"/g/{old}/")
    assert phone.post("/group/link/").status_code == 302
    table.group.refresh_from_db()
    assert table.group.token != old
    assert Client().get(f"/g/{old}/").status_code == 404  # the old link adds the group to nobody
    assert f"/t/{table.code}/" not in home(friend) and offered(friend) == []  # who joined with it lost it
    assert f"/t/{table.code}/" in home(phone) and f"/g/{table.group.token}/" in phone.get("/group/").content.decode()


def test_leaving_takes_the_group_off_this_phone_only(anna_group: tuple[Client, Table]) -> None:
    phone, table = anna_group
    friend = Client()
    friend.get(f"/g/{table.group.token}/")
    phone.post("/group/leave/")
    assert offered(phone) == [] and "Ben" in offered(friend)
    assert phone.get(f"/t/{table.code}/").status_code == 200  # its links keep working


def test_naming_the_group(anna_group: tuple[Client, Table]) -> None:
    phone, table = anna_group
    assert "Anna, Ben, Cleo" in home(phone)  # unnamed: its first names stand for it
    phone.post("/group/", {"name": "Thursday cards"})
    table.group.refresh_from_db()
    assert table.group.name == "Thursday cards" and "Thursday cards" in home(phone)


def test_a_new_group_starts_empty_and_keeps_the_old_one(anna_group: tuple[Client, Table]) -> None:
    phone, table = anna_group
    assert phone.post("/group/new/").status_code == 302
    assert Group.objects.count() == 2 and offered(phone) == [] and f"/t/{table.code}/" not in home(phone)
    assert len(phone.session[groups.GROUPS_KEY]) == 2


def test_new_groups_count_with_new_tables(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    rule = throttle.Rule("create", per_client=throttle.Limit(2, 3600), overall=throttle.Limit(100, 3600))
    monkeypatch.setattr(throttle, "CREATE", rule)
    phone = Client()
    start(phone, "Anna", "Ben", "Cleo")
    assert phone.post("/group/new/").status_code == 302
    refused = phone.post("/group/new/")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many new groups and tables" in refused.content.decode()
    assert Group.objects.count() == 2


# -- the home page ----------------------------------------------------------------------------------------


def test_home_lists_the_groups_tables_newest_first_with_who_leads(anna_group: tuple[Client, Table]) -> None:
    phone, first = anna_group
    second = start(phone, "Anna", "Ben", "Finn")
    services.append(second, [hand(Anna=4, Ben=9, Finn=0, lady="Finn")])
    page = home(phone)
    assert page.index(f"/t/{second.code}/") < page.index(f"/t/{first.code}/")
    assert "Rickety Kate" in page and "Anna, Ben, Finn" in page
    assert "Leading: Anna (4)" in page and "Nothing scored yet" in page


def test_home_names_every_leader_of_a_shared_lead(anna_group: tuple[Client, Table]) -> None:
    phone, table = anna_group
    services.append(table, [hand(Anna=0, Ben=13, Cleo=0, lady="Anna"), hand(Anna=0, Ben=0, Cleo=13, lady="Ben")])
    assert "Leading: Anna, Cleo (13)" in home(phone)  # Ben has 26


def test_home_says_who_won_a_finished_table(anna_group: tuple[Client, Table]) -> None:
    phone, table = anna_group
    services.append(table, [hand(Anna=0, Ben=13, Cleo=0, lady="Cleo") for _ in range(8)])
    assert services.snapshot(table).standings.finished
    assert "Won by Anna" in home(phone)


# -- import -----------------------------------------------------------------------------------------------


def test_web_import_goes_into_the_current_group(anna_group: tuple[Client, Table]) -> None:
    phone, table = anna_group
    response = phone.post("/import/", {"text": json.dumps(TABLE_FILE)})
    imported = Table.objects.get(code=response["Location"].split("/")[2])
    assert imported.group == table.group and Group.objects.count() == 1
    assert imported.seats.get(position=1).player == table.seats.get(position=1).player  # the group's Ben


def test_web_import_on_a_phone_in_no_group_starts_one(anna_group: tuple[Client, Table]) -> None:
    _a, table = anna_group
    phone = Client()
    response = phone.post("/import/", {"text": json.dumps(TABLE_FILE)})
    imported = Table.objects.get(code=response["Location"].split("/")[2])
    assert imported.group != table.group
    assert phone.session[groups.GROUPS_KEY] == [imported.group.token] and f"/t/{imported.code}/" in home(phone)


def test_import_command_into_a_group(anna_group: tuple[Client, Table], tmp_path: Path, capsys) -> None:
    _a, table = anna_group
    path = tmp_path / "t.json"
    path.write_text(json.dumps(TABLE_FILE))
    call_command("import", str(path), group=table.group.token)
    code, link = capsys.readouterr().out.split()
    assert Table.objects.get(code=code).group == table.group and link == f"/g/{table.group.token}/"
    call_command("import", str(path), group=f"https://kibitz.example.org/g/{table.group.token}/")  # the link
    assert Table.objects.get(code=capsys.readouterr().out.split()[0]).group == table.group


def test_import_command_without_a_group_makes_one_and_prints_its_link(
    db: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(TABLE_FILE))
    call_command("import", str(path))
    code, link = capsys.readouterr().out.split()
    assert link == f"/g/{Table.objects.get(code=code).group.token}/"
    with pytest.raises(CommandError, match="no group"):
        call_command("import", str(path), group="no-such-token")
    assert Table.objects.count() == 1


def test_groups_command_prints_every_groups_link(anna_group: tuple[Client, Table], capsys) -> None:
    _a, table = anna_group
    call_command("groups")
    assert capsys.readouterr().out == f"/g/{table.group.token}/\t-\tplayers: 3\ttables: 1\n"


# -- storage ----------------------------------------------------------------------------------------------


def test_names_are_unique_within_a_group_only(db: None) -> None:
    one, two = Group.objects.create(), Group.objects.create()
    Player.objects.create(group=one, name="Anna")
    Player.objects.create(group=two, name="Anna")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(group=one, name="Anna")


def test_create_table_seats_the_groups_players(db: None) -> None:
    group = Group.objects.create()
    first = services.create_table("rickety-kate", ["Anna", "Ben", "Cleo"], {}, group=group)
    second = services.create_table("rickety-kate", ["Cleo", "Anna", "Dora"], {}, group=group)
    elsewhere = services.create_table("rickety-kate", ["Anna", "Ben", "Cleo"], {})
    assert first.group == second.group == group and elsewhere.group != group
    assert list(group.players.values_list("name", flat=True)) == ["Anna", "Ben", "Cleo", "Dora"]
    assert elsewhere.group.players.count() == 3 and Player.objects.count() == 7


def test_the_new_table_form_offers_the_groups_usual_seating_as_one_chip(anna_group: tuple[Client, Table]) -> None:
    """The seat order played most often lately (the newer on a tie); one tap fills every seat, changeable."""
    phone, _first = anna_group
    start(phone, "Cleo", "Anna", "Ben")
    assert "As usual: Cleo · Anna · Ben" in phone.get("/new/rickety-kate/").content.decode()  # a tie: the newer
    start(phone, "Anna", "Ben", "Cleo")
    page = phone.get("/new/rickety-kate/").content.decode()
    assert 'href="?seating=usual">As usual: Anna · Ben · Cleo</a>' in page
    filled = phone.get("/new/rickety-kate/?seating=usual").content.decode()
    values = [re.search(rf'name="player_{i}"[^>]*value="([^"]*)"', filled) for i in range(3)]
    assert [v.group(1) if v else None for v in values] == ["Anna", "Ben", "Cleo"]
    assert "As usual" not in Client().get("/new/rickety-kate/").content.decode()  # a phone in no group: none
    assert "As usual" not in phone.get("/new/hats/").content.decode()  # no Hats table yet
