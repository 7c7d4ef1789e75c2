"""The import page with a BattleScribe roster (issue 12): the form posted as a browser
does (CSRF token kept), the roster opened in the builder as a draft with its report, the
Boarding Action bases editable and announced as defaults; a refused file shows why, by
the form, and creates nothing."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from armylists.models import ArmyList, Workspace
from tests.support.battlescribe import BA_ROS, BILLION_LAUGHS, MH_ROS, zipped
from tests.support.pages import Page, csrf_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def packs(load_system):
    for key in ("boarding-action", "mordheim", "godslayer"):
        load_system(key)


@pytest.fixture
def browser(alice, packs):
    """A client that checks CSRF tokens, as a real browser's posts are checked."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    return client


def upload(client, content: bytes, name: str, **fields):
    page = Page(client.get("/lists/import/"))
    assert page.status == 200
    form = page.root.find("form", enctype="multipart/form-data")
    assert form.find("input", type="file", name="file") is not None
    assert form.find("select", name="system") is not None
    return client.post("/lists/import/", {
        "csrfmiddlewaretoken": csrf_token(page),
        "file": SimpleUploadedFile(name, content, content_type="application/octet-stream"),
        **fields,
    })


def test_it_opens_a_boarding_action_roster_in_the_builder_with_default_bases(browser):
    response = upload(browser, BA_ROS, "party.ros")
    assert response.status_code == 302 and response.url == "/g/boarding-action/build/"
    assert ArmyList.objects.count() == 0  # a draft, not saved: the bases are checked first
    page = Page(browser.get(response.url))
    assert page.status == 200
    bases = [i.attrs.get("value") for i in page.root.find_all("input")
             if i.attrs.get("name", "").endswith(".custom-base_mm")]
    assert bases == ["60", "32", "", "32"]
    names = [i.attrs.get("value") for i in page.root.find_all("input")
             if i.attrs.get("name", "").endswith(".custom-name")]
    assert names == ["Brother Ancient", "Leaping Squad", "Odd Contraption", "Test Captain"]
    messages = " ".join(page.messages)
    assert "3 of 5 selections matched" in messages
    assert "Battle Size" in messages and "Odd Contraption" in messages
    assert "default for its unit type" in messages
    assert {"forbidden_wargear", "forbidden_unit"} <= set(page.all_codes)


def test_it_opens_a_zipped_mordheim_roster_with_its_fighters(browser):
    response = upload(browser, zipped({"warband.ros": MH_ROS}), "warband.rosz")
    assert response.status_code == 302 and response.url == "/g/mordheim/build/"
    draft = Workspace.objects.get()
    cards = [e["card"] for e in draft.document["entries"]]
    assert cards[:2] == ["reikland-mercenary-captain", "reikland-champion"]
    assert "Hired Gnome Juggler" in cards
    page = Page(browser.get(response.url))
    assert "Lucky Pebble" in " ".join(page.messages)
    assert "default for its unit type" not in " ".join(page.messages)


def test_the_game_can_be_named_on_the_form(browser):
    chess = MH_ROS.replace(b'gameSystemName="Mordheim"', b'gameSystemName="Chess"').replace(
        b"Mercenaries - Reikland", b"Pieces")
    response = upload(browser, chess, "chess.ros")
    assert response.status_code == 400
    assert "cannot tell which game" in Page(response)
    response = upload(browser, chess, "chess.ros", system="mordheim")
    assert response.status_code == 302 and response.url == "/g/mordheim/build/"


def test_a_refused_roster_says_why_and_creates_nothing(browser):
    response = upload(browser, BILLION_LAUGHS, "laughs.ros")
    assert response.status_code == 400
    page = Page(response)
    assert page.testid("import-problems") and "DTD or entities" in page
    assert ArmyList.objects.count() == 0 and Workspace.objects.count() == 0


def test_a_post_without_the_csrf_token_is_refused(browser):
    response = browser.post("/lists/import/", {
        "file": SimpleUploadedFile("party.ros", BA_ROS, content_type="application/xml")})
    assert response.status_code == 403
    assert Workspace.objects.count() == 0


def test_the_roster_import_speaks_german(browser):
    browser.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    page = Page(browser.get("/lists/import/"))
    assert "Listendatei (.json, .ros, .rosz)" in page and "Spiel eines Rosters" in page
    response = upload(browser, BA_ROS, "party.ros")
    messages = " ".join(Page(browser.get(response.url)).messages)
    assert "3 von 5 Auswahlen zugeordnet" in messages
    assert "Roster kennen keine Basegrößen" in messages
