# A list's pack version is a packs.PackVersion now (the model moved from the rules app,
# issue 28): the column and its foreign key stay as they are (the key follows the table
# when packs.0002 renames it), so only Django's idea of the field changes.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("armylists", "0009_list_tags"),
        ("packs", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="armylist",
                    name="pack_version",
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="pinned_lists", to="packs.packversion"),
                ),
            ],
            database_operations=[],
        ),
    ]
