"""Two gunicorn workers, two phones, PostgreSQL: a poll never answers 304 after a write committed in another
process, although unchanged polls are answered from each process's table versions (companion/tableversions.py).

Each worker has a gunicorn master of its own on the same database, so the test decides which process serves
what: one master's load balancing could hand every request to the same worker, and then nothing is shown."""

from __future__ import annotations

import http.client
import re
import secrets
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

from companion import services, tableversions
from companion.models import Table
from tests.companion.conftest import PLAYERS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import load

pytestmark = pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
    reason="LISTEN/NOTIFY is PostgreSQL's; SQLite polls read the database",
)

WORKERS = 2  # one per server
ROUNDS = 20  # writes
POLLS = 10  # polls with the ETag from before each write
ACCESS = re.compile(r"<(\d+)> (\w+) (\S+) HTTP/[\d.]+ (\d+)")  # --access-logformat below


def database_url() -> str:
    """The test database (pytest-django's), for the server's processes."""
    s = connection.settings_dict
    return f"postgres://{quote(s['USER'])}:{quote(s['PASSWORD'])}@{s['HOST']}:{s['PORT']}/{quote(s['NAME'])}"


@pytest.fixture
def servers(transactional_db: None, tmp_path: Path) -> Iterator[list[load.Server]]:
    """Two gunicorns with one sync worker each on the test database, logging which worker served each request."""
    started = []
    try:
        for n in range(WORKERS):
            folder = tmp_path / str(n)
            folder.mkdir()
            access = [f"--access-logfile={folder / 'access.log'}", "--access-logformat=%(p)s %(r)s %(s)s"]
            server = load.Server(load.WorkerConfig(1, 1), load.production_env(database_url()), folder, access)
            server.start()
            started.append(server)
        yield started
    finally:
        for server in started:
            server.stop()


class Phone:
    """One client with a connection of its own (a sync worker closes it after each answer; it opens again)."""

    def __init__(self, server: load.Server) -> None:
        self.connection = http.client.HTTPConnection(load.HOST, server.port, timeout=30)

    def request(self, method: str, path: str, headers: dict[str, str], body: str = "") -> http.client.HTTPResponse:
        self.connection.request(method, path, body=body.encode() or None, headers=headers)
        response = self.connection.getresponse()
        response.read()
        return response

    def poll(self, table: Table, version: int, tag: str) -> tuple[int, str | None]:
        """The table's poll with the ETag of `version`; `tag` names the request in the access log."""
        response = self.request("GET", f"/t/{table.code}/live/?{tag}", {"If-None-Match": f'"{version}"'})
        return response.status, response.getheader("ETag")

    def write(self, table: Table, tag: str) -> int:
        headers = load.write_headers(table.scorer_token, secrets.token_hex(8))
        return self.request("POST", f"/t/{table.code}/record/hand/?{tag}", headers, load.HAND_FORM).status


def listeners() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = %s AND state = 'idle'",
            [connection.settings_dict["NAME"], tableversions.APPLICATION_NAME],
        )
        return int(cursor.fetchone()[0])


def served(servers: list[load.Server]) -> dict[str, tuple[int, int]]:
    """Each tagged request of the access logs: the worker that served it and its status."""
    found = {}
    for server in servers:
        log = (server.log.parent / "access.log").read_text()
        for pid, _method, path, status in ACCESS.findall(log):
            found[path.partition("?")[2]] = (int(pid), int(status))
    return found


def test_a_poll_never_answers_304_after_a_write_committed_in_another_process(servers: list[load.Server]) -> None:
    table = services.create_table("rickety-kate", PLAYERS, {})
    phones = [Phone(server) for server in servers]
    deadline = time.monotonic() + 60
    n = 0
    while listeners() < WORKERS:  # each worker starts listening at its first poll
        assert time.monotonic() < deadline, "the workers did not both start listening"
        assert all(phone.poll(table, 0, f"start-{n}-{k}")[0] == 304 for k, phone in enumerate(phones))
        n += 1
    for version in range(ROUNDS):
        scorer, watcher = phones[version % 2], phones[1 - version % 2]  # each worker writes in turn
        unchanged = [watcher.poll(table, version, f"unchanged-{version}-{k}")[0] for k in range(POLLS)]
        assert unchanged == [304] * POLLS
        assert scorer.write(table, f"write-{version}") == 200
        after = [watcher.poll(table, version, f"after-{version}-{k}") for k in range(POLLS)]
        assert after == [(200, f'"{version + 1}"')] * POLLS, f"a poll answered from before write {version + 1}"
    for server in servers:
        server.stop()  # every line of the access log written

    requests = served(servers)
    elsewhere = [
        tag
        for tag, (pid, _status) in requests.items()
        if tag.startswith("after-") and pid != requests[f"write-{tag.split('-')[1]}"][0]
    ]
    assert len({pid for pid, _status in requests.values()}) == WORKERS
    for server in servers:
        assert "did not acknowledge" not in server.log.read_text(), "a write was answered before the other had it"
    assert len(elsewhere) == ROUNDS * POLLS, "a poll after a write came to the worker that wrote"
