"""Undo and redo name the step the page showed (by id): in a tab left behind (the list moved
on in another tab or window), they take nothing back and say so.

Service level (``workspaces.workspace_undo`` / ``workspace_redo`` with ``step``) and page
level (two tabs of one browser: two ``Builder`` pages on one client)."""

import pytest

from armylists.builder import workspaces
from armylists.lists import documents
from armylists.models import Workspace
from rules import selectors as rules_selectors
from tests.support.pages import CAPTAIN, OGRE, Builder, list_document, with_draft

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue(godslayer):
    return rules_selectors.catalogue_get(key="godslayer")


@pytest.fixture
def draft(catalogue):
    document = documents.document_read(data=list_document(1))
    return workspaces.draft_start(holder="holder-1", document=document)


def rename(workspace, catalogue, name):
    return workspaces.workspace_change(
        workspace=workspace,
        edits=[{"op": "set_header", "field": "name", "value": name}],
        catalogue=catalogue,
        label={"text": "change the list's name"},
    ).workspace


@pytest.mark.parametrize("replay", ["undo", "redo"])
def test_it_refuses_a_replay_of_a_step_that_is_not_the_newest(draft, catalogue, replay):
    shown = rename(draft, catalogue, "First")
    if replay == "redo":
        shown = workspaces.workspace_undo(workspace=shown, catalogue=catalogue).workspace
    offered = workspaces.top_step(shown, replay)
    assert offered
    moved_on = rename(shown, catalogue, "Elsewhere")  # another tab
    service = workspaces.workspace_undo if replay == "undo" else workspaces.workspace_redo
    with pytest.raises(workspaces.WorkspaceMoved) as refused:
        service(workspace=shown, catalogue=catalogue, step=offered)
    assert refused.value.workspace.revision == moved_on.revision
    assert refused.value.shown == offered
    kept = Workspace.objects.get(pk=draft.pk)
    assert kept.document["name"] == "Elsewhere"  # nothing was taken back
    assert kept.revision == moved_on.revision
    assert len(kept.undo) == len(moved_on.undo)


@pytest.mark.parametrize(
    ("replay", "name_after"), [("undo", "1 entries"), ("redo", "First")]
)
def test_it_replays_when_the_revision_is_the_one_shown(draft, catalogue, replay, name_after):
    shown = rename(draft, catalogue, "First")
    if replay == "redo":
        shown = workspaces.workspace_undo(workspace=shown, catalogue=catalogue).workspace
    service = workspaces.workspace_undo if replay == "undo" else workspaces.workspace_redo
    done = service(workspace=shown, catalogue=catalogue, step=workspaces.top_step(shown, replay))
    assert done.workspace.document["name"] == name_after
    assert done.workspace.revision == shown.revision + 1


def test_each_step_has_its_own_id(draft, catalogue):
    first = workspaces.top_step(rename(draft, catalogue, "First"), "undo")
    second = rename(draft, catalogue, "Second")
    assert workspaces.top_step(second, "undo") not in (first, None, "")
    assert workspaces.top_step(second, "redo") is None


def test_it_replays_without_a_step_as_before(draft, catalogue):
    shown = rename(draft, catalogue, "First")
    rename(shown, catalogue, "Second")
    done = workspaces.workspace_undo(workspace=shown, catalogue=catalogue)
    assert done.workspace.document["name"] == "First"


# -- two tabs of one browser ---------------------------------------------------------------


@pytest.fixture
def tabs(client, godslayer):
    with_draft(client, list_document(0) | {"name": "Raid"})
    a, b = Builder(client), Builder(client)
    a.open()
    b.open()
    return a, b


@pytest.mark.parametrize("htmx", [False, True], ids=["plain-post", "htmx"])
def test_a_stale_tab_undo_takes_back_nothing_and_says_so(client, godslayer, htmx):
    with_draft(client, list_document(0) | {"name": "Raid"})
    a, b = Builder(client, htmx=htmx), Builder(client, htmx=htmx)
    a.open()
    a.submit("update", {"name": "Autumn raid"})  # tab A: "Undo: change the list's name"
    b.open()
    b.add(OGRE)  # tab B adds a unit A never saw
    assert [e["card"] for e in b.page.entries] == [OGRE]

    a.submit("undo", status=200 if htmx else 409)
    [moved] = a.page.testid("moved")
    assert "This list changed in another tab or window." in moved.text
    assert "Nothing was undone" in moved.text
    assert moved.find("a", data_testid="reload").attrs["href"] == "/g/godslayer/build/"
    # Tab A now shows the list as it is: B's unit, A's name; nothing was taken back.
    assert a.page.cards == [OGRE]
    assert a.document["name"] == "Autumn raid"
    assert [e["card"] for e in a.document["entries"]] == [OGRE]

    # Shown the list as it is, the same tab's Undo takes back the newest step (B's add).
    a.submit("undo")
    assert a.page.testid("moved") == []
    assert a.document["entries"] == []
    assert a.document["name"] == "Autumn raid"


def test_a_stale_tab_redo_makes_nothing_again(tabs):
    a, b = tabs
    a.submit("update", {"name": "Autumn raid"})
    a.submit("undo")
    b.open()
    b.add(CAPTAIN)  # a new edit elsewhere: the redo step is gone there anyway
    a.submit("redo", status=409)
    [moved] = a.page.testid("moved")
    assert "Nothing was redone" in moved.text
    assert a.document["name"] == "Raid"
    assert [e["card"] for e in a.document["entries"]] == [CAPTAIN]


def test_a_stale_tab_keeps_the_fields_it_changed(tabs):
    """An Undo posted with a changed field: the field's edit names its target and is kept,
    the undo is refused (it named a step the page no longer shows)."""
    a, b = tabs
    b.add(CAPTAIN)
    shown = a.page.fields()["undo_step"][0]
    a.send("undo", {"name": "Typed in A", "undo_step": shown}, status=409)
    assert a.document["name"] == "Typed in A"
    assert [e["card"] for e in a.document["entries"]] == [CAPTAIN]
    assert a.page.testid("moved")


def test_in_german_the_notice_is_german(tabs, client):
    a, b = tabs
    b.add(CAPTAIN)
    client.cookies["django_language"] = "de"
    response = client.post(
        a.url,
        {"action": "undo", "undo_step": a.page.fields()["undo_step"][0]},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 409
    moved = "Diese Liste wurde in einem anderen Tab oder Fenster geändert."
    assert moved in response.content.decode()


def test_a_tab_that_shows_the_newest_step_undoes_it(tabs):
    """Tab B opened after A's edit shows the same newest step: its Undo takes it back, and
    tab A, now behind, is refused."""
    a, b = tabs
    a.submit("update", {"name": "Autumn raid"})
    b.open()
    assert b.page.fields()["undo_step"] == a.page.fields()["undo_step"]
    b.submit("undo")
    assert b.document["name"] == "Raid"
    # (as the page's script posts it: only what changed, here nothing, and the step)
    a.send("undo", {"undo_step": a.page.fields()["undo_step"][0]}, status=409)
    assert a.document["name"] == "Raid"
    assert a.page.testid("moved")
