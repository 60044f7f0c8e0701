"""Rate limits: failed join lookups, new and imported tables; per client, per network and overall, counted in the
database; a refused attempt counts nothing anywhere."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from pytest_django.fixtures import Settings

from companion import throttle
from companion.models import Table, Throttle
from tests.companion.conftest import PLAYERS
from tests.companion.test_views import new_table_form

TOO_MANY_JOINS = "Too many join codes that open nothing."
TOO_MANY_TABLES = "Too many new tables from here for now."
SMALL_FILE = {"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "events": []}


def phone(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def limits(
    scope: str, *, client: int, network: int, overall: int, window: int = 600, reserve: int = 0
) -> throttle.Rule:
    """A Rule with lowered limits, one window for all three levels: the mechanism in a small loop."""
    return throttle.Rule(
        scope,
        per_client=throttle.Limit(client, window),
        per_network=throttle.Limit(network, window),
        overall=throttle.Limit(overall, window),
        reserve=reserve,
    )


def wrong_codes(n: int) -> list[str]:
    """Well-formed join codes that no table has (a table's random code is never all 2s and 3s)."""
    return [f"2222{i:04b}".replace("0", "2").replace("1", "3") for i in range(n)]


# -- the counter ------------------------------------------------------------------------------------------


def test_hit_counts_to_the_limit_then_says_how_long_to_wait(db: None) -> None:
    answers = [throttle.hit("s", "c", limit=3, window=60) for _ in range(5)]
    assert answers[:3] == [None, None, None]
    assert all(isinstance(w, int) and 55 <= w <= 60 for w in answers[3:])
    assert Throttle.objects.get(scope="s", client="c").count == 3  # the two refused count nothing


def test_peek_counts_nothing(db: None) -> None:
    assert throttle.peek("s", "c", limit=2, window=60) is None
    throttle.hit("s", "c", limit=2, window=60)
    assert throttle.peek("s", "c", limit=2, window=60) is None
    throttle.hit("s", "c", limit=2, window=60)
    assert throttle.peek("s", "c", limit=2, window=60) is not None  # one more would be the third
    assert Throttle.objects.get().count == 2


def test_scopes_and_clients_count_apart(db: None) -> None:
    for _ in range(3):
        throttle.hit("a", "one", limit=2, window=60)
    assert throttle.hit("a", "two", limit=2, window=60) is None
    assert throttle.hit("b", "one", limit=2, window=60) is None


def test_a_new_window_starts_after_the_old_one_ends(db: None) -> None:
    for _ in range(3):
        throttle.hit("s", "c", limit=2, window=60)
    Throttle.objects.update(window_start=timezone.now() - timedelta(seconds=61))
    assert throttle.peek("s", "c", limit=2, window=60) is None
    assert throttle.hit("s", "c", limit=2, window=60) is None
    assert Throttle.objects.get().count == 1


def test_ended_windows_are_dropped_when_a_new_client_comes(db: None) -> None:
    throttle.hit("s", "old", limit=2, window=60)
    throttle.hit("s", throttle.EVERYONE, limit=2, window=600)
    Throttle.objects.update(window_start=timezone.now() - timedelta(seconds=120))
    throttle.hit("s", "new", limit=2, window=60)
    assert sorted(Throttle.objects.values_list("client", flat=True)) == ["*", "new"]


def test_switched_off_by_the_setting(db: None, settings: Settings) -> None:
    settings.KIBITZ_THROTTLE = False
    assert all(throttle.hit("s", "c", limit=1, window=60) is None for _ in range(3))
    assert throttle.peek("s", "c", limit=1, window=60) is None


def test_concurrent_hits_all_count(transactional_db: None) -> None:
    """Several processes (here threads, each with its own connection) counting at once lose nothing."""
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            for _ in range(15):
                throttle.hit("race", "c", limit=1000, window=60)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    assert Throttle.objects.get(scope="race").count == 60


def test_concurrent_attempts_cannot_slip_past_a_limit(transactional_db: None) -> None:
    """Four processes (threads with their own connections), each from its own network, make 40 attempts at once
    against everyone's 15: exactly 15 pass, and the refused 25 count nothing at any level."""
    rule = limits("race", client=100, network=100, overall=15)
    passed: list[bool] = []
    errors: list[BaseException] = []

    def worker(n: int) -> None:
        request = RequestFactory().get("/", REMOTE_ADDR=f"198.51.{n}.1")
        try:
            for _ in range(10):
                passed.append(throttle.attempt(rule, request) is None)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors and len(passed) == 40
    assert passed.count(True) == 15
    counts = dict(Throttle.objects.values_list("client", "count"))
    assert counts.pop(throttle.EVERYONE) == 15 and sum(counts.values()) == 2 * 15  # clients and networks


def test_a_refusal_is_one_read_and_writes_nothing(db: None) -> None:
    request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.7")
    for _ in range(throttle.JOIN.per_client.count):
        assert throttle.attempt(throttle.JOIN, request) is None
    with CaptureQueriesContext(connection) as queries:
        refusal = throttle.attempt(throttle.JOIN, request)
    assert refusal is not None and refusal.level == throttle.CLIENT and 590 <= refusal.wait <= 600
    assert len(queries) == 1 and queries[0]["sql"].startswith("SELECT")


def test_refused_attempt_counts_nothing_overall(table: Table) -> None:
    """A client its own limit refuses goes on guessing: its network's and everyone's counts stay where its
    limit stopped them."""
    guesser = phone("203.0.113.7")
    for code in wrong_codes(throttle.JOIN.per_client.count + 5):
        guesser.get("/join/", {"code": code})
    assert sorted(Throttle.objects.values_list("count", flat=True)) == [10, 10, 10]  # client, network, everyone


def test_refused_at_a_later_level_counts_nothing_at_the_earlier_ones(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    rule = limits("join", client=10, network=3, overall=5)
    monkeypatch.setattr(throttle, "JOIN", rule)
    codes = iter(wrong_codes(10))
    for _ in range(3):
        assert phone("203.0.113.1").get("/join/", {"code": next(codes)}).status_code == 404
    assert phone("203.0.113.2").get("/join/", {"code": next(codes)}).status_code == 429  # its network is full
    for n in (1, 2):
        assert phone(f"198.51.100.{n}").get("/join/", {"code": next(codes)}).status_code == 404
    assert phone("192.0.2.1").get("/join/", {"code": next(codes)}).status_code == 429  # everyone's is full
    factory = RequestFactory()
    for address in ("203.0.113.2", "192.0.2.1"):  # refused: neither its client nor a new network row counts it
        request = factory.get("/", REMOTE_ADDR=address)
        assert not Throttle.objects.filter(client=throttle.client_of(request)).exists()
    assert not Throttle.objects.filter(client=throttle.network_of(factory.get("/", REMOTE_ADDR="192.0.2.1"))).exists()
    assert Throttle.objects.get(client=throttle.network_of(factory.get("/", REMOTE_ADDR="203.0.113.2"))).count == 3
    assert Throttle.objects.get(client=throttle.EVERYONE).count == 5


# -- who the client is ------------------------------------------------------------------------------------


def test_client_is_the_address_as_a_keyed_hash(settings: Settings) -> None:
    factory = RequestFactory()
    one = throttle.client_of(factory.get("/", REMOTE_ADDR="203.0.113.7"))
    assert one == throttle.client_of(factory.get("/", REMOTE_ADDR="203.0.113.7"))
    assert one != throttle.client_of(factory.get("/", REMOTE_ADDR="203.0.113.8"))
    assert "203.0.113.7" not in one and len(one) == 32
    spoofed = factory.get("/", REMOTE_ADDR="203.0.113.7", HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert throttle.client_of(spoofed) == one  # not behind a proxy: the header is anyone's to send


def test_behind_a_proxy_the_client_is_the_hop_the_proxy_added(settings: Settings) -> None:
    settings.KIBITZ_BEHIND_PROXY = True
    factory = RequestFactory()

    def via_proxy(forwarded: str) -> str:
        return throttle.client_of(factory.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded))

    assert via_proxy("198.51.100.1") != via_proxy("198.51.100.2")
    assert via_proxy("1.2.3.4, 198.51.100.1") == via_proxy("9.9.9.9, 198.51.100.1")  # a sent first hop counts not
    assert via_proxy("198.51.100.1") == throttle.client_of(factory.get("/", REMOTE_ADDR="198.51.100.1"))


def test_network_is_the_ipv4_24_and_the_ipv6_48() -> None:
    factory = RequestFactory()

    def net(address: str) -> str:
        return throttle.network_of(factory.get("/", REMOTE_ADDR=address))

    assert net("203.0.113.7") == net("203.0.113.250") != net("203.0.112.7")
    assert net("2001:db8:1:2::1") == net("2001:db8:1:ffff::9") != net("2001:db8:2:2::1")
    assert net("::ffff:203.0.113.7") == net("203.0.113.1")
    keys = {throttle.client_of(factory.get("/", REMOTE_ADDR=a)) for a in ("203.0.113.7", "unknown")}
    assert not keys & {net("203.0.113.7"), net("unknown")}  # a network's row is never a client's


def test_ipv6_counts_by_its_64_network() -> None:
    factory = RequestFactory()

    def of(address: str) -> str:
        return throttle.client_of(factory.get("/", REMOTE_ADDR=address))

    assert of("2001:db8:1:2::1") == of("2001:db8:1:2:ffff::9")
    assert of("2001:db8:1:2::1") != of("2001:db8:1:3::1")
    assert of("::ffff:203.0.113.7") == of("203.0.113.7")


# -- failed join lookups ------------------------------------------------------------------------------------


def test_wrong_join_codes_are_limited_per_client(table: Table) -> None:
    guesser = phone("203.0.113.7")
    allowed = throttle.JOIN.per_client.count
    for code in wrong_codes(allowed):
        assert guesser.get("/join/", {"code": code}).status_code == 404
    refused = guesser.get("/join/", {"code": wrong_codes(allowed + 1)[-1]})
    assert refused.status_code == 429
    assert TOO_MANY_JOINS in refused.content.decode()
    assert 0 < int(refused["Retry-After"]) <= throttle.JOIN.per_client.window
    # Refused before the lookup: not even the right code opens a table for this client now.
    assert guesser.get("/join/", {"code": table.join_code}).status_code == 429
    # Another phone is not held back.
    assert phone("203.0.113.8").get("/join/", {"code": table.join_code}).status_code == 302


def test_right_join_codes_count_nothing(table: Table) -> None:
    """A whole table behind one home network joins with the right code: nobody is held back."""
    watcher = phone("203.0.113.9")
    for _ in range(throttle.JOIN.per_client.count + 5):
        assert watcher.get("/join/", {"code": table.join_code}).status_code == 302
    assert set(Throttle.objects.values_list("count", flat=True)) == {0}


def test_give_back_takes_one_attempt_back(db: None) -> None:
    for _ in range(2):
        throttle.hit("s", "c", limit=2, window=60)
    throttle.give_back("s", "c", window=60)
    assert Throttle.objects.get().count == 1
    assert throttle.hit("s", "c", limit=2, window=60) is None
    throttle.give_back("s", "nobody", window=60)  # nothing counted: nothing to give back
    assert Throttle.objects.count() == 1


def test_wrong_join_codes_are_limited_per_network(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    rule = limits("join", client=10, network=4, overall=100)
    monkeypatch.setattr(throttle, "JOIN", rule)
    codes = iter(wrong_codes(10))
    for n in range(4):
        assert phone(f"203.0.113.{n}").get("/join/", {"code": next(codes)}).status_code == 404
    refused = phone("203.0.113.99").get("/join/", {"code": table.join_code})
    page = refused.content.decode()
    assert refused.status_code == 429 and "Too many join codes that open nothing from your network." in page
    assert 500 < int(refused["Retry-After"]) <= 600
    assert phone("203.0.114.1").get("/join/", {"code": table.join_code}).status_code == 302  # the next /24


def test_a_spent_overall_budget_leaves_a_fresh_network_its_reserve(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Everyone's 4 spent by two networks: a network that has guessed fewer than the reserve of 2 still gets
    its lookups (the right code too), one that has used its reserve waits, and is told it is everyone's limit."""
    rule = limits("join", client=10, network=10, overall=4, reserve=2)
    monkeypatch.setattr(throttle, "JOIN", rule)
    codes = iter(wrong_codes(10))
    for address in ("198.51.100.1", "198.51.100.1", "203.0.113.1", "203.0.113.1"):
        assert phone(address).get("/join/", {"code": next(codes)}).status_code == 404
    spent = phone("198.51.100.1").get("/join/", {"code": table.join_code})
    page = spent.content.decode()
    assert spent.status_code == 429 and "are being tried on this site just now" in page and "network" not in page
    fresh = phone("192.0.2.1")
    assert fresh.get("/join/", {"code": table.join_code}).status_code == 302
    assert [fresh.get("/join/", {"code": next(codes)}).status_code for _ in range(3)] == [404, 404, 429]
    assert fresh.get("/join/", {"code": table.join_code}).status_code == 429


def test_a_form_submit_with_no_code_counts_nothing(db: None) -> None:
    for _ in range(throttle.JOIN.per_client.count + 1):
        assert phone("203.0.113.7").get("/join/").status_code == 200
    assert not Throttle.objects.exists()


# -- new and imported tables ------------------------------------------------------------------------------


def test_new_tables_are_limited_per_client(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    rule = throttle.Rule("create", per_client=throttle.Limit(3, 3600), overall=throttle.Limit(100, 3600))
    monkeypatch.setattr(throttle, "CREATE", rule)
    maker = phone("203.0.113.7")
    form = new_table_form("Ana", "Ben", "Cleo")
    for _ in range(3):
        assert maker.post("/new/rickety-kate/", form).status_code == 302
    refused = maker.post("/new/rickety-kate/", form)
    assert refused.status_code == 429 and TOO_MANY_TABLES in refused.content.decode()
    assert int(refused["Retry-After"]) > 3000
    assert 'value="Cleo"' in refused.content.decode()  # the form comes back as typed
    # Importing counts in the same bucket.
    imported = maker.post("/import/", {"text": json.dumps(SMALL_FILE)})
    assert imported.status_code == 429 and TOO_MANY_TABLES in imported.content.decode()
    assert Table.objects.count() == 3
    assert phone("203.0.113.8").post("/new/rickety-kate/", form).status_code == 302


def test_the_default_creation_limit_is_generous_then_holds(db: None) -> None:
    maker = phone("203.0.113.7")
    allowed = throttle.CREATE.per_client.count
    assert allowed >= 20
    for _ in range(allowed):
        assert maker.post("/import/", {"text": json.dumps(SMALL_FILE)}).status_code == 302
    assert maker.post("/import/", {"text": json.dumps(SMALL_FILE)}).status_code == 429
    assert maker.post("/new/rickety-kate/", new_table_form("Ana", "Ben", "Cleo")).status_code == 429
    assert maker.get("/new/rickety-kate/").status_code == 200  # only creating is limited


def test_new_tables_are_limited_per_network(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    rule = limits("create", client=30, network=3, overall=100, window=3600)
    monkeypatch.setattr(throttle, "CREATE", rule)
    for n in range(3):
        assert phone(f"203.0.113.{n}").post("/import/", {"text": json.dumps(SMALL_FILE)}).status_code == 302
    refused = phone("203.0.113.50").post("/new/rickety-kate/", new_table_form("Ana", "Ben", "Cleo"))
    page = refused.content.decode()
    assert refused.status_code == 429 and "Too many new tables and groups from your network for now." in page
    assert "from here" not in page and 'value="Cleo"' in page
    assert phone("198.51.100.1").post("/import/", {"text": json.dumps(SMALL_FILE)}).status_code == 302


def test_a_spent_overall_creation_budget_leaves_a_fresh_network_its_reserve(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    rule = limits("create", client=30, network=30, overall=4, window=3600, reserve=1)
    monkeypatch.setattr(throttle, "CREATE", rule)
    for n in range(4):
        assert phone(f"198.51.{n}.1").post("/import/", {"text": json.dumps(SMALL_FILE)}).status_code == 302
    spent = phone("198.51.0.1").post("/group/new/")
    page = spent.content.decode()
    assert spent.status_code == 429 and "Too many new tables and groups are being made on this site just now." in page
    assert "from here" not in page
    fresh = phone("192.0.2.1")
    assert fresh.post("/new/rickety-kate/", new_table_form("Ana", "Ben", "Cleo")).status_code == 302
    assert fresh.post("/import/", {"text": json.dumps(SMALL_FILE)}).status_code == 429
    assert Table.objects.count() == 5
