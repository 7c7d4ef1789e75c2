"""Tournament snapshots as pages: the owner freezes from the list page and sees the list's
snapshots there; anyone with the code opens /t/<code>/ (the frozen list, its verdict then
and today, the full hash); /t/verify/ matches a pasted or uploaded list exactly."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from armylists.compare import snapshots
from armylists.lists import services as lists
from armylists.models import Snapshot
from tests.support.pages import CAPTAIN, OGRE, Page, csrf_token, document
from tests.support.paths import FIXTURES

RAID = document({"id": "cpt", "card": CAPTAIN, "name": "Ragnar"}, {"id": "ogre", "card": OGRE})


@pytest.fixture
def raid(godslayer, alice):
    return lists.list_create(owner=alice, data=RAID)


@pytest.fixture
def frozen(raid):
    snapshot, _ = snapshots.snapshot_create(army_list=raid)
    return snapshot


def freeze(client, raid):
    page = Page(client.get(f"/lists/{raid.id}/"))
    return client.post(f"/lists/{raid.id}/snapshots/", {"csrfmiddlewaretoken": csrf_token(page)})


def test_the_owner_freezes_from_the_list_page_and_sees_the_snapshot_there(alice_client, raid):
    page = Page(alice_client.get(f"/lists/{raid.id}/"))
    assert page.testid("freeze") and not page.testid("snapshot")
    response = freeze(alice_client, raid)
    snapshot = Snapshot.objects.get()
    assert response.status_code == 302 and response.url == f"/t/{snapshot.code}/"
    page = Page(alice_client.get(f"/lists/{raid.id}/"))  # the kept page knows it changed
    [row] = page.testid("snapshot")
    assert row.attrs["data-code"] == snapshot.code
    assert row.find("a").attrs["href"] == f"/t/{snapshot.code}/"


def test_only_the_owner_freezes(bob_client, raid):
    assert freeze_as(bob_client, raid).status_code == 404
    anonymous = freeze_as(Client(), raid)
    assert anonymous.status_code == 302 and anonymous.url.startswith("/accounts/login/")
    assert not Snapshot.objects.exists()


def freeze_as(client, raid):
    return client.post(f"/lists/{raid.id}/snapshots/")


def test_anyone_with_the_code_sees_the_frozen_list_and_its_hash(frozen):
    page = Page(Client().get(f"/t/{frozen.code}/"))
    assert page.status == 200
    assert page.testid("hash")[0].text == frozen.hash
    assert page.testid("code")[0].text == frozen.code
    assert "legal when frozen" in page.testid("frozen-verdict")[0].text
    assert "still legal" in page.testid("still-valid")[0].text
    assert [n.attrs["data-entry-id"] for n in page.testid("entry")] == ["cpt", "ogre"]
    assert "Ragnar" in page and "Ogre Huscarl" in page
    assert page.testid("frozen-total")[0].text == "78"


def test_the_page_says_what_changed_in_the_data_since(frozen, raid, alice):
    from armylists.packs.tables import load_pack, read_pack_file

    pack = read_pack_file(FIXTURES / "godslayer.yaml")
    pack["system"]["data_version"] += ".next"
    next(c for c in pack["cards"] if c["key"] == OGRE)["points"] += 100
    load_pack(pack)
    page = Page(Client().get(f"/t/{frozen.code}/"))
    assert "legal when frozen" in page.testid("frozen-verdict")[0].text
    assert "not legal today" in page.testid("still-valid")[0].text
    assert "Ogre Huscarl" in page.testid("data-changes")[0].text
    assert page.testid("frozen-total")[0].text == "78"
    assert page.testid("today-total")[0].text == "178"


@pytest.mark.parametrize("code", ["0" * 20, "abc", "g" * 20, "A" * 400])
def test_a_wrong_code_is_404(db, code):
    assert Client().get(f"/t/{code}/").status_code == 404
    assert Client().get(f"/t/{code}/download/").status_code == 404


def test_the_download_is_the_copy_that_verifies(frozen):
    response = Client().get(f"/t/{frozen.code}/download/")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    body = response.content
    assert json.loads(body)["data_version"] == frozen.data_version
    page = verify(Client(), file=body)
    assert page.testid("verify-result")[0].attrs["data-matches"] == "true"


def verify(client, *, text=None, file=None, status=200):
    form = Page(client.get("/t/verify/"))
    data = {"csrfmiddlewaretoken": csrf_token(form)}
    if text is not None:
        data["document"] = text
    if file is not None:
        data["file"] = SimpleUploadedFile("list.muster.json", file, "application/json")
    response = client.post("/t/verify/", data)
    assert response.status_code == status, response.content[:1000]
    return Page(response)


def test_verify_matches_a_pasted_export_and_not_one_changed_count(frozen, raid):
    client = Client(enforce_csrf_checks=True)
    exported = lists.list_export(army_list=raid)
    page = verify(client, text=json.dumps(exported, indent=2))
    [result] = page.testid("verify-result")
    assert result.attrs["data-matches"] == "true" and frozen.code in result.text
    exported["entries"][1]["count"] = 2
    page = verify(client, text=json.dumps(exported))
    assert page.testid("verify-result")[0].attrs["data-matches"] == "false"


@pytest.mark.parametrize(
    "text", ["", "{not json", '{"system": "godslayer", "entries": [{"count": 0}]}'],
    ids=["empty", "not json", "malformed"],
)
def test_verify_says_why_a_text_is_no_list(db, text):
    page = verify(Client(), text=text, status=400)
    assert page.testid("verify-problems") and not page.testid("verify-result")


def test_the_snapshot_pages_speak_german(frozen):
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    page = Page(german.get(f"/t/{frozen.code}/"))
    assert "Turnier-Schnappschuss" in page and "beim Einfrieren regelkonform" in page
    assert "weiterhin regelkonform" in page and "tournament snapshot" not in page
    verify_page = Page(german.get("/t/verify/"))
    assert "Liste prüfen" in verify_page


def test_the_list_page_reads_its_snapshots_with_the_list(
    alice_client, raid, frozen, django_assert_num_queries
):
    """Kept: session, user, the list with its system and its snapshots' codes; no more."""
    alice_client.get(f"/lists/{raid.id}/")  # warm: the catalogue, the kept page
    with django_assert_num_queries(3):
        page = Page(alice_client.get(f"/lists/{raid.id}/"))
    assert [row.attrs["data-code"] for row in page.testid("snapshot")] == [frozen.code]


def test_the_snapshot_page_labels_sample_data(client, frozen):
    page = Page(client.get(f"/t/{frozen.code}/"))
    assert page.status == 200 and page.testid("sample-data")
