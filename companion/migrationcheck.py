"""A database migrated only partway through the migrations that were squashed into 0001 cannot be brought up to
date by this checkout (their steps are gone): `manage.py migrate` says so and how to get past it, instead of
failing halfway with a traceback."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from django.core import checks
from django.db import connections
from django.db.migrations.recorder import MigrationRecorder

SQUASHED = "companion.migrations.0001_squashed_0009_summary_rules"
BEFORE_SQUASH = "15afea570464"  # the last commit that still has migrations 0001 to 0009 one by one


@checks.register(checks.Tags.database)
def not_stranded(app_configs: Any = None, databases: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    replaced = {name for _app, name in import_module(SQUASHED).Migration.replaces}
    problems: list[checks.CheckMessage] = []
    for alias in databases or ():
        recorder = MigrationRecorder(connections[alias])
        if not recorder.has_table():
            continue  # a new database: the squashed migration builds it
        applied = {name for app, name in recorder.applied_migrations() if app == "companion"} & replaced
        if applied and applied != replaced:
            problems.append(checks.Error(stranded(max(applied)), id="kibitz.E010"))
    return problems


def stranded(newest: str) -> str:
    return (
        f"this database was migrated only up to companion {newest}, and this checkout has migrations 0001 to 0009 "
        f"only as one: migrate it first with the checkout from before they were joined (git checkout {BEFORE_SQUASH}"
        " && .venv/bin/python manage.py migrate), then come back to this one and migrate again"
    )
