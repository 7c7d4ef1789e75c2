"""The matchup endpoints over real HTTP (POST /api/v1/godslayer/matchup/ and
/api/v1/trupp/matchup/): the documented examples still come out, every field counts, no
credentials or CSRF token are needed, and every bad input is a 400 naming its field."""

import copy

import pytest

from armylists.games.godslayer import examples as godslayer_examples
from armylists.games.trupp import examples as trupp_examples
from tests.support.http import Http
from tests.support.users import make_user

pytestmark = pytest.mark.django_db(transaction=True)

GODSLAYER = "/api/v1/godslayer/matchup/"
TRUPP = "/api/v1/trupp/matchup/"
CAPTAIN, OGRE, WITCH = "nordgaard-gestir-captain", "nordgaard-ogre-huscarl", "nordgaard-ravenwitch"


@pytest.fixture
def live_packs(transactional_db, live_server):
    from tests.support.shipped import load_shipped

    return [load_shipped(key) for key in ("godslayer", "trupp")]


def body(example, **changes):
    """The documented example with some fields changed (``attacker__items=[...]``)."""
    data = copy.deepcopy(example)
    for key, value in changes.items():
        target = data
        *parents, last = key.split("__")
        for parent in parents:
            target = target[parent]
        target[last] = value
    return data


def g(**changes):
    return body(godslayer_examples.MATCHUP_EXAMPLE, **changes)


def t(**changes):
    return body(trupp_examples.MATCHUP_EXAMPLE, **changes)


def errors_of(response):
    assert response.status_code == 400, response.text
    body = response.json()
    assert set(body) == {"errors"} and body["errors"]
    for error in body["errors"]:
        assert set(error) == {"path", "message", "code"} and error["message"]
    return body["errors"]


def paths(response):
    return [(e["path"], e["code"]) for e in errors_of(response)]


def rounded(value):
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rounded(v) for v in value]
    return value


def answer(api, url, data):
    r = api.post(url, json=data)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize(("url", "module"), [(GODSLAYER, godslayer_examples),
                                             (TRUPP, trupp_examples)])
def test_it_answers_the_documented_example(api, live_packs, url, module):
    # the example rounds probabilities to 4 places
    assert rounded(answer(api, url, module.MATCHUP_EXAMPLE)) == module.MATCHUP_RESULT_EXAMPLE


def test_it_counts_the_godslayer_example_by_hand(api, live_packs):
    # Ogre Huscarl charges (MEL 6 + 1) the Gestir Captain (DEF 11): 2D6 >= 4, 33 of 36;
    # Great Axe STR 7 + 1 - ARM 3: 2D6 + 5. One attack takes the 16 hit points off on an
    # 11 or 12: 33/36 * 3/36 = 11/144.
    result = answer(api, GODSLAYER, g())
    assert (result["hit_fraction"], result["hit_roll_needed"]) == ("33/36", 4)
    assert result["take_out_fraction"] == "11/144"
    assert result["damage_distribution"]["7"] == pytest.approx(33 / 36 / 36)
    assert result["expected_damage"] == pytest.approx(33 / 36 * 12)


@pytest.mark.parametrize(("changes", "hit_fraction", "strength"), [
    ({"modifiers__charge": False}, "30/36", 7),  # 2D6 + 6 >= 11: 5 or more
    ({"modifiers__charge": False, "modifiers__style": "offensive"}, "33/36", 7),
    ({"modifiers__charge": False, "modifiers__style": "powerful"}, "30/36", 8),
    ({"modifiers__charge": False, "modifiers__opportunity": True}, "35/36", 7),  # +2: 3 or more
    ({"modifiers__knocked_down": True}, "36/36", 8),  # DEF 9
    ({"defender__items": ["nordgaard-round-shield"]}, "30/36", 8),  # DEF 12
    ({"defender__wounds_taken": 10}, "35/36", 8),  # 6 left: severely wounded, DEF 10
    ({"attacker__wounds_taken": 14}, "30/36", 8),  # 8 left: severely wounded, MEL 6
])
def test_it_applies_each_godslayer_modifier(api, live_packs, changes, hit_fraction, strength):
    result = answer(api, GODSLAYER, g(**changes))
    assert result["hit_fraction"] == hit_fraction and result["weapon"]["str"] == strength


