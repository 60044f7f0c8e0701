"""The service layer: append-only log, undo and redo as flags, stale writes refused, exact round trips."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from companion import services
from companion.models import Event, Table
from tests.companion.conftest import PLAYERS, hand


def totals(table: Table) -> dict[str, int]:
    return services.snapshot(table).standings.totals


def test_create_table_refuses_bad_players_and_options(db: None) -> None:
    with pytest.raises(services.Refused, match="seated twice"):
        services.create_table("rickety-kate", ["Ana", "Ana", "Ben"], {})
    with pytest.raises(services.Refused, match="unknown option"):
        services.create_table("rickety-kate", PLAYERS, {"moom": "new"})
    with pytest.raises(services.Refused, match="unknown game"):
        services.create_table("skat", PLAYERS, {})
    assert Table.objects.count() == 0


def test_append_scores_and_bumps_version(table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9)])
    table.refresh_from_db()
    assert table.version == 1
    assert totals(table) == {"Ana": 4, "Ben": 9, "Cleo": 0, "Dan": 13}


def test_refused_event_changes_nothing(table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    with pytest.raises(services.Refused, match="add up to 12"):
        services.append(table, [hand(Ana=12)])
    table.refresh_from_db()
    assert table.version == 1
    assert table.events.count() == 1


def test_several_events_land_together_or_not_at_all(table: Table) -> None:
    with pytest.raises(services.Refused):
        services.append(table, [hand(Ana=13), hand(Ana=1)])
    assert table.events.count() == 0


def test_stale_write_is_refused(table: Table) -> None:
    services.append(table, [hand(Ana=13)], expected_version=0)
    with pytest.raises(services.Stale):
        services.append(table, [hand(Ben=13)], expected_version=0)
    assert table.events.count() == 1


def test_undo_marks_retracted_and_redo_restores(table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    services.append(table, [hand(Ben=13)])
    services.undo(table)
    assert list(Event.objects.filter(table=table).values_list("retracted", flat=True)) == [False, True]
    assert totals(table)["Ben"] == 0
    services.redo(table)
    assert totals(table)["Ben"] == 13
    assert not Event.objects.filter(table=table, retracted=True).exists()


def test_redo_restores_in_the_order_undone(table: Table) -> None:
    services.append(table, [hand(Ana=13), hand(Ben=13), hand(Cleo=13)])
    services.undo(table)
    services.undo(table)
    assert [e.retracted for e in services.redo(table).log] == [False, False, True]
    assert [e.retracted for e in services.redo(table).log] == [False, False, False]
    with pytest.raises(services.Refused, match="nothing to redo"):
        services.redo(table)


def test_new_event_after_undo_keeps_the_undone_one_in_the_log(table: Table) -> None:
    services.append(table, [hand(Ana=13)])
    services.undo(table)
    services.append(table, [hand(Ben=13)])
    log = list(table.events.order_by("seq").values_list("seq", "retracted"))
    assert log == [(1, True), (2, False)]
    with pytest.raises(services.Refused):
        services.redo(table)


def test_undo_on_empty_table_is_refused(table: Table) -> None:
    with pytest.raises(services.Refused, match="nothing to undo"):
        services.undo(table)


def test_finished_is_set_and_cleared_by_undo(db: None) -> None:
    table = services.create_table("rickety-kate", PLAYERS, {"end_score": 13, "tie": "shared"})
    services.append(table, [hand(Ana=13, lady="Ben")])
    table.refresh_from_db()
    assert table.finished is not None
    services.undo(table)
    table.refresh_from_db()
    assert table.finished is None


def test_export_import_round_trip_is_exact(table: Table) -> None:
    services.append(table, [hand(Ana=4, Ben=9), {"type": "penalty", "player": "Ben", "reason": "revoke"}])
    services.append(table, [hand(Cleo=13, lady="Dan")])
    services.undo(table)
    exported = services.export_table(table)
    assert exported["retracted"] == [{"after": 2, "event": hand(Cleo=13, lady="Dan")}]
    again = services.import_table(exported)
    assert services.export_table(again) == exported
    assert totals(again) == totals(table)


def test_import_refuses_a_bad_file_and_stores_nothing(db: None) -> None:
    data = {"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "events": [hand(Ana=13), hand(Ana=3)]}
    with pytest.raises(services.Refused, match="event 1"):
        services.import_table(data)
    assert Table.objects.count() == 0


def test_a_table_read_by_its_code_is_the_orm_s(table: Table) -> None:
    """services.table_by_code reads with the ORM's statement and converters, worked out once: every field as the
    ORM gives it (the options' JSON, the times, a date, the next table), on any database."""
    Table.objects.filter(pk=table.pk).update(
        title="Friday", notes="late", played_on=date(2026, 12, 4), finished=timezone.now(), options={"x": [1, "y"]}
    )
    nxt = Table.objects.create(group=table.group, game=table.game)
    Table.objects.filter(pk=table.pk).update(next_table=nxt)
    expected = Table.objects.get(pk=table.pk)
    for _ in range(2):  # worked out, then kept
        found = services.table_by_code(table.code)
        assert found is not None and found.pk == table.pk
        fields = [f.attname for f in Table._meta.concrete_fields]
        assert [getattr(found, name) for name in fields] == [getattr(expected, name) for name in fields]
        assert found._state.adding is False and found._state.db == "default"
    assert services.table_by_code("no-such-code") is None
