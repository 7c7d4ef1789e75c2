"""German all the way through: in a German page the game data's German names (where the
packs give them), the rules' words inside messages, the hull-breach and injury tables,
and gold in GK."""

import pytest
from django.test import Client

from armylists.compare import snapshots
from armylists.games.mordheim.services import campaign
from armylists.lists import services as lists_services
from tests.support.pages import Builder, Page

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.fixture
def german(client):
    client.defaults.update(GERMAN)
    return client


def test_the_godslayer_builder_names_factions_and_items_in_german(german, godslayer):
    start = Page(german.get("/g/godslayer/"))
    labels = " ".join(label.text for label in start.root.find_all("label"))
    assert "Verdorbene" in labels and "Banebrood" not in labels  # names: {de: Verdorbene}
    german.post("/g/godslayer/", {"faction": "nordgaard", "battle_size": 160})
    tab = Builder(german)
    tab.open()
    tab.add("nordgaard-gestir-captain")
    items = tab.page.entries[0]["text"]
    assert "Bartaxt" in items and "Bearded Axe" not in items  # names: {de: Bartaxt}
    assert "Schlachtstufe" in tab.page


def test_boarding_action_names_roles_in_its_messages_in_german(german, load_system):
    load_system("boarding-action")
    german.post("/g/boarding-action/", {"role": "attacker", "battle_size": 500})
    tab = Builder(german, "/g/boarding-action/build/")
    tab.open()
    tab.submit("add_action:defender-hot-gases")
    [message] = [li.text for li in tab.page.root.find_all("li", data_code="special_action_role")]
    assert "Verteidiger" in message and "Angreifer" in message
    assert "defender" not in message and "attacker" not in message
    assert "Heiße Gase" in tab.page.html  # the special action's German name from the pack


def test_the_hull_breach_table_is_german(german, load_system):
    load_system("boarding-action")
    page = Page(german.get("/tools/boarding-action/hull-breach/"))
    table = page.root.find("table", data_testid="hull-table").text
    assert "Katastrophaler Hüllenbruch" in table and "Catastrophic" not in table
    answer = Client().post(
        "/api/v1/boarding-action/hull-breach/", {"roll": 6}, content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="de")
    assert answer.json()["name"] == "Katastrophaler Hüllenbruch"


def test_a_warband_is_priced_in_gk_and_its_injuries_are_german(german, load_system, alice):
    load_system("mordheim")
    warband = lists_services.list_create(owner=alice, data={
        "system": "mordheim", "faction": "reikland",
        "entries": [{"card": "reikland-mercenary-captain", "name": "Hans"},
                    {"card": "reikland-warrior", "size": 2}]})
    campaign.campaign_record_event(
        army_list=warband, user=alice, event={"type": "serious_injury", "entry": 0, "roll": 22})
    german.force_login(alice)
    page = Builder(german, f"/lists/{warband.id}/").open()
    assert page.testid("entry-points")[0].text == "60 GK"
    log = Page(german.get(f"/lists/{warband.id}/campaign/"))
    [event] = log.testid("event")
    assert "22 Beinwunde" in event.text and "leg wound" not in event.text


def test_undo_labels_are_worded_in_the_language_of_the_page(client, godslayer):
    """A step's label is stored as data and worded when shown: an edit made in English
    reads German once the page is German (a label stored as text earlier stays as it is)."""
    from armylists.models import Workspace
    from tests.support.pages import OGRE, start_draft

    start_draft(client)
    tab = Builder(client)
    tab.open()
    tab.add(OGRE)
    tab.submit("update", {"e0-count": 2})
    assert "change count of Ogre Huscarl" in tab.page.testid("undo")[0].text
    tab.submit("undo")
    assert "change count of Ogre Huscarl" in tab.page.testid("redo")[0].attrs["title"]

    client.defaults.update(GERMAN)
    page = tab.open()
    [undo], [redo] = page.testid("undo"), page.testid("redo")
    assert undo.attrs["title"] == "Rückgängig (Ctrl+Z): Ogre Huscarl hinzufügen"
    assert redo.attrs["title"].endswith("Anzahl von Ogre Huscarl ändern")
    assert "change" not in undo.text + redo.attrs["title"] and "add" not in undo.text

    workspace = Workspace.objects.get()
    workspace.undo[-1]["label"] = "an old step"
    workspace.save()
    assert "an old step" in tab.open().testid("undo")[0].text


MORDHEIM_GERMAN_STATS = ["B", "KG", "BF", "S", "W", "LP", "I", "A", "MW"]


