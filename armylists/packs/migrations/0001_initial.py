# The pack models move from the rules app to this one (issue 28). Only Django's idea of
# them moves here: the tables stay as they are, still named rules_*, until 0002 renames
# them; rules.0007 then drops the models from the rules app's state, again without
# touching the database. Every row, constraint, index and the trigger that freezes a
# version stay where they were.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import armylists.packs.models


STATE = [
    migrations.CreateModel(
        name="Pack",
        fields=[
            ("id", models.CharField(default=armylists.packs.models.new_pack_id, editable=False, max_length=64, primary_key=True, serialize=False)),
            ("system", models.SlugField(help_text="The game system's key.", max_length=64)),
            ("name", models.CharField(max_length=100)),
            ("description", models.TextField(blank=True, max_length=2000)),
            ("official", models.BooleanField(default=False, editable=False)),
            ("visibility", models.CharField(choices=[("private", "private"), ("link", "shared by link"), ("public", "public")], default="private", max_length=8)),
            ("share_token", models.CharField(default=armylists.packs.models.new_share_token, max_length=64, unique=True)),
            ("created_at", models.DateTimeField(auto_now_add=True)),
            ("updated_at", models.DateTimeField(auto_now=True)),
            ("deleted_at", models.DateTimeField(blank=True, null=True)),
            ("editors", models.ManyToManyField(blank=True, related_name="edited_packs", to=settings.AUTH_USER_MODEL)),
            ("owner", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="packs", to=settings.AUTH_USER_MODEL)),
        ],
        options={
            "db_table": "rules_pack",
            "ordering": ["system", "-official", "name", "id"],
        },
    ),
    migrations.CreateModel(
        name="PackVersion",
        fields=[
            ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
            ("number", models.PositiveIntegerField()),
            ("note", models.CharField(blank=True, max_length=500)),
            ("created_at", models.DateTimeField(auto_now_add=True)),
            ("content_hash", models.CharField(max_length=64)),
            ("document", models.JSONField()),
            ("author", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="pack_versions", to=settings.AUTH_USER_MODEL)),
            ("pack", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="versions", to="packs.pack")),
        ],
        options={
            "db_table": "rules_packversion",
            "ordering": ["pack", "number"],
        },
    ),
    migrations.AddField(
        model_name="pack",
        name="forked_from",
        field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="forks", to="packs.packversion"),
    ),
    migrations.AddConstraint(
        model_name="packversion",
        constraint=models.UniqueConstraint(fields=("pack", "number"), name="pack_version_unique"),
    ),
    migrations.AddConstraint(
        model_name="packversion",
        constraint=models.CheckConstraint(condition=models.Q(("number__gte", 1)), name="pack_version_from_1"),
    ),
    migrations.AddConstraint(
        model_name="pack",
        constraint=models.UniqueConstraint(condition=models.Q(("official", True)), fields=("system",), name="one_official_pack"),
    ),
    migrations.AddConstraint(
        model_name="pack",
        constraint=models.CheckConstraint(condition=models.Q(("visibility__in", ["private", "link", "public"])), name="pack_visibility_known"),
    ),
    migrations.CreateModel(
        name="PackDraft",
        fields=[
            ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
            ("base_version", models.PositiveIntegerField()),
            ("document", models.JSONField()),
            ("updated_at", models.DateTimeField(auto_now=True)),
            ("author", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="pack_drafts", to=settings.AUTH_USER_MODEL)),
            ("pack", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="drafts", to="packs.pack")),
        ],
        options={
            "db_table": "rules_packdraft",
            "constraints": [models.UniqueConstraint(fields=("pack", "author"), name="pack_draft_one_per_author")],
        },
    ),
    migrations.CreateModel(
        name="PackDraftStep",
        fields=[
            ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
            ("direction", models.CharField(choices=[("undo", "undo"), ("redo", "redo")], max_length=4)),
            ("action", models.CharField(choices=[("changed", "changed"), ("added", "added"), ("removed", "removed")], max_length=8)),
            ("section", models.CharField(max_length=40)),
            ("key", models.CharField(max_length=100)),
            ("document", models.JSONField()),
            ("draft", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="steps", to="packs.packdraft")),
        ],
        options={
            "db_table": "rules_packdraftstep",
            "indexes": [models.Index(fields=["draft", "direction", "id"], name="rules_packd_draft_i_2f1919_idx")],
        },
    ),
    migrations.CreateModel(
        name="PackLink",
        fields=[
            ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
            ("token", models.CharField(max_length=64)),
            ("created_at", models.DateTimeField(auto_now_add=True)),
            ("pack", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="kept_links", to="packs.pack")),
            ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="kept_pack_links", to=settings.AUTH_USER_MODEL)),
        ],
        options={
            "db_table": "rules_packlink",
            "constraints": [models.UniqueConstraint(fields=("pack", "user"), name="one_kept_link_per_user")],
        },
    ),
]


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("rules", "0006_pack_links"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=STATE, database_operations=[]),
    ]
