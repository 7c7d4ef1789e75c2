"""The pack pages: my packs, the directory, a pack's page and its link page, fork,
downloads, settings (who sees it, the link, editors), delete, and who reaches which
(owner alice, editor erik, strangers bob and charlie, anonymous: a private pack is a
404 to all but its owner and editors, on every page)."""

import json

import pytest
import yaml

from armylists.packs.models import Pack
from tests.support import pack_pages
from tests.support.pack_pages import OFFICIAL
from tests.support.pages import Page

# The pack page fixtures (the official pack, alice's fork with erik as editor, clients).
official, erik, alices_pack, clients = (
    pack_pages.official, pack_pages.erik, pack_pages.alices_pack, pack_pages.clients,
)  # fmt: skip

# Each page of a pack, and which of the users reach it when the pack is private.
PAGES = [
    ("pack-detail", "/packs/{id}/", {"alice", "erik"}),
    ("download", "/packs/{id}/versions/1/download/?format=yaml", {"alice", "erik"}),
    ("diff", "/packs/{id}/diff/?from=1&to=1", {"alice", "erik"}),
    ("editor", "/packs/{id}/edit/", {"alice", "erik"}),
    ("upload-version", "/packs/{id}/upload/", {"alice", "erik"}),
    ("settings", "/packs/{id}/settings/", {"alice"}),
    ("delete", "/packs/{id}/delete/", {"alice"}),
]
USERS = ["alice", "erik", "bob", "charlie", "anonymous"]


@pytest.mark.parametrize("user", USERS)
@pytest.mark.parametrize(("page", "url", "allowed"), PAGES, ids=[p[0] for p in PAGES])
def test_a_private_pack_is_a_404_to_all_but_owner_and_editors(
    clients, alices_pack, user, page, url, allowed
):
    response = clients[user].get(url.format(id=alices_pack.id))
    if user in allowed:
        assert response.status_code == 200
    elif user == "anonymous" and page in ("editor", "upload-version", "settings", "delete"):
        # Pages that need a login send anonymous readers to it first, as every such page.
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == 404


@pytest.mark.parametrize("user", USERS)
def test_a_pack_shared_by_link_shows_at_its_link_to_anyone(clients, alices_pack, user):
    Pack.objects.filter(pk=alices_pack.pk).update(visibility=Pack.LINK)
    page = Page(clients[user].get(f"/p/{alices_pack.share_token}/"))
    assert page.status == 200
    assert page.testid("pack-name")[0].text == "Club Godslayer"
    # Without the token, the pack page stays a 404 to strangers.
    plain = clients[user].get(f"/packs/{alices_pack.id}/")
    assert plain.status_code == (200 if user in ("alice", "erik") else 404)


def test_a_revoked_or_private_link_is_a_404(clients, alices_pack):
    assert clients["bob"].get(f"/p/{alices_pack.share_token}/").status_code == 404
    assert clients["bob"].get("/p/not-a-token/").status_code == 404


def test_the_pack_page_shows_where_it_was_forked_from_and_its_versions(clients, alices_pack):
    page = Page(clients["alice"].get(f"/packs/{alices_pack.id}/"))
    assert "Forked from Godslayer · official · v1" in page.testid("forked-from")[0].text
    rows = page.testid("version-row")
    assert len(rows) == 1 and "alice" in rows[0].text and "forked from Godslayer v1" in rows[0].text
    assert page.testid("edit-pack") and page.testid("pack-settings")
    # An editor edits but does not manage; a reader of a public pack does neither.
    erik_page = Page(clients["erik"].get(f"/packs/{alices_pack.id}/"))
    assert erik_page.testid("edit-pack") and not erik_page.testid("pack-settings")
    official_page = Page(clients["bob"].get(f"/packs/{OFFICIAL}/"))
    assert not official_page.testid("edit-pack") and official_page.testid("fork-form")


def test_my_packs_lists_the_packs_i_own_and_edit_linked_from_the_header(clients, alices_pack):
    for user in ("alice", "erik"):
        page = Page(clients[user].get("/packs/"))
        assert [r.text.split()[0:2] for r in page.testid("pack-row")] == [["Club", "Godslayer"]]
        assert page.root.find("a", href="/packs/") is not None
    assert not Page(clients["bob"].get("/packs/")).testid("pack-row")
    assert clients["anonymous"].get("/packs/").status_code == 302


