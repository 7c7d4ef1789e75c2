"""Roster import from BattleScribe / New Recruit over real HTTP (issue 12): .ros and
.rosz as raw bodies and as multipart files, Boarding Action units as custom units with
default bases, Mordheim fighters and equipment matched by name, the report, and every
refusal (billion laughs, a zip bomb, a zip without a roster, foreign or broken XML, an
unknown game) creating nothing."""

import io
import zipfile

import pytest

from tests.support.battlescribe import BA_ROS, BILLION_LAUGHS, MH_ROS, zipped
from tests.support.http import token_client

pytestmark = pytest.mark.django_db(transaction=True)

XML = {"Content-Type": "application/xml"}
ZIP = {"Content-Type": "application/zip"}
REPORT_KEYS = {"selection", "became", "matched"}

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE roster [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<roster name="&x;" gameSystemName="Mordheim"/>"""




def zip_bomb() -> bytes:
    """A .rosz whose roster unpacks to 200 MB (zeros after a roster's start), ~200 kB
    packed; written in chunks so the test itself never holds 200 MB."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        with archive.open("bomb.ros", "w", force_zip64=True) as member:
            member.write(b'<roster gameSystemName="Mordheim" name="')
            zeros = b"0" * (1 << 20)
            for _ in range(200):
                member.write(zeros)
            member.write(b'"/>')
    return out.getvalue()


@pytest.fixture
def packs(transactional_db, live_server):
    from tests.support.shipped import load_shipped

    for key in ("boarding-action", "mordheim", "godslayer"):
        load_shipped(key)


@pytest.fixture
def alice_api(api, packs, alice):
    return token_client(api, alice)


def list_count():
    from armylists.models import ArmyList, ArmyListVersion

    return ArmyList.objects.count(), ArmyListVersion.objects.count()


def imported(response):
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["import_report"] and all(REPORT_KEYS <= set(r) for r in body["import_report"])
    assert all(isinstance(r["matched"], bool) for r in body["import_report"])
    return body


def codes_by_entry(body):
    out = {}
    for v in body["validation"]["violations"]:
        out.setdefault(v["entry_id"], set()).add(v["code"])
    return out


def refused(response, code=None, path=None):
    assert response.status_code == 400, response.text
    [error] = response.json()["errors"]
    if code is not None:
        assert error["code"] == code, error
    if path is not None:
        assert error["path"] == path, error
    return error


# --- Boarding Action ----------------------------------------------------------------------


def test_it_imports_a_boarding_action_roster_as_custom_units(alice_api):
    body = imported(alice_api.post("/api/v1/lists/import/", data=BA_ROS, headers=XML))
    assert body["system"] == "boarding-action" and body["name"] == "Test boarding party"
    entries = {e["custom"]["name"]: e for e in body["document"]["entries"]}
    assert set(entries) == {"Brother Ancient", "Leaping Squad", "Odd Contraption", "Test Captain"}
    walker = entries["Brother Ancient"]
    assert walker["custom"] == {"name": "Brother Ancient", "points": 150, "unit_type": "walker",
                                "base_mm": 60, "wargear": ["Heavy Fist"]}
    assert walker["count"] == 1
    squad = entries["Leaping Squad"]
    assert (squad["count"], squad["custom"]["points"]) == (4, 20)  # 80 points, 4 models
    assert squad["custom"]["wargear"] == ["Jump Pack", "Chainsword"]
    assert entries["Odd Contraption"]["custom"].get("unit_type") is None
    assert entries["Odd Contraption"]["custom"]["base_mm"] is None
    assert entries["Test Captain"]["custom"]["unit_type"] == "infantry"
    assert entries["Test Captain"]["custom"]["base_mm"] == 32
    codes = codes_by_entry(body)
    assert "forbidden_unit" not in codes.get(walker["id"], set())  # a walker on 60 mm boards
    assert "forbidden_wargear" in codes[squad["id"]]
    assert "forbidden_unit" in codes[entries["Odd Contraption"]["id"]]
    assert codes.get(entries["Test Captain"]["id"], set()) == set()
    assert body["validation"]["points"]["total"] == 390


def test_it_reports_every_boarding_action_selection_and_its_default_base(alice_api):
    body = imported(alice_api.post("/api/v1/lists/import/", data=BA_ROS, headers=XML))
    report = {r["selection"]: r for r in body["import_report"]}
    assert set(report) == {"Battle Size", "Brother Ancient (Walker Test Pattern)",
                           "Leaping Squad", "Odd Contraption", "Test Captain"}
    assert report["Battle Size"]["matched"] is False and report["Battle Size"]["entry_id"] is None
    ancient = report["Brother Ancient (Walker Test Pattern)"]
    assert ancient["matched"] is True and ancient["base_mm_default"] is True
    assert "walker" in ancient["became"] and "60 mm base (default)" in ancient["became"]
    odd = report["Odd Contraption"]
    assert odd["matched"] is False and odd["categories"] == ["Fortification"]
    assert odd["base_mm_default"] is False


def test_a_roster_from_a_zip_imports_like_the_xml(alice_api):
    body = imported(alice_api.post("/api/v1/lists/import/", data=zipped({"party.ros": BA_ROS}),
                               headers=ZIP))
    assert len(body["document"]["entries"]) == 4


def test_it_reads_a_roster_by_content_whatever_type_is_declared(alice_api):
    body = imported(alice_api.post("/api/v1/lists/import/", data=BA_ROS,
                               headers={"Content-Type": "application/json"}))
    assert body["system"] == "boarding-action"


# --- Mordheim -----------------------------------------------------------------------------


def test_it_matches_mordheim_fighters_and_equipment_from_a_multipart_file(alice_api):
    r = alice_api.post("/api/v1/lists/import/", files={"file": ("warband.ros", MH_ROS)})
    body = imported(r)
    assert body["system"] == "mordheim" and body["faction"] == "reikland"
    entries = body["document"]["entries"]
    by_card = {e["card"]: e for e in entries}
    hans = by_card["reikland-mercenary-captain"]
    assert (hans["name"], hans["items"]) == ("Hans", ["sword", "dagger", "light-armour"])
    otto = by_card["reikland-champion"]
    assert (otto["name"], otto["items"]) == ("Otto", ["double-handed-weapon", "Lucky Pebble"])
    assert (by_card["reikland-warrior"]["size"], by_card["reikland-warrior"]["items"]) == (3, ["axe"])
    assert (by_card["reikland-marksman"]["size"], by_card["reikland-marksman"]["items"]) == (2, ["bow"])
    assert "Hired Gnome Juggler" in by_card  # kept, never dropped
    unknown = {(v["params"]["field"], v["params"]["key"])
               for v in body["validation"]["violations"] if v["code"] == "unknown_key"}
    assert unknown == {("card", "Hired Gnome Juggler"), ("item", "Lucky Pebble")}
    report = body["import_report"]
    misses = {r["selection"] for r in report if not r["matched"]}
    assert misses == {"Hired Gnome Juggler", "Lucky Pebble"}
    assert {r["selection"] for r in report if r["matched"]} >= {
        "Hans (Captain)", "Otto (champion)", "Warriors", "Marksmen", "Sword", "Dagger (free)",
        "Light Armor", "Double Handed Weapon", "Axes", "Bow"}


def test_a_multipart_json_file_imports_as_a_list_document(alice_api):
    document = {"format": "muster-list/1", "system": "mordheim", "name": "Filed",
                "faction": "reikland", "entries": []}
    import json

    r = alice_api.post("/api/v1/lists/import/",
                   files={"file": ("list.json", json.dumps(document).encode())})
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "Filed" and "import_report" not in r.json()


def test_a_json_import_is_unchanged(alice_api):
    r = alice_api.post("/api/v1/lists/import/", json={
        "format": "muster-list/1", "system": "mordheim", "name": "Plain", "entries": []})
    assert r.status_code == 201, r.text
    assert "import_report" not in r.json()


# --- game detection -----------------------------------------------------------------------


def test_a_roster_of_an_unknown_game_asks_for_the_system_and_creates_nothing(alice_api):
    chess = MH_ROS.replace(b'gameSystemName="Mordheim"', b'gameSystemName="Chess"').replace(
        b"Mercenaries - Reikland", b"Pieces")
    before = list_count()
    refused(alice_api.post("/api/v1/lists/import/", data=chess, headers=XML),
            code="unknown_system", path="system")
    assert list_count() == before
    body = imported(alice_api.post("/api/v1/lists/import/?system=mordheim", data=chess, headers=XML))
    assert body["system"] == "mordheim"


def test_it_refuses_a_system_without_roster_import(alice_api):
    before = list_count()
    refused(alice_api.post("/api/v1/lists/import/?system=godslayer", data=MH_ROS, headers=XML),
            code="invalid_system", path="system")
    assert list_count() == before


# --- refusals -----------------------------------------------------------------------------

REFUSED = [
    # (what, body, headers, code)
    ("billion laughs", BILLION_LAUGHS, XML, "forbidden_xml"),
    ("an external entity", EXTERNAL_ENTITY, XML, "forbidden_xml"),
    ("foreign XML", b"<html><body>hello</body></html>", XML, "not_a_roster"),
    ("broken XML", b"<roster><forces></roster>", XML, "invalid_xml"),
    ("a zip without a roster", zipped({"readme.txt": b"hello", "list.json": b"{}"}), ZIP,
     "invalid_zip"),
    ("a zip of many members", zipped({f"r{i}.ros": BA_ROS for i in range(10)}), ZIP,
     "invalid_zip"),
    ("a broken zip", b"PK\x03\x04" + b"\x00" * 200, ZIP, "invalid_zip"),
    ("a bad number", BA_ROS.replace(b'number="4"', b'number="many"'), XML, "invalid_roster"),
    ("nesting too deep", b"<roster>" + b"<a>" * 100 + b"</a>" * 100 + b"</roster>", XML,
     "too_deep"),
]


@pytest.mark.parametrize(("what", "body", "headers", "code"), REFUSED, ids=[r[0] for r in REFUSED])
def test_it_refuses_what_is_not_a_roster_and_creates_nothing(alice_api, what, body, headers, code):
    before = list_count()
    error = refused(alice_api.post("/api/v1/lists/import/", data=body, headers=headers), code=code)
    assert error["path"] == ""
    assert list_count() == before


def test_it_refuses_a_zip_bomb_and_creates_nothing(alice_api):
    bomb = zip_bomb()
    assert len(bomb) < 2_000_000
    before = list_count()
    error = refused(alice_api.post("/api/v1/lists/import/", data=bomb, headers=ZIP), code="too_large")
    assert "unpacked" in error["message"]
    assert list_count() == before


def test_it_refuses_a_bad_multipart_file_by_its_field(alice_api):
    before = list_count()
    refused(alice_api.post("/api/v1/lists/import/", files={"file": ("x.ros", BILLION_LAUGHS)}),
            code="forbidden_xml", path="file")
    refused(alice_api.post("/api/v1/lists/import/", files={"other": ("x.ros", MH_ROS)}),
            code="required", path="file")
    assert list_count() == before


def test_it_documents_the_roster_bodies(alice_api):
    schema = alice_api.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/lists/import/"]["post"]
    assert set(operation["requestBody"]["content"]) >= {
        "application/json", "application/xml", "application/zip", "multipart/form-data"}
    assert "system" in {p["name"] for p in operation["parameters"]}
