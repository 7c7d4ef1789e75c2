"""Drafts: one per game and browser, never replaced without a yes, and a replaced one comes
back with Undo (service level and the start page, without JavaScript)."""

import pytest

from armylists.builder import workspaces
from armylists.lists import documents
from armylists.models import Workspace
from rules import selectors as rules_selectors
from tests.support.pages import CAPTAIN, OGRE, START_URL, Builder, Page, list_document, with_draft

pytestmark = pytest.mark.django_db


def start_fields(name="Second raid"):
    return {"faction": "nordgaard", "battle_size": "160", "name": name}


@pytest.fixture
def catalogue(godslayer):
    return rules_selectors.catalogue_get(key="godslayer")


def test_it_starts_a_draft_in_place_of_another_as_an_undoable_step(catalogue):
    first = documents.document_read(data=list_document(2) | {"name": "First"})
    draft = workspaces.draft_start(holder="h", document=first, catalogue=catalogue)
    second = documents.document_new(
        system="godslayer", faction="nordgaard", battle_size=160, name="Second"
    )
    replaced = workspaces.draft_start(holder="h", document=second, catalogue=catalogue)
    assert replaced.pk == draft.pk  # one draft per game and browser
    assert replaced.document["name"] == "Second" and replaced.document["entries"] == []
    back = workspaces.workspace_undo(workspace=replaced, catalogue=catalogue).workspace
    assert back.document == draft.document  # ids and all
    assert Workspace.objects.filter(holder="h").count() == 1


def test_it_brings_back_a_discarded_draft_after_a_new_start_too(catalogue):
    first = documents.document_read(data=list_document(1) | {"name": "First"})
    draft = workspaces.draft_start(holder="h", document=first, catalogue=catalogue)
    workspaces.draft_discard(workspace=draft)
    second = documents.document_new(system="godslayer", faction="nordgaard", battle_size=160)
    replaced = workspaces.draft_start(holder="h", document=second, catalogue=catalogue)
    assert replaced.discarded is False
    back = workspaces.workspace_undo(workspace=replaced, catalogue=catalogue).workspace
    assert back.document["name"] == "First"


def test_a_draft_per_game(load_system, catalogue):
    load_system("trupp")
    godslayer = documents.document_read(data=list_document(1))
    trupp = documents.document_new(system="trupp", faction=None, battle_size=150, name="Troop")
    workspaces.draft_start(holder="h", document=godslayer, catalogue=catalogue)
    workspaces.draft_start(holder="h", document=trupp)
    assert workspaces.draft_get(holder="h", system="godslayer").document["entries"]
    assert workspaces.draft_get(holder="h", system="trupp").document["name"] == "Troop"


@pytest.mark.parametrize(
    ("holds", "work"),
    [({"entries": [], "special_actions": []}, False), ({"entries": [{"card": "x"}]}, True)],
)
def test_it_knows_when_a_draft_holds_work(holds, work):
    assert workspaces.draft_holds_work(Workspace(document=holds)) is work
    assert workspaces.draft_holds_work(None) is False


# -- the start page -------------------------------------------------------------------------


def test_the_start_page_asks_before_a_new_list_takes_a_drafts_place(client, godslayer):
    with_draft(client, list_document(0) | {"name": "Imported roster"})
    builder = Builder(client)
    builder.open()
    builder.add(CAPTAIN, OGRE)
    before = builder.document

    page = Page(client.post(START_URL, start_fields()))
    assert page.status == 200
    [question] = page.testid("replace-question")
    assert "Start a new list in place of your unsaved one?" in question.text
    assert "Undo in the builder brings the old one back" in question.text
    assert question.find("button", data_testid="replace-draft").attrs["value"] == "yes"
    assert question.find("a", data_testid="keep-draft").attrs["href"] == "/g/godslayer/build/"
    [notice] = page.testid("draft-notice")
    assert "“Imported roster”, 2 entries." in notice.text
    # The typed start fields stay, for the yes.
    assert page.root.find("input", name="name").attrs["value"] == "Second raid"
    assert builder.document == before  # nothing replaced yet

    response = client.post(START_URL, start_fields() | {"replace": "yes"})
    assert response.status_code == 302 and response["Location"] == "/g/godslayer/build/"
    page = builder.open()
    assert page.cards == [] and builder.document["name"] == "Second raid"
    [undo] = page.root.find_all("button", data_testid="undo")
    assert "start a new list in place of the last one" in undo.text
    builder.submit("undo")
    assert builder.document == before


def test_an_empty_draft_is_started_over_without_a_question(client, godslayer):
    with_draft(client, list_document(0) | {"name": "Nothing yet"})
    response = client.post(START_URL, start_fields())
    assert response.status_code == 302


def test_enter_in_the_question_asks_again_and_never_replaces(client, godslayer):
    """Without JavaScript, Enter in a field submits with the form's first button: Start
    building (no ``replace``), which asks again."""
    with_draft(client, list_document(1) | {"name": "Kept"})
    first = Page(client.post(START_URL, start_fields()))
    buttons = first.root.find("form", **{"class": "start"}).find_all("button")
    assert "replace" not in buttons[0].attrs
    again = Page(client.post(START_URL, start_fields()))
    assert again.testid("replace-question")
    assert Builder(client).document["name"] == "Kept"


def test_the_question_in_german(client, godslayer):
    with_draft(client, list_document(1) | {"name": "Kept"})
    page = Page(client.post(START_URL, start_fields(), HTTP_ACCEPT_LANGUAGE="de"))
    [question] = page.testid("replace-question")
    assert "Eine neue Liste anstelle deiner ungespeicherten beginnen?" in question.text
    [notice] = page.testid("draft-notice")
    assert "„Kept“, 1 Eintrag." in notice.text
