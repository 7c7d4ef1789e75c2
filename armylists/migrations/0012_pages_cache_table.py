"""The table of the "pages" cache (rendered pages shared by every process,
armylists/web/conditional.py).

Made here rather than by `manage.py createcachetable`, as the brakes' table (0007), so
that a new server needs nothing but `migrate`."""

from django.core.management.commands.createcachetable import Command
from django.db import migrations

TABLE = "muster_pages"


def create_table(apps, schema_editor):
    command = Command()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, TABLE, dry_run=False)


def drop_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(TABLE)}")


class Migration(migrations.Migration):
    dependencies = [("armylists", "0011_campaign_in_mordheim")]

    operations = [migrations.RunPython(create_table, drop_table)]
