"""When access to a pack ends, it ends everywhere: one table, every cell asserted.

Columns: who reads, and what became of alice's pack (a Boarding Action pack she forked
and shared by link, erik its editor; bob kept it from its link and saved a list on it):

    owner          alice, the pack as it is
    editor         erik
    holder         bob, with the link's current token (and his kept pack)
    anon_holder    anonymous, with the current token
    renewed        bob with his old token, after alice renewed the link
    private        bob with his old token, after alice made the pack private
    relinked       bob with his old token, after private and then shared by link again
    deleted        bob with his old token, after alice deleted the pack
    owner_deleted  alice, after she deleted it
    stranger       charlie (never had the link; holds a copy of bob's shared list)
    anonymous      no credentials, no token

Rows: every pack endpoint, every pack page, and the list endpoints and pages that name a
pack. Each column is one test that builds its world over real HTTP, then tries every row
in order (reads first, the writes that succeed for some after them, deletion last) and
reports every cell that differs from the table at once.
"""

import copy
from dataclasses import dataclass, field

import pytest
from django.test import Client

from tests.support.http import Http, token_client
from tests.support.paths import FIXTURES
from tests.support.users import make_user

pytestmark = pytest.mark.django_db(transaction=True)

SYSTEM = "boarding-action"
LOGIN = "login"  # a page's redirect to the login form
LOST = "lost"  # the list page, read-only: the pack is no longer available
EDITABLE = "editable"  # the builder with the pack's cards to add
YES, NO = True, False  # listed or offered, or not

COLUMNS = ["owner", "editor", "holder", "anon_holder", "renewed", "private", "relinked",
           "deleted", "owner_deleted", "stranger", "anonymous"]  # fmt: skip

DOCUMENT = {
    "format": "muster-list/1", "system": SYSTEM, "name": "Hold the deck", "role": "defender",
    "battle_size": 500, "entries": [{"id": "trooper1", "card": "line-trooper", "count": 2}],
}  # fmt: skip
NEW_ENTRY = {"id": "new1", "card": "heavy-veteran"}  # never in any list of the test


def _row(**cells):
    assert set(cells) == set(COLUMNS), set(COLUMNS) ^ set(cells)
    return cells


def _same(value, **but):
    return _row(**{**dict.fromkeys(COLUMNS, value), **but})


# Who may use the pack now (read it, fork it, build on it, keep it): the one rule.
USERS = dict(owner=200, editor=200, holder=200, anon_holder=200, owner_deleted=200)
READ = _same(404, **USERS)  # reading a version by id (and token)
USE = _same(400, owner=200, editor=200, holder=200)  # validate, render, diff
LINK_ONLY = _same(404, owner=200, editor=200, holder=200, anon_holder=200)
MEMBERS_PAGE = _same(404, owner=200, editor=200, anon_holder=LOGIN, anonymous=LOGIN)
NEVER_LOGGED_IN = dict(anon_holder=403, anonymous=403)

