"""Mordheim's campaign models moved from the armylists app to the game's own app
(armylists/games/mordheim, label "mordheim"; issue 28) with every row: a database
migrated back to before the move is filled as it was then (two warbands' campaigns:
events, battles and a battle being recorded, and a permission given on battles), migrated
forward, and everything is read back through today's models, in tables named mordheim_*,
with their keys and constraints still holding. Migrating back undoes it all."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, connection, transaction

from armylists.games.mordheim.models import BattleDraft, CampaignBattle, CampaignEvent
from armylists.models import ArmyList
from tests.support.migrating import latest, migrate

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("mordheim", None), ("armylists", "0010_pack_version_in_packs")]
MODELS = ["campaignevent", "campaignbattle", "battledraft"]
OLD_TABLES = {"armylists_campaignevent", "armylists_campaignbattle", "armylists_battledraft"}
NEW_TABLES = {"mordheim_campaignevent", "mordheim_campaignbattle", "mordheim_battledraft"}
WARBAND = {"format": "muster-list/1", "system": "mordheim", "name": "Reikland",
           "entries": [{"id": "cpt", "card": "captain"}, {"id": "yng", "card": "youngblood"}]}
INJURY = {"type": "serious_injury", "entry_id": "yng", "d66": 41, "result": "leg_wound",
          "card": "youngblood", "who": "Dieter"}
BATTLE = {"input": {"injuries": {"yng": [15]}, "exploration": [3, 3, 5]},
          "treasury_before": 40, "treasury_after": 85}
DRAFT = {"exploration": [2, 6, 6]}


@pytest.fixture(autouse=True)
def _back_to_today():
    """Whatever a test leaves behind, the next one finds the database of today."""
    yield
    migrate(latest())


def fill_as_before(apps) -> dict:
    """Two campaigns as a site had them before the move, made with the models of that
    time: alice's warband with two events, a battle between them and a battle being
    recorded; bob's with one event."""
    user_model = apps.get_model("auth", "User")
    alice = user_model.objects.create(username="alice")
    bob = user_model.objects.create(username="bob")
    system = apps.get_model("rules", "GameSystem").objects.create(
        key="mordheim", name="Mordheim", data_version="1")
    list_model = apps.get_model("armylists", "ArmyList")
    reikland = list_model.objects.create(owner=alice, system=system, document=WARBAND,
                                         data_version="1", name="Reikland")
    middenheim = list_model.objects.create(owner=bob, system=system, document=WARBAND,
                                           data_version="1", name="Middenheim")
    event_model = apps.get_model("armylists", "CampaignEvent")
    first = event_model.objects.create(
        army_list=reikland, sequence=1, type="serious_injury", entry_id="yng", data=INJURY,
        line={"phrase": "leg_wound"}, roster={"treasury": 40}, basis="v1:1", created_by=alice)
    battle = apps.get_model("armylists", "CampaignBattle").objects.create(
        army_list=reikland, number=1, sequence=2, data=BATTLE, lines=["Dieter: leg wound"],
        entry_ids=["yng"], roster={"treasury": 85}, basis="v1:1", created_by=alice)
    event_model.objects.create(
        army_list=reikland, sequence=3, type="experience", entry_id="cpt",
        data={"type": "experience", "entry_id": "cpt", "amount": 2}, orphaned=True)
    draft = apps.get_model("armylists", "BattleDraft").objects.create(
        army_list=reikland, data=DRAFT, step="exploration", sequence=3, created_by=alice)
    event_model.objects.create(
        army_list=middenheim, sequence=1, type="henchman_out_of_action", entry_id="yng",
        data={"type": "henchman_out_of_action", "roll": 1}, created_by=bob)
    return {"reikland": reikland.pk, "middenheim": middenheim.pk, "alice": alice.pk,
            "bob": bob.pk, "first": first.pk, "battle": battle.pk, "draft": draft.pk}


def give_a_permission_on_battles_as_before(apps) -> None:
    """A site made before the move has the admin's content types of the campaign under
    "armylists" (migrating back put them there): a group given the right to change
    battles keeps it."""
    content_type = apps.get_model("contenttypes", "ContentType").objects.get_or_create(
        app_label="armylists", model="campaignbattle")[0]
    change = apps.get_model("auth", "Permission").objects.get_or_create(
        codename="change_campaignbattle", content_type=content_type,
        defaults={"name": "Can change campaign battle"})[0]
    apps.get_model("auth", "Group").objects.create(name="campaign keepers").permissions.add(change)


def tables() -> set[str]:
    return set(connection.introspection.table_names())


