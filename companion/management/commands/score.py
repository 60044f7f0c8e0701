"""`score FILE`: the standings of a table file as JSON (FORMAT.md)."""

from typing import Any

from games.tablefile import TableFile

from ._tablefile import TableFileReport


class Command(TableFileReport):
    help = "Print the standings of a table file as JSON; exit 2 with one line on a bad file."

    def report(self, table: TableFile) -> Any:
        return table.standings().as_dict()