def test_the_mordheim_builder_names_fighters_items_and_stats_in_german(german, load_system):
    load_system("mordheim")
    start = Page(german.get("/g/mordheim/"))
    assert "Reikländer Söldner" in start and "Reikland Mercenaries" not in start
    german.post("/g/mordheim/", {"faction": "reikland", "battle_size": ""})
    tab = Builder(german, "/g/mordheim/build/")
    page = tab.open()
    catalogue = " ".join(
        b.text for b in page.root.find_all("button", name="action")
        if b.attrs["value"].startswith("add:"))
    assert "Hauptmann" in catalogue and "Schwertkämpfer" in catalogue
    assert "Mercenary Captain" not in catalogue and "Swordsman" not in catalogue
    tab.add("reikland-mercenary-captain")
    [entry] = tab.page.entries
    assert "Hauptmann" in entry["text"] and "Mercenary Captain" not in entry["text"]
    labels = [a.text for a in entry["node"].find_all("abbr") if a.attrs.get("title")]
    assert labels[-9:] == MORDHEIM_GERMAN_STATS
    titles = {a.text: a.attrs["title"] for a in entry["node"].find_all("abbr")}
    assert titles["W"] == "Widerstand" and titles["KG"] == "Kampfgeschick"  # W is Toughness
    choices = " ".join(label.text for label in entry["node"].find_all("label"))
    assert "Schwert" in choices and "Leichte Rüstung" in choices
    assert "Sword" not in choices and "Light armour" not in choices


def test_the_mordheim_card_page_heads_its_stats_in_german(german, load_system):
    load_system("mordheim")
    page = Page(german.get("/g/mordheim/cards/reikland-warrior/?items=sword"))
    header = [th.text for th in page.root.find("table", data_testid="stats").find_all("th")]
    assert header == MORDHEIM_GERMAN_STATS
    assert page.root.find("h1").text.startswith("Krieger")
    assert "Schwert" in page.testid("effective-with")[0].text


def test_the_english_mordheim_pages_keep_the_english_names(client, load_system):
    load_system("mordheim")
    page = Page(client.get("/g/mordheim/cards/reikland-warrior/"))
    header = [th.text for th in page.root.find("table", data_testid="stats").find_all("th")]
    assert header == ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"]
    assert page.root.find("h1").text.startswith("Warrior")


def test_the_boarding_action_builder_has_no_english_labels(german, load_system):
    load_system("boarding-action")
    german.post("/g/boarding-action/", {"role": "defender", "battle_size": 500})
    tab = Builder(german, "/g/boarding-action/build/")
    page = tab.open()
    assert "Base (mm)" not in page and "Basegröße (mm)" in page
    hot_gases = page.root.find("button", data_testid="add-action-defender-hot-gases")
    assert hot_gases.attrs["title"].startswith("Vor dem Spiel")
    flame = page.root.find("button", data_testid="add-action-defender-sentry-gun-flame").text
    assert "Flammenschablone" in flame and "Flame template" not in flame
    tab.submit("add_action:defender-sentry-gun:rapid-fire")
    picked = tab.page.root.find("select", id=f"f-a.{tab.page.pick_ids[0]}.variant").text
    assert "Schnellfeuer (synchronisiert)" in picked and "Rapid fire" not in picked


def test_the_forbidden_wargear_message_names_the_wargear_in_words(german, load_system):
    load_system("boarding-action")
    german.post("/g/boarding-action/", {"role": "attacker", "battle_size": 500})
    tab = Builder(german, "/g/boarding-action/build/")
    tab.open()
    tab.add("assault-trooper")
    [message] = [li.text for li in tab.page.root.find_all("li", data_code="forbidden_wargear")]
    assert "Sturmsoldat" in message and "Sprungmodul" in message
    assert "jump_pack" not in message and "jump pack" not in message
    assert "Sprungmodul" in tab.page.entries[0]["text"]  # the unit's wargear line too
    english = Client().post(
        "/api/v1/validate/", {"system": "boarding-action", "role": "attacker",
                              "entries": [{"card": "assault-trooper"}]},
        content_type="application/json")
    [violation] = [v for v in english.json()["violations"] if v["code"] == "forbidden_wargear"]
    assert violation["message"].startswith("Assault Trooper carries jump pack:")


def test_the_snapshot_page_keeps_german_nouns_capitalised(german, godslayer, alice):
    army_list = lists_services.list_create(owner=alice, data={
        "system": "godslayer", "faction": "nordgaard", "battle_size": 160,
        "entries": [{"card": "nordgaard-ogre-huscarl", "size": 3}]})
    snapshot, _ = snapshots.snapshot_create(army_list=army_list)
    page = Page(german.get(f"/t/{snapshot.code}/"))
    [entry] = page.testid("entry")
    assert "(3 Modelle)" in entry.text


def test_the_snapshot_page_names_a_variant_in_german(german, load_system, alice):
    load_system("boarding-action")
    army_list = lists_services.list_create(owner=alice, data={
        "system": "boarding-action", "role": "defender", "battle_size": 500, "entries": [],
        "special_actions": [{"action": "defender-sentry-gun", "variant": "rapid-fire"}]})
    snapshot, _ = snapshots.snapshot_create(army_list=army_list)
    page = Page(german.get(f"/t/{snapshot.code}/"))
    [pick] = page.testid("special-action")
    assert "Selbstschussanlage" in pick.text and "Schnellfeuer (synchronisiert)" in pick.text
    assert "rapid-fire" not in pick.text  # the variant by its name, not its key
