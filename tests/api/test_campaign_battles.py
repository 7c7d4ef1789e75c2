"""The battles API: record a battle (201, every field), preview it, undo the last one as a
whole, the campaign state's new fields, every 400 naming its field with nothing
recorded, 404 for strangers and 403 for anonymous callers, and the OpenAPI schema."""

import pytest

from armylists.games.mordheim.models import CampaignBattle, CampaignEvent
from armylists.lists import services as lists_services
from tests.support.campaign_api import client, url
from tests.support.mordheim_battle import BATTLE_1, WARBAND

pytestmark = pytest.mark.django_db

NOT_FOUND = {"errors": [{"path": "", "message": "no such list", "code": "not_found"}]}
NOT_LOGGED_IN = {"errors": [{"path": "", "code": "not_authenticated",
                             "message": "Authentication credentials were not provided."}]}
BATTLE_KEYS = {"number", "sequence", "won", "steps", "treasury_before", "treasury_after",
               "shards_found", "gold_from_shards", "rating_before", "rating_after", "absent",
               "input", "lines", "date", "applied"}


@pytest.fixture
def warband(load_system, alice):
    load_system("mordheim")
    return lists_services.list_create(owner=alice, data=WARBAND)


@pytest.fixture
def as_alice(alice):
    return client(alice)


def spec(army_list, body):
    """``body`` with the helpers' entry ids (e0...) turned into the saved list's."""
    real = {f"e{n}": e["id"] for n, e in enumerate(army_list.document["entries"])}

    def walk(value):
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return real.get(value, value) if isinstance(value, str) else value

    return walk(body)


def post(api, army_list, body):
    return api.post(url(army_list, "battles/"), spec(army_list, body), format="json")


def test_it_records_a_battle_and_answers_it_with_the_campaign(as_alice, warband):
    r = post(as_alice, warband, BATTLE_1)
    assert r.status_code == 201, r.content
    battle, state = r.json()["battle"], r.json()["campaign"]
    assert set(battle) == BATTLE_KEYS
    assert (battle["number"], battle["won"], battle["treasury_before"], battle["treasury_after"],
            battle["shards_found"], battle["gold_from_shards"]) == (1, True, 140, 190, 2, 50)
    assert [s["step"] for s in battle["steps"]] == [
        "before", "injuries", "experience", "exploration", "wyrdstone", "trading", "upkeep",
        "rating"]
    assert all(set(s) == {"step", "rolls", "result"} for s in battle["steps"])
    assert battle["input"]["exploration"]["dice"] == [2, 3, 5]
    assert battle["lines"][0] == "Battle 1: won"
    assert (state["treasury"], state["stash"], state["shards"], state["rating"]) == (
        190, [], 0, 85)
    assert state["battles"] == [battle]
    kurt = state["roster"]["fighters"][2]
    assert kurt["advances"] == [{"battle": 1, "roll": 7, "result": "characteristic",
                                 "stat": "WS"}]
    assert (kurt["skills"], kurt["games_to_miss"], kurt["stats"]["WS"]) == ([], 0, 3)


def test_the_campaign_state_has_the_new_fields(as_alice, warband):
    post(as_alice, warband, {"won": False, "exploration": {"dice": [6, 6],
                                                           "location": {"gold": {"dice": [4]}}},
                             "injuries": [{"entry_id": "e1", "roll": 35, "d3": 2}],
                             "purchases": [{"item": "helmet", "entry_id": None}]})
    state = as_alice.get(url(warband)).json()
    assert {"treasury", "stash", "shards", "battles", "finds", "starting", "events", "roster",
            "rating", "problems", "rout_test"} <= set(state)
    assert (state["treasury"], state["stash"], state["shards"]) == (140 + 4 - 10, ["helmet"], 3)
    assert state["starting"] == {"treasury": 140, "rating": 73}
    assert "trading.sell_rounding" in state["unverified"]
    otto = state["roster"]["fighters"][1]
    assert (otto["games_to_miss"], otto["misses_games"], otto["injuries"]) == (
        2, 2, ["deep_wound"])
    assert {"advances", "skills", "games_to_miss", "skill_lists", "joined", "starting"} <= set(otto)


def test_a_dry_run_answers_the_battle_and_the_choices_owed_recording_nothing(as_alice, warband):
    body = {**BATTLE_1, "advances": [{"entry_id": "e2", "roll": 3}], "dry_run": True}
    r = post(as_alice, warband, body)
    assert r.status_code == 200, r.content
    preview = r.json()
    assert preview["battle"]["pending"][0]["path"] == "advances[0].choice"
    assert preview["treasury"] == 190 and not CampaignBattle.objects.exists()
    again = {**preview["battle"]["input"]}
    again["advances"][0]["choice"] = "Dodge"
    r = post(as_alice, warband, again)
    assert r.status_code == 201
    assert r.json()["campaign"]["roster"]["fighters"][2]["skills"] == ["Dodge"]


