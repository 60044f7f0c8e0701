"""`import FILE`: store a table file as a new table and print its code."""

from typing import Any

from companion.services import Refused, import_table
from games import tablefile

from ._tablefile import TableFileCommand


class Command(TableFileCommand):
    help = "Store a Kibitz table file as a new table; prints the new table's code."
    requires_migrations_checks = True

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            table = import_table(tablefile.decode(self.read_text(options["file"])))
        except tablefile.TableFileError as exc:
            self.fail(str(exc))
        except Refused as exc:
            self.fail(exc.message)
        self.stdout.write(table.code)
