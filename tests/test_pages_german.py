"""German all the way through: in a German page the game data's German names (where the
packs give them), the rules' words inside messages, the hull-breach and injury tables,
and gold in GK."""

import pytest
from django.test import Client

from armylists.services import campaign
from armylists.services import lists as lists_services
from tests.pages_helpers import Builder, Page

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
    from tests.pages_helpers import OGRE, start_draft

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
