# The campaign tables take this app's names (armylists_campaignevent ->
# mordheim_campaignevent, and so on; PostgreSQL carries every row, key, constraint and
# index along, and the foreign keys to the lists and users stay). The admin's content
# types move to this app, so permissions given on them stay given.

from django.db import migrations

MODELS = ["campaignevent", "campaignbattle", "battledraft"]


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
        ("mordheim", "0001_initial"),
        ("armylists", "0011_campaign_in_mordheim"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AlterModelTable(name="campaignevent", table=None),
        migrations.AlterModelTable(name="campaignbattle", table=None),
        migrations.AlterModelTable(name="battledraft", table=None),
        migrations.RunPython(
            content_types_to("armylists", "mordheim"), content_types_to("mordheim", "armylists")
        ),
    ]