def test_fork_makes_a_private_pack_of_ones_own(clients, official, bob):
    response = clients["bob"].post(
        f"/packs/{OFFICIAL}/fork/", {"name": "Bob's data", "version": "1"}
    )
    mine = Pack.objects.get(owner=bob)
    assert response.status_code == 302 and response["Location"] == f"/packs/{mine.id}/"
    assert (mine.name, mine.visibility, mine.forked_from_id) == (
        "Bob's data",
        "private",
        official.pk,
    )


def test_fork_needs_a_login_a_post_and_a_name(clients, official):
    assert clients["anonymous"].post(f"/packs/{OFFICIAL}/fork/", {"name": "x"}).status_code == 302
    assert clients["bob"].get(f"/packs/{OFFICIAL}/fork/").status_code == 405
    response = clients["bob"].post(f"/packs/{OFFICIAL}/fork/", {"name": ""}, follow=True)
    assert "Give your pack a name" in response.content.decode()
    assert not Pack.objects.filter(official=False).exists()


def test_a_stranger_cannot_fork_a_private_pack_but_can_with_its_link(clients, alices_pack, bob):
    url = f"/packs/{alices_pack.id}/fork/"
    assert clients["bob"].post(url, {"name": "Mine"}).status_code == 404
    Pack.objects.filter(pk=alices_pack.pk).update(visibility=Pack.LINK)
    assert clients["bob"].post(url, {"name": "Mine"}).status_code == 404
    data = {"name": "Mine", "token": alices_pack.share_token}
    assert clients["bob"].post(url, data).status_code == 302
    assert Pack.objects.get(owner=bob).forked_from.pack_id == alices_pack.id


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_every_version_downloads_as_a_pack_file(clients, alices_pack, official, fmt):
    response = clients["alice"].get(f"/packs/{alices_pack.id}/versions/1/download/?format={fmt}")
    text = response.content.decode()
    document = json.loads(text) if fmt == "json" else yaml.safe_load(text)
    assert document == official.document
    assert response["Content-Disposition"].endswith(f'-v1.{fmt}"')
    assert clients["alice"].get(f"/packs/{alices_pack.id}/versions/9/download/").status_code == 404
    bad = clients["alice"].get(f"/packs/{alices_pack.id}/versions/1/download/?format=xml")
    assert bad.status_code == 404


def test_the_directory_lists_public_packs_with_their_forks_searchable(clients, alices_pack, bob):
    Pack.objects.filter(pk=alices_pack.pk).update(visibility=Pack.PUBLIC)
    clients["bob"].post(f"/packs/{alices_pack.id}/fork/", {"name": "Bob's"})
    page = Page(clients["anonymous"].get("/packs/g/godslayer/"))
    rows = {r.find("a").text: r.find(data_testid="forks").text for r in page.testid("pack-row")}
    # Bob's fork is private: not listed, but counted.
    assert rows == {"Godslayer": "1", "Club Godslayer": "1"}
    assert "how many lists are built on one of the pack's versions" in page.text
    found = Page(clients["anonymous"].get("/packs/g/godslayer/?q=club"))
    assert [r.find("a").text for r in found.testid("pack-row")] == ["Club Godslayer"]
    assert clients["anonymous"].get("/packs/g/no-such-game/").status_code == 404


