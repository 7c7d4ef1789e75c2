"""Table-driven tests of the Boarding Action validators (docs/rules/boarding_action.md).

Each rule code has at least one legal and one illegal list. The catalogue is built by
hand here, so the tests hold whatever the sample pack says; a few tests at the end check
that the shipped pack is well-formed and agrees with the code.
"""

import random
from dataclasses import replace

import pytest

from rules.engine import Card, Catalogue, SpecialAction, ValidatorSpec, Variant, parse, validate
from rules.systems.boarding_action import (
    HULL_BREACH,
    RULES,
    hull_breach,
    roll_hull_breach,
    unit_of,
)
from rules.systems.boarding_action.wargear import fold, matches, stem_pattern
from tests.support.engine import Probe
from tests.support.paths import FIXTURES, read_yaml


def unit(key, name, unit_type, base_mm, points, wargear=()):
    return Card(key=key, name=name, points=points, base_mm=base_mm,
                attributes={"unit_type": unit_type, "wargear": list(wargear)})


CARDS = [
    unit("trooper", "Line Trooper", "infantry", 25, 10, ["rifle"]),
    unit("marine", "Armoured Trooper", "infantry", 32, 18, ["rifle", "frag_grenades"]),
    unit("veteran", "Heavy Veteran", "infantry", 40, 40, ["storm_shield"]),
    unit("brute", "Brute", "infantry", 50, 30),
    unit("assault", "Assault Trooper", "infantry", 32, 22, ["jump_pack", "pistol"]),
    unit("walker", "Boarding Walker", "walker", 60, 100, ["flamer"]),
    unit("big-walker", "Siege Walker", "walker", 90, 150),
    unit("monster", "Brood Beast", "monstrous_creature", 60, 120),
    unit("big-monster", "Hive Colossus", "monstrous_creature", 105, 200),
    unit("bike", "Outrider", "bike", 75, 25),
    unit("hound", "War Hound", "beast", 40, 8),
    unit("transport", "Armoured Transport", "vehicle", None, 35),
]

SENTRY = SpecialAction("sentry", "Sentry Gun", "defender", 20, variants=(
    Variant("flame", "Flame template", 20),
    Variant("heavy", "Heavy", 25),
    Variant("rapid", "Rapid fire", 30),
))

ACTIONS = [
    SpecialAction("code", "Hatch Access Code", "attacker", 15),
    SpecialAction("hack", "Hacking Kit", "attacker", 10),
    SpecialAction("smoke", "Smoke Grenades", "attacker", 20),
    SpecialAction("a-trap", "Booby Trap", "attacker", 30),
    SpecialAction("gases", "Hot Gases", "defender", 10),
    SpecialAction("weld", "Welded Hatch", "defender", 10),
    SENTRY,
]

CATALOGUE = Catalogue(
    system="boarding-action",
    name="Boarding Action",
    data_version="test",
    cards={c.key: c for c in CARDS},
    special_actions={a.key: a for a in ACTIONS},
    attributes={"custom_units": True},
    validators=tuple(
        ValidatorSpec(code, params)
        for code, params in [
            ("unknown_key", {}),
            ("battle_size", {"limit": 500, "free_special_action_points": 30}),
            ("battle_size_standard", {}),
            ("special_action_role", {"roles": ["attacker", "defender"]}),
            ("special_action_budget", {}),
            ("special_action_variant", {}),
            ("forbidden_unit", {
                "infantry_max_base_mm": 40, "walker_max_base_mm": 60,
                "monstrous_creature_max_base_mm": 60, "forbidden_types": ["vehicle"],
                "allowed_types": ["infantry", "walker", "monstrous_creature", "bike",
                                  "jetbike", "beast", "swarm"],
            }),
            ("forbidden_wargear", {"stems": ["wing", "*wings", "jump pack", "grav chute",
                                             "*flügel", "sprung modul"]}),
            ("side_corridor", {"max_base_mm": 40, "barred_types": ["bike", "jetbike"]}),
        ]
    ),
)


