"""On PostgreSQL, a trigger that tells every listening process (companion/tableversions.py) when a table's version
changes, from the writing transaction: NOTIFY is delivered only when that transaction commits, and no writer can
forget it. Nothing on SQLite, whose polls read the version from the database."""

from django.db import migrations

# The channel is companion.tableversions.CHANNEL (tests/companion/test_tableversions.py keeps them the same).
CREATE = """
CREATE FUNCTION companion_table_version_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('kibitz_table_version', 'all');
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('kibitz_table_version', 'gone ' || OLD.code);
    ELSIF NEW.code <> OLD.code OR NEW.version < OLD.version THEN
        PERFORM pg_notify('kibitz_table_version', 'gone ' || OLD.code);
    ELSIF NEW.version > OLD.version THEN
        PERFORM pg_notify('kibitz_table_version', 'set ' || NEW.code || ' ' || NEW.version);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER companion_table_version_notify AFTER UPDATE OF version, code OR DELETE ON companion_table
    FOR EACH ROW EXECUTE FUNCTION companion_table_version_notify();
CREATE TRIGGER companion_table_truncate_notify AFTER TRUNCATE ON companion_table
    FOR EACH STATEMENT EXECUTE FUNCTION companion_table_version_notify();
"""

DROP = """
DROP TRIGGER IF EXISTS companion_table_truncate_notify ON companion_table;
DROP TRIGGER IF EXISTS companion_table_version_notify ON companion_table;
DROP FUNCTION IF EXISTS companion_table_version_notify();
"""


def on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0011_table_checkpoint"),
    ]

    operations = [
        migrations.RunPython(on_postgresql(CREATE), on_postgresql(DROP)),
    ]
