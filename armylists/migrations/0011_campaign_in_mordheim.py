# Mordheim's campaign models now belong to the game's app (armylists/games/mordheim,
# issue 28; mordheim.0001 took them over): the armylists app forgets them. Nothing
# happens in the database, so every campaign event, battle and draft stays; mordheim.0002
# renames their tables.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("armylists", "0010_pack_version_in_packs"),
        ("mordheim", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="BattleDraft"),
                migrations.DeleteModel(name="CampaignBattle"),
                migrations.DeleteModel(name="CampaignEvent"),
            ],
            database_operations=[],
        ),
    ]