def test_it_shoots_beyond_range(api, live_packs):
    archers = {"card": "nordgaard-tundra-archers"}
    near = answer(api, GODSLAYER, g(attacker=archers, weapon="Longbow", attack="ranged",
                                    modifiers={"charge": False}))
    far = answer(api, GODSLAYER, g(attacker=archers, weapon="Longbow", attack="ranged",
                                   modifiers={"beyond_range": True}))
    # RAN 4 against DEF 11: 7 or more (21); beyond range RAN 3: 8 or more (15), STR 4 - 1
    assert (near["hit_fraction"], near["weapon"]["str"]) == ("21/36", 4)
    assert (far["hit_fraction"], far["weapon"]["str"]) == ("15/36", 3)


def test_it_takes_a_bought_weapon_and_typed_values(api, live_packs):
    result = answer(api, GODSLAYER, g(attacker={"card": WITCH, "items": ["nordgaard-raven-staff"]},
                                      weapon=None, modifiers={}))
    assert result["weapon"]["name"] == "Raven Staff"
    typed = {"name": "My hero", "MEL": 6, "RAN": 0, "DEF": 11, "ARM": 3, "hit_points": 16,
             "orange_from": 6, "save": 5,
             "weapons": [{"name": "Rune Sword", "type": "melee", "range": 1, "str": 5}]}
    result = answer(api, GODSLAYER, {"attacker": {"card_values": typed},
                                     "defender": {"card_values": typed}})
    assert result["hit_fraction"] == "30/36" and result["defender"]["save"] == 5  # 6 vs 11
    assert result["attacks"] == 1 and list(result["take_out_within"]) == ["1"]


def test_it_counts_trupp_per_attack_and_per_action(api, live_packs):
    # Knight Errant with the Rune Blade: KG (N) 8, STÄ 6. The Orc Chieftain, one wound
    # taken: AGI 5, WID 10. Hit 35 (only a double 1 fails), wound 2D6 >= 4: 33.
    result = answer(api, TRUPP, t())
    assert (result["hit_fraction"], result["wound_test_fraction"]) == ("35/36", "33/36")
    assert result["wound_fraction"] == "1155/1296"
    assert result["attacks_per_action"] == 2 and result["wounds_to_take_out"] == 2
    p = 1155 / 1296
    assert result["take_out_probability"] == pytest.approx(p * p)  # 2 wounds in 2 attacks


def test_it_shoots_in_trupp_with_cover(api, live_packs):
    ranger = {"card": "elven-ranger"}
    open_ = answer(api, TRUPP, t(attacker=ranger, attack="ranged", weapon="Shortbow"))
    hidden = answer(api, TRUPP, t(attacker=ranger, attack="ranged",
                                  modifiers={"cover": "mostly_hidden"}))
    # KG (F) 6 against AGI 5: 35 (double 1); mostly hidden KG (F) 2: 2D6 >= 3, 35 as well
    assert open_["hit_fraction"] == "35/36" and open_["weapon"] == {"name": "Shortbow",
                                                                    "ranged": True}
    assert hidden["hit_fraction"] == "35/36"
    quarter = answer(api, TRUPP, t(attacker=ranger, attack="ranged", defender={"card": "knight-errant"},
                                   modifiers={"cover": "quarter_hidden"}))
    assert quarter["hit_fraction"] == "30/36"  # KG (F) 4 against AGI 8 + shield 1: 5 or more


