# Mordheim's campaign models move from the armylists app to this one (issue 28). Only
# Django's idea of them moves here: the tables stay as they are, still named armylists_*,
# until 0002 renames them; armylists.0011 then drops the models from the armylists app's
# state, again without touching the database. Every event, battle and draft, with their
# keys, constraints and indexes, stays where it was.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


STATE = [
    migrations.CreateModel(
        name="CampaignEvent",
        fields=[
            ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
            ("sequence", models.PositiveIntegerField(help_text="1, 2, 3… per list, in order.")),
            ("type", models.CharField(choices=[("serious_injury", "Serious injury"), ("henchman_out_of_action", "Henchman out of action"), ("experience", "Experience")], max_length=32)),
            ("entry_id", models.CharField(db_index=True, help_text="The id of the list entry it happened to.", max_length=32)),
            ("data", models.JSONField(help_text="The resolved event with all its rolls.")),
            ("line", models.JSONField(blank=True, null=True)),
            ("orphaned", models.BooleanField(default=False)),
            ("roster", models.JSONField(blank=True, null=True)),
            ("basis", models.CharField(blank=True, max_length=100)),
            ("created_at", models.DateTimeField(auto_now_add=True)),
            ("army_list", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="campaign_events", to="armylists.armylist")),
            ("created_by", models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
        ],
        options={
            "db_table": "armylists_campaignevent",
            "ordering": ["army_list", "sequence"],
            "constraints": [models.UniqueConstraint(fields=("army_list", "sequence"), name="campaign_event_sequence_unique")],
        },
    ),
    migrations.CreateModel(
        name="CampaignBattle",
        fields=[
            ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
            ("number", models.PositiveIntegerField(help_text="Battle 1, 2, 3… of the campaign.")),
            ("sequence", models.PositiveIntegerField(help_text="Its place in the campaign log.")),
            ("data", models.JSONField()),
            ("lines", models.JSONField(blank=True, default=list)),
            ("entry_ids", models.JSONField(blank=True, default=list)),
            ("roster", models.JSONField(blank=True, null=True)),
            ("basis", models.CharField(blank=True, max_length=100)),
            ("created_at", models.DateTimeField(auto_now_add=True)),
            ("army_list", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="campaign_battles", to="armylists.armylist")),
            ("created_by", models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
        ],
        options={
            "db_table": "armylists_campaignbattle",
            "ordering": ["army_list", "sequence"],
            "constraints": [
                models.UniqueConstraint(fields=("army_list", "sequence"), name="campaign_battle_sequence_unique"),
                models.UniqueConstraint(fields=("army_list", "number"), name="campaign_battle_number_unique"),
            ],
        },
    ),
    migrations.CreateModel(
        name="BattleDraft",
        fields=[
            ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
            ("data", models.JSONField(blank=True, default=dict)),
            ("step", models.CharField(blank=True, max_length=32)),
            ("sequence", models.PositiveIntegerField(default=0)),
            ("updated_at", models.DateTimeField(auto_now=True)),
            ("army_list", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name="battle_draft", to="armylists.armylist")),
            ("created_by", models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
        ],
        options={
            "db_table": "armylists_battledraft",
        },
    ),
]


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        # The models as armylists left them (0006 made the last change to them).
        ("armylists", "0010_pack_version_in_packs"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=STATE, database_operations=[]),
    ]
