"""The other game systems over real HTTP: Boarding Action, Trupp, Mordheim and Kemet.

GET /api/v1/systems/<key>/ serves each system's own card, faction and special-action
fields; POST /api/v1/validate/ applies each system's rules (docs/rules/).
"""

import pytest

from tests.support.api import codes, only, validate
from tests.support.catalogue import by_key, catalogue, doc

pytestmark = pytest.mark.django_db(transaction=True)



@pytest.fixture
def load(load_system, live_server):
    """Load a shipped pack (fixtures/<key>.yaml) into the live server's database."""
    return load_system


# -- catalogues --------------------------------------------------------------------------


def test_boarding_action_catalogue_has_special_actions_and_unit_types(api, load):
    load("boarding-action")
    data = catalogue(api, "boarding-action")

    actions = by_key(data["special_actions"])
    assert len(actions) == 10
    for action in actions.values():
        assert {"key", "name", "role", "points", "variants", "attributes"} <= set(action)
        assert action["role"] in ("attacker", "defender")
        assert isinstance(action["attributes"]["effect"], str)
    gun = actions["defender-sentry-gun"]
    assert (gun["name"], gun["role"], gun["points"]) == ("Sentry gun", "defender", 20)
    assert gun["variants"] == [
        {"key": "flame", "name": "Flame template", "points": 20},
        {"key": "heavy", "name": "Heavy 4 (twin-linked)", "points": 25},
        {"key": "rapid-fire", "name": "Rapid fire (twin-linked)", "points": 30},
    ]
    assert gun["attributes"]["profiles"]["heavy"]["strength"] == 6
    assert actions["attacker-hatch-access-code"]["variants"] == []

    cards = by_key(data["cards"])
    walker = cards["boarding-walker"]
    assert (walker["unit_type"], walker["base_mm"], walker["points"]) == ("walker", 60, 105)
    assert walker["wargear"] == ["heavy_flamer", "close_combat_weapon"]
    assert cards["assault-trooper"]["wargear"] == ["jump_pack", "pistol", "chainblade"]
    transport = cards["armoured-transport"]
    assert (transport["unit_type"], transport["base_mm"]) == ("vehicle", None)
    # Other systems' fields are there, empty.
    assert (walker["alignment"], walker["mook"], walker["fighter"], walker["type_limit"]) == (None,) * 4
    assert (walker["options"], walker["stat_rows"]) == ([], [])
    assert data["factions"] == []


def test_trupp_catalogue_has_alignment_options_and_stat_rows(api, load):
    load("trupp")
    data = catalogue(api, "trupp")
    cards = by_key(data["cards"])
    assert {c["alignment"] for c in cards.values()} == {"good", "evil", "neutral"}
    assert all(isinstance(c["mook"], bool) and isinstance(c["sorcery"], bool) for c in cards.values())
    option_kinds = {o["kind"] for c in cards.values() for o in c["options"]}
    assert option_kinds == {"equipment", "ability", "spell", "veteran"}

    witch = cards["hedge-witch"]
    assert (witch["alignment"], witch["mook"], witch["sorcery"]) == ("good", False, True)
    options = by_key(witch["options"])
    # The sheet's own price (5) wins over the item's (4); without one, the item's price.
    assert options["firebolt"] == {"key": "firebolt", "points": 5, "name": "Firebolt", "kind": "spell"}
    assert options["bless"] == {"key": "bless", "points": 2, "name": "Bless", "kind": "spell"}
    assert options["amulet-of-warding"]["kind"] == "equipment"
    assert [r["Mana"] for r in witch["stat_rows"]] == [8, 8]

    knight = cards["knight-errant"]
    assert (knight["alignment"], knight["mook"], knight["sorcery"]) == ("good", False, False)
    options = by_key(knight["options"])
    assert options["veteran-seasoned"] == {"key": "veteran-seasoned", "points": 4,
                                           "name": "Veteran: Seasoned", "kind": "veteran"}
    assert options["hardy"]["kind"] == "ability"
    assert len(knight["stat_rows"]) == 3
    assert knight["stat_rows"][0] == {"KG_N": 6, "A_N": 2, "KG_F": None, "A_F": None, "STAE": 5,
                                      "BEW": 12, "WID": 9, "AGI": 8, "ZG": None, "Mana": None}
    assert knight["stat_rows"][2]["KG_N"] == 4

    assert (cards["skeleton-warrior"]["alignment"], cards["skeleton-warrior"]["mook"]) == ("evil", True)
    assert cards["sellsword"]["alignment"] == "neutral"
    assert (knight["unit_type"], knight["wargear"], knight["fighter"]) == (None, [], None)
    assert data["factions"] == [] and data["special_actions"] == []