def test_settings_change_name_visibility_and_editors(clients, alices_pack, bob):
    url = f"/packs/{alices_pack.id}/settings/"
    data = {"name": "Club", "description": "Ours", "visibility": "link", "editors": "bob, erik"}
    assert clients["alice"].post(url, data).status_code == 302
    alices_pack.refresh_from_db()
    assert (alices_pack.name, alices_pack.visibility) == ("Club", "link")
    assert sorted(alices_pack.editors.values_list("username", flat=True)) == ["bob", "erik"]
    page = Page(clients["alice"].get(url))
    assert page.testid("share-url")[0].attrs["value"].endswith(f"/p/{alices_pack.share_token}/")


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"name": "", "visibility": "private"}, "name", "This field is required."),
        ({"name": "x", "visibility": "secret"}, "visibility", "Select a valid choice."),
        (
            {"name": "x", "visibility": "public", "editors": "nobody"},
            "editors",
            "no user is called 'nobody'",
        ),
        (
            {"name": "x", "visibility": "public", "editors": "alice"},
            "editors",
            "the owner always publishes",
        ),
        ({"name": "x\x00", "visibility": "public"}, "name", "cannot be stored"),
    ],
)
def test_settings_refuse_bad_input_with_the_reason_at_its_field(
    clients, alices_pack, data, field, message
):
    response = clients["alice"].post(f"/packs/{alices_pack.id}/settings/", data)
    assert response.status_code == 400
    errors = Page(response).testid(f"error-{field}")
    assert errors and message in errors[0].text
    alices_pack.refresh_from_db()
    assert alices_pack.name == "Club Godslayer"


def test_renewing_the_link_stops_the_old_one_and_revoking_makes_it_private(clients, alices_pack):
    Pack.objects.filter(pk=alices_pack.pk).update(visibility=Pack.LINK)
    old = alices_pack.share_token
    clients["alice"].post(f"/packs/{alices_pack.id}/link/", {"action": "renew"})
    alices_pack.refresh_from_db()
    assert alices_pack.share_token != old
    assert clients["bob"].get(f"/p/{old}/").status_code == 404
    assert clients["bob"].get(f"/p/{alices_pack.share_token}/").status_code == 200
    clients["alice"].post(f"/packs/{alices_pack.id}/link/", {"action": "revoke"})
    alices_pack.refresh_from_db()
    assert alices_pack.visibility == "private"
    assert clients["bob"].get(f"/p/{alices_pack.share_token}/").status_code == 404
    assert (
        clients["erik"].post(f"/packs/{alices_pack.id}/link/", {"action": "renew"}).status_code
        == 404
    )


def test_delete_asks_first_then_hides_the_pack_but_keeps_its_versions(clients, alices_pack):
    page = Page(clients["alice"].get(f"/packs/{alices_pack.id}/delete/"))
    assert "Delete this pack?" in page.text
    assert clients["erik"].post(f"/packs/{alices_pack.id}/delete/").status_code == 404
    assert clients["alice"].post(f"/packs/{alices_pack.id}/delete/").status_code == 302
    alices_pack.refresh_from_db()
    assert alices_pack.deleted_at is not None
    assert not Page(clients["alice"].get("/packs/")).testid("pack-row")
    download = clients["alice"].get(f"/packs/{alices_pack.id}/versions/1/download/")
    assert download.status_code == 200
    assert clients["alice"].get(f"/packs/{alices_pack.id}/edit/").status_code == 404


def test_the_pages_speak_german(clients, alices_pack):
    clients["alice"].cookies["django_language"] = "de"
    page = Page(clients["alice"].get(f"/packs/{alices_pack.id}/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Versionen" in page.text and "Abgeleitet von" in page.text
    mine = Page(clients["alice"].get("/packs/"))
    assert "Meine Pakete" in mine.text
    editor = Page(clients["alice"].get(f"/packs/{alices_pack.id}/edit/"))
    heads = [th.text for th in editor.testid("pack-table")[0].find("thead").find_all("th")]
    assert heads[:3] == ["Schlüssel", "Name (Englisch)", "Name (Deutsch)"]
    assert "Lebenspunkte" in heads and "Erlaubte Gegenstände" in heads
    settings = Page(clients["alice"].get(f"/packs/{alices_pack.id}/settings/"))
    assert "Wähle oben „per Link geteilt“" in settings.text


def test_pack_forms_need_the_csrf_token(alices_pack, alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    for url, data in [
        (f"/packs/{OFFICIAL}/fork/", {"name": "x"}),
        (f"/packs/{alices_pack.id}/settings/", {"name": "x", "visibility": "public"}),
        (f"/packs/{alices_pack.id}/delete/", {}),
        (f"/packs/{alices_pack.id}/edit/publish/", {"note": "x"}),
    ]:
        assert client.post(url, data).status_code == 403
    alices_pack.refresh_from_db()
    assert (alices_pack.name, alices_pack.deleted_at) == ("Club Godslayer", None)
    assert Pack.objects.count() == 2
