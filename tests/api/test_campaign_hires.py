"""Hired swords hired and dismissed in a battle's trading step over the API: the
``hires`` and ``dismissals`` fields (answered with the fee and the new entry id), the
log line, upkeep from the next battle on, undo, every 400 naming its field, strangers
404, and the OpenAPI schema documenting both fields."""

import json

import pytest

from armylists.games.mordheim.models import CampaignBattle
from armylists.lists import services as lists_services
from tests.support.campaign_api import client, url
from tests.support.mordheim_battle import BATTLE_1, WARBAND

pytestmark = pytest.mark.django_db

ROADWARDEN = "hired-roadwarden"
HIRE = {**BATTLE_1, "hires": [{"card": ROADWARDEN, "name": "Rudi"}]}


@pytest.fixture
def warband(load_system, alice):
    load_system("mordheim")
    return lists_services.list_create(owner=alice, data=WARBAND)


@pytest.fixture
def as_alice(alice):
    return client(alice)


def post(api, army_list, body):
    real = {f"e{n}": e["id"] for n, e in enumerate(army_list.document["entries"])}
    body = json.loads(json.dumps(body), object_hook=lambda d: {
        k: real.get(v, v) if isinstance(v, str) else v for k, v in d.items()})
    return api.post(url(army_list, "battles/"), body, format="json")


def recorded(api, army_list, body):
    """The battle recorded, its dice rolled by the server in dry runs first and every
    choice they owe made (the first options: this test is about hired swords)."""
    for _ in range(5):  # a choice made can owe another (a promotion's skill)
        r = post(api, army_list, {**body, "dry_run": True})
        assert r.status_code == 200, r.content
        body, owed = r.json()["battle"]["input"], r.json()["battle"]["pending"]
        if not owed:
            break
        for one in owed:
            *where, field = one["path"].replace("]", "").replace("[", ".").split(".")
            row = body
            for part in where:
                row = row[int(part)] if part.isdigit() else row.setdefault(part, {})
            # a henchman promoted to hero chooses two skill lists
            if not one["options"]:  # a number to type (a test's characteristic): T 3
                assert field == "value", one
                row[field] = 3
                continue
            row[field] = one["options"][:2] if field == "skill_lists" else one["options"][0]
    r = post(api, army_list, body)
    assert r.status_code == 201, r.content
    return r.json()


def rudi(state):
    [him] = [f for f in state["roster"]["fighters"] if f["card"] == ROADWARDEN]
    return him


def test_a_hire_is_recorded_paid_and_logged(as_alice, warband):
    r = post(as_alice, warband, HIRE)
    assert r.status_code == 201, r.content
    battle, state = r.json()["battle"], r.json()["campaign"]
    [row] = battle["input"]["hires"]
    assert set(row) == {"card", "name", "entry_id", "fee"}
    assert (row["card"], row["name"], row["fee"]) == (ROADWARDEN, "Rudi", 40)
    assert battle["input"]["dismissals"] == []
    assert battle["treasury_after"] == state["treasury"] == 190 - 40
    trading = [s for s in battle["steps"] if s["step"] == "trading"][0]["result"]
    assert trading["hires"] == [row]
    assert ("Hired sword hired: Rudi (Roadwarden) for 40 gc; upkeep 20 gc after each "
            "battle from the next one") in battle["lines"]
    assert battle["input"]["upkeep"] == []
    him = rudi(state)
    assert (him["entry_id"], him["name"], him["status"], him["joined"]) == (
        row["entry_id"], "Rudi", "active", 1)


def test_his_upkeep_is_due_after_the_next_battle_and_dismissing_him_is_logged(
        as_alice, warband):
    entry_id = rudi(post(as_alice, warband, HIRE).json()["campaign"])["entry_id"]
    second = recorded(as_alice, warband, {"won": False})["battle"]
    assert second["input"]["upkeep"] == [{"entry_id": entry_id, "pay": True, "paid": 20,
                                          "leaves": False}]
    out = recorded(as_alice, warband, {"won": False, "dismissals": [{"entry_id": entry_id}]})
    battle, state = out["battle"], out["campaign"]
    assert battle["input"]["dismissals"] == [{"entry_id": entry_id}]
    assert "Dismissed: Rudi (Roadwarden) leaves the warband" in battle["lines"]
    assert battle["input"]["upkeep"] == []
    assert rudi(state)["status"] == "dismissed"


