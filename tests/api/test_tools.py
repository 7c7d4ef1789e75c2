"""The play-aid endpoints over real HTTP: the Kemet battle resolver, the Mordheim rout
test and the Boarding Action hull-breach table; every contract field and every 400."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

KEMET = "/api/v1/kemet/battles/"
ROUT = "/api/v1/mordheim/rout-test/"
HULL = "/api/v1/boarding-action/hull-breach/"


@pytest.fixture
def live_kemet(transactional_db, live_server):
    from tests.support.shipped import load_shipped

    return load_shipped("kemet")


@pytest.fixture
def live_boarding_action(transactional_db, live_server):
    from tests.support.shipped import load_shipped

    return load_shipped("boarding-action")


def side(soldiers=5, card="str2-shield2", **kw):
    return {"soldiers": soldiers, "card": card, **kw}


def fight(api, attacker=None, defender=None, zone_reward=None):
    r = api.post(KEMET, json={"attacker": attacker or side(), "defender": defender or side(),
                              "zone_reward": zone_reward})
    assert r.status_code == 200, r.text
    return r.json()


def errors_of(response):
    assert response.status_code == 400, response.text
    assert response.headers["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"errors"} and body["errors"]
    for error in body["errors"]:
        assert set(error) == {"path", "message", "code"} and error["message"]
    return body["errors"]


def paths(response):
    return [(e["path"], e["code"]) for e in errors_of(response)]


# -- Kemet: the battle ---------------------------------------------------------------------

CONTRACT_BATTLE = {
    "attacker": {"soldiers": 5, "card": "str3-dmg2", "card_values": None,
                 "bonus": {"strength": 1, "damage": 0, "shield": 0, "critical": 0},
                 "interventions": [{"key": "sample-war-cry"}], "prayer_points": 2,
                 "in_own_city_district": False},
    "defender": {"soldiers": 4, "card": "str2-shield1-dmg2", "card_values": None, "bonus": None,
                 "interventions": [{"key": "sample-blood-rite"}], "prayer_points": 2,
                 "in_own_city_district": True},
    "zone_reward": "temple",
}


def test_it_answers_every_contract_field_of_a_battle(api, live_kemet):
    r = api.post(KEMET, json=CONTRACT_BATTLE)
    assert r.status_code == 200, r.text
    result = r.json()
    assert (result["winner"], result["loser"], result["zone_reward"]) == ("attacker", "defender", "temple")
    a, d = result["attacker"], result["defender"]
    # 5 soldiers + card 3 + bonus 1 + War Cry 1; 4 soldiers + card 2 + own city district 1
    assert (a["strength"], d["strength"]) == (10, 7)
    # the defender's 1 critical (Blood Rite) and 2 damage against no shields: 3 lost;
    # the attacker's 2 damage against 1 shield: 1 lost
    assert (a["soldiers_lost"], a["sacrificed"], a["survivors"]) == (3, 0, 2)
    assert (d["soldiers_lost"], d["sacrificed"], d["survivors"]) == (1, 0, 3)
    assert (a["prayer_points_paid"], a["prayer_points_left"]) == (0, 2)  # War Cry costs 0
    assert (d["prayer_points_paid"], d["prayer_points_left"]) == (2, 0)
    assert a["interventions_played"] == ["sample-war-cry"] and a["interventions_returned"] == []
    assert d["interventions_played"] == ["sample-blood-rite"] and d["interventions_returned"] == []
    assert (a["damage"], a["shield"], a["critical"]) == (2, 0, 0)
    assert (d["damage"], d["shield"], d["critical"]) == (2, 1, 1)
    assert a["card"] == "str3-dmg2" and a["soldiers"] == 5
    assert a["card_values"] == {"strength": 3, "damage": 2, "shield": 0, "critical": 0, "sacrifice": 0}
    assert result["loser_options"] == {"disband_prayer_points": 2, "retreat": True, "stay": False}
    assert result["rewards"] == {
        "attacker": {"battle_vp": 1, "veteran_tokens": 0, "zone_vp": 1},
        "defender": {"battle_vp": 0, "veteran_tokens": 1, "zone_vp": 0},
    }
    steps = result["steps"]
    assert steps[0] == "attacker: War Cry (sample) paid, 0 prayer points (2 left)"
    assert "attacker wins, strength 10 to 7" in steps
    assert "defender: 1 critical damage, cannot be blocked: attacker loses 1" in steps
    assert steps[-1] == "attacker takes the temple victory point of the zone"


def test_it_gives_a_tie_to_the_defender(api, live_kemet):
    result = fight(api, side(5, "str3-dmg2"), side(5, "str3-shield1"))
    assert (result["attacker"]["strength"], result["defender"]["strength"]) == (8, 8)
    assert result["winner"] == "defender" and result["loser"] == "attacker"
    assert "defender wins, strength 8 to 8 (a tie goes to the defender)" in result["steps"]


def test_it_lets_criticals_through_shields_and_stops_damage(api, live_kemet):
    attacker = side(5, "str1-dmg3", bonus={"critical": 1},
                    interventions=[{"key": "sample-blood-rite"}], prayer_points=2)
    defender = side(5, "str2-shield2", interventions=[{"key": "sample-bronze-wall"}],
                    prayer_points=1)
    result = fight(api, attacker, defender)
    a, d = result["attacker"], result["defender"]
    assert (a["critical"], a["damage"], d["shield"]) == (2, 3, 4)
    assert d["soldiers_lost"] == 2 and d["survivors"] == 3  # 2 critical + max(0, 3 - 4)
    assert "attacker: 2 critical damage, cannot be blocked: defender loses 2" in result["steps"]
    assert "attacker: 3 damage - 4 shields of the defender: defender loses 0" in result["steps"]


def test_it_removes_sacrificed_soldiers_without_counting_them_lost(api, live_kemet):
    result = fight(api, side(4, "str5-sacrifice2"), side(3, "str2-shield2"))
    a = result["attacker"]
    assert result["winner"] == "attacker" and a["strength"] == 9
    assert (a["sacrificed"], a["soldiers_lost"], a["survivors"]) == (2, 0, 2)
    assert result["rewards"]["attacker"]["battle_vp"] == 1
    assert "attacker: sacrifices 2 own soldiers (not counted as lost)" in result["steps"]


def test_it_returns_an_unpayable_intervention_and_a_bluff_to_hand(api, live_kemet):
    attacker = side(5, "str2-shield2", prayer_points=2, interventions=[
        {"key": "sample-wrath-of-the-sun"}, {"key": "sample-bronze-wall"}, {"key": "bluff"}])
    a = fight(api, attacker)["attacker"]
    assert a["interventions_played"] == ["sample-bronze-wall"]
    assert a["interventions_returned"] == ["sample-wrath-of-the-sun", "bluff"]
    assert (a["prayer_points_paid"], a["prayer_points_left"]) == (1, 1)
    assert a["shield"] == 4 and a["strength"] == 7  # Wrath's +2 strength did not count


def test_it_reads_typed_card_values(api, live_kemet):
    attacker = {"soldiers": 2, "card_values": {"strength": 6, "damage": 1}}
    result = fight(api, attacker, side(1, "str1-shield3-dmg1"))
    a = result["attacker"]
    assert a["card"] is None and a["strength"] == 8
    assert a["card_values"] == {"strength": 6, "damage": 1, "shield": 0, "critical": 0, "sacrifice": 0}


@pytest.mark.parametrize(("defender_soldiers", "survivors", "disband", "retreat"), [
    (5, 4, 3, True),   # str3-dmg2 vs str2-shield1-dmg2: 2 - 1 = 1 lost
    (2, 1, 0, True),
    (1, 0, 0, False),  # nobody left to retreat
])
def test_it_gives_the_loser_one_prayer_point_less_than_its_survivors(
        api, live_kemet, defender_soldiers, survivors, disband, retreat):
    result = fight(api, side(9, "str3-dmg2"), side(defender_soldiers, "str2-shield1-dmg2"))
    assert result["loser"] == "defender" and result["defender"]["survivors"] == survivors
    assert result["loser_options"] == {"disband_prayer_points": disband, "retreat": retreat,
                                       "stay": False}


@pytest.mark.parametrize(("attacker", "defender", "zone", "rewards"), [
    # the attacker wins with survivors: 1 battle VP; the defender a veteran token
    (side(6, "str3-dmg2"), side(2, "str2-shield2"), None,
     {"attacker": (1, 0, 0), "defender": (0, 1, 0)}),
    # the defender wins: a veteran token for winning, one for no VP; the attacker one
    (side(2, "str2-shield2"), side(6, "str3-dmg2"), "pyramid",
     {"attacker": (0, 1, 0), "defender": (0, 2, 1)}),
    # the attacker wins without survivors: no battle VP, but the zone's VP
    (side(1, "str5-sacrifice2"), side(1, "str1-dmg3"), "temple",
     {"attacker": (0, 1, 1), "defender": (0, 1, 0)}),
])
def test_it_hands_out_the_rewards(api, live_kemet, attacker, defender, zone, rewards):
    result = fight(api, attacker, defender, zone)
    got = {name: (r["battle_vp"], r["veteran_tokens"], r["zone_vp"])
           for name, r in result["rewards"].items()}
    assert got == rewards


def test_it_needs_no_credentials(api, live_kemet):
    r = api.post(KEMET, json=CONTRACT_BATTLE, headers={"Authorization": "Token not-a-token"})
    assert r.status_code == 200, r.text


# Shapes and bounds are the request serializer's (DRF's codes: min_value, invalid_choice,
# as for every play aid); cards are the resolver's.
@pytest.mark.parametrize(("body", "expected"), [
    # a day card played in battle, as the battle card and as an intervention
    ({"attacker": side(card="sample-morning-offering"), "defender": side()},
     [("attacker.card", "card_not_allowed")]),
    ({"attacker": side(), "defender": side(interventions=[{"key": "sample-morning-offering"}])},
     [("defender.interventions[0].key", "card_not_allowed")]),
    # a battle card played as an intervention, an intervention as the battle card
    ({"attacker": side(interventions=[{"key": "str3-dmg2"}]), "defender": side(card="bluff")},
     [("attacker.interventions[0].key", "card_not_allowed"), ("defender.card", "card_not_allowed")]),
    ({"attacker": side(-1), "defender": side()}, [("attacker.soldiers", "min_value")]),
    ({"attacker": side("5"), "defender": side()}, [("attacker.soldiers", "invalid")]),
    ({"attacker": side(card="str9-dmg9"), "defender": side()}, [("attacker.card", "unknown_key")]),
    ({"attacker": side(interventions=[{"key": "sample-thunder"}]), "defender": side()},
     [("attacker.interventions[0].key", "unknown_key")]),
    ({"attacker": {"soldiers": 5}, "defender": side()}, [("attacker.card", "required")]),
    ({"attacker": side(bonus={"strength": -1}), "defender": side(bonus={"luck": 1})},
     [("attacker.bonus.strength", "min_value"), ("defender.bonus.luck", "unknown_field")]),
    ({"attacker": side(prayer_points=-2), "defender": side(in_own_city_district="yes")},
     [("attacker.prayer_points", "min_value"), ("defender.in_own_city_district", "invalid")]),
    ({"attacker": side(card_values={"strength": "3"}), "defender": side()},
     [("attacker.card_values.strength", "invalid")]),
    ({"attacker": side(), "defender": side(), "zone_reward": "oasis"}, [("zone_reward", "invalid_choice")]),
    ({"attacker": side(), "defender": side(), "weather": "sand"}, [("weather", "unknown_field")]),
    ({"attacker": side(horses=2), "defender": side()}, [("attacker.horses", "unknown_field")]),
    ({"attacker": side()}, [("defender", "required")]),
    ([side(), side()], [("", "invalid")]),
])
def test_it_names_the_field_of_an_impossible_battle(api, live_kemet, body, expected):
    assert paths(api.post(KEMET, json=body)) == expected


def test_it_says_why_a_day_card_is_refused(api, live_kemet):
    [error] = errors_of(api.post(KEMET, json={"attacker": side(card="sample-morning-offering"),
                                              "defender": side()}))
    assert "day card" in error["message"] and "Morning Offering" in error["message"]


@pytest.mark.parametrize("url", [KEMET, ROUT, HULL])
def test_it_refuses_a_body_that_is_not_json(api, live_kemet, url):
    r = api.session.post(api.url(url), data="{soldiers: 5",
                         headers={"Content-Type": "application/json"}, timeout=30)
    [error] = errors_of(r)
    assert error["path"] == "" and error["code"] == "parse_error"


@pytest.mark.parametrize("url", [KEMET, ROUT, HULL])
def test_it_only_answers_post(api, live_kemet, url):
    r = api.get(url)
    assert r.status_code == 405 and "errors" in r.json()


def test_it_answers_404_without_the_kemet_data(api, transactional_db):
    r = api.post(KEMET, json=CONTRACT_BATTLE)
    assert r.status_code == 404
    assert "kemet" in r.json()["errors"][0]["message"]


# -- Mordheim: the rout test ---------------------------------------------------------------


def rout(api, **body):
    r = api.post(ROUT, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_it_says_a_rout_test_is_due_against_the_leaders_ld(api, live_server):
    result = rout(api, members=10, out_of_action=3, leader_out_or_stunned=False, leader_ld=8,
                  other_lds=[7, 6])
    assert result == {
        "due": True, "ld": 8, "ld_from": "leader", "voluntary_allowed": True, "members": 10,
        "out_of_action": 3, "threshold": 3, "percent_out": 30.0,
        "explanation": "3 of 10 out of action: rout test due, 2D6 <= 8 (the leader's Ld)",
    }


def test_it_says_a_rout_test_is_not_due_below_a_quarter(api, live_server):
    result = rout(api, members=12, out_of_action=2, leader_ld=8)
    assert (result["due"], result["ld"], result["ld_from"]) == (False, None, None)
    assert result["voluntary_allowed"] is True and result["threshold"] == 3
    assert "no rout test" in result["explanation"]


def test_it_takes_the_highest_active_ld_when_the_leader_is_down(api, live_server):
    result = rout(api, members=10, out_of_action=3, leader_out_or_stunned=True, leader_ld=9,
                  other_lds=[6, 7, 5])
    assert (result["due"], result["ld"], result["ld_from"]) == (True, 7, "highest_active")


def test_it_says_when_nobody_is_left_to_take_the_test(api, live_server):
    result = rout(api, members=5, out_of_action=5, leader_out_or_stunned=True)
    assert (result["due"], result["ld"]) == (True, None)


def test_it_allows_a_voluntary_rout_only_from_two_out_of_action(api, live_server):
    assert rout(api, members=4, out_of_action=1, leader_ld=7)["voluntary_allowed"] is False
    assert rout(api, members=4, out_of_action=1, leader_ld=7)["due"] is True


@pytest.mark.parametrize(("body", "path", "code"), [
    ({"members": 0, "out_of_action": 0, "leader_ld": 8}, "members", "invalid"),
    ({"members": 5, "out_of_action": 6, "leader_ld": 8}, "out_of_action", "invalid"),
    ({"members": 5, "out_of_action": -1, "leader_ld": 8}, "out_of_action", "invalid"),
    ({"members": 4, "out_of_action": 1}, "leader_ld", "invalid"),
    ({"members": 4, "out_of_action": 1, "leader_ld": 11}, "leader_ld", "max_value"),
    ({"members": "10", "out_of_action": 1, "leader_ld": 8}, "members", "invalid"),
    ({"members": True, "out_of_action": 1, "leader_ld": 8}, "members", "invalid"),
    ({"members": 10.5, "out_of_action": 1, "leader_ld": 8}, "members", "invalid"),
    ({"out_of_action": 1, "leader_ld": 8}, "members", "required"),
    ({"members": 10, "out_of_action": 1, "leader_out_or_stunned": "no"},
     "leader_out_or_stunned", "invalid"),
    ({"members": 10, "out_of_action": 1, "leader_ld": 8, "henchmen": 3}, "henchmen", "unknown_field"),
])
def test_it_names_the_field_of_an_impossible_rout_test(api, live_server, body, path, code):
    assert paths(api.post(ROUT, json=body)) == [(path, code)]


def test_it_names_a_bad_ld_in_the_list(api, live_server):
    [(path, code)] = paths(api.post(ROUT, json={"members": 10, "out_of_action": 3,
                                                "leader_ld": 8, "other_lds": [7, "x"]}))
    assert path.startswith("other_lds") and "1" in path and code == "invalid"


def test_it_refuses_a_rout_test_body_that_is_not_an_object(api, live_server):
    assert paths(api.post(ROUT, json=[10, 3])) == [("", "invalid")]


# -- Boarding Action: the hull-breach table ------------------------------------------------


def breach(api, **body):
    r = api.post(HULL, json=body)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize(("roll", "glancing", "modified", "key"), [
    (1, False, 1, "nothing"),
    (3, False, 3, "shaken"),
    (4, False, 4, "breach"),
    (5, False, 5, "lasting-breach"),
    (6, False, 6, "catastrophic"),
    (6, True, 4, "breach"),
    (2, True, 1, "nothing"),  # kept on the table
])
def test_it_reads_a_typed_roll(api, live_boarding_action, roll, glancing, modified, key):
    result = breach(api, roll=roll, glancing=glancing)
    assert set(result) == {"roll", "glancing", "modified", "result", "name", "description",
                           "server_roll"}
    assert (result["roll"], result["glancing"], result["modified"], result["result"]) == (
        roll, glancing, modified, key)
    assert result["server_roll"] is False and result["name"] and result["description"]


def test_it_reads_the_glancing_6_as_a_hull_breach(api, live_boarding_action):
    result = breach(api, glancing=True, roll=6)
    assert result["name"] == "Hull breach" and "Walkers take no save" in result["description"]


def test_it_rolls_within_the_die_when_no_roll_is_given(api, live_boarding_action):
    seen = set()
    for _ in range(40):
        result = breach(api, glancing=True)
        assert result["server_roll"] is True and 1 <= result["roll"] <= 6
        assert result["modified"] == max(1, result["roll"] - 2)
        seen.add(result["roll"])
    assert len(seen) > 1  # rolled, not fixed
    plain = breach(api)
    assert plain["glancing"] is False and plain["modified"] == plain["roll"]
    assert breach(api, roll=None)["server_roll"] is True


def test_it_reads_the_loaded_packs_table(api, live_boarding_action):
    system = live_boarding_action
    system.attributes = {**system.attributes,
                         "hull_breach": {**system.attributes["hull_breach"], "glancing_modifier": -1}}
    system.save()
    assert breach(api, glancing=True, roll=6)["modified"] == 5


def test_it_works_without_the_boarding_action_data(api, transactional_db):
    assert breach(api, roll=4)["result"] == "breach"


@pytest.mark.parametrize(("body", "path", "code"), [
    ({"roll": 0}, "roll", "invalid"),
    ({"roll": 7}, "roll", "invalid"),
    ({"roll": -1, "glancing": True}, "roll", "invalid"),
    ({"roll": "3"}, "roll", "invalid"),
    ({"roll": 3.5}, "roll", "invalid"),
    ({"roll": True}, "roll", "invalid"),
    ({"glancing": "yes"}, "glancing", "invalid"),
    ({"roll": 3, "cover": True}, "cover", "unknown_field"),
])
def test_it_refuses_a_roll_off_the_die(api, live_boarding_action, body, path, code):
    assert paths(api.post(HULL, json=body)) == [(path, code)]


def test_it_says_which_rolls_there_are(api, live_boarding_action):
    [error] = errors_of(api.post(HULL, json={"roll": 7}))
    assert "1 to 6" in error["message"]


# -- OpenAPI -------------------------------------------------------------------------------

ENDPOINTS = {
    KEMET: ("KemetBattleRequest", "KemetBattleResult"),
    ROUT: ("RoutTestRequest", "RoutTestResult"),
    HULL: ("HullBreachRequest", "HullBreachResult"),
}


@pytest.fixture
def schema(api, live_server):
    r = api.get("/api/schema/?format=json")
    assert r.status_code == 200
    return r.json()


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


@pytest.mark.parametrize("url", list(ENDPOINTS))
def test_it_documents_the_play_aids_with_examples(schema, url):
    request_name, result_name = ENDPOINTS[url]
    post = schema["paths"][url]["post"]
    assert post["tags"] == ["play aids"] and post["summary"] and post["description"]
    assert {"200", "400"} <= set(post["responses"])
    body = post["requestBody"]["content"]["application/json"]
    assert body["schema"] == ref(request_name) and body["examples"]
    ok = post["responses"]["200"]["content"]["application/json"]
    assert ok["schema"] == ref(result_name) and ok["examples"]
    bad = post["responses"]["400"]["content"]["application/json"]
    assert bad["schema"] == ref("Errors") and bad["examples"]
    for example in bad["examples"].values():
        assert set(example["value"]["errors"][0]) == {"path", "message", "code"}
    assert "security" not in post or post["security"] in ([], [{}])


def test_it_documents_the_kemet_body(schema):
    components = schema["components"]["schemas"]
    side = components["KemetSideRequest"]["properties"]
    assert set(side) == {"soldiers", "card", "card_values", "bonus", "interventions",
                         "prayer_points", "in_own_city_district"}
    assert set(components["KemetBattleRequest"]["properties"]) == {"attacker", "defender", "zone_reward"}
    post = schema["paths"][KEMET]["post"]
    [example] = post["requestBody"]["content"]["application/json"]["examples"].values()
    assert example["value"]["attacker"]["card"] == "str3-dmg2"
    assert "card_not_allowed" in post["responses"]["400"]["description"]


def props(components, name):
    """Every documented property of a component, nested objects as {name: {...}}."""
    out = {}
    for key, value in components[name]["properties"].items():
        target = value.get("$ref") or next(
            (v["$ref"] for v in value.get("allOf", []) + value.get("oneOf", []) if "$ref" in v),
            None)
        nested = target and target.rsplit("/", 1)[-1]
        out[key] = props(components, nested) if nested and "properties" in components[nested] else None
    return out


def shape(value, documented):
    if isinstance(documented, dict):
        assert isinstance(value, dict) and set(value) == set(documented), (value, documented)
        for key, sub in documented.items():
            shape(value[key], sub)


def test_the_answers_are_shaped_as_documented(api, schema, live_kemet):
    components = schema["components"]["schemas"]
    shape(fight(api, zone_reward="pyramid"), props(components, "KemetBattleResult"))
    shape(rout(api, members=10, out_of_action=3, leader_ld=8), props(components, "RoutTestResult"))
    shape(breach(api, roll=5), props(components, "HullBreachResult"))
