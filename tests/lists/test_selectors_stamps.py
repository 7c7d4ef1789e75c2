"""A row's stamp (armylists/lists/selectors.py) changes with every write of it, and reads the
same from the database as from a loaded row: kept pages and their ETags are keyed by it."""

import pytest

from armylists.builder import workspaces
from armylists.lists import selectors as stamps
from armylists.lists import services as lists
from armylists.models import ArmyList, Workspace
from rules import selectors as rules_selectors
from tests.support.pages import OGRE, list_document


@pytest.fixture
def army_list(godslayer, alice):
    return lists.list_create(owner=alice, data=list_document(2))


@pytest.fixture
def draft(godslayer):
    from armylists.lists import documents

    document = documents.document_read(data=list_document(1))
    return workspaces.draft_start(holder="holder-1", document=document)


def shared_stamp(army_list):
    army_list.refresh_from_db()
    token = army_list.share_token or army_list.revoked_share_token
    row = ArmyList.objects.select_related("system").get(pk=army_list.pk)
    return stamps.list_stamp(row), stamps.shared_list_stamp(token=token)


def test_it_reads_the_same_stamp_from_the_database_and_from_a_row(army_list, draft):
    loaded, read = shared_stamp(army_list)
    assert loaded == read
    stamp, pack = stamps.draft_stamp(holder="holder-1", key=draft.key)
    assert stamp == stamps.workspace_stamp(Workspace.objects.get(pk=draft.pk))
    assert pack is None  # on the official data


def test_it_reads_the_drafts_pack_with_its_stamp(godslayer):
    from armylists.lists import documents

    pinned = list_document(1) | {"pack": {"id": "a-pack", "version": 3}}
    document = documents.document_read(data=pinned)
    draft = workspaces.draft_start(holder="holder-2", document=document)
    stamp, pack = stamps.draft_stamp(holder="holder-2", key=draft.key)
    assert stamp == stamps.workspace_stamp(Workspace.objects.get(pk=draft.pk))
    assert pack == {"id": "a-pack", "version": 3}


def test_it_reads_no_stamp_for_what_is_not_there(army_list, draft):
    assert stamps.shared_list_stamp(token="no-such-token") is None
    assert stamps.draft_stamp(holder="someone-else", key=draft.key) is None
    assert stamps.draft_stamp(holder=None, key=draft.key) is None
    workspaces.draft_discard(workspace=draft)
    assert stamps.draft_stamp(holder="holder-1", key=draft.key) is None


def _save(army_list, alice):
    data = army_list.document | {"name": "Renamed"}
    lists.list_update(army_list=army_list, data=data, expected_version=1, user=alice)


LIST_WRITES = {
    "save": _save,
    "renew the link": lambda army_list, alice: lists.list_share_renew(army_list=army_list),
    "revoke the link": lambda army_list, alice: lists.list_share_revoke(army_list=army_list),
    "restore": lambda army_list, alice: lists.list_restore(
        army_list=army_list, version=1, expected_version=1, user=alice
    ),
}


@pytest.mark.parametrize("write", LIST_WRITES.values(), ids=LIST_WRITES.keys())
def test_every_write_of_a_list_changes_its_stamp(army_list, alice, write):
    before = stamps.list_stamp(ArmyList.objects.select_related("system").get(pk=army_list.pk))
    write(army_list, alice)
    after = stamps.list_stamp(ArmyList.objects.select_related("system").get(pk=army_list.pk))
    assert before != after


def test_the_link_back_changes_the_stamp_too(army_list):
    lists.list_share_revoke(army_list=army_list)
    revoked = stamps.list_stamp(ArmyList.objects.select_related("system").get(pk=army_list.pk))
    lists.list_share_restore(army_list=ArmyList.objects.get(pk=army_list.pk))
    restored = stamps.list_stamp(ArmyList.objects.select_related("system").get(pk=army_list.pk))
    assert revoked != restored


def _change(workspace, catalogue):
    edit = {"op": "add", "card": OGRE}
    workspaces.workspace_change(workspace=workspace, edits=[edit], catalogue=catalogue, label="x")


WORKSPACE_WRITES = {
    "edit": _change,
    "undo": lambda w, c: workspaces.workspace_undo(workspace=w, catalogue=c),
    "redo": lambda w, c: workspaces.workspace_redo(workspace=w, catalogue=c),
    "discard": lambda w, c: workspaces.draft_discard(workspace=w),
}


@pytest.mark.parametrize("write", WORKSPACE_WRITES.values(), ids=WORKSPACE_WRITES.keys())
def test_every_write_of_a_workspace_changes_its_stamp(draft, write):
    catalogue = rules_selectors.catalogue_get(key="godslayer")
    _change(draft, catalogue)  # something to undo, and something to redo
    _change(Workspace.objects.get(pk=draft.pk), catalogue)
    workspaces.workspace_undo(workspace=Workspace.objects.get(pk=draft.pk), catalogue=catalogue)
    before = stamps.workspace_stamp(Workspace.objects.get(pk=draft.pk))
    write(Workspace.objects.get(pk=draft.pk), catalogue)
    assert stamps.workspace_stamp(Workspace.objects.get(pk=draft.pk)) != before


def test_saving_a_draft_changes_its_stamp(draft, alice):
    before = stamps.workspace_stamp(Workspace.objects.get(pk=draft.pk))
    workspaces.workspace_save(workspace=Workspace.objects.get(pk=draft.pk), user=alice)
    assert stamps.workspace_stamp(Workspace.objects.get(pk=draft.pk)) != before


def test_it_reads_each_tokens_own_list(army_list, alice, bob):
    other = lists.list_create(owner=bob, data=list_document(1))
    for row in (army_list, other, army_list):
        assert stamps.shared_list_stamp(token=row.share_token)[0] == row.id


def test_it_reads_no_stamp_for_a_token_of_the_wrong_shape(army_list, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert stamps.shared_list_stamp(token="not a token!") is None
        assert stamps.shared_list_stamp(token="") is None


def test_a_list_on_a_pack_version_has_a_pinned_stamp(army_list, alice):
    from tests.support.pinned import RAID, alices_dearer_pack, official_pack, on

    pack = alices_dearer_pack(alice, official_pack())
    pinned = lists.list_create(owner=alice, data=on(pack, 2, RAID))
    loaded, read = shared_stamp(pinned)
    assert loaded == read and stamps.list_stamp_pinned(read)
    assert not stamps.list_stamp_pinned(shared_stamp(army_list)[1])
