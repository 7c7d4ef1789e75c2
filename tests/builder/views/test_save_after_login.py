""""Save" pressed while logged out saves the list once the player is back from logging in
or signing up; only that press does it, once, and only for the draft it was pressed on."""

import pytest

from armylists.models import ArmyList
from tests.support.pages import BUILD_URL, CAPTAIN, Builder, Page, list_document, with_draft
from tests.support.users import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def builder(client, godslayer):
    with_draft(client, list_document(0) | {"name": "Shield brothers"})
    builder = Builder(client)
    builder.open()
    builder.add(CAPTAIN)
    return builder


def test_signing_up_after_save_saves_the_list(client, builder):
    response = builder.submit("save", status=302)
    assert response.url == f"/accounts/login/?next={BUILD_URL}"
    response = client.post(
        f"/accounts/signup/?next={BUILD_URL}",
        {"username": "dora", "password1": PASSWORD, "password2": PASSWORD, "next": BUILD_URL},
    )
    assert response.status_code == 302 and response.url == BUILD_URL
    response = client.get(BUILD_URL)
    army_list = ArmyList.objects.get()
    assert response.status_code == 302 and response.url == f"/lists/{army_list.id}/"
    assert army_list.owner.username == "dora" and army_list.name == "Shield brothers"
    page = Page(client.get(response.url))
    assert "Saved." in page.messages and page.cards == [CAPTAIN]


def test_a_login_without_a_save_pressed_saves_nothing(client, builder, alice):
    client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert Page(client.get(BUILD_URL)).cards == [CAPTAIN]
    assert ArmyList.objects.count() == 0


def test_the_save_is_done_once(client, builder, alice):
    builder.submit("save", status=302)
    client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    client.get(BUILD_URL)
    assert ArmyList.objects.count() == 1
    # A new draft after that is not saved by merely opening it.
    with_draft(client, list_document(1) | {"name": "Another"})
    assert client.get(BUILD_URL).status_code == 200
    assert ArmyList.objects.count() == 1


def test_a_discarded_draft_is_not_saved_after_login(client, builder, alice):
    builder.submit("save", status=302)
    client.get(BUILD_URL)  # still logged out: nothing happens, the draft shows
    builder.open()
    builder.submit("discard", status=302)
    client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    client.get(BUILD_URL)
    assert ArmyList.objects.count() == 0
