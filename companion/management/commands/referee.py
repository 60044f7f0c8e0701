"""`referee FILE`: the illegal plays recorded in a table file, as a JSON list of flags."""

from typing import Any

from games.base import InvalidEvent

from ._tablefile import TableFileCommand


class Command(TableFileCommand):
    help = "Print the referee's flags for a table file as JSON ([] when every play is legal)."

    def handle(self, *args: Any, **options: Any) -> None:
        table = self.load(options["file"])
        try:
            flags = table.review()
        except InvalidEvent as exc:
            self.fail(str(exc))
        self.emit([flag.as_dict() for flag in flags])