# (name, how it is tried, the table's row)
TABLE = [
    # -- reading ---------------------------------------------------------------------
    ("api pack", "api_get:/api/v1/packs/{pack}/?token={token}", READ),
    ("api version", "api_get:/api/v1/packs/{pack}/versions/1/?token={token}", READ),
    ("api download", "api_get:/api/v1/packs/{pack}/versions/1/download/?token={token}", READ),
    ("api diff", "api_get:/api/v1/packs/{pack}/diff/?from=1&to=1&token={token}", READ),
    ("api by token", "api_get:/api/v1/packs/by-token/{token}/", LINK_ONLY),
    ("api listed", "api_listed", _same(NO, owner=YES, editor=YES, holder=YES)),
    ("page pack", "page_get:/packs/{pack}/?token={token}", READ),
    ("page diff", "page_get:/packs/{pack}/diff/?from=1&to=1&token={token}", READ),
    ("page download", "page_get:/packs/{pack}/versions/1/download/?token={token}", READ),
    ("page shared link", "page_get:/p/{token}/", LINK_ONLY),
    # My packs: those one owns or edits (a kept one is offered on the start page).
    ("page my packs", "page_my_packs",
     _same(NO, owner=YES, editor=YES, anon_holder=LOGIN, anonymous=LOGIN)),
    ("page start offers it", "page_start_offers", _same(NO, owner=YES, editor=YES, holder=YES)),
    ("page settings", "page_get:/packs/{pack}/settings/",
     _same(404, owner=200, anon_holder=LOGIN, anonymous=LOGIN)),
    ("page editor", "page_get:/packs/{pack}/edit/", MEMBERS_PAGE),
    ("page upload", "page_get:/packs/{pack}/upload/", MEMBERS_PAGE),
    ("page catalogue import", "page_get:/packs/{pack}/import/battlescribe/", MEMBERS_PAGE),
    ("page delete (asks)", "page_get:/packs/{pack}/delete/",
     _same(404, owner=200, anon_holder=LOGIN, anonymous=LOGIN)),
    # -- building on it ----------------------------------------------------------------
    ("api validate", "api_validate", USE),
    ("api render", "api_render", USE),
    ("api diff of documents", "api_document_diff", USE),
    ("api list create", "api_list_create", {**_same(400, owner=201, editor=201, holder=201),
                                            **NEVER_LOGGED_IN}),
    ("api list import", "api_list_import", {**_same(400, owner=201, editor=201, holder=201),
                                            **NEVER_LOGGED_IN}),
    ("api list: new entry", "api_list_new_entry", {**_same(400, owner=200, editor=200,
                                                           holder=200), **NEVER_LOGGED_IN}),
    ("api list: rename", "api_list_rename", {**_same(200), **NEVER_LOGGED_IN}),
    # charlie's copy has one version: restoring it changes nothing, so it is allowed.
    ("page list: restore version 1", "page_list_restore",
     _same(409, owner=200, editor=200, holder=200, stranger=200, anon_holder=LOGIN,
           anonymous=LOGIN)),
    ("api shared list", "api_shared_list", _same(200)),
    ("page list", "page_list", _same(LOST, owner=EDITABLE, editor=EDITABLE, holder=EDITABLE,
                                     anon_holder=LOGIN, anonymous=LOGIN)),
    ("page list: add a card", "page_list_add", _same(409, owner=200, editor=200, holder=200,
                                                     anon_holder=LOGIN, anonymous=LOGIN)),
    ("page shared list", "page_shared_list", _same(200)),
    # -- writes that succeed for some --------------------------------------------------
    ("api keep", "api_post:/api/v1/packs/by-token/{token}/keep/",
     {**_same(404, owner=200, editor=200, holder=200), **NEVER_LOGGED_IN}),
    ("page keep", "page_keep", _same(404, owner=302, editor=302, holder=302,
                                     anon_holder=LOGIN, anonymous=LOGIN)),
    ("api fork", "api_fork", {**_same(404, owner=201, editor=201, holder=201),
                              **NEVER_LOGGED_IN}),
    ("page fork", "page_fork", _same(404, owner=302, editor=302, holder=302,
                                     anon_holder=LOGIN, anonymous=LOGIN)),
    ("api change", "api_change", {**_same(404, owner=200, editor=403, holder=403),
                                  **NEVER_LOGGED_IN}),
    ("api publish", "api_publish", {**_same(404, owner=201, editor=201, holder=403),
                                    **NEVER_LOGGED_IN}),
    ("api delete", "api_delete", {**_same(404, owner=204, editor=403, holder=403),
                                  **NEVER_LOGGED_IN}),
]  # fmt: skip


@dataclass
class World:
    pack: str
    token: str  # what this column's reader brings as the link's token
    api: Http  # this column's reader over the API
    page: Client  # this column's reader on the pages
    owner: Http  # alice, to read what the table needs
    list_id: int | None  # the reader's own list on the pack (None: he has none)
    shared: str  # bob's shared list's token
    latest: list = field(default_factory=lambda: [1])


def _official(api):
    from armylists.packs.versions import load_official_pack_file

    load_official_pack_file(FIXTURES / f"{SYSTEM}.yaml")


def _on(pack_id, version=1, **more):
    return {**copy.deepcopy(DOCUMENT), "pack": {"id": pack_id, "version": version}, **more}


def _page_client(user=None):
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def _world(api, column) -> World:
    _official(api)
    users = {name: make_user(name) for name in ("alice", "erik", "bob", "charlie")}
    alice, erik, bob, charlie = (token_client(api, users[n]) for n in users)
    r = alice.post("/api/v1/packs/", json={"fork": {"id": SYSTEM, "version": 1},
                                           "name": "Club deck"})
    assert r.status_code == 201, r.text
    pack = r.json()["id"]
    r = alice.patch(f"/api/v1/packs/{pack}/", json={"visibility": "link", "editors": ["erik"]})
    first = r.json()["share_token"]
    assert bob.post(f"/api/v1/packs/by-token/{first}/keep/").status_code == 200
    lists = {}
    for name, client in (("alice", alice), ("erik", erik), ("bob", bob)):
        r = client.post("/api/v1/lists/", json=_on(pack))
        assert r.status_code == 201, (name, r.text)
        lists[name] = r.json()
    # Version 2 of each list holds three troopers (restoring version 1 changes entries).
    for name, client in (("alice", alice), ("erik", erik), ("bob", bob)):
        document = _on(pack)
        document["entries"][0]["count"] = 3
        r = client.put(f"/api/v1/lists/{lists[name]['id']}/",
                       json={"version": 1, "document": document})
        assert r.status_code == 200, (name, r.text)
    bobs = lists["bob"]
    shared = bobs["share_token"]
    charlies = _copy_of_shared(users["charlie"], shared)
    _end(alice, pack, column)
    token = alice.get(f"/api/v1/packs/{pack}/").json().get("share_token") or first
    reader = {
        "owner": (alice, users["alice"], token, lists["alice"]["id"]),
        "owner_deleted": (alice, users["alice"], token, lists["alice"]["id"]),
        "editor": (erik, users["erik"], token, lists["erik"]["id"]),
        "holder": (bob, users["bob"], first, bobs["id"]),
        "anon_holder": (Http(api.base), None, first, bobs["id"]),
        "renewed": (bob, users["bob"], first, bobs["id"]),
        "private": (bob, users["bob"], first, bobs["id"]),
        "relinked": (bob, users["bob"], first, bobs["id"]),
        "deleted": (bob, users["bob"], first, bobs["id"]),
        "stranger": (charlie, users["charlie"], "x" * 43, charlies),
        "anonymous": (Http(api.base), None, "x" * 43, bobs["id"]),
    }[column]
    client, user, token, list_id = reader
    return World(pack=pack, token=token, api=client, page=_page_client(user), owner=alice,
                 list_id=list_id, shared=shared)


