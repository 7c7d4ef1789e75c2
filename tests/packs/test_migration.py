"""The pack models moved from the rules app to the packs app (issue 28) with every row:
a database migrated back to before the move is filled as it was then (packs, editors,
versions with a fork, a draft with an undo step, a kept link, a list pinned to a
version, a permission given on packs), migrated forward, and everything is read back
through today's models, in tables named packs_*; a version still refuses every change."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.utils import DatabaseError

from armylists.models import ArmyList
from armylists.packs.models import Pack, PackDraft, PackDraftStep, PackLink, PackVersion
from tests.support.migrating import latest, migrate

pytestmark = pytest.mark.django_db(transaction=True)

# Mordheim's campaign models left the armylists app after its 0010 (mordheim.0001 needs
# it), so the database before the packs' move has no mordheim migration either.
BEFORE = [("packs", None), ("rules", "0006_pack_links"), ("armylists", "0009_list_tags"),
          ("mordheim", None)]
DOCUMENT = {"format": "muster-pack/1", "system": {"key": "godslayer"}, "cards": []}
LIST = {"format": "muster-list/1", "system": "godslayer", "name": "Raid", "entries": []}
PACK_MODELS = ["pack", "packversion", "packdraft", "packdraftstep", "packlink"]


@pytest.fixture(autouse=True)
def _back_to_today():
    """Whatever a test leaves behind, the next one finds the database of today."""
    yield
    migrate(latest())


def fill_as_before(apps) -> dict:
    """The rows a site had before the move, made with the models of that time."""
    user_model = apps.get_model("auth", "User")
    alice = user_model.objects.create(username="alice")
    bob = user_model.objects.create(username="bob")
    system = apps.get_model("rules", "GameSystem").objects.create(
        key="godslayer", name="Godslayer", data_version="1")
    pack_model, version_model = apps.get_model("rules", "Pack"), apps.get_model("rules", "PackVersion")
    official = pack_model.objects.create(id="godslayer", system="godslayer", name="Official",
                                         official=True, visibility="public", share_token="t0")
    base = version_model.objects.create(pack=official, number=1, content_hash="h1",
                                        document=DOCUMENT)
    pack = pack_model.objects.create(id="p" * 32, system="godslayer", name="Club", owner=alice,
                                     visibility="link", share_token="t1", forked_from=base)
    pack.editors.add(bob)
    pinned = version_model.objects.create(pack=pack, number=1, note="first", author=alice,
                                          content_hash="h2", document=DOCUMENT)
    draft = apps.get_model("rules", "PackDraft").objects.create(
        pack=pack, author=alice, base_version=1, document=DOCUMENT)
    apps.get_model("rules", "PackDraftStep").objects.create(
        draft=draft, direction="undo", action="changed", section="cards", key="ogre",
        document=DOCUMENT)
    apps.get_model("rules", "PackLink").objects.create(pack=pack, user=bob, token="t1")
    army_list = apps.get_model("armylists", "ArmyList").objects.create(
        owner=bob, system=system, document=LIST, data_version="1", pack_version=pinned)
    return {"pack": pack.pk, "list": army_list.pk, "alice": alice.pk, "bob": bob.pk}


def give_a_permission_on_packs_as_before(apps) -> None:
    """A site made before the move has the admin's content types of packs under "rules"
    (migrating back put them there): a group given the right to change packs keeps it."""
    content_type = apps.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="rules", model="pack")[0]
    change_pack = apps.get_model("auth", "Permission").objects.get_or_create(
        codename="change_pack", content_type=content_type,
        defaults={"name": "Can change pack"})[0]
    apps.get_model("auth", "Group").objects.create(name="club admins").permissions.add(change_pack)


def test_every_pack_row_and_every_pinned_list_survive_the_move():
    made = fill_as_before(migrate(BEFORE))
    migrate(latest())

    pack = Pack.objects.get(pk=made["pack"])
    assert (pack.name, pack.owner_id, pack.visibility, pack.share_token) == (
        "Club", made["alice"], "link", "t1")
    assert list(pack.editors.values_list("pk", flat=True)) == [made["bob"]]
    assert (pack.forked_from.pack_id, pack.forked_from.number) == ("godslayer", 1)
    version = pack.versions.get()
    assert (version.number, version.note, version.author_id, version.document) == (
        1, "first", made["alice"], DOCUMENT)
    draft = PackDraft.objects.get(pack=pack)
    assert (draft.author_id, draft.base_version) == (made["alice"], 1)
    assert list(PackDraftStep.objects.filter(draft=draft).values_list("key", flat=True)) == ["ogre"]
    assert PackLink.objects.get(pack=pack).user_id == made["bob"]
    army_list = ArmyList.objects.get(pk=made["list"])
    assert army_list.pack_version == version
    assert list(version.pinned_lists.all()) == [army_list]


def test_the_tables_take_the_packs_names_and_a_version_stays_frozen():
    fill_as_before(migrate(BEFORE))
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM rules_packversion")
        assert cursor.fetchone()[0] == 2
    migrate(latest())

    tables = set(connection.introspection.table_names())
    assert {"packs_pack", "packs_pack_editors", "packs_packversion", "packs_packdraft",
            "packs_packdraftstep", "packs_packlink"} <= tables
    assert not {t for t in tables if t.startswith("rules_pack")}
    with pytest.raises(DatabaseError, match="never changes"):
        PackVersion.objects.filter(number=1).update(note="changed")


def test_a_permission_given_on_packs_stays_given():
    apps = migrate(BEFORE)
    give_a_permission_on_packs_as_before(apps)
    migrate(latest())
    ContentType.objects.clear_cache()

    group = Group.objects.get(name="club admins")
    assert [(p.content_type.app_label, p.content_type.model, p.codename)
            for p in group.permissions.all()] == [("packs", "pack", "change_pack")]
    assert not ContentType.objects.filter(app_label="rules", model__in=PACK_MODELS).exists()
    assert Permission.objects.get(codename="change_pack").content_type.model_class() is Pack
