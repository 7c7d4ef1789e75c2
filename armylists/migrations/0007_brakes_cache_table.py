"""The table of the "brakes" cache (throttle counts shared by every process).

Made here rather than by `manage.py createcachetable` so that a new server needs nothing
but `migrate`, and made whatever the current settings name, so a test that points the
cache at the database finds its table."""

from django.core.management.commands.createcachetable import Command
from django.db import migrations

TABLE = "muster_brakes"


def create_table(apps, schema_editor):
    command = Command()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, TABLE, dry_run=False)


def drop_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(TABLE)}")


class Migration(migrations.Migration):
    dependencies = [("armylists", "0006_campaign_battles")]

    operations = [migrations.RunPython(create_table, drop_table)]
