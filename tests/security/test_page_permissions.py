"""Who may see and change which page: every private page for its owner (alice), a
stranger (bob) and an anonymous visitor.

A stranger always gets 404 (a list that is not yours does not exist for you) and
changes nothing. An anonymous visitor gets the login redirect on every private page
(after logging in, a stranger still gets 404).
"""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from armylists.lists import services as lists_services
from armylists.models import ArmyList, ArmyListVersion
from tests.support.pages import CAPTAIN, OGRE, Page, document

LOGIN = "login"

# (method, path under /lists/<id>/, data, what the owner gets, what anonymous gets)
PRIVATE = [
    ("get", "", None, 200, LOGIN),
    ("post", "", {"action": "save"}, 302, LOGIN),
    ("post", "", {"action": "save_new"}, 302, LOGIN),
    ("post", "", {"action": "recalc"}, 200, LOGIN),
    ("get", "export/", None, 200, LOGIN),
    ("get", "history/", None, 200, LOGIN),
    ("post", "share/", {"action": "revoke"}, 302, LOGIN),
    ("post", "share/", {"action": "renew"}, 302, LOGIN),
    ("get", "delete/", None, 200, LOGIN),
    ("post", "delete/", {}, 302, LOGIN),
    ("get", "battle/", None, 200, LOGIN),
    ("post", "battle/", {"destroyed-0": 1, "scored": 10}, 200, LOGIN),
]
IDS = [
    f"{method} {path or 'detail'} {(data or {}).get('action', '')}".strip()
    for method, path, data, *_ in PRIVATE
]


@pytest.fixture
def raid(godslayer, alice):
    return lists_services.list_create(owner=alice, data=document(CAPTAIN, OGRE))