@pytest.mark.parametrize("url", [GODSLAYER, TRUPP])
def test_it_needs_no_credentials_and_no_csrf_token(api, live_packs, url):
    data = g() if url == GODSLAYER else t()
    r = api.post(url, json=data, headers={"Authorization": "Token not-a-token"})
    assert r.status_code == 200, r.text
    from django.test import Client

    client = Client()
    client.force_login(make_user("alice"))
    browser = Http(api.base)  # logged in with the session cookie, no CSRF token sent
    browser.session.cookies.set("sessionid", client.cookies["sessionid"].value)
    assert browser.post(url, json=data).status_code == 200


GODSLAYER_ERRORS = [
    (g(defender={"card": "nordgaard-jarl"}), [("defender.card", "unknown_key")]),
    (g(attacker={"items": []}), [("attacker.card", "required")]),
    (g(attacker__items=["nordgaard-chainmail"]), [("attacker.items[0]", "item_not_allowed")]),
    (g(attacker__items=["nordgaard-nothing"]), [("attacker.items[0]", "unknown_key")]),
    (g(attacker__items=["x"] * 21), [("attacker.items", "max_length")]),
    (g(attacker__options=["nordgaard-chainmail"]), [("attacker.options", "invalid")]),
    (g(attacker__wounds_taken=22), [("attacker.wounds_taken", "invalid")]),
    (g(attacker__wounds_taken=-1), [("attacker.wounds_taken", "min_value")]),
    (g(attacker__wounds_taken="2"), [("attacker.wounds_taken", "invalid")]),
    (g(attacker__card=["x"]), [("attacker.card", "invalid")]),
    (g(attacker__card="x" * 101), [("attacker.card", "max_length")]),
    (g(attacker__horse=True), [("attacker.horse", "unknown_field")]),
    (g(weapon="Rune Sword"), [("weapon", "not_carried")]),
    (g(attack="ranged", modifiers={}), [("weapon", "invalid")]),
    (g(weapon=None, attack="ranged", modifiers={}), [("attack", "no_weapon")]),
    (g(attack="magic"), [("attack", "invalid_choice")]),
    (g(modifiers__style="powerful"), [("modifiers.style", "invalid")]),
    (g(modifiers__style="sneaky"), [("modifiers.style", "invalid_choice")]),
    (g(modifiers__opportunity=True), [("modifiers.opportunity", "invalid")]),
    (g(modifiers__beyond_range=True), [("modifiers.beyond_range", "invalid")]),
    (g(modifiers__charge="yes"), [("modifiers.charge", "invalid")]),
    (g(modifiers__cover="quarter_hidden"), [("modifiers.cover", "unknown_field")]),
    (g(attacks=0), [("attacks", "min_value")]),
    (g(attacks=21), [("attacks", "max_value")]),
    (g(attacks=1.5), [("attacks", "invalid")]),
    (g(luck=1), [("luck", "unknown_field")]),
    ({"attacker": {"card": OGRE}}, [("defender", "required")]),
    (g(attacker={"card_values": {"MEL": 5, "hit_points": 0}}),
     [("attacker.card_values.hit_points", "min_value")]),
    (g(attacker={"card_values": {"MEL": 99, "hit_points": 5}}),
     [("attacker.card_values.MEL", "max_value")]),
    (g(attacker={"card_values": {"hit_points": 5, "save": 1}}),
     [("attacker.card_values.save", "min_value")]),
    (g(attacker={"card_values": {"hit_points": 5, "weapons": [{"name": "Club", "type": "melee"}]}}),
     [("attacker.card_values.weapons[0].str", "required")]),
    (g(attacker={"card_values": {"hit_points": 5, "orange_from": 5}}, weapon=None),
     [("attacker.card_values.orange_from", "invalid"), ("attack", "no_weapon")]),
    ([], [("", "invalid")]),
]

