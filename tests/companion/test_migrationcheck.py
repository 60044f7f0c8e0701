"""Migrations 0001 to 0009 are one squashed migration: a database migrated to 0009 takes it as applied, a new one
is built by it, and one migrated only partway is told at `migrate` how to catch up (no traceback)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from companion import migrationcheck


def test_a_database_migrated_to_the_end_passes(db: None) -> None:
    assert migrationcheck.not_stranded(databases=["default"]) == []


def test_a_database_migrated_partway_is_told_how_to_catch_up(db: None) -> None:
    recorder = MigrationRecorder(connection)
    for name in ("0007_group_required", "0008_table_summary", "0009_summary_rules"):
        recorder.record_unapplied("companion", name)  # as a database last migrated by a checkout at 0006
    errors = migrationcheck.not_stranded(databases=["default"])
    assert [e.id for e in errors] == ["kibitz.E010"]
    assert "migrated only up to companion 0006_existing_data_into_one_group" in errors[0].msg
    assert f"git checkout {migrationcheck.BEFORE_SQUASH}" in errors[0].msg
    with pytest.raises(SystemCheckError, match=r"kibitz\.E010"):
        call_command("migrate", verbosity=0, skip_checks=False)
