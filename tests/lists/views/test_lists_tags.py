"""My lists by tag, game and legality, in order of points too: the owner edits a list's
tags with a plain form (no JavaScript), picks a tag to see only its lists, sees only
legal or only illegal lists, sorts by today's totals; a stranger cannot tag another's
list (404), an anonymous visitor is sent to log in. The page's queries do not grow with
the number of lists."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from armylists.lists import services as lists
from armylists.models import ArmyList
from tests.support.pages import Page, list_document

pytestmark = pytest.mark.django_db


def make(owner, name, size=1, battle_size=5000, tags=()):
    data = {**list_document(size), "name": name, "battle_size": battle_size}
    army_list = lists.list_create(owner=owner, data=data)
    ArmyList.objects.filter(id=army_list.id).update(tags=list(tags))
    return army_list


def names(client, query="") -> list[str]:
    response = client.get(f"/lists/{query}")
    assert response.status_code == 200
    return [row.find("a").text for row in Page(response).testid("list-row")]


def test_the_owner_edits_the_tags_with_a_plain_form(alice_client, alice, godslayer):
    raid = make(alice, "Raid")
    page = Page(alice_client.get("/lists/"))
    [form] = [f for f in page.root.find_all("form") if f.attrs.get("action") == f"/lists/{raid.id}/tags/"]
    assert form.attrs["method"] == "post"
    assert form.find("input", name="csrfmiddlewaretoken") is not None
    response = alice_client.post(f"/lists/{raid.id}/tags/", {"tags": " Club Night, TOURNEY,club night,,"})
    assert response.status_code == 302 and response.url == "/lists/"
    raid.refresh_from_db()
    assert raid.tags == ["club night", "tourney"]
    assert raid.version == 1  # tags are no new version of the list
    page = Page(alice_client.get("/lists/"))
    assert [t.text for t in page.testid("tag")] == ["club night", "tourney"]
    assert page.testid("tags-input")[0].attrs["value"] == "club night, tourney"
    alice_client.post(f"/lists/{raid.id}/tags/", {"tags": ""})
    raid.refresh_from_db()
    assert raid.tags == []


@pytest.mark.parametrize("bad", ["x" * 41, "bell\x07", ",".join(f"t{n}" for n in range(21))])
def test_bad_tags_are_refused_with_a_message_and_nothing_changes(alice_client, alice, godslayer, bad):
    raid = make(alice, "Raid", tags=["kept"])
    response = alice_client.post(f"/lists/{raid.id}/tags/", {"tags": bad}, follow=True)
    assert "The tags were not saved" in Page(response).text
    raid.refresh_from_db()
    assert raid.tags == ["kept"]


def test_strangers_and_anonymous_visitors_cannot_tag(client, bob_client, alice, godslayer):
    raid = make(alice, "Raid", tags=["mine"])
    assert bob_client.post(f"/lists/{raid.id}/tags/", {"tags": "bobs"}).status_code == 404
    response = client.post(f"/lists/{raid.id}/tags/", {"tags": "anon"})
    assert response.status_code == 302 and "/login" in response.url
    assert bob_client.get(f"/lists/{raid.id}/tags/").status_code in (404, 405)
    raid.refresh_from_db()
    assert raid.tags == ["mine"]
    assert "mine" not in Page(bob_client.get("/lists/")).text


def test_it_filters_by_tag_and_offers_the_tags_in_use(alice_client, alice, bob, godslayer):
    make(alice, "Club", tags=["club", "nordgaard"])
    make(alice, "Other", tags=["nordgaard"])
    make(alice, "Plain")
    make(bob, "Bob's", tags=["bobs tag"])
    assert names(alice_client, "?tag=club") == ["Club"]
    assert sorted(names(alice_client, "?tag=NORDGAARD")) == ["Club", "Other"]
    assert len(names(alice_client, "?tag=" + "x" * 500)) == 3  # not a tag: no filter
    select = Page(alice_client.get("/lists/?tag=club")).root.find("select", name="tag")
    assert [o.attrs["value"] for o in select.find_all("option")] == ["", "club", "nordgaard"]
    assert "selected" in select.find("option", value="club").attrs


def test_it_filters_by_legality_and_sorts_by_points(alice_client, alice, godslayer):
    make(alice, "Small", size=1)
    make(alice, "Big", size=6)
    make(alice, "Over", size=6, battle_size=50)  # far over its limit: not legal
    assert sorted(names(alice_client, "?legal=yes")) == ["Big", "Small"]
    assert names(alice_client, "?legal=no") == ["Over"]
    assert len(names(alice_client, "?legal=maybe")) == 3  # not a choice: no filter
    most = names(alice_client, "?sort=-points")
    assert most[-1] == "Small" and set(most) == {"Small", "Big", "Over"}
    assert names(alice_client, "?sort=points")[0] == "Small"
    assert names(alice_client, "?sort=-points&legal=yes") == ["Big", "Small"]


def test_the_pages_keep_tag_legality_and_order(alice_client, alice, godslayer, monkeypatch):
    monkeypatch.setattr("armylists.lists.views.my_lists.PAGE_SIZE", 2)
    for n in range(1, 5):
        make(alice, f"L{n}", size=n, tags=["club"])
    page = Page(alice_client.get("/lists/?tag=club&legal=yes&sort=-points"))
    assert [r.find("a").text for r in page.testid("list-row")] == ["L4", "L3"]
    [older] = [a for a in page.root.find_all("a") if a.attrs.get("rel") in ("next", ["next"])]
    for part in ("tag=club", "legal=yes", "sort=-points", "page=2"):
        assert part in older.attrs["href"]
    assert names(alice_client, older.attrs["href"]) == ["L2", "L1"]


@pytest.mark.parametrize("query", ["", "?sort=-points&legal=yes&tag=club"])
def test_the_queries_do_not_grow_with_the_lists(alice_client, alice, godslayer, query):
    make(alice, "First", tags=["club"])
    alice_client.get(f"/lists/{query}")  # warm the catalogue cache
    with CaptureQueriesContext(connection) as few:
        assert alice_client.get(f"/lists/{query}").status_code == 200
    for n in range(6):
        make(alice, f"More {n}", size=n + 1, tags=["club"])
    with CaptureQueriesContext(connection) as many:
        assert len(names(alice_client, query)) == 7
    assert len(many) == len(few), [q["sql"] for q in many.captured_queries]


def test_the_filters_are_in_german_too(alice_client, alice, godslayer):
    make(alice, "Raid", tags=["club"])
    alice_client.cookies["django_language"] = "de"
    text = Page(alice_client.get("/lists/")).text
    for words in ("Alle Tags", "Nur legale", "Meiste Punkte zuerst", "Tags bearbeiten"):
        assert words in text