def test_every_campaign_row_survives_the_move():
    made = fill_as_before(migrate(BEFORE))
    migrate(latest())

    reikland = ArmyList.objects.get(pk=made["reikland"])
    events = list(reikland.campaign_events.all())
    assert [(e.sequence, e.type, e.entry_id, e.orphaned) for e in events] == [
        (1, "serious_injury", "yng", False), (3, "experience", "cpt", True)]
    first = events[0]
    assert (first.pk, first.data, first.line, first.roster, first.basis, first.created_by_id) == (
        made["first"], INJURY, {"phrase": "leg_wound"}, {"treasury": 40}, "v1:1", made["alice"])
    battle = reikland.campaign_battles.get()
    assert (battle.pk, battle.number, battle.sequence, battle.data, battle.lines,
            battle.entry_ids, battle.roster, battle.basis, battle.created_by_id) == (
        made["battle"], 1, 2, BATTLE, ["Dieter: leg wound"], ["yng"], {"treasury": 85},
        "v1:1", made["alice"])
    draft = reikland.battle_draft
    assert (draft.pk, draft.data, draft.step, draft.sequence, draft.created_by_id) == (
        made["draft"], DRAFT, "exploration", 3, made["alice"])
    bobs = CampaignEvent.objects.get(army_list_id=made["middenheim"])
    assert (bobs.type, bobs.created_by.username) == ("henchman_out_of_action", "bob")
    assert (CampaignEvent.objects.count(), CampaignBattle.objects.count(),
            BattleDraft.objects.count()) == (3, 1, 1)


def test_the_tables_take_the_games_names_and_their_keys_still_hold():
    made = fill_as_before(migrate(BEFORE))
    assert OLD_TABLES <= tables()
    migrate(latest())

    assert NEW_TABLES <= tables() and not OLD_TABLES & tables()
    # A new record gets a fresh id after the old ones (the id's sequence came along).
    later = CampaignEvent.objects.create(
        army_list_id=made["middenheim"], sequence=2, type="experience", entry_id="yng",
        data={"type": "experience", "amount": 1})
    assert later.pk > made["first"]
    with pytest.raises(IntegrityError), transaction.atomic():  # one sequence per list
        CampaignEvent.objects.create(army_list_id=made["middenheim"], sequence=2,
                                     type="experience", entry_id="yng", data={})
    with pytest.raises(IntegrityError), transaction.atomic():  # one battle 1 per list
        CampaignBattle.objects.create(army_list_id=made["reikland"], number=1, sequence=9,
                                      data={})
    with pytest.raises(IntegrityError), transaction.atomic():  # the list must exist
        BattleDraft.objects.create(army_list_id=made["reikland"] + made["middenheim"] + 1)
    # The foreign keys to the lists still cascade: a deleted warband takes its campaign.
    ArmyList.objects.get(pk=made["reikland"]).delete()
    assert (CampaignEvent.objects.count(), CampaignBattle.objects.count(),
            BattleDraft.objects.count()) == (2, 0, 0)


def test_a_permission_given_on_battles_stays_given():
    apps = migrate(BEFORE)
    give_a_permission_on_battles_as_before(apps)
    migrate(latest())
    ContentType.objects.clear_cache()

    group = Group.objects.get(name="campaign keepers")
    assert [(p.content_type.app_label, p.content_type.model, p.codename)
            for p in group.permissions.all()] == [
        ("mordheim", "campaignbattle", "change_campaignbattle")]
    assert not ContentType.objects.filter(app_label="armylists", model__in=MODELS).exists()
    assert Permission.objects.get(
        codename="change_campaignbattle").content_type.model_class() is CampaignBattle


def test_migrating_back_puts_every_row_where_it_was():
    made = fill_as_before(migrate(BEFORE))
    migrate(latest())
    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(CampaignBattle).app_label == "mordheim"
    apps = migrate(BEFORE)

    assert OLD_TABLES <= tables() and not NEW_TABLES & tables()
    assert list(ContentType.objects.filter(model="campaignbattle").values_list(
        "app_label", flat=True)) == ["armylists"]
    event_model = apps.get_model("armylists", "CampaignEvent")
    assert list(event_model.objects.filter(army_list_id=made["reikland"]).values_list(
        "sequence", "data")) == [(1, INJURY), (3, {"type": "experience", "entry_id": "cpt",
                                                   "amount": 2})]
    assert apps.get_model("armylists", "CampaignBattle").objects.get().data == BATTLE
    assert apps.get_model("armylists", "BattleDraft").objects.get().data == DRAFT
