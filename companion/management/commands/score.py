"""`score FILE`: the standings of a table file as JSON (FORMAT.md)."""

from typing import Any

from games.base import InvalidEvent

from ._tablefile import TableFileCommand


class Command(TableFileCommand):
    help = "Print the standings of a table file as JSON; exit 2 with one line on a bad file."

    def handle(self, *args: Any, **options: Any) -> None:
        table = self.load(options["file"])
        try:
            standings = table.standings()
        except InvalidEvent as exc:
            self.fail(str(exc))
        self.emit(standings.as_dict())
