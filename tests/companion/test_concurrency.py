"""Several phones writing at once to a live server: every accepted write lands once, in order, no gaps."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable

import pytest

from companion import services, snapshots
from companion.models import Table, TableCheckpoint
from tests.companion.conftest import PLAYERS

PHONES = 6
WRITES = 8


def post(url: str, token: str, fields: dict[str, str]) -> int:
    data = urllib.parse.urlencode(fields).encode()
    request = urllib.request.Request(url, data=data, headers={"X-Kibitz-Scorer": token, "HX-Request": "true"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def resent(send: Callable[[], int], times: int = 5) -> int:
    """A request sent again after "busy" (503: nothing was stored), as kibitz.js does, with the same key: SQLite
    takes one writer at a time, and on a loaded machine a write may wait longer than its bounded time."""
    status = send()
    for _ in range(times):
        if status != 503:
            break
        time.sleep(0.2)
        status = send()
    return status


def version_of(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.headers["ETag"].strip('"')


def run_phones(phone: Callable[[int], None]) -> None:
    threads = [threading.Thread(target=phone, args=(n,)) for n in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)


def logged_reasons(table: Table) -> list[str]:
    rows = list(table.events.order_by("seq").values_list("seq", "payload"))
    assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1)), "the log has a gap"
    return [payload["reason"] for _, payload in rows]


@pytest.fixture
def table(transactional_db: None) -> Table:
    return services.create_table("rickety-kate", PLAYERS, {})


def test_concurrent_writes_with_retries_all_land_once_in_order(live_server, table: Table) -> None:
    url = f"{live_server.url}/t/{table.code}/record/penalty/"
    statuses: dict[str, list[int]] = {}

    def phone(n: int) -> None:
        for i in range(WRITES):
            key = f"p{n}-{i:02d}"
            fields = {"player": str(n % len(PLAYERS)), "reason": key, "points": "1", "key": key}
            sends = 2 if i % 3 == 0 else 1  # a flaky connection sends some taps twice
            statuses[key] = [resent(lambda fields=fields: post(url, table.scorer_token, fields)) for _ in range(sends)]

    run_phones(phone)
    assert all(code == 200 for codes in statuses.values() for code in codes), statuses
    reasons = logged_reasons(table)
    assert sorted(reasons) == sorted(statuses), "a write was lost or doubled"
    for n in range(PHONES):  # each phone's writes keep their order
        mine = [r for r in reasons if r.startswith(f"p{n}-")]
        assert mine == sorted(mine)
    table.refresh_from_db()
    assert table.version == PHONES * WRITES


def test_concurrent_writes_against_a_version_land_or_are_told(live_server, table: Table) -> None:
    url = f"{live_server.url}/t/{table.code}/record/penalty/"
    poll = f"{live_server.url}/t/{table.code}/live/"
    accepted: list[str] = []
    refused: list[str] = []

    def phone(n: int) -> None:
        for i in range(WRITES):
            key = f"v{n}-{i:02d}"
            fields = {"player": "0", "reason": key, "points": "1", "key": key, "version": version_of(poll)}
            status = resent(lambda fields=fields: post(url, table.scorer_token, fields))
            assert status in (200, 409), status
            (accepted if status == 200 else refused).append(key)

    run_phones(phone)
    reasons = logged_reasons(table)
    assert sorted(reasons) == sorted(accepted)
    assert not set(refused) & set(reasons)
    assert len(accepted) + len(refused) == PHONES * WRITES and accepted


def test_checkpoints_stored_while_phones_write_and_cold_loads_read_fail_nothing(
    live_server, table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Every few writes stores a checkpoint after its commit, and cold loads (a cleared cache) store theirs
    too, several at once: no write fails, no store logs an error, and what a cold load then shows is the log."""
    monkeypatch.setattr(snapshots, "STORE_AFTER", 2)
    url = f"{live_server.url}/t/{table.code}/record/penalty/"
    page = f"{live_server.url}/t/{table.code}/"
    statuses: list[int] = []

    def phone(n: int) -> None:
        for i in range(WRITES):
            if n % 2:  # a phone of a process that just started: it holds no snapshot
                services.SNAPSHOTS.clear()
                statuses.append(resent(lambda: get(page)))
            key = f"c{n}-{i:02d}"
            fields = {"player": "0", "reason": key, "points": "1", "key": key}
            statuses.append(resent(lambda fields=fields: post(url, table.scorer_token, fields)))

    run_phones(phone)
    assert set(statuses) == {200}
    assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text
    assert TableCheckpoint.objects.filter(table=table).exists()
    services.SNAPSHOTS.clear()
    snap = services.snapshot(Table.objects.get(pk=table.pk))
    assert len(snap.live) == PHONES * WRITES and snap.standings == snap.game.standings(
        snap.game.replay(snap.players, snap.options, [snap.game.parse(e.payload) for e in snap.live])
    )
