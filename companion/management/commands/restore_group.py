"""`restore_group FILE`: a group backup (backup_group) as a new group; prints the group's link path. Every
table is checked as `import` checks it, and a bad one stores nothing: one line on stderr, exit 2."""

from typing import Any

from companion.backup import restore
from companion.services import Refused
from games import tablefile

from ._database import DatabaseCommand
from ._tablefile import TableFileCommand


class Command(DatabaseCommand, TableFileCommand):
    help = "Restore a group backup (from backup_group) as a new group; prints its link path (/g/TOKEN/)."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            group = restore(tablefile.decode(self.read_text(options["file"])))
        except tablefile.TableFileError as exc:
            self.fail(str(exc))
        except Refused as exc:
            self.fail(str(exc))
        self.stdout.write(f"/g/{group.token}/")
