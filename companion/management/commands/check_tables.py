"""`check_tables`: replay every stored table and list those whose log no longer replays (run it after an upgrade)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError

from companion import snapshots
from companion.models import Table
from games.base import InvalidOptions

from ._database import DatabaseCommand


class Command(DatabaseCommand):
    help = "Replay every stored table; list each one whose log stops replaying, and exit 1 if any does."

    def handle(self, *args: Any, **options: Any) -> None:
        broken = total = 0
        for table in Table.objects.order_by("created").iterator():
            total += 1
            problem = _problem(table)
            if problem:
                broken += 1
                self.stdout.write(f"{table.code} ({table.game}, {table.title or 'untitled'}): {problem}")
        if broken:
            raise CommandError(
                f"{broken} of {total} tables do not replay; each opens up to the break and can be undone"
            )
        self.stdout.write(f"All {total} tables replay.")


def _problem(table: Table) -> str:
    try:
        snap = snapshots.load(table, None)
    except InvalidOptions as exc:
        return f"its options no longer read: {exc}"
    except KeyError as exc:  # a game no longer registered
        return str(exc).strip("\"'")
    if snap.broken is None:
        return ""
    return f"log entry {snap.broken.seq} (event {snap.broken.index}): {snap.broken.message}"
