"""`groups`: every group's link path, name, players and tables, one line each (oldest group first).

The way into a group nobody's phone holds yet, such as the one migration 0006 made for the tables stored
before groups existed: open the printed link on a phone."""

from typing import Any

from django.db.models import Count

from companion.models import Group

from ._database import DatabaseCommand


class Command(DatabaseCommand):
    help = "List every group: its link path (/g/TOKEN/), name, and how many players and tables it has."

    def handle(self, *args: Any, **options: Any) -> None:
        counted = Group.objects.annotate(
            player_count=Count("players", distinct=True), table_count=Count("tables", distinct=True)
        )
        for group in counted.order_by("created", "pk"):
            name = group.name or "-"
            self.stdout.write(
                f"/g/{group.token}/	{name}	players: {group.player_count}	tables: {group.table_count}"
            )
