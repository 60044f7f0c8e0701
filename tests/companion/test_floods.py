"""The two floods the outside probe sent, replayed in-process with the real limits and the real flood sizes,
and the same from 256 addresses of one /24: what the flood gets, then what a person elsewhere gets.

The figures the README quotes ("Limits and headers") are the ones asserted here; each test prints them too
(`pytest -s tests/companion/test_floods.py`)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator

from django.test import Client

from companion import throttle
from companion.models import Group, Table, Throttle
from tests.companion.conftest import PLAYERS
from tests.companion.test_views import new_table_form

FLOODER = "203.0.113.7"
NEIGHBOUR = "203.0.113.8"  # another address in the flooder's /24
ELSEWHERE = "198.51.100.20"  # an address in another network
SMALL_FILE = json.dumps({"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "events": []})
REFUSED = "Too many"


def wrong_codes(n: int) -> Iterator[str]:
    """n distinct well-formed join codes no table has: a table's random code is never only 2, 3, 4 and 5."""
    for i in range(n):
        yield "".join("2345"[(i >> (2 * k)) & 3] for k in range(8))


def tally(label: str, statuses: Iterable[int]) -> Counter[int]:
    counts = Counter(statuses)
    print(f"\n{label}: " + ", ".join(f"{n} answered {status}" for status, n in sorted(counts.items())))
    return counts


def everyone(scope: str) -> int:
    """The attempts everyone's level holds in its current window."""
    return Throttle.objects.get(scope=scope, client=throttle.EVERYONE).count


def links_work(phone: Client, table: Table) -> None:
    """The table link, the scorer link and the group link are never limited."""
    assert phone.get(f"/t/{table.code}/").status_code == 200
    assert phone.get(f"/s/{table.scorer_token}/")["Location"] == f"/t/{table.code}/"
    assert phone.get(f"/g/{table.group.token}/").status_code == 302
    assert phone.get("/group/").status_code == 200 and table.group.token in phone.get("/group/").content.decode()


def test_flood_from_one_address_leaves_right_code_working(table: Table) -> None:
    flooder = Client(REMOTE_ADDR=FLOODER)
    codes = wrong_codes(660)
    counts = tally(
        "660 wrong join codes from one address", (flooder.get("/join/", {"code": c}).status_code for c in codes)
    )
    assert counts == {404: 10, 429: 650} and everyone("join") == 10  # of everyone's 600
    for address in (ELSEWHERE, NEIGHBOUR):  # another network, and another address in the flooder's own /24
        other = Client(REMOTE_ADDR=address)
        right = other.get("/join/", {"code": table.join_code})
        wrong = other.get("/join/", {"code": "22222222"})
        print(f"  then {address}: the right code {right.status_code}, a wrong code {wrong.status_code}")
        assert right.status_code == 302 and right["Location"] == f"/t/{table.code}/"
        assert wrong.status_code == 404
        links_work(other, table)
    refused = flooder.get("/join/", {"code": table.join_code})
    assert refused.status_code == 429  # the flooder's own limit holds, for the right code too
    assert "Too many join codes that open nothing. Try again in 10 min" in refused.content.decode()


def test_flood_of_new_groups_from_one_address_leaves_creating_working(db: None) -> None:
    flooder = Client(REMOTE_ADDR=FLOODER)
    counts = tally(
        "1,020 POST /group/new/ from one address", (flooder.post("/group/new/").status_code for _ in range(1020))
    )
    assert counts == {302: 30, 429: 990} and Group.objects.count() == 30 and everyone("create") == 30
    refused = flooder.post("/group/new/").content.decode()
    assert "Too many new groups and tables from here for now. Try again in 60 min." in refused
    for address in (ELSEWHERE, NEIGHBOUR):
        other = Client(REMOTE_ADDR=address)
        made = [
            other.post("/new/rickety-kate/", new_table_form("Ana", "Ben", "Cleo")),
            other.post("/import/", {"text": SMALL_FILE}),
            other.post("/group/new/"),
        ]
        print(
            f"  then {address}: a new table {made[0].status_code}, an import {made[1].status_code},"
            f" a new group {made[2].status_code}"
        )
        assert [r.status_code for r in made] == [302, 302, 302]
    assert Table.objects.count() == 4


def test_flood_from_one_network_leaves_other_networks_working(table: Table) -> None:
    """256 addresses of one /24, three wrong codes each (768: more than everyone's 600 together)."""
    codes = wrong_codes(768)
    phones = [Client(REMOTE_ADDR=f"203.0.113.{n}") for n in range(256)]
    statuses = (phone.get("/join/", {"code": next(codes)}).status_code for _round in range(3) for phone in phones)
    counts = tally("768 wrong join codes from 256 addresses of one /24", statuses)
    assert counts == {404: 60, 429: 708} and everyone("join") == 60  # of everyone's 600
    other = Client(REMOTE_ADDR=ELSEWHERE)
    right, wrong = other.get("/join/", {"code": table.join_code}), other.get("/join/", {"code": "22222222"})
    print(f"  then {ELSEWHERE}: the right code {right.status_code}, a wrong code {wrong.status_code}")
    assert (right.status_code, wrong.status_code) == (302, 404)
    links_work(other, table)
    # Inside the flooded /24 a join code waits for the network's window; the links still work there.
    inside = Client(REMOTE_ADDR="203.0.113.77")
    refused = inside.get("/join/", {"code": table.join_code})
    assert refused.status_code == 429 and "from your network" in refused.content.decode()
    links_work(inside, table)


def test_flood_of_new_groups_from_one_network_leaves_other_networks_creating(db: None) -> None:
    """256 addresses of one /24, one new group each: the network's 120 an hour hold it, whatever it sends more
    (refused attempts count nothing), so it holds at most 120 of everyone's 1,000."""
    phones = [Client(REMOTE_ADDR=f"203.0.113.{n}") for n in range(256)]
    counts = tally(
        "256 POST /group/new/ from 256 addresses of one /24", (p.post("/group/new/").status_code for p in phones)
    )
    assert counts == {302: 120, 429: 136} and Group.objects.count() == 120
    assert everyone("create") == 120
    refused = phones[0].post("/group/new/").content.decode()
    assert "Too many new tables and groups from your network for now." in refused and "from here" not in refused
    other = Client(REMOTE_ADDR=ELSEWHERE)
    table = other.post("/new/rickety-kate/", new_table_form("Ana", "Ben", "Cleo"))
    group = other.post("/group/new/")
    print(f"  then {ELSEWHERE}: a new table {table.status_code}, a new group {group.status_code}")
    assert (table.status_code, group.status_code) == (302, 302)
