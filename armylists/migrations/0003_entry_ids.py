"""Stable entry ids: every entry (and special-action purchase) of every saved list and of
every version in its history gets an ``id``; campaign events name their fighter by it
instead of by his position; the data snapshot names violations by it too.

A version's entries get the ids of the same entries of the list as it is now, matched by
card (and name) in order, so the history of one list shares its ids; what cannot be
matched gets an id of its own. An event whose entry no longer holds the card it was
recorded for (the list was changed since) gets an id that matches nothing: the event
stays in the log, applied to nobody, instead of to the wrong fighter.
"""

import secrets

from django.db import migrations, models


def _new_id(taken):
    while True:
        candidate = secrets.token_urlsafe(6)
        if candidate not in taken:
            taken.add(candidate)
            return candidate


def _with_ids(document, match=None):
    """The document with an id on every entry and purchase; ``match``: entries of another
    document to take ids from, by card and name, in order."""
    taken = set()
    pool = {}
    for entry in (match or {}).get("entries", []):
        key = (entry.get("card"), (entry.get("custom") or {}).get("name"), entry.get("name"))
        pool.setdefault(key, []).append(entry["id"])
    for entry in document.get("entries", []):
        if entry.get("id"):
            taken.add(entry["id"])
    for entry in document.get("entries", []):
        if entry.get("id"):
            continue
        key = (entry.get("card"), (entry.get("custom") or {}).get("name"), entry.get("name"))
        candidates = [i for i in pool.get(key, []) if i not in taken]
        if candidates:
            entry["id"] = candidates[0]
            taken.add(candidates[0])
        else:
            entry["id"] = _new_id(taken)
    for pick in document.get("special_actions", []) or []:
        if not pick.get("id"):
            pick["id"] = _new_id(taken)
    return document


def forward(apps, schema_editor):
    ArmyList = apps.get_model("armylists", "ArmyList")
    CampaignEvent = apps.get_model("armylists", "CampaignEvent")
    for army_list in ArmyList.objects.all().iterator():
        document = _with_ids(dict(army_list.document))
        army_list.document = document
        entries = document.get("entries", [])
        snapshot = dict(army_list.data_snapshot or {})
        snapshot["violations"] = [
            [code, entries[index]["id"] if isinstance(index, int) and index < len(entries) else None]
            for code, index in snapshot.get("violations", [])
        ]
        army_list.data_snapshot = snapshot
        army_list.save(update_fields=["document", "data_snapshot"])
        for version in army_list.versions.all():
            version.document = _with_ids(dict(version.document), match=document)
            version.save(update_fields=["document"])
        for event in CampaignEvent.objects.filter(army_list=army_list):
            data = dict(event.data)
            index = data.pop("entry", event.entry)
            entry = entries[index] if index < len(entries) else None
            if entry is not None and entry.get("card") == data.get("card"):
                event.entry_id = entry["id"]
                data.setdefault("who", entry.get("name") or entry.get("card"))
            else:
                event.entry_id = f"gone-{event.sequence}"
                data.setdefault("who", data.get("card") or "?")
            data["entry_id"] = event.entry_id
            event.data = data
            event.save(update_fields=["entry_id", "data"])


class Migration(migrations.Migration):
    dependencies = [("armylists", "0002_campaignevent")]

    operations = [
        migrations.AddField(
            model_name="armylist",
            name="revoked_share_token",
            field=models.CharField(blank=True, max_length=64, null=True),
        ),
        migrations.AddField(
            model_name="campaignevent",
            name="entry_id",
            field=models.CharField(
                default="",
                help_text="The id of the list entry it happened to.",
                max_length=32,
            ),
            preserve_default=False,
        ),
        migrations.RunPython(forward, migrations.RunPython.noop),
        migrations.RemoveField(model_name="campaignevent", name="entry"),
        migrations.AlterField(
            model_name="campaignevent",
            name="entry_id",
            field=models.CharField(
                db_index=True, help_text="The id of the list entry it happened to.", max_length=32
            ),
        ),
    ]