def _copy_of_shared(user, shared) -> int:
    from armylists.lists import selectors
    from armylists.lists import services as lists

    return lists.list_copy(army_list=selectors.list_get_shared(token=shared), owner=user).id


def _end(alice, pack, column):
    """What alice did to her pack before the column's reader tries it."""
    url = f"/api/v1/packs/{pack}/"
    steps = {
        "renewed": [{"renew_token": True}],
        "private": [{"visibility": "private"}],
        "relinked": [{"visibility": "private"}, {"visibility": "link"}],
    }.get(column, [])
    for body in steps:
        assert alice.patch(url, json=body).status_code == 200
    if column in ("deleted", "owner_deleted"):
        assert alice.delete(url).status_code == 204


# -- how each row is tried: the answer to compare with the table ------------------------


def _status(r):
    return r.status_code


def _page_answer(r):
    if r.status_code == 302 and "/accounts/login/" in r["Location"]:
        return LOGIN
    return r.status_code


def try_api_get(w, path):
    return _status(w.api.get(path.format(pack=w.pack, token=w.token)))


def try_api_post(w, path):
    return _status(w.api.post(path.format(pack=w.pack, token=w.token)))


def try_page_get(w, path):
    return _page_answer(w.page.get(path.format(pack=w.pack, token=w.token)))


def try_api_listed(w):
    r = w.api.get("/api/v1/packs/", params={"system": SYSTEM})
    return w.pack in {p["id"] for p in r.json()["results"]}


def try_page_my_packs(w):
    r = w.page.get("/packs/")
    return _page_answer(r) if r.status_code != 200 else w.pack in r.content.decode()


def try_page_start_offers(w):
    r = w.page.get(f"/g/{SYSTEM}/")
    assert r.status_code == 200
    return w.pack in r.content.decode()


def try_api_validate(w):
    return _status(w.api.post("/api/v1/validate/", json=_on(w.pack)))


def try_api_render(w):
    return _status(w.api.post("/api/v1/render/", json=_on(w.pack)))


def try_api_document_diff(w):
    return _status(w.api.post("/api/v1/diff/", json={"before": DOCUMENT, "after": _on(w.pack)}))


def try_api_list_create(w):
    return _status(w.api.post("/api/v1/lists/", json=_on(w.pack)))


def try_api_list_import(w):
    return _status(w.api.post("/api/v1/lists/import/", json=_on(w.pack)))


def _list_version(w):
    from armylists.models import ArmyList

    return ArmyList.objects.get(pk=w.list_id).version


def _list_document(w):
    from armylists.models import ArmyList

    return copy.deepcopy(ArmyList.objects.get(pk=w.list_id).document)


def try_api_list_new_entry(w):
    document = _list_document(w)
    document["entries"].append(NEW_ENTRY)
    body = {"version": _list_version(w), "document": document}
    r = w.api.put(f"/api/v1/lists/{w.list_id}/", json=body)
    if r.status_code == 400:
        assert {e["code"] for e in r.json()["errors"]} <= {"pack_not_available", "not_found"}
        assert "heavy" not in r.text.lower()  # nothing of the new card is told
    return _status(r)


def try_api_list_rename(w):
    body = {"version": _list_version(w), "name": "Still mine"}
    return _status(w.api.patch(f"/api/v1/lists/{w.list_id}/", json=body))


