"""Rate limits: failed join lookups, new and imported tables; per client and overall, counted in the database."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client, RequestFactory
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


def wrong_codes(n: int) -> list[str]:
    """Well-formed join codes that no table has (a table's random code is never all 2s and 3s)."""
    return [f"2222{i:04b}".replace("0", "2").replace("1", "3") for i in range(n)]


# -- the counter ------------------------------------------------------------------------------------------


def test_hit_counts_to_the_limit_then_says_how_long_to_wait(db: None) -> None:
    answers = [throttle.hit("s", "c", limit=3, window=60) for _ in range(5)]
    assert answers[:3] == [None, None, None]
    assert all(isinstance(w, int) and 55 <= w <= 60 for w in answers[3:])
    assert Throttle.objects.get(scope="s", client="c").count == 5


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


def test_wrong_join_codes_are_limited_overall(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    rule = throttle.Rule("join", per_client=throttle.Limit(10, 600), overall=throttle.Limit(6, 600))
    monkeypatch.setattr(throttle, "JOIN", rule)
    for n, code in enumerate(wrong_codes(6)):
        assert phone(f"198.51.100.{n}").get("/join/", {"code": code}).status_code == 404
    refused = phone("198.51.100.99").get("/join/", {"code": table.join_code})
    assert refused.status_code == 429 and TOO_MANY_JOINS in refused.content.decode()


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


def test_new_tables_are_limited_overall(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    rule = throttle.Rule("create", per_client=throttle.Limit(30, 3600), overall=throttle.Limit(4, 3600))
    monkeypatch.setattr(throttle, "CREATE", rule)
    for n in range(4):
        assert phone(f"198.51.100.{n}").post("/import/", {"text": json.dumps(SMALL_FILE)}).status_code == 302
    assert phone("198.51.100.50").post("/import/", {"text": json.dumps(SMALL_FILE)}).status_code == 429