def test_mordheim_catalogue_has_fighters_and_warband_rules(api, load):
    load("mordheim")
    data = catalogue(api, "mordheim")
    factions = by_key(data["factions"])
    rulebook = ("reikland", "middenheim", "marienburg", "skaven", "undead", "possessed")
    assert {k: (factions[k]["starting_gold"], factions[k]["min_size"], factions[k]["max_size"])
            for k in rulebook} == {
        "reikland": (500, 3, 15), "middenheim": (500, 3, 15), "marienburg": (600, 3, 15),
        "skaven": (500, 3, 20), "undead": (500, 3, 15), "possessed": (500, 3, 15),
    }

    cards = by_key(data["cards"])
    assert {c["fighter"] for c in cards.values()} == {"hero", "henchman", "hired_sword"}
    captain = cards["reikland-mercenary-captain"]
    assert (captain["fighter"], captain["type_limit"], captain["group_max"],
            captain["starting_experience"]) == ("hero", 1, None, 20)
    champion = cards["reikland-champion"]
    assert (champion["fighter"], champion["type_limit"], champion["starting_experience"]) == ("hero", 2, 8)
    warrior = cards["reikland-warrior"]
    assert (warrior["fighter"], warrior["type_limit"], warrior["group_max"],
            warrior["starting_experience"]) == ("henchman", None, 5, 0)
    assert (cards["reikland-marksman"]["type_limit"], cards["reikland-marksman"]["group_max"]) == (7, 5)
    assert (cards["possessed-beastman"]["type_limit"], cards["possessed-beastman"]["group_max"]) == (3, 3)
    assert (captain["unit_type"], captain["alignment"], captain["options"]) == (None, None, [])


def test_kemet_catalogue_keeps_card_attributes(api, load):
    load("kemet")
    data = catalogue(api, "kemet")
    assert data["cards"] == [] and data["factions"] == [] and data["special_actions"] == []
    items = by_key(data["items"])
    assert {i["kind"] for i in items.values()} == {"battle_card", "divine_intervention"}
    card = items["str5-sacrifice2"]
    assert card["kind"] == "battle_card"
    assert {k: card["attributes"][k] for k in ("strength", "shield", "damage", "sacrifice", "critical")} == {
        "strength": 5, "shield": 0, "damage": 0, "sacrifice": 2, "critical": 0}
    assert items["sample-bronze-wall"]["attributes"]["prayer_cost"] == 1
    assert items["sample-morning-offering"]["attributes"]["battle"] is False
    assert items["bluff"]["attributes"]["bluff"] is True


def test_godslayer_cards_and_factions_carry_the_new_fields_empty(api, load):
    load("godslayer")
    data = catalogue(api, "godslayer")
    captain = by_key(data["cards"])["nordgaard-gestir-captain"]
    assert (captain["unit_type"], captain["wargear"], captain["alignment"], captain["fighter"],
            captain["stat_rows"]) == (None, [], None, None, [])
    assert by_key(data["factions"])["nordgaard"]["starting_gold"] is None


# -- Boarding Action -----------------------------------------------------------------------

# 15 + 20 = 35 points of attacker special actions: 5 beyond the 30 free ones.
ACTIONS_35 = [{"action": "attacker-hatch-access-code"}, {"action": "attacker-smoke-grenades"}]
TROOPERS = {"card": "line-trooper", "count": 10}  # 10 x 10 points, 25 mm infantry