def as_user(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def request(client, method, path, data):
    if method == "get":
        return client.get(path)
    return client.post(path, data)


def builder_data(raid, data):
    """A list-page post names its edits; the edit here renames the list."""
    if not data or data.get("action") not in {"save", "save_new", "update"}:
        return data
    return {"name": "Edited", "base_version": str(raid.version), **data}


def unchanged(raid, snapshot):
    fresh = ArmyList.objects.filter(id=raid.id).first()
    assert fresh is not None, "the list was deleted"
    assert fresh.document == snapshot["document"] and fresh.name == snapshot["name"]
    assert fresh.version == snapshot["version"] and fresh.share_token == snapshot["share_token"]
    assert ArmyListVersion.objects.filter(army_list=fresh).count() == snapshot["versions"]
    assert ArmyList.objects.count() == snapshot["lists"]


def snapshot_of(raid):
    return {
        "document": raid.document,
        "name": raid.name,
        "version": raid.version,
        "share_token": raid.share_token,
        "versions": raid.versions.count(),
        "lists": ArmyList.objects.count(),
    }


@pytest.mark.parametrize(("method", "path", "data", "owner", "anonymous"), PRIVATE, ids=IDS)
def test_it_lets_the_owner_use_every_private_page(
    alice, raid, method, path, data, owner, anonymous
):
    before = snapshot_of(raid)
    response = request(as_user(alice), method, f"/lists/{raid.id}/{path}", builder_data(raid, data))
    assert response.status_code == owner
    action = (data or {}).get("action")
    fresh = ArmyList.objects.filter(id=raid.id).first()
    if (method, path) == ("post", "delete/"):
        assert fresh is None
    elif action == "save":
        assert fresh.version == 2 and fresh.name == "Edited" and len(fresh.document["entries"]) == 2
    elif action == "save_new":
        assert ArmyList.objects.count() == 2
        assert ArmyList.objects.filter(name="Edited (copy)").exists()
        unchanged(raid, {**before, "lists": 2})
    elif action == "revoke":
        assert fresh.share_token is None
    elif action == "renew":
        assert fresh.share_token not in (None, before["share_token"])
    else:  # pages that only show something
        unchanged(raid, before)


@pytest.mark.parametrize(("method", "path", "data", "owner", "anonymous"), PRIVATE, ids=IDS)
def test_it_answers_404_to_a_stranger_and_changes_nothing(
    bob, raid, method, path, data, owner, anonymous
):
    before = snapshot_of(raid)
    response = request(as_user(bob), method, f"/lists/{raid.id}/{path}", builder_data(raid, data))
    assert response.status_code == 404
    page = Page(response)
    assert "There is nothing here, or it is not yours to see." in page
    assert "Nordgaard raid" not in page and raid.share_token not in page.html
    unchanged(raid, before)


@pytest.mark.parametrize(("method", "path", "data", "owner", "anonymous"), PRIVATE, ids=IDS)
def test_it_answers_anonymous_visitors_with_login_or_404_and_changes_nothing(
    raid, method, path, data, owner, anonymous
):
    before = snapshot_of(raid)
    target = f"/lists/{raid.id}/{path}"
    response = request(as_user(None), method, target, builder_data(raid, data))
    if anonymous == LOGIN:
        assert response.status_code == 302
        assert response.url == f"/accounts/login/?next={target}"
    else:
        assert response.status_code == anonymous
        assert "Nordgaard raid" not in Page(response)
    unchanged(raid, before)


def test_it_answers_404_for_a_list_that_does_not_exist(alice, raid):
    client = as_user(alice)
    missing = raid.id + 1000
    for path in ("", "export/", "history/", "delete/", "battle/"):
        assert client.get(f"/lists/{missing}/{path}").status_code == 404, path
    assert client.post(f"/lists/{missing}/share/", {"action": "renew"}).status_code == 404
    assert client.post(f"/lists/{missing}/delete/").status_code == 404


def test_it_refuses_share_changes_by_get(alice, raid):
    before = snapshot_of(raid)
    assert as_user(alice).get(f"/lists/{raid.id}/share/").status_code == 405
    unchanged(raid, before)


def test_it_shows_a_stranger_only_his_own_lists(bob, raid):
    lists_services.list_create(owner=bob, data=document(CAPTAIN, name="Bob's band"))
    page = Page(as_user(bob).get("/lists/"))
    assert page.status == 200
    assert "Bob's band" in page and "Nordgaard raid" not in page
    assert f"/lists/{raid.id}/" not in page.html
    page = Page(as_user(bob).get("/lists/", {"q": "raid"}))
    assert "Nordgaard raid" not in page
    page = Page(as_user(bob).get("/"))
    assert "Bob's band" in page and "Nordgaard raid" not in page


def test_it_sends_anonymous_visitors_of_my_lists_to_login(raid):
    response = as_user(None).get("/lists/")
    assert response.status_code == 302 and response.url == "/accounts/login/?next=/lists/"


def test_it_lets_only_logged_in_users_import(bob, godslayer):
    anonymous = as_user(None)
    response = anonymous.get("/lists/import/")
    assert response.status_code == 302 and response.url == "/accounts/login/?next=/lists/import/"
    upload = SimpleUploadedFile("list.json", json.dumps(document(CAPTAIN)).encode())
    response = anonymous.post("/lists/import/", {"csrfmiddlewaretoken": "x", "file": upload})
    assert response.status_code == 302 and response.url == "/accounts/login/?next=/lists/import/"
    assert ArmyList.objects.count() == 0

    assert as_user(bob).get("/lists/import/").status_code == 200


def test_it_lets_anyone_see_a_shared_list_but_nobody_change_it(bob, raid):
    before = snapshot_of(raid)
    for client in (as_user(None), as_user(bob)):
        for path in ("", "print/", "battle/"):
            assert client.get(f"/s/{raid.share_token}/{path}").status_code == 200, path
        # the shared page has no edit endpoint: posting to it is not an edit
        response = client.post(f"/s/{raid.share_token}/", {"action": "save"})
        assert response.status_code == 200
    unchanged(raid, before)


@pytest.mark.parametrize("token", ["unknown-token-0123456789abcdef", "x", "A" * 43])
def test_it_answers_404_for_an_unknown_share_token(bob, raid, token):
    for client in (as_user(None), as_user(bob)):
        for path in ("", "print/", "battle/"):
            assert client.get(f"/s/{token}/{path}").status_code == 404, path
    assert as_user(bob).post(f"/s/{token}/copy/").status_code == 404
    assert ArmyList.objects.count() == 1


def test_it_answers_404_for_a_revoked_token(alice, bob, raid):
    token = raid.share_token
    lists_services.list_share_revoke(army_list=raid)
    for path in ("", "print/", "battle/"):
        assert as_user(None).get(f"/s/{token}/{path}").status_code == 404, path
    assert as_user(bob).post(f"/s/{token}/copy/").status_code == 404
    assert ArmyList.objects.count() == 1


def test_it_keeps_drafts_per_session(alice, bob, godslayer):
    """A draft lives in its browser's session: another user never sees it."""
    mine = as_user(alice)
    mine.post("/g/godslayer/", {"faction": "nordgaard", "battle_size": 160, "name": "Secret plan"})
    assert "Secret plan" in Page(mine.get("/g/godslayer/build/"))
    theirs = as_user(bob)
    assert theirs.get("/g/godslayer/build/").status_code == 302
    assert as_user(None).get("/g/godslayer/build/").status_code == 302
