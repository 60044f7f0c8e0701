"""`import FILE [--group TOKEN]`: store a table file as a new table of a group; print its code, then the
group's link path."""

from typing import Any

from django.core.management.base import CommandError

from companion.models import Group
from companion.services import Refused, import_table
from games import tablefile

from ._database import DatabaseCommand
from ._tablefile import TableFileCommand


class Command(DatabaseCommand, TableFileCommand):
    help = (
        "Store a Kibitz table file as a new table of a group; prints the new table's code, then the group's link "
        "path (/g/TOKEN/)."
    )

    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--group",
            metavar="TOKEN",
            help="the group's token, or its link /g/TOKEN/ (default: a new group); --group=TOKEN for an old token "
            "that starts with -",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        group = None
        if options["group"] is not None:
            token = options["group"].rstrip("/").rsplit("/", 1)[-1]  # the token, or the whole link
            group = Group.objects.filter(token=token).first()
            if group is None:
                raise CommandError(f"no group with token {token!r}")
        try:
            table = import_table(tablefile.decode(self.read_text(options["file"])), group=group)
        except tablefile.TableFileError as exc:
            self.fail(str(exc))
        except Refused as exc:
            self.fail(str(exc))  # English, as every command prints
        self.stdout.write(table.code)
        self.stdout.write(f"/g/{table.group.token}/")