def custom(name, points, unit_type="infantry", base_mm=32, wargear=()):
    return {"custom": {"name": name, "points": points, "unit_type": unit_type,
                       "base_mm": base_mm, "wargear": list(wargear)}}


def boarding(*entries, role="attacker", special_actions=ACTIONS_35):
    return doc("boarding-action", *entries, role=role, special_actions=special_actions)


def test_boarding_action_counts_special_actions_beyond_the_free_points(api, load):
    load("boarding-action")
    result = validate(api, boarding(TROOPERS, custom("Veteran squad", 370)))
    assert result["valid"] is True and result["violations"] == []
    assert result["points"] == {"total": 475, "limit": 500, "entries": [100, 370],
                                "special_actions": [15, 20]}


def test_boarding_action_flags_a_total_over_the_battle_size(api, load):
    load("boarding-action")
    result = validate(api, boarding(TROOPERS, custom("Veteran squad", 396)))
    assert result["valid"] is False
    assert result["points"]["total"] == 501 and result["points"]["limit"] == 500
    assert codes(result) == ["special_action_budget"]  # one overspend, one violation
    params = only(result, "special_action_budget")["params"]
    assert (params["total"], params["over"], params["models"], params["paid"]) == (501, 1, 496, 5)


def test_boarding_action_refuses_a_defender_action_in_an_attackers_list(api, load):
    load("boarding-action")
    actions = [{"action": "attacker-barricade"}, {"action": "defender-welded-hatch"}]
    result = validate(api, boarding(TROOPERS, special_actions=actions))
    assert codes(result) == ["special_action_role"]
    violation = only(result, "special_action_role")
    assert violation["params"]["action_key"] == "defender-welded-hatch"
    assert violation["params"]["path"] == "special_actions[1]"
    assert violation["params"]["role"] == "attacker"
    assert validate(api, boarding(TROOPERS, role="defender", special_actions=actions[1:]))["valid"] is True


@pytest.mark.parametrize(("entry", "code"), [
    (custom("Armoured rhino", 35, unit_type="vehicle", base_mm=None), "forbidden_unit"),
    (custom("Great walker", 150, unit_type="walker", base_mm=90), "forbidden_unit"),
    ({"card": "siege-walker"}, "forbidden_unit"),
    (custom("Jump squad", 25, wargear=["bolt pistol", "Jump Packs"]), "forbidden_wargear"),
    ({"card": "assault-trooper"}, "forbidden_wargear"),
], ids=["custom-vehicle", "custom-walker-90mm", "card-walker-90mm", "custom-jump-pack", "card-jump-pack"])
def test_boarding_action_refuses_what_may_not_board(api, load, entry, code):
    load("boarding-action")
    result = validate(api, boarding(TROOPERS, entry, special_actions=[]))
    assert result["valid"] is False
    errors = [v for v in result["violations"] if v["severity"] == "error"]
    assert [(v["code"], v["entry"]) for v in errors] == [(code, 1)]


@pytest.mark.parametrize("entry", [
    custom("Dreadnought", 120, unit_type="walker", base_mm=60), {"card": "boarding-walker"},
], ids=["custom", "card"])
def test_boarding_action_lets_a_walker_on_60_mm_board(api, load, entry):
    load("boarding-action")
    result = validate(api, boarding(TROOPERS, entry, special_actions=[]))
    assert result["valid"] is True
    # Over 40 mm it keeps out of the side corridors: a play note, not an error.
    assert [(v["code"], v["severity"], v["entry"]) for v in result["violations"]] == [
        ("side_corridor", "info", 1)]


# -- Trupp ---------------------------------------------------------------------------------


def trupp(*entries, battle_size=None):
    return doc("trupp", *entries, battle_size=battle_size)


def test_trupp_prices_a_legal_troop(api, load):
    load("trupp")
    result = validate(api, trupp({"card": "knight-errant", "options": ["hardy", "veteran-seasoned"]},
                                 {"card": "sellsword"}, {"card": "militia-spearman", "count": 3}))
    assert result["valid"] is True and result["violations"] == []
    assert result["points"] == {"total": 38 + 15 + 21, "limit": 150, "entries": [38, 15, 21],
                                "special_actions": []}


