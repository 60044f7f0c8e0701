"""`export CODE`: a stored table as a table file on standard output (or --output FILE)."""

import json
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

from companion.models import Table
from companion.services import export_table

from ._database import DatabaseCommand


class Command(DatabaseCommand):
    help = "Write a table as a Kibitz table file (FORMAT.md)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("code", help="the table's code, as in its address /t/CODE/")
        parser.add_argument("--output", "-o", help="write to this file instead of standard output")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            table = Table.objects.get(code=options["code"])
        except Table.DoesNotExist:
            raise CommandError(f"no table with code {options['code']!r}", returncode=2) from None
        text = json.dumps(export_table(table), ensure_ascii=False, indent=2) + "\n"
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