def test_the_last_battle_is_undone_as_a_whole(as_alice, warband):
    post(as_alice, warband, BATTLE_1)
    r = as_alice.delete(url(warband, "battles/last/"))
    assert r.status_code == 200
    body = r.json()
    assert body["battle"]["number"] == 1
    assert (body["treasury"], body["rating"], body["battles"]) == (140, 73, [])
    r = as_alice.delete(url(warband, "battles/last/"))
    assert r.status_code == 404 and r.json()["errors"][0]["message"] == "no battle is recorded"


def test_events_and_battles_are_undone_in_order(as_alice, warband):
    post(as_alice, warband, BATTLE_1)
    r = as_alice.delete(url(warband, "events/last/"))
    assert r.status_code == 409 and r.json()["errors"][0]["code"] == "last_is_battle"
    as_alice.post(url(warband, "events/"), spec(warband, {
        "type": "experience", "entry_id": "e0", "amount": 1}), format="json")
    r = as_alice.delete(url(warband, "battles/last/"))
    assert r.status_code == 409 and r.json()["errors"][0]["code"] == "last_is_event"
    assert as_alice.delete(url(warband, "events/last/")).status_code == 200
    assert as_alice.delete(url(warband, "battles/last/")).status_code == 200


@pytest.mark.parametrize(("body", "path", "code"), [
    ({"won": True, "nope": 1}, "nope", "unknown_field"),
    ({}, "won", "required"),
    ({"won": 1}, "won", "invalid"),
    ({"won": True, "injuries": [{"entry_id": "x" * 33}]}, "injuries[0].entry_id", "max_length"),
    ({"won": True, "injuries": [{"entry_id": "e0"}] * 41}, "injuries", "max_length"),
    ({"won": True, "injuries": [{"entry_id": "e0", "roll": 67}]}, "injuries[0].roll",
     "max_value"),
    ({"won": True, "injuries": [{"entry_id": "e0", "rol": 22}]}, "injuries[0].rol",
     "unknown_field"),
    ({"won": True, "experience": [{"entry_id": "e0", "amount": 100}]}, "experience[0].amount",
     "max_value"),
    ({"won": True, "sell_shards": "3"}, "sell_shards", "invalid"),
    ({"won": True, "purchases": [{"item": "p" * 101, "entry_id": None}]}, "purchases[0].item",
     "max_length"),
    ({"won": True, "recruits": [{"card": "reikland-warrior", "size": 6}]}, "recruits[0].size",
     "max_value"),
    ({"won": True, "exploration": {"dice": [7]}}, "exploration.dice[0]", "max_value"),
    ({"won": True, "injuries": [{"entry_id": "zz9"}]}, "injuries[0].entry_id", "unknown_entry"),
    ({"won": True, "purchases": [{"item": "heavy-armour", "entry_id": "e3"}]},
     "purchases[0].item", "not_enough_gold"),
    ({"won": True, "recruits": [{"card": "reikland-mercenary-captain"}]}, "recruits[0].card",
     "leader"),
    ({"won": True, "advances": [{"entry_id": "e0", "roll": 7}]}, "advances[0].entry_id",
     "no_advance_due"),
    ({**BATTLE_1, "advances": [{"entry_id": "e2", "roll": 3}]}, "advances[0].choice",
     "required"),
    ({"won": True, "upkeep": [{"entry_id": "e0", "pay": True}]}, "upkeep[0].entry_id",
     "not_hired_sword"),
    ({"won": True, "purchases": [{"item": "blessed-water", "entry_id": None,
                                  "price_dice": [1, 2, 7]}]}, "purchases[0].price_dice[2]",
     "max_value"),
    ({"won": True, "purchases": [{"item": "blessed-water", "entry_id": None,
                                  "price_dice": [1] * 11}]}, "purchases[0].price_dice",
     "max_length"),
    ({"won": True, "purchases": [{"item": "blessed-water", "entry_id": None, "searcher": "e0",
                                  "roll": 12, "price_dice": [1, 2]}]},
     "purchases[0].price_dice", "invalid"),
    ({"won": True, "purchases": [{"item": "sword", "entry_id": "e0", "price_dice": [1]}]},
     "purchases[0].price_dice", "invalid"),
    ({"won": True, "purchases": [{"item": "gromril-weapon", "entry_id": None, "searcher": "e0",
                                  "roll": 12, "of": "o" * 101}]}, "purchases[0].of",
     "max_length"),
    ({"won": True, "purchases": [{"item": "liber-bubonicus", "entry_id": None,
                                  "searcher": "e0", "roll": 12}]},
     "purchases[0].item", "not_for_this_warband"),
])
def test_a_battle_that_cannot_be_applied_is_a_400_naming_the_field(
        as_alice, warband, body, path, code):
    r = post(as_alice, warband, body)
    assert r.status_code == 400, r.content
    first = r.json()["errors"][0]
    assert (first["path"], first["code"]) == (path, code) and first["message"]
    assert not CampaignBattle.objects.exists() and not CampaignEvent.objects.exists()


