"""`backup_group TOKEN [--output FILE]`: a group's name, presets and every table (as table files) in one JSON
document; `restore_group FILE` reads it back as a new group."""

import json
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

from companion.backup import backup
from companion.models import Group

from ._database import DatabaseCommand


class Command(DatabaseCommand):
    help = "Write a group's backup: its name, presets and every table as a Kibitz table file, oldest first."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "group",
            metavar="TOKEN",
            help="the group's token, or its link /g/TOKEN/ (an old token that starts with - goes after --)",
        )
        parser.add_argument("--output", "-o", help="write to this file instead of standard output")

    def handle(self, *args: Any, **options: Any) -> None:
        token = options["group"].rstrip("/").rsplit("/", 1)[-1]
        group = Group.objects.filter(token=token).first()
        if group is None:
            raise CommandError(f"no group with token {token!r}", returncode=2)
        text = json.dumps(backup(group), ensure_ascii=False, indent=2) + "\n"
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
