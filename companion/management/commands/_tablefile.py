"""What score, referee and import share: read a table file, or fail with one line and exit 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand

from games import tablefile
from games.base import InvalidEvent

EXIT_BAD_FILE = 2


class TableFileCommand(BaseCommand):
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="a Kibitz table file (FORMAT.md), or - for standard input")

    def read_text(self, name: str) -> str:
        try:
            return sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.fail(f"cannot read {name}: {exc}")

    def load(self, name: str) -> tablefile.TableFile:
        try:
            return tablefile.loads(self.read_text(name))
        except (tablefile.TableFileError, InvalidEvent) as exc:
            self.fail(str(exc))

    def fail(self, message: str) -> NoReturn:
        self.stderr.write(" ".join(message.split()))
        sys.exit(EXIT_BAD_FILE)

    def emit(self, data: Any) -> None:
        self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))


class TableFileReport(TableFileCommand):
    """A command that reads one table file and prints one JSON answer about it."""

    def report(self, table: tablefile.TableFile) -> Any:
        raise NotImplementedError

    def handle(self, *args: Any, **options: Any) -> None:
        table = self.load(options["file"])
        try:
            answer = self.report(table)
        except InvalidEvent as exc:
            self.fail(str(exc))
        self.emit(answer)