def doc(*entries, role="attacker", actions=(), battle_size=None):
    return {
        "system": "boarding-action", "faction": None, "role": role, "battle_size": battle_size,
        "entries": list(entries),
        "special_actions": [
            {"action": a, "count": 1} if isinstance(a, str) else a for a in actions
        ],
    }


def troopers(points):
    """Line troopers worth ``points`` (a multiple of 10)."""
    return {"card": "trooper", "count": points // 10}


def custom(name, points=10, unit_type="infantry", base_mm=25, wargear=()):
    return {"custom": {"name": name, "points": points, "unit_type": unit_type,
                       "base_mm": base_mm, "wargear": list(wargear)}}


# 35 points of special actions: 5 beyond the 30 free ones.
ACTIONS_35 = ("code", "smoke")
MODELS_496 = (troopers(460), custom("Sergeant", 36))


_probe = Probe(CATALOGUE)
result, codes, only = _probe.result, _probe.codes, _probe.only




CASES = [
    # (rule code, list, expected codes)
    ("battle_size", doc(troopers(470), actions=ACTIONS_35), []),
    # one overspend, one violation: the paid special actions take it over, so that code says it
    ("battle_size", doc(*MODELS_496, actions=ACTIONS_35), ["special_action_budget"]),
    ("battle_size", doc(troopers(500), actions=("a-trap",)), []),  # 30 free
    ("battle_size", doc(troopers(510)), ["battle_size"]),
    ("battle_size", doc(troopers(470), battle_size=400), ["battle_size", "battle_size_standard"]),
    ("battle_size_standard", doc(troopers(500), battle_size=500), []),
    ("battle_size_standard", doc(troopers(500)), []),  # no size named: the standard
    ("battle_size_standard", doc(troopers(500), battle_size=1000), ["battle_size_standard"]),
    ("battle_size_standard", doc(troopers(1010), battle_size=1000),
     ["battle_size", "battle_size_standard"]),
    ("special_action_budget", doc(troopers(500), actions=("code", "hack")), []),
    ("special_action_budget", doc(troopers(450), actions=("a-trap", "a-trap")), []),  # 480
    ("special_action_budget", doc(troopers(490), actions=("a-trap", "smoke")),
     ["special_action_budget"]),
    ("special_action_budget", doc(troopers(510), actions=("a-trap", "smoke")), ["battle_size"]),
    ("special_action_role", doc(troopers(100), actions=("code", "hack")), []),
    ("special_action_role", doc(troopers(100), actions=("code", "gases")), ["special_action_role"]),
    ("special_action_role", doc(troopers(100), role="defender", actions=("weld",)), []),
    ("special_action_role", doc(troopers(100), role="defender", actions=("smoke",)),
     ["special_action_role"]),
    ("special_action_role", doc(troopers(100), role=None), []),
    ("special_action_role", doc(troopers(100), role=None, actions=("code",)),
     ["special_action_role"]),
    ("special_action_role", doc(troopers(100), role="pirate"), ["special_action_role"]),
    ("special_action_variant", doc(
        troopers(100), role="defender",
        actions=({"action": "sentry", "variant": "heavy", "count": 2},)), []),
    ("special_action_variant", doc(troopers(100), role="defender", actions=("sentry",)),
     ["special_action_variant"]),
    ("forbidden_unit", doc({"card": "trooper"}, {"card": "marine"}, {"card": "veteran"}), []),
    ("forbidden_unit", doc({"card": "brute"}), ["forbidden_unit", "side_corridor"]),
    ("forbidden_unit", doc({"card": "walker"}), ["side_corridor"]),  # info only: legal
    ("forbidden_unit", doc({"card": "big-walker"}), ["forbidden_unit", "side_corridor"]),
    ("forbidden_unit", doc({"card": "monster"}), ["side_corridor"]),
    ("forbidden_unit", doc({"card": "big-monster"}), ["forbidden_unit", "side_corridor"]),
    ("forbidden_unit", doc({"card": "transport"}), ["forbidden_unit"]),
    ("forbidden_unit", doc(custom("Battle Tank", 150, "vehicle", None)), ["forbidden_unit"]),
    ("forbidden_unit", doc(custom("Walker", 100, "walker", 60)), ["side_corridor"]),
    ("forbidden_unit", doc(custom("Walker", 100, "walker", 61)),
     ["forbidden_unit", "side_corridor"]),
    ("forbidden_unit", doc(custom("Trooper", 10, "infantry", None)), ["forbidden_unit"]),
    ("forbidden_unit", doc({"custom": {"name": "Thing", "points": 10}}), ["forbidden_unit"]),
    ("forbidden_unit", doc({"card": "hound"}, custom("Swarm", 12, "swarm", 40)), []),
    ("forbidden_wargear", doc({"card": "marine"}, custom("Scout", 12, wargear=["rifle"])), []),
    ("forbidden_wargear", doc({"card": "assault"}), ["forbidden_wargear"]),
    ("forbidden_wargear", doc(custom("Raptor", 20, wargear=["Jump Pack"])), ["forbidden_wargear"]),
    ("forbidden_wargear", doc(custom("Angel", 30, base_mm=40, wargear=["wings"])),
     ["forbidden_wargear"]),
    ("side_corridor", doc({"card": "veteran"}, {"card": "hound"}), []),
    ("side_corridor", doc({"card": "bike"}), ["side_corridor"]),
    ("side_corridor", doc({"card": "walker"}), ["side_corridor"]),
    ("unknown_key", doc(custom("Guardsman")), []),  # custom units are this system's
    ("unknown_key", {**doc(troopers(10)), "faction": "space-marines"}, ["unknown_key"]),
    ("unknown_key", doc({"card": "nope"}), ["unknown_key"]),
    ("unknown_key", doc(troopers(10), actions=("nope",)), ["unknown_key"]),
    ("unknown_key", doc(troopers(10), role="defender",
                        actions=({"action": "sentry", "variant": "laser"},)), ["unknown_key"]),
]


@pytest.mark.parametrize(
    ("code", "data", "expected"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_it_reports_exactly_the_broken_rules(code, data, expected):
    assert sorted(codes(data)) == sorted(expected)




# -- What the issue says must hold --------------------------------------------------------


def test_35_points_of_special_actions_with_470_of_models_is_legal():
    r = result(doc(troopers(470), actions=ACTIONS_35))
    assert r.valid and r.violations == []
    assert r.points.total == 475
    assert r.points.limit == 500
    assert r.points.entries == [470]


def test_35_points_of_special_actions_with_496_of_models_is_not():
    r = result(doc(*MODELS_496, actions=ACTIONS_35))
    assert not r.valid
    assert r.points.total == 501
    # the paid special actions take it over: one violation says so, not two
    assert [v.code for v in r.violations if v.severity == "error"] == ["special_action_budget"]
    v = only(doc(*MODELS_496, actions=ACTIONS_35), "special_action_budget")
    assert v.params["over"] == 1 and v.params["paid"] == 5


def test_models_over_with_paid_special_actions_name_both_parts_in_one_violation():
    r = result(doc(troopers(510), actions=ACTIONS_35))
    assert [v.code for v in r.violations if v.severity == "error"] == ["battle_size"]
    v = only(doc(troopers(510), actions=ACTIONS_35), "battle_size")
    assert v.entry is None and v.severity == "error"
    assert v.params == {"total": 515, "limit": 500, "over": 15, "models": 510,
                        "special_actions": 35, "free": 30, "paid": 5}
    assert v.message == (
        "515 points exceed the battle size of 500 by 15: 510 for models and 5 for special "
        "actions beyond the 30 free points (35 in all)"
    )


def test_a_defender_action_in_an_attackers_list_is_refused():
    v = only(doc(troopers(100), actions=("code", "gases")), "special_action_role")
    assert v.entry is None
    assert v.params == {"action": "Hot Gases", "action_key": "gases", "action_role": "defender",
                        "role": "attacker", "index": 1, "path": "special_actions[1]"}
    assert v.message == "Hot Gases is a special action of the defender; this list is the attacker"


@pytest.mark.parametrize(("entry", "code"), [
    (custom("Battle Tank", 150, "vehicle", None), "forbidden_unit"),
    ({"card": "big-walker"}, "forbidden_unit"),
    (custom("Raptor", 20, "infantry", 32, ["jump pack"]), "forbidden_wargear"),
])
def test_it_refuses_vehicles_big_walkers_and_jump_packs(entry, code):
    r = result(doc(troopers(100), entry))
    assert not r.valid
    assert [(v.code, v.entry) for v in r.violations if v.severity == "error"] == [(code, 1)]


def test_a_walker_on_60mm_passes():
    r = result(doc({"card": "walker"}, custom("Walker", 100, "walker", 60)))
    assert r.valid
    assert {v.severity for v in r.violations} == {"info"}  # side corridors only


# -- Messages, params and entry indexes -----------------------------------------------------


def test_it_says_the_special_action_numbers_in_the_budget_violation():
    v = only(doc(troopers(490), actions=("a-trap", "smoke")), "special_action_budget")
    assert v.entry is None and v.severity == "error"
    assert v.params == {"special_actions": 50, "free": 30, "paid": 20, "models": 490,
                        "total": 510, "limit": 500, "over": 10}
    assert v.message == (
        "Special actions cost 50 points: 30 are free, the other 20 come out of the army's "
        "points and take the total to 510, 10 over the battle size of 500"
    )


def test_it_says_the_plain_totals_when_no_special_actions_are_paid():
    v = only(doc(troopers(510)), "battle_size")
    assert v.message == "510 points exceed the battle size of 500 by 10"
    assert v.params["paid"] == 0 and v.params["models"] == 510


def test_it_names_the_unit_its_type_and_its_base():
    r = result(doc(troopers(10), {"card": "big-walker"}, custom("Ogre", 40, "infantry", 50)))
    walker, ogre = [v for v in r.violations if v.code == "forbidden_unit"]
    assert walker.entry == 1 and ogre.entry == 2
    assert walker.message == "Siege Walker (walker, 90 mm base): bases of at most 60 mm"
    assert walker.params["card"] == "big-walker" and walker.params["max_base_mm"] == 60
    assert ogre.message == "Ogre (infantry, 50 mm base): bases of at most 40 mm"
    assert ogre.params["custom"] is True and ogre.params["card"] is None


def test_it_explains_why_a_vehicle_is_refused():
    v = only(doc(custom("Battle Tank", 150, "vehicle", None)), "forbidden_unit")
    assert v.message == (
        "Battle Tank is a vehicle: no vehicles, except walkers on bases of at most 60 mm"
    )
    assert v.params["unit_type"] == "vehicle"


def test_it_asks_for_the_base_and_the_type_it_cannot_judge():
    r = result(doc(custom("Trooper", 10, "infantry", None), {"custom": {"name": "Thing",
                                                                         "points": 5}}))
    no_base, no_type = r.violations
    assert no_base.message == "Trooper (infantry) needs a base size: bases of at most 40 mm"
    assert no_type.message.startswith("Thing needs a unit type; allowed are: infantry, walker")


def test_it_names_a_type_the_pack_does_not_allow():
    cat = replace(CATALOGUE, cards={**CATALOGUE.cards, "flyer": unit(
        "flyer", "Interceptor", "flyer", None, 90)})
    v = [v for v in result(doc({"card": "flyer"}), cat).violations][0]
    assert v.code == "forbidden_unit"
    assert v.message == (
        "Interceptor is a flyer; allowed are: infantry, walker, monstrous creature, bike, "
        "jetbike, beast, swarm"
    )


def test_without_a_walker_limit_every_vehicle_is_refused_plainly():
    cat = replace(CATALOGUE, validators=(ValidatorSpec("forbidden_unit", {
        "forbidden_types": ["vehicle", "walker"]}),))
    r = result(doc({"card": "transport"}, {"card": "walker"}), cat)
    assert [v.message for v in r.violations] == [
        "Armoured Transport is a vehicle: no vehicle may board",
        "Boarding Walker is a walker: no walker may board",
    ]


def test_it_names_the_forbidden_wargear():
    v = only(doc(troopers(10), custom("Raptor", 20, wargear=["Bolt Pistol", "Jump Packs"])),
             "forbidden_wargear")
    assert v.entry == 1
    assert v.message == (
        "Raptor carries Jump Packs: no wings, jump packs or other flight gear on board"
    )
    assert v.params["forbidden"] == ["Jump Packs"]


@pytest.mark.parametrize(("names", "shown"), [
    ({"jump_pack": {"en": "jump pack", "de": "Sprungmodul"}}, "jump pack"),  # the pack's
    ({}, "jump pack"),  # no name in the pack: the keyword with spaces, never "jump_pack"
])
def test_it_names_a_cards_wargear_keyword_in_words(names, shown):
    cat = replace(CATALOGUE, attributes={"custom_units": True, "keyword_names": names})
    [v] = [v for v in result(doc({"card": "assault"}), cat).violations
           if v.code == "forbidden_wargear"]
    assert v.message.startswith(f"Assault Trooper carries {shown}:")
    assert v.params["forbidden"] == ["jump_pack"]  # the data keeps the keyword


def test_it_asks_an_unroled_list_for_its_role():
    v = only(doc(troopers(10), role=None, actions=("code",)), "special_action_role")
    assert v.message == "Choose the list's role (attacker, defender) to buy special actions"


def test_it_refuses_a_role_the_system_does_not_have():
    v = only(doc(troopers(10), role="pirate", actions=("code",)), "special_action_role")
    assert v.message == "The list's role 'pirate' is not one of attacker, defender"
    assert v.entry is None


def test_it_asks_for_the_sentry_guns_weapon():
    v = only(doc(troopers(10), role="defender", actions=("sentry",)), "special_action_variant")
    assert v.message == (
        "Sentry Gun needs one of its variants: Flame template (20), Heavy (25), Rapid fire (30)"
    )
    assert v.params["variant_keys"] == ["flame", "heavy", "rapid"]
    assert v.params["path"] == "special_actions[0].variant"


def test_side_corridor_is_information_only():
    r = result(doc({"card": "bike"}, {"card": "walker"}))
    assert r.valid
    bike, walker = r.violations
    assert (bike.entry, bike.severity) == (0, "info")
    assert bike.message == "Outrider is a bike and cannot enter side corridors"
    assert walker.message == (
        "Boarding Walker (60 mm base) cannot enter side corridors (bases of at most 40 mm)"
    )


# -- Points -----------------------------------------------------------------------------------


def test_it_prices_cards_customs_counts_and_variants():
    data = doc({"card": "marine", "count": 3}, custom("Captain", 85),
               role="defender",
               actions=({"action": "sentry", "variant": "rapid", "count": 2}, "weld"))
    r = result(data)
    assert r.points.entries == [54, 85]
    # 2 x 30 + 10 = 70 points of special actions, 40 beyond the 30 free
    assert r.points.total == 54 + 85 + 40


def test_a_sentry_gun_without_a_weapon_costs_its_own_points():
    r = result(doc(troopers(100), role="defender", actions=("sentry", "sentry", "gases")))
    assert r.points.total == 100 + (20 + 20 + 10 - 30)


def test_unknown_cards_and_actions_cost_nothing_and_other_entries_are_still_judged():
    r = result(doc({"card": "nope"}, {"card": "big-walker"}, actions=("nope", "code")))
    assert r.points.entries == [0, 150]
    assert r.points.total == 150
    assert [(v.code, v.entry) for v in r.violations if v.severity == "error"] == [
        ("unknown_key", None), ("unknown_key", 0), ("forbidden_unit", 1)]


def test_it_judges_a_custom_unit_exactly_like_a_card():
    entry = parse(doc(custom("Hound", 8, "beast", 40, ["claws"]))).entries[0]
    card_entry = parse(doc({"card": "hound"})).entries[0]
    as_custom, as_card = unit_of(entry, CATALOGUE), unit_of(card_entry, CATALOGUE)
    assert (as_custom.unit_type, as_custom.base_mm, as_custom.points) == ("beast", 40, 8)
    assert (as_card.unit_type, as_card.base_mm, as_card.points) == ("beast", 40, 8)
    assert as_custom.is_custom and not as_card.is_custom


def test_it_names_the_standard_battle_size():
    v = only(doc(troopers(500), battle_size=1000), "battle_size_standard")
    assert (v.entry, v.severity) == (None, "warning")
    assert v.params == {"battle_size": 1000, "standard": 500}
    assert v.message == (
        "Boarding Action is played at 500 points; this list names a battle size of 1000"
    )
    r = result(doc(troopers(990), battle_size=1000))
    assert r.valid and r.points.limit == 1000  # the size the players agreed on still counts


def test_the_standard_battle_size_is_the_packs_parameter():
    cat = replace(CATALOGUE, validators=tuple(
        replace(s, params={**s.params, "limit": 750}) if s.code == "battle_size" else s
        for s in CATALOGUE.validators
    ))
    assert [v.code for v in result(doc(troopers(500), battle_size=750), cat).violations] == []
    v = result(doc(troopers(500), battle_size=500), cat).violations[0]
    assert v.code == "battle_size_standard" and v.params["standard"] == 750


def test_it_tells_a_list_that_boarding_action_has_no_factions():
    v = only({**doc(troopers(10)), "faction": "space-marines"}, "unknown_key")
    assert (v.entry, v.severity) == (None, "error")
    assert v.params == {"field": "faction", "key": "space-marines", "path": "faction",
                        "system": "Boarding Action"}
    assert v.message == "Unknown faction 'space-marines' at faction: Boarding Action has no factions"


# -- Flight gear by word stems (forbidden_wargear) ---------------------------------------------

# The stems the shipped pack lists (a test below checks that they are the pack's).
PACK_STEMS = [
    "wing", "*wings", "jump pack", "jump jet", "jump module", "jet pack", "grav chute",
    "grav pack", "flight pack", "thruster pack", "*flügel", "*schwinge", "sprung modul",
    "sprung tornister", "sprung düse", "flug modul",
]

FLIGHT_GEAR = [
    # (wargear as a player types it, flight gear?)
    ("jump pack", True),
    ("Jump Pack", True),
    ("JUMP PACK", True),
    ("jumppack", True),
    ("Jumppacks", True),
    ("jump-pack", True),
    ("jump_pack", True),
    ("Jump Packs", True),
    ("jump pack (bolt pistol)", True),
    ("Chainsword, Jump-Pack", True),
    ("jump jets", True),
    ("jet pack", True),
    ("Jetpack", True),
    ("wings", True),
    ("Wing", True),
    ("daemonic wings", True),
    ("Daemonic_Wings", True),
    ("bat-wings", True),
    ("Batwings", True),
    ("(wings)", True),
    ("grav-chute", True),
    ("gravchute", True),
    ("Grav Chutes", True),
    ("grav pack", True),
    ("Sprungmodul", True),
    ("SPRUNGMODULE", True),
    ("Sprung-Modul", True),
    ("sprung_modul", True),
    ("Sprungtornister", True),
    ("Sprungdüsen", True),
    ("Flügel", True),
    ("FLÜGEL", True),
    ("Fluegel", True),
    ("Flugel", True),
    ("Flu\u0308gel", True),  # decomposed umlaut, as some keyboards send it
    ("Dämonenflügel", True),
    ("Daemonenfluegel", True),
    ("Schwingen", True),
    ("Engelsschwingen", True),
    # ordinary wargear: no false alarm
    ("power pack", False),
    ("Packmaster", False),
    ("pack", False),
    ("backpack", False),
    ("jump", False),
    ("jump attack", False),
    ("winged helm", False),
    ("Flügelhelm", False),
    ("Schwingenhelm", False),
    ("swing axe", False),
    ("swingblade", False),
    ("wingman", False),
    ("jetbike", False),
    ("grav gun", False),
    ("grav-pistol", False),
    ("flight", False),
    ("Sprungangriff", False),
    ("bolt pistol", False),
    ("--", False),
]


@pytest.mark.parametrize(("wargear", "forbidden"), FLIGHT_GEAR)
def test_it_finds_flight_gear_by_word_stems(wargear, forbidden):
    assert matches(wargear, PACK_STEMS) is forbidden
    data = doc(custom("Trooper", 10, wargear=["bolt pistol", wargear]))
    pack_rules = replace(CATALOGUE, validators=(ValidatorSpec("forbidden_wargear",
                                                              {"stems": PACK_STEMS}),))
    expected = ["forbidden_wargear"] if forbidden else []
    assert [v.code for v in result(data, pack_rules).violations] == expected


@pytest.mark.parametrize(("text", "folded"), [
    ("Jump-Pack (Bolt Pistol)", "jump pack bolt pistol"),
    ("Flügel", "flugel"),
    ("Fluegel", "flugel"),
    ("  daemonic__WINGS ", "damonic wings"),
    ("Sprungmodul", "sprungmodul"),
])
def test_it_folds_case_separators_and_umlauts(text, folded):
    assert fold(text) == folded


@pytest.mark.parametrize("stem", ["", "*", "  ", "-", 7, None, "x" * 61])
def test_it_ignores_a_stem_it_cannot_use(stem):
    assert stem_pattern(stem) is None
    assert matches("jump pack", [stem]) is False


def test_a_stem_cannot_smuggle_in_a_regular_expression():
    assert matches("jump pack", ["j.* pack"]) is False
    assert matches("anything", [".*"]) is False


def test_an_older_pack_with_exact_tags_still_refuses_their_spellings():
    cat = replace(CATALOGUE, validators=(ValidatorSpec("forbidden_wargear",
                                                       {"tags": ["jump_pack", "wings"]}),))
    r = result(doc(custom("Raptor", 20, wargear=["Jump Packs"]), custom("Angel", wargear=["Wings"])),
               cat)
    assert [(v.code, v.entry) for v in r.violations] == [
        ("forbidden_wargear", 0), ("forbidden_wargear", 1)]


def test_the_limits_are_pack_parameters():
    roomy = replace(CATALOGUE, validators=tuple(
        replace(s, params={**s.params, "infantry_max_base_mm": 50})
        if s.code == "forbidden_unit" else s
        for s in CATALOGUE.validators
    ))
    assert [v.code for v in result(doc({"card": "brute"}), roomy).violations] == ["side_corridor"]


# -- Hull breach (play aid) ---------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "glancing", "modified", "key"), [
    (1, False, 1, "nothing"),
    (2, False, 2, "shaken"),
    (3, False, 3, "shaken"),
    (4, False, 4, "breach"),
    (5, False, 5, "lasting-breach"),
    (6, False, 6, "catastrophic"),
    (6, True, 4, "breach"),
    (4, True, 2, "shaken"),
    (2, True, 1, "nothing"),  # clamped to the table
    (1, True, 1, "nothing"),
])
def test_it_reads_the_hull_breach_table(roll, glancing, modified, key):
    out = hull_breach(roll, glancing)
    assert (out["roll"], out["glancing"], out["modified"], out["result"]) == (
        roll, glancing, modified, key)
    assert out["description"]


@pytest.mark.parametrize("roll", [0, 7, -1, True, 3.5])
def test_it_refuses_a_roll_off_the_die(roll):
    with pytest.raises(ValueError):
        hull_breach(roll)


def test_it_rolls_with_the_given_random_generator():
    rolls = [roll_hull_breach(False, random.Random(7))["roll"] for _ in range(3)]
    assert len(set(rolls)) == 1 and 1 <= rolls[0] <= 6
    out = roll_hull_breach(True, random.Random(7))
    assert out["modified"] == max(1, rolls[0] - 2)


def test_it_reads_a_table_from_the_game_data():
    table = {"glancing_modifier": -1, "results": [
        {"roll": r, "key": f"r{r}", "name": f"R{r}", "description": "d"} for r in range(1, 7)
    ]}
    assert hull_breach(3, True, table)["result"] == "r2"


# -- The shipped pack -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pack():
    return read_yaml(FIXTURES / "boarding-action.yaml")


def test_the_pack_is_well_formed(pack):
    import json

    from jsonschema import Draft202012Validator

    from rules.engine.document import SCHEMA_PATH

    schema = json.loads((SCHEMA_PATH.parent / "pack.schema.json").read_text())
    assert list(Draft202012Validator(schema).iter_errors(pack)) == []
    assert pack["system"]["sample_data"] is True
    assert pack["system"]["attributes"]["custom_units"] is True
    assert {v["code"] for v in pack["validators"]} <= set(RULES.validators)


def test_the_pack_keeps_the_standard_size_and_the_flight_gear_stems(pack):
    params = {v["code"]: v.get("params", {}) for v in pack["validators"]}
    assert params["battle_size"]["limit"] == 500
    assert "battle_size_standard" in params
    assert params["forbidden_wargear"]["stems"] == PACK_STEMS


def test_the_packs_hull_breach_table_is_the_codes(pack):
    table = pack["system"]["attributes"]["hull_breach"]
    translations = ("names", "descriptions")  # the German words the pages show
    rows = [{k: v for k, v in row.items() if k not in translations} for row in table["results"]]
    assert {**table, "results": rows} == HULL_BREACH
    assert all(row["names"]["de"] and row["descriptions"]["de"] for row in table["results"])
    assert hull_breach(5, True, table)["result"] == "shaken"


def test_the_packs_special_actions_have_their_points(pack):
    actions = {a["key"]: a for a in pack["special_actions"]}
    assert {k: (a["role"], a["points"]) for k, a in actions.items()} == {
        "attacker-hatch-access-code": ("attacker", 15),
        "attacker-hacking-kit": ("attacker", 10),
        "attacker-booby-trap": ("attacker", 30),
        "attacker-barricade": ("attacker", 10),
        "attacker-smoke-grenades": ("attacker", 20),
        "defender-hot-gases": ("defender", 10),
        "defender-sentry-gun": ("defender", 20),
        "defender-welded-hatch": ("defender", 10),
        "defender-barricade": ("defender", 10),
        "defender-booby-trap": ("defender", 30),
    }
    variants = actions["defender-sentry-gun"]["variants"]
    assert [(v["key"], v["points"]) for v in variants] == [
        ("flame", 20), ("heavy", 25), ("rapid-fire", 30)]


def test_the_packs_sample_roster_is_judged_as_described(pack):
    cat = Catalogue(
        system="boarding-action", name="Boarding Action",
        cards={c["key"]: Card(key=c["key"], name=c["name"], points=c.get("points", 0),
                              base_mm=c.get("base_mm"), attributes=c.get("attributes", {}))
               for c in pack["cards"]},
        special_actions={a["key"]: SpecialAction(
            a["key"], a["name"], a.get("role"), a["points"],
            tuple(Variant(v["key"], v["name"], v["points"]) for v in a.get("variants", ())))
            for a in pack["special_actions"]},
        validators=tuple(ValidatorSpec(v["code"], v.get("params", {}))
                         for v in pack["validators"]),
        attributes=pack["system"]["attributes"],
    )
    errors = {}
    for key in cat.cards:
        r = validate(cat, parse(doc({"card": key})))
        errors[key] = sorted(v.code for v in r.violations if v.severity == "error")
    refused = {k: e for k, e in errors.items() if e}
    assert all(c["attributes"]["unit_type"] for c in pack["cards"])
    assert refused == {
        "assault-trooper": ["forbidden_wargear"],
        "winged-warrior": ["forbidden_wargear"],
        "heavy-brute": ["forbidden_unit"],
        "siege-walker": ["forbidden_unit"],
        "hive-colossus": ["forbidden_unit"],
        "armoured-transport": ["forbidden_unit"],
    }