def test_trupp_refuses_good_and_evil_in_one_troop(api, load):
    load("trupp")
    result = validate(api, trupp({"card": "knight-errant"}, {"card": "sellsword"}, {"card": "orc-chieftain"}))
    assert codes(result) == ["alignment"]
    violation = only(result, "alignment")
    assert violation["entry"] == 2
    assert (violation["params"]["other_card"], violation["params"]["alignment"]) == ("knight-errant", "evil")


@pytest.mark.parametrize("entries", [
    [{"card": "knight-errant"}, {"card": "knight-errant"}],
    [{"card": "knight-errant", "count": 2}],
], ids=["two-entries", "count-2"])
def test_trupp_fields_a_character_once(api, load, entries):
    load("trupp")
    result = validate(api, trupp(*entries))
    assert codes(result) == ["unique_character"]
    violation = only(result, "unique_character")
    assert (violation["entry"], violation["params"]["count"]) == (len(entries) - 1, 2)


@pytest.mark.parametrize("entries", [
    [{"card": "militia-spearman"}] * 5,
    [{"card": "militia-spearman", "count": 5}],
], ids=["five-entries", "count-5"])
def test_trupp_fields_a_mook_five_times(api, load, entries):
    load("trupp")
    result = validate(api, trupp(*entries))
    assert result["valid"] is True and result["violations"] == []
    assert result["points"]["total"] == 5 * 7


def test_trupp_refuses_an_option_not_on_the_sheet(api, load):
    load("trupp")
    result = validate(api, trupp({"card": "knight-errant", "options": ["hardy", "crossbow"]}))
    assert codes(result) == ["option_not_allowed"]
    violation = only(result, "option_not_allowed")
    assert (violation["entry"], violation["params"]["option_key"]) == (0, "crossbow")


def test_trupp_allows_one_veteran_variant(api, load):
    load("trupp")
    two = validate(api, trupp({"card": "knight-errant", "options": ["veteran-seasoned", "veteran-hardened"]}))
    assert codes(two) == ["one_veteran_variant"]
    assert only(two, "one_veteran_variant")["params"]["variant_keys"] == ["veteran-seasoned", "veteran-hardened"]
    assert validate(api, trupp({"card": "knight-errant", "options": ["veteran-hardened"]}))["valid"] is True


def test_trupp_needs_sorcery_for_a_spell(api, load):
    load("trupp")
    result = validate(api, trupp({"card": "apprentice-mage", "options": ["firebolt"]}))
    assert codes(result) == ["spell_needs_sorcery"]
    assert only(result, "spell_needs_sorcery")["params"]["spell_key"] == "firebolt"
    # Buying the Sorcery ability first makes the spell legal.
    bought = validate(api, trupp({"card": "apprentice-mage", "options": ["sorcery", "firebolt"]}))
    assert bought["valid"] is True and bought["points"]["total"] == 12 + 8 + 4


# -- Mordheim ------------------------------------------------------------------------------

CAPTAIN = {"card": "reikland-mercenary-captain", "name": "Captain Ulrich", "items": ["dagger", "sword"]}


def mordheim(*entries, faction="reikland", battle_size=None):
    # battle_size null: the warband's starting gold is the limit.
    return doc("mordheim", *entries, faction=faction, battle_size=battle_size)


def warriors(size, *items, card="reikland-warrior"):
    return {"card": card, "size": size, "items": list(items)}


def test_mordheim_accepts_a_legal_reikland_warband(api, load):
    load("mordheim")
    result = validate(api, mordheim(
        CAPTAIN,  # 60 + free first dagger + sword 10
        {"card": "reikland-champion", "items": ["axe"]},  # 35 + 5
        {"card": "reikland-youngblood"},  # 15
        warriors(3, "mace"),  # 3 x (25 + 3)
        warriors(2, "bow", card="reikland-marksman"),  # 2 x (25 + 10)
    ))
    assert result["valid"] is True and result["violations"] == []
    assert result["points"] == {"total": 279, "limit": 500, "entries": [70, 40, 15, 84, 70],
                                "special_actions": []}


