"""POST /api/v1/lists/import/ with a roster onto a pack (issue 20, item 4), over real
HTTP: the hand-written roster of the test codex onto a pack made from
tests/fixtures/battlescribe/boarding-test.cat becomes that pack's cards (by entry id,
then name), pinned to the version chosen (or the latest); the jump pack taken is refused
by the rules; a stranger's private pack, a missing version and malformed parameters are
refused in the API's error shape with nothing saved."""

import pytest

from tests.support.battlescribe import ROSTERS
from tests.support.battlescribe_catalogues import CAT, GST
from tests.support.http import token_client
from tests.support.paths import FIXTURES

pytestmark = pytest.mark.django_db(transaction=True)

URL = "/api/v1/lists/import/"
XML = {"Content-Type": "application/xml"}
ROSTER = (ROSTERS / "boarding-test-marines.ros").read_bytes()


@pytest.fixture
def pack(transactional_db, live_server, alice):
    from armylists.packs import catalogue_import as pack_catalogues
    from armylists.packs.versions import load_official_pack_file

    load_official_pack_file(FIXTURES / "boarding-action.yaml")
    return pack_catalogues.pack_from_catalogue(
        user=alice, catalogue=CAT, game_system=GST, name="Club Marines"
    ).pack


def saved():
    from armylists.models import ArmyList

    return ArmyList.objects.count()


def errors(r):
    assert r.status_code == 400, r.text
    return [(e["path"], e["code"]) for e in r.json()["errors"]]


def test_a_roster_onto_the_pack_becomes_its_cards(api, pack, alice):
    client = token_client(api, alice)
    r = client.post(f"{URL}?pack={pack.id}&pack_version=1", data=ROSTER, headers=XML)
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["document"]["pack"] == {"id": pack.id, "version": 1}
    entries = body["document"]["entries"]
    assert [e.get("card") for e in entries] == [
        "assault-marines", "tactical-marines", "brother-dreadnought", None]
    assert entries[0]["options"] == ["opt-jump-packs"] and entries[0]["name"] == "Red Wings"
    report = body["import_report"]
    assert [(row["kind"], row.get("matched_by")) for row in report] == [
        ("card", "entry id"), ("card", "entry id"), ("card", "name"), ("custom_unit", None)]
    # The roster's own cost of each unit beside ours: this roster agrees with the pack.
    assert [(row.get("roster_points"), row.get("points"), row.get("points_difference"))
            for row in report] == [(101.0, 101, 0), (70.0, 70, 0), (100.0, 100, 0),
                                   (None, None, None)]
    codes = {v["code"] for v in body["validation"]["violations"]
             if v["entry_id"] == entries[0]["id"]}
    assert "forbidden_wargear" in codes


def test_as_a_multipart_form_on_the_latest_version(api, pack, alice):
    client = token_client(api, alice)
    r = client.post(URL, files={"file": ("marines.ros", ROSTER)}, data={"pack": pack.id})
    assert r.status_code == 201, r.text
    assert r.json()["document"]["pack"] == {"id": pack.id, "version": 1}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("pack={id}&pack_version=0", [("pack_version", "invalid")]),
        ("pack={id}&pack_version=x", [("pack_version", "invalid")]),
        ("pack={id}&pack_version=99999999999", [("pack_version", "invalid")]),
        ("pack={id}&pack_version=7", [("pack.version", "not_found")]),
        ("pack=" + "p" * 65, [("pack", "invalid")]),
        ("pack=nosuchpack", [("pack", "not_found")]),
    ],
)
def test_bad_pack_parameters_are_refused(api, pack, alice, query, expected):
    client = token_client(api, alice)
    r = client.post(f"{URL}?{query.format(id=pack.id)}", data=ROSTER, headers=XML)
    assert errors(r) == expected
    assert saved() == 0


def test_a_strangers_private_pack_is_not_found(api, pack, bob):
    r = token_client(api, bob).post(f"{URL}?pack={pack.id}", data=ROSTER, headers=XML)
    assert errors(r) == [("pack", "not_found")]
    assert saved() == 0


def test_anonymous_is_refused(api, pack):
    from tests.support.http import Http

    r = Http(api.base).post(f"{URL}?pack={pack.id}", data=ROSTER, headers=XML)
    assert r.status_code in (401, 403) and saved() == 0