TRUPP_ERRORS = [
    (t(defender__card="troll"), [("defender.card", "unknown_key")]),
    (t(attacker__options=["chainmail"]), [("attacker.options[0]", "option_not_allowed")]),
    (t(attacker__options=["mithril"]), [("attacker.options[0]", "unknown_key")]),
    (t(attacker__items=["rune-blade"]), [("attacker.items", "invalid")]),
    (t(defender__wounds_taken=3), [("defender.wounds_taken", "invalid")]),
    (t(attack="ranged"), [("attack", "no_weapon")]),
    (t(weapon="Crossbow"), [("weapon", "not_carried")]),
    (t(modifiers={"cover": "quarter_hidden"}), [("modifiers.cover", "invalid")]),
    (t(modifiers={"cover": "behind a tree"}), [("modifiers.cover", "invalid_choice")]),
    (t(modifiers={"charge": True}), [("modifiers.charge", "invalid")]),
    (t(modifiers={"beyond_range": True}), [("modifiers.beyond_range", "invalid")]),
    (t(attacks=99), [("attacks", "max_value")]),
    (t(attacker={"card_values": {"stat_rows": [{"KG_N": 4}]}}),
     [("attacker.card_values.stat_rows[0].A_N", "required"),
      ("attacker.card_values.stat_rows[0].STAE", "required"),
      ("attacker.card_values.stat_rows[0].WID", "required"),
      ("attacker.card_values.stat_rows[0].AGI", "required")]),
    (t(attacker={"card_values": {"stat_rows": []}}),
     [("attacker.card_values.stat_rows", "required")]),
]


@pytest.mark.parametrize(("data", "expected"), GODSLAYER_ERRORS)
def test_it_names_the_field_of_an_impossible_godslayer_matchup(api, live_packs, data, expected):
    assert paths(api.post(GODSLAYER, json=data)) == expected


@pytest.mark.parametrize(("data", "expected"), TRUPP_ERRORS)
def test_it_names_the_field_of_an_impossible_trupp_matchup(api, live_packs, data, expected):
    assert paths(api.post(TRUPP, json=data)) == expected


def test_it_says_which_weapons_the_attacker_has(api, live_packs):
    [error] = errors_of(api.post(GODSLAYER, json=g(weapon="Rune Sword")))
    assert error["message"] == "Ogre Huscarl has no weapon 'Rune Sword' (it has: Great Axe)"


@pytest.mark.parametrize("url", [GODSLAYER, TRUPP])
def test_it_refuses_what_is_not_json_and_answers_only_post(api, live_packs, url):
    r = api.session.post(api.url(url), data="{attacker: 1",
                         headers={"Content-Type": "application/json"}, timeout=30)
    [error] = errors_of(r)
    assert error["code"] == "parse_error"
    r = api.get(url)
    assert r.status_code == 405 and "errors" in r.json()


@pytest.mark.parametrize(("url", "data"), [(GODSLAYER, g()), (TRUPP, t())])
def test_it_answers_404_without_the_game_data(api, transactional_db, url, data):
    r = Http(api.base).post(url, json=data)
    assert r.status_code == 404 and "not loaded" in r.json()["errors"][0]["message"]


def test_it_documents_both_endpoints_with_examples(api, live_packs):
    schema = api.get("/api/schema/?format=json").json()
    for url, name in ((GODSLAYER, "GodslayerMatchup"), (TRUPP, "TruppMatchup")):
        post = schema["paths"][url]["post"]
        assert {"200", "400", "404"} <= set(post["responses"])
        request = post["requestBody"]["content"]["application/json"]
        assert request["schema"] == {"$ref": f"#/components/schemas/{name}Request"}
        assert request["examples"], url
        ok = post["responses"]["200"]["content"]["application/json"]
        assert ok["schema"] == {"$ref": f"#/components/schemas/{name}Result"}
        assert ok["examples"] and post["responses"]["400"]["content"]["application/json"]["examples"]
        assert post.get("security") in (None, [], [{}])
    side = schema["components"]["schemas"]["GodslayerMatchupSideRequest"]["properties"]
    assert side["wounds_taken"]["maximum"] == 99 and side["items"]["maxItems"] == 20
