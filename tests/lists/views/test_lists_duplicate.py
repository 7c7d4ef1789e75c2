"""Duplicate a list from My lists: a copy of its own, named apart, with the same entries
(their ids too); only the owner may, only by a post with its CSRF token."""

from django.test import Client

from armylists.lists import services as lists_services
from armylists.models import ArmyList
from tests.support.pages import Page
from tests.support.print_lists import LISTS


def test_the_owner_duplicates_a_list_from_my_lists(alice_client, alice, load_system):
    load_system("godslayer")
    original = lists_services.list_create(owner=alice, data=LISTS["godslayer"])
    overview = Page(alice_client.get("/lists/"))
    [button] = overview.testid("duplicate")
    assert button.attrs["aria-label"] == "Duplicate Print raid"
    response = alice_client.post(f"/lists/{original.id}/duplicate/", follow=True)
    assert response.redirect_chain == [("/lists/", 302)]
    page = Page(response)
    assert "Copied to your lists as Print raid (copy)." in page.text
    assert len(page.testid("list-row")) == 2
    copy = ArmyList.objects.exclude(id=original.id).get(owner=alice)
    assert copy.name == "Print raid (copy)"
    assert [e["id"] for e in copy.document["entries"]] == [e["id"] for e in original.document["entries"]]


def test_nobody_else_duplicates_it(bob_client, alice, load_system):
    load_system("godslayer")
    original = lists_services.list_create(owner=alice, data=LISTS["godslayer"])
    url = f"/lists/{original.id}/duplicate/"
    assert bob_client.post(url).status_code == 404
    anonymous = Client().post(url)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post(url).status_code == 403  # no CSRF token: refused
    assert ArmyList.objects.count() == 1


def test_a_get_duplicates_nothing(alice_client, alice, load_system):
    load_system("godslayer")
    original = lists_services.list_create(owner=alice, data=LISTS["godslayer"])
    assert alice_client.get(f"/lists/{original.id}/duplicate/").status_code == 405
    assert ArmyList.objects.count() == 1