def test_undoing_the_battle_undoes_the_hire(as_alice, warband):
    post(as_alice, warband, HIRE)
    r = as_alice.delete(url(warband, "battles/last/"))
    assert r.status_code == 200
    state = as_alice.get(url(warband)).json()
    assert state["treasury"] == 140
    assert all(f["card"] != ROADWARDEN for f in state["roster"]["fighters"])


@pytest.mark.parametrize(("body", "path", "code"), [
    ({"hires": [{"card": ROADWARDEN, "tip": 5}]}, "hires[0].tip", "unknown_field"),
    ({"hires": [{"name": "Rudi"}]}, "hires[0].card", "required"),
    ({"hires": [{"card": "c" * 101}]}, "hires[0].card", "max_length"),
    ({"hires": [{"card": ROADWARDEN, "name": "n" * 61}]}, "hires[0].name", "max_length"),
    ({"hires": [{"card": ROADWARDEN}] * 11}, "hires", "max_length"),
    ({"hires": [{"card": "hired-dragon"}]}, "hires[0].card", "unknown_key"),
    ({"hires": [{"card": "hired-dark-elf-assassin"}]}, "hires[0].card",
     "hired_sword_not_allowed"),
    ({"hires": [{"card": ROADWARDEN}, {"card": "hired-highwayman"}]}, "hires[1].card",
     "hired_sword_conflict"),
    ({"hires": [{"card": ROADWARDEN}, {"card": ROADWARDEN}]}, "hires[1].card",
     "hired_sword_limit"),
    # 190 gc after the battle: 80 + 60 paid, 60 more is too much
    ({"hires": [{"card": "hired-ogre-bodyguard"}, {"card": "hired-pathfinder"},
                {"card": "hired-swordsmith"}]}, "hires[2].card", "not_enough_gold"),
    ({"hires": [{"card": "reikland-warrior"}]}, "hires[0].card", "not_hired_sword"),
    ({"dismissals": [{"entry_id": "e0"}]}, "dismissals[0].entry_id", "not_hired_sword"),
    ({"dismissals": [{"entry_id": "e0", "why": "x"}]}, "dismissals[0].why", "unknown_field"),
    ({"dismissals": [{"entry_id": "zz9"}]}, "dismissals[0].entry_id", "unknown_entry"),
])
def test_a_hire_that_cannot_be_made_is_a_400_naming_the_field(
        as_alice, warband, body, path, code):
    r = post(as_alice, warband, {**BATTLE_1, **body})
    assert r.status_code == 400, r.content
    first = r.json()["errors"][0]
    assert (first["path"], first["code"]) == (path, code) and first["message"]
    assert not CampaignBattle.objects.exists()


def test_strangers_cannot_hire_for_someone_elses_warband(warband, bob):
    r = post(client(bob), warband, HIRE)
    assert r.status_code == 404
    assert client().post(url(warband, "battles/"), HIRE, format="json").status_code == 403
    assert not CampaignBattle.objects.exists()


def test_the_schema_documents_hires_and_dismissals(as_alice):
    schema = as_alice.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    battle = components["NewBattleRequest"]["properties"]
    assert {"hires", "dismissals", "recruits", "upkeep"} <= set(battle)
    assert "hire fee" in battle["hires"]["description"]
    hire = components[battle["hires"]["items"]["$ref"].rsplit("/", 1)[1]]
    assert set(hire["properties"]) == {"card", "name", "entry_id", "fee"}
    assert hire["required"] == ["card"]
    dismissal = components[battle["dismissals"]["items"]["$ref"].rsplit("/", 1)[1]]
    assert set(dismissal["properties"]) == {"entry_id"}
    status = components["Fighter"]["properties"]["status"]
    status = components[status["$ref"].rsplit("/", 1)[1]] if "$ref" in status else status
    assert {"dismissed", "left"} <= set(status["enum"])
    examples = schema["paths"]["/api/v1/lists/{list_id}/campaign/battles/"]["post"][
        "requestBody"]["content"]["application/json"]["examples"]
    assert any((e["value"].get("hires") or []) for e in examples.values())