def try_page_list_restore(w):
    """Back to version 1 (two troopers; the list holds three since version 2): a change
    of entries, refused on a lost pack as any other (back to the history page, the list
    unchanged)."""
    from armylists.models import ArmyList

    before = ArmyList.objects.get(pk=w.list_id)
    r = w.page.post(f"/lists/{w.list_id}/history/1/restore/", {"base_version": before.version})
    answer = _page_answer(r)
    if answer != 302:
        return answer
    if r["Location"].endswith("/history/"):
        after = ArmyList.objects.get(pk=w.list_id)
        assert (after.version, after.document) == (before.version, before.document)
        return 409
    return 200


def try_api_shared_list(w):
    r = w.api.get(f"/api/v1/shared/{w.shared}/")
    assert r.status_code != 200 or r.json()["validation"]["points"]["total"] > 0
    return _status(r)


def try_page_list(w):
    r = w.page.get(f"/lists/{w.list_id}/")
    if r.status_code != 200:
        return _page_answer(r)
    html = r.content.decode()
    if 'data-testid="lost-pack"' in html:
        assert "add:heavy-veteran" not in html and "Heavy Armour Veteran" not in html
        return LOST
    return EDITABLE if "add:heavy-veteran" in html else r.status_code


def try_page_list_add(w):
    r = w.page.post(f"/lists/{w.list_id}/", {"action": "add:heavy-veteran"})
    answer = _page_answer(r)
    if answer == 409:
        assert "Heavy Armour Veteran" not in r.content.decode()
    return 200 if answer == 302 else answer


def try_page_shared_list(w):
    return _page_answer(w.page.get(f"/s/{w.shared}/"))


def try_page_keep(w):
    return _page_answer(w.page.post(f"/p/{w.token}/keep/", {"keep": "1"}))


def try_api_fork(w):
    body = {"fork": {"id": w.pack, "version": 1, "token": w.token}, "name": "Mine"}
    return _status(w.api.post("/api/v1/packs/", json=body))


def try_page_fork(w):
    r = w.page.post(f"/packs/{w.pack}/fork/?token={w.token}", {"name": "Mine", "version": "1"})
    return _page_answer(r)


def try_api_change(w):
    url = f"/api/v1/packs/{w.pack}/?token={w.token}"
    return _status(w.api.patch(url, json={"description": "changed"}))


def try_api_publish(w):
    document = w.owner.get(f"/api/v1/packs/{w.pack}/versions/{w.latest[-1]}/").json()
    document = document.get("document") or {}
    for card in document.get("cards", []):
        card["points"] = card["points"] + 1
    body = {"document": document, "note": "", "base_version": w.latest[-1]}
    r = w.api.post(f"/api/v1/packs/{w.pack}/versions/?token={w.token}", json=body)
    if r.status_code == 201:
        w.latest.append(r.json()["version"])
    return _status(r)


def try_api_delete(w):
    return _status(w.api.delete(f"/api/v1/packs/{w.pack}/?token={w.token}"))


def _answer(w, how):
    verb, _sep, arg = how.partition(":")
    tried = globals()[f"try_{verb}"]
    return tried(w, arg) if arg else tried(w)


@pytest.mark.parametrize("column", COLUMNS)
def test_every_cell_of_the_table(api, column):
    w = _world(api, column)
    wrong = []
    for name, how, row in TABLE:
        expected = row[column]
        if expected is None:
            continue
        got = _answer(w, how)
        if got != expected:
            wrong.append(f"{name}: expected {expected}, got {got}")
    assert not wrong, f"{column}:\n" + "\n".join(wrong)


def test_the_table_names_every_pack_route():
    """Every route of the pack pages and the packs API is tried by some row."""
    from django.urls import get_resolver

    tried = " ".join(how for _name, how, _row in TABLE)
    names = {name for name in get_resolver().reverse_dict if isinstance(name, str)}
    pack_routes = {n for n in names if n.startswith(("pack-", "api-pack"))}
    covered = {
        "pack-detail", "pack-diff", "pack-download", "pack-shared", "pack-settings",
        "pack-editor", "pack-upload-version", "pack-import-battlescribe-version",
        "pack-delete", "pack-keep", "pack-fork", "api-pack", "api-pack-version",
        "api-pack-download", "api-pack-diff", "api-pack-by-token", "api-pack-keep",
        "api-packs", "api-pack-versions",
    }  # fmt: skip
    # Routes that name no pack (a new pack, the directory) or are the editor's own
    # steps (each checks publishable_or_404 like the editor page: tests/pages).
    elsewhere = {
        "pack-upload", "pack-import-battlescribe", "pack-directory", "my-packs",
        "pack-link", "pack-row", "pack-row-add", "pack-row-remove", "pack-discard",
        "pack-undo", "pack-redo", "pack-publish", "api-pack-import-battlescribe",
    }  # fmt: skip
    assert pack_routes <= covered | elsewhere, pack_routes - covered - elsewhere
    assert "/edit/" in tried and "/settings/" in tried and "keep" in tried
