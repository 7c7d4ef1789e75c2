# The pack models now belong to the packs app (armylists/packs, issue 28; packs.0001
# took them over): the rules app forgets them. Nothing happens in the database, so
# every pack, version, draft and kept link stays; packs.0002 renames their tables.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("rules", "0006_pack_links"),
        ("packs", "0001_initial"),
        # The lists' foreign key points at packs.PackVersion before this one goes.
        ("armylists", "0010_pack_version_in_packs"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="PackDraftStep"),
                migrations.DeleteModel(name="PackDraft"),
                migrations.DeleteModel(name="PackLink"),
                migrations.RemoveField(model_name="pack", name="forked_from"),
                migrations.DeleteModel(name="PackVersion"),
                migrations.DeleteModel(name="Pack"),
            ],
            database_operations=[],
        ),
    ]
