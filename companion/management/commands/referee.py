"""`referee FILE`: the illegal plays recorded in a table file, as a JSON list of flags."""

from typing import Any

from games.tablefile import TableFile

from ._tablefile import TableFileReport


class Command(TableFileReport):
    help = "Print the referee's flags for a table file as JSON ([] when every play is legal)."

    def report(self, table: TableFile) -> Any:
        return [flag.as_dict() for flag in table.review()]
