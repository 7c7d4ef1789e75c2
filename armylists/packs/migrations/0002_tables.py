# The pack tables take this app's names (rules_pack -> packs_pack, and so on; Django
# renames the editors' table with its model, and PostgreSQL carries every row, key,
# constraint and the lists' foreign key along). The trigger that freezes a version
# (rules.0002) follows its table; it and its function are renamed to match. The
# admin's content types move to this app, so permissions given on packs stay given.

from django.db import migrations

MODELS = ["pack", "packversion", "packdraft", "packdraftstep", "packlink"]

RENAME_TRIGGER = """
ALTER TRIGGER rules_packversion_frozen ON packs_packversion RENAME TO packs_packversion_frozen;
ALTER FUNCTION rules_packversion_frozen() RENAME TO packs_packversion_frozen;
"""
RENAME_TRIGGER_BACK = """
ALTER TRIGGER packs_packversion_frozen ON packs_packversion RENAME TO rules_packversion_frozen;
ALTER FUNCTION packs_packversion_frozen() RENAME TO rules_packversion_frozen;
"""


def content_types_to(source: str, target: str):
    def move(apps, schema_editor):
        content_type = apps.get_model("contenttypes", "ContentType")
        for model in MODELS:
            if not content_type.objects.filter(app_label=target, model=model).exists():
                content_type.objects.filter(app_label=source, model=model).update(
                    app_label=target
                )

    return move


class Migration(migrations.Migration):

    dependencies = [
        ("packs", "0001_initial"),
        ("rules", "0007_packs_moved"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RenameIndex(
            model_name="packdraftstep",
            new_name="packs_packd_draft_i_74047d_idx",
            old_name="rules_packd_draft_i_2f1919_idx",
        ),
        migrations.AlterModelTable(name="pack", table=None),
        migrations.AlterModelTable(name="packdraft", table=None),
        migrations.AlterModelTable(name="packdraftstep", table=None),
        migrations.AlterModelTable(name="packlink", table=None),
        migrations.AlterModelTable(name="packversion", table=None),
        migrations.RunSQL(RENAME_TRIGGER, RENAME_TRIGGER_BACK),
        migrations.RunPython(
            content_types_to("rules", "packs"), content_types_to("packs", "rules")
        ),
    ]
