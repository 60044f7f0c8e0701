"""What the commands that read or write stored tables share: on a database that was never migrated (or is
behind this version), one sentence and exit 2 instead of a traceback from the first query."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor

EXIT_NOT_READY = 2


class DatabaseCommand(BaseCommand):
    requires_migrations_checks = True

    def check_migrations(self) -> None:
        """Django's own check only prints a notice and lets the command fail on a missing table."""
        try:
            executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
            pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
        except DatabaseError as exc:
            self._stop(f"Cannot open the database: {' '.join(str(exc).split())}.")
        if pending:
            self._stop("The database is not set up for this version of Kibitz: run `manage.py migrate` first.")

    def _stop(self, sentence: str) -> None:
        self.stderr.write(sentence)
        sys.exit(EXIT_NOT_READY)