def test_an_item_priced_with_dice_keeps_its_dice_and_the_price_paid(as_alice, warband):
    # Exploration dice given: rolled, a double may find a place whose test asks for a
    # choice, and the battle would wait for it.
    body = {"won": True, "exploration": {"dice": [1, 2, 4, 6]},
            "purchases": [{"item": "blessed-water", "entry_id": None, "searcher": "e0",
                           "roll": 12, "price_dice": [1, 2, 3]}]}
    r = post(as_alice, warband, body)
    assert r.status_code == 201, r.content
    battle = r.json()["battle"]
    [row] = battle["input"]["purchases"]
    assert (row["item"], row["price_dice"], row["price"], row["found"]) == (
        "blessed-water", [1, 2, 3], 16, True)
    assert "Bought: Blessed water for the stash, 16 gc (10+3D6: rolled 1 + 2 + 3)" in (
        battle["lines"])
    stored = CampaignBattle.objects.get()
    assert stored.data["input"]["purchases"][0]["price"] == 16


def test_a_body_that_is_not_a_battle_is_a_400(as_alice, warband):
    r = as_alice.post(url(warband, "battles/"), "{not json", content_type="application/json")
    assert r.status_code == 400 and r.json()["errors"][0]["code"] == "parse_error"
    r = as_alice.post(url(warband, "battles/"), [1, 2], format="json")
    assert r.status_code == 400


@pytest.mark.parametrize(("method", "suffix"), [("POST", "battles/"),
                                                 ("DELETE", "battles/last/")])
def test_strangers_get_404_and_anonymous_403(warband, as_alice, bob, method, suffix):
    post(as_alice, warband, BATTLE_1)
    body = spec(warband, {"won": True})
    r = client(bob).generic(method, url(warband, suffix), data=__import__("json").dumps(body),
                            content_type="application/json")
    assert (r.status_code, r.json()) == (404, NOT_FOUND)
    r = client().generic(method, url(warband, suffix), data="{}",
                         content_type="application/json")
    assert (r.status_code, r.json()) == (403, NOT_LOGGED_IN)
    r = as_alice.generic(method, f"/api/v1/lists/abc/campaign/{suffix}")
    assert (r.status_code, r.json()) == (404, NOT_FOUND)
    assert CampaignBattle.objects.count() == 1


def test_only_lists_of_a_game_with_a_campaign_record_battles(as_alice, alice, godslayer):
    raid = lists_services.list_create(owner=alice, data={
        "format": "muster-list/1", "system": "godslayer", "name": "Raid", "faction": "nordgaard",
        "battle_size": 160, "entries": [{"card": "nordgaard-gestir-captain"}]})
    r = as_alice.post(url(raid, "battles/"), {"won": True}, format="json")
    assert r.status_code == 400 and r.json()["errors"][0]["code"] == "wrong_system"
    assert as_alice.delete(url(raid, "battles/last/")).status_code == 404


def test_the_battle_endpoints_are_documented_with_examples(as_alice, warband):
    schema = as_alice.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    record = paths["/api/v1/lists/{list_id}/campaign/battles/"]["post"]
    undo = paths["/api/v1/lists/{list_id}/campaign/battles/last/"]["delete"]
    assert {"201", "200", "400", "403", "404"} <= set(record["responses"])
    assert {"200", "403", "404", "409"} <= set(undo["responses"])
    assert record["tags"] == undo["tags"] == ["campaign"]
    body = record["requestBody"]["content"]["application/json"]
    assert body["schema"] == {"$ref": "#/components/schemas/NewBattleRequest"}
    assert len(body["examples"]) >= 3
    examples = record["responses"]["201"]["content"]["application/json"]["examples"]
    assert examples["Recorded"]["value"]["battle"]["treasury_after"] == 150
    components = schema["components"]["schemas"]
    assert {"Battle", "BattleStep", "BattleChange", "NewBattleRequest"} <= set(components)
    state = components["CampaignState"]["properties"]
    assert {"treasury", "stash", "shards", "battles"} <= set(state)
    fighter = components["Fighter"]["properties"]
    assert {"advances", "skills", "games_to_miss"} <= set(fighter)


def test_the_documented_example_is_what_the_rules_give(as_alice, warband):
    from armylists.games.mordheim.campaign_api.campaign_battle_examples import BATTLE, BATTLE_INPUT

    names = {"hAns1": "e0", "oTto2": "e1", "kUrt0": "e2", "wArr3": "e3"}

    def ours(value):
        if isinstance(value, dict):
            return {k: ours(v) for k, v in value.items()}
        if isinstance(value, list):
            return [ours(v) for v in value]
        return names.get(value, value)

    body = {k: v for k, v in ours(BATTLE_INPUT).items() if v != []}
    r = post(as_alice, warband, body)
    assert r.status_code == 201, r.content
    battle = r.json()["battle"]
    for key in ("treasury_before", "treasury_after", "shards_found", "gold_from_shards",
                "rating_before", "rating_after"):
        assert battle[key] == BATTLE[key], key
    assert [line for line in battle["lines"] if line in BATTLE["lines"]] == BATTLE["lines"]
