# The owner's tags on a list. Numbered after 0008_list_pack (pinned pack versions, made
# on another branch at the same time); it depends on 0007 so that each branch migrates
# on its own, and the two meet in a merge migration when both are in.
import django.contrib.postgres.fields
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("armylists", "0008_list_pack"),
    ]

    operations = [
        migrations.AddField(
            model_name="armylist",
            name="tags",
            field=django.contrib.postgres.fields.ArrayField(
                base_field=models.CharField(max_length=40),
                blank=True,
                default=list,
                size=20,
            ),
        ),
    ]