def test_mordheim_spends_exactly_the_starting_gold(api, load):
    load("mordheim")
    # 70 + 5 x (25 + 15 + 20) + 2 x 65 = 500 gc; the Marienburg warband has 600.
    def warband(faction, extra=()):
        card = f"{faction}-"
        return mordheim(
            {**CAPTAIN, "card": card + "mercenary-captain"},
            warriors(5, "double-handed-weapon", "light-armour", card=card + "warrior"),
            *[{"card": card + "champion", "items": ["light-armour", "helmet"]}] * 2,
            *extra, faction=faction,
        )

    exact = validate(api, warband("reikland"))
    assert exact["valid"] is True and exact["points"]["total"] == exact["points"]["limit"] == 500
    over = validate(api, warband("reikland", [{"card": "reikland-youngblood"}]))
    assert codes(over) == ["gold_budget"]
    assert only(over, "gold_budget")["params"] == {"total": 515, "limit": 500, "over": 15}
    rich = validate(api, warband("marienburg", [{"card": "marienburg-youngblood"}]))
    assert rich["valid"] is True and rich["points"]["limit"] == 600


def test_mordheim_lets_a_battle_size_override_the_starting_gold(api, load):
    load("mordheim")
    result = validate(api, mordheim(CAPTAIN, warriors(3), battle_size=100))
    assert codes(result) == ["gold_budget"] and result["points"]["limit"] == 100


@pytest.mark.parametrize(("entries", "code", "entry"), [
    # 16 fighters, Reikland takes 15 (at 60 + 15 x 25 = 435 gc)
    ([CAPTAIN, warriors(5), warriors(5), warriors(5)], "warband_size", 3),
    # 2 fighters, at least 3
    ([CAPTAIN, {"card": "reikland-champion"}], "warband_size", None),
    # no Mercenary Captain
    ([{"card": "reikland-champion"}, warriors(3)], "leader", None),
    # 8 Marksmen in two groups, at most 7
    ([CAPTAIN, warriors(5, card="reikland-marksman"), warriors(3, card="reikland-marksman")], "type_limit", 2),
    # a group of 6, at most 5
    ([CAPTAIN, warriors(6)], "henchman_group", 1),
    # a hero is one model per entry
    ([CAPTAIN, {"card": "reikland-champion", "size": 2}, warriors(2)], "henchman_group", 1),
    # heavy armour is not on the Marksman's list
    ([CAPTAIN, warriors(2, "heavy-armour", card="reikland-marksman")], "equipment_not_allowed", 1),
], ids=["too-many", "too-few", "no-leader", "marksmen", "group-of-6", "hero-group", "marksman-armour"])
def test_mordheim_refuses_an_illegal_warband(api, load, entries, code, entry):
    load("mordheim")
    result = validate(api, mordheim(*entries))
    assert result["valid"] is False
    assert codes(result) == [code]
    assert only(result, code)["entry"] == entry
    assert result["points"]["limit"] == 500


def test_mordheim_counts_at_most_six_heroes(api, load):
    load("mordheim")
    # Each warband's type limits allow at most six heroes (Skaven: 1 + 1 + 2 + 2), so a
    # seventh hero always breaks a type limit too.
    heroes = [{"card": "skaven-assassin-adept"}, {"card": "skaven-eshin-sorcerer"},
              *[{"card": "skaven-black-skaven"}] * 2, *[{"card": "skaven-night-runner"}] * 2]
    six = validate(api, mordheim(*heroes, faction="skaven"))
    assert six["valid"] is True and six["points"]["total"] == 60 + 45 + 80 + 40
    seven = validate(api, mordheim(*heroes, {"card": "skaven-night-runner"}, faction="skaven"))
    assert codes(seven) == ["hero_limit", "type_limit"]
    violation = only(seven, "hero_limit")
    assert (violation["entry"], violation["params"]["count"], violation["params"]["max"]) == (6, 7, 6)
