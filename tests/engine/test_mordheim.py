"""Table-driven tests of the Mordheim warband rules (docs/rules/mordheim.md).

Each rule code has a legal and an illegal list. The catalogue is built by hand here,
with round numbers, so the tests hold whatever the shipped pack says.
"""

from dataclasses import replace

import pytest

from rules.engine import Faction, ValidatorSpec, parse, validate
from rules.systems.mordheim import rout_test, warband_rating
from tests.support.engine import Probe, catalogue_from_pack
from tests.support.mordheim import CATALOGUE, henchman
from tests.support.paths import FIXTURES

CAPTAIN = {"card": "captain", "name": "Hans"}
WARRIORS = {"card": "warrior", "size": 2}


def doc(*entries, battle_size=None, faction="mercs", role=None):
    return {"system": "mordheim", "faction": faction, "battle_size": battle_size,
            "role": role, "entries": list(entries)}


CITY = [{"card": "city-captain"}, {"card": "city-warrior", "size": 3}]


_probe = Probe(CATALOGUE)
result, codes, only = _probe.result, _probe.codes, _probe.only






CASES = [
    # (rule code, list, expected codes)
    ("gold_budget", doc(CAPTAIN, {"card": "warrior", "size": 5},
                        {"card": "swordsman", "size": 5}, {"card": "champion"}), []),  # 395
    ("gold_budget", doc(CAPTAIN, {"card": "swordsman", "size": 5},
                        {"card": "warrior", "size": 5, "items": ["halberd", "armour"]},
                        {"card": "champion"}), ["gold_budget"]),  # 60 + 175 + 275 + 35 = 545
    ("gold_budget", doc(CAPTAIN, WARRIORS, battle_size=109), ["gold_budget"]),
    ("gold_budget", doc({"card": "rich-captain"},
                        {"card": "rich-warrior", "size": 5, "items": ["armour"]},
                        {"card": "rich-warrior", "size": 5, "items": ["sword", "armour"]},
                        faction="rich"), []),  # 60 + 225 + 275 = 560: the rich have 600
    ("gold_budget", doc({"card": "rich-captain"},
                        *[{"card": "rich-warrior", "size": 5, "items": ["halberd", "armour"]}] * 2,
                        faction="rich"), ["gold_budget"]),  # 60 + 2 * 275 = 610
    ("warband_size", doc(CAPTAIN, WARRIORS), []),
    ("warband_size", doc(CAPTAIN, {"card": "warrior"}), ["warband_size"]),
    ("warband_size", doc(CAPTAIN, *[{"card": "zombie", "size": 5}] * 2, {"card": "zombie",
                         "size": 4}), []),  # 15
    ("warband_size", doc(CAPTAIN, *[{"card": "zombie", "size": 5}] * 3), ["warband_size"]),
    ("leader", doc(CAPTAIN, WARRIORS), []),
    ("leader", doc({"card": "champion"}, {"card": "warrior", "size": 2}), ["leader"]),
    ("leader", doc(CAPTAIN, WARRIORS, {"card": "captain"}), ["leader", "type_limit"]),
    ("hero_limit", doc(CAPTAIN, {"card": "champion"}, {"card": "champion"},
                       {"card": "youngblood"}, {"card": "youngblood"}, {"card": "brute"}), []),
    ("hero_limit", doc(CAPTAIN, {"card": "champion"}, {"card": "champion"},
                       {"card": "youngblood"}, {"card": "youngblood"}, {"card": "sergeant"},
                       {"card": "sergeant"}), ["hero_limit"]),
    ("type_limit", doc(CAPTAIN, {"card": "swordsman", "size": 5}), []),
    ("type_limit", doc(CAPTAIN, {"card": "swordsman", "size": 3},
                       {"card": "swordsman", "size": 3}), ["type_limit"]),
    ("type_limit", doc(CAPTAIN, {"card": "champion"}, {"card": "champion"},
                       {"card": "champion"}), ["type_limit"]),
    ("type_limit", doc(CAPTAIN, *[{"card": "warrior", "size": 5}] * 2), []),  # no maximum
    ("henchman_group", doc(CAPTAIN, {"card": "warrior", "size": 5}), []),
    ("henchman_group", doc(CAPTAIN, {"card": "warrior", "size": 6}), ["henchman_group"]),
    ("henchman_group", doc(CAPTAIN, {"card": "brute", "size": 3}), []),
    ("henchman_group", doc(CAPTAIN, {"card": "brute", "size": 4}),
     ["henchman_group", "type_limit"]),
    ("henchman_group", doc(CAPTAIN, {"card": "champion", "size": 2}),
     ["henchman_group"]),  # a hero is one model
    ("henchman_group", doc(CAPTAIN, {"card": "warrior", "count": 2, "size": 2}), []),
    ("equipment_not_allowed", doc({"card": "captain", "items": ["dagger", "sword", "pistol"]},
                                  {"card": "marksman", "size": 2, "items": ["longbow"]}), []),
    ("equipment_not_allowed", doc(CAPTAIN, {"card": "warrior", "size": 2,
                                            "items": ["longbow"]}), ["equipment_not_allowed"]),
    ("equipment_not_allowed", doc(CAPTAIN, {"card": "zombie", "size": 2, "items": ["dagger"]}),
     ["equipment_not_allowed"]),
    ("faction", doc(CAPTAIN, WARRIORS), []),
    ("faction", doc(CAPTAIN, WARRIORS, {"card": "rat-ogre"}), ["faction"]),
    ("faction", doc(CAPTAIN, WARRIORS, faction=None), ["faction"]),
    ("unknown_key", doc(CAPTAIN, WARRIORS), []),
    ("unknown_key", doc(CAPTAIN, WARRIORS, {"card": "nope"}), ["unknown_key"]),
    ("unknown_key", doc(CAPTAIN, {"card": "warrior", "size": 2, "items": ["nope"]}),
     ["unknown_key"]),
    ("unknown_key", doc(CAPTAIN, WARRIORS, faction="atlantis"), ["unknown_key"]),
    ("warband_choice", doc(*CITY, faction="cities", role="plain"), []),
    ("warband_choice", doc(CAPTAIN, WARRIORS), []),  # the Mercenaries choose nothing
    ("warband_choice", doc(*CITY, faction="cities"), ["warband_choice"]),
    ("warband_choice", doc(*CITY, faction="cities", role="atlantis"), ["warband_choice"]),
    ("warband_choice", doc(CAPTAIN, WARRIORS, role="plain"), ["warband_choice"]),
]


@pytest.mark.parametrize(("code", "data", "expected"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_it_reports_exactly_the_broken_rules(code, data, expected):
    assert sorted(codes(data)) == sorted(expected)


def test_the_cases_cover_every_code_the_system_registers():
    from rules.engine import rules_for
    from rules.systems.mordheim.hired_swords import HIRED_SWORD_CODES

    # the hired-sword codes have their table in test_engine_mordheim_hired_swords.py
    assert {c[0] for c in CASES} | set(HIRED_SWORD_CODES) == set(
        rules_for("mordheim").validators)
    for code in set(rules_for("mordheim").validators) - set(HIRED_SWORD_CODES):
        assert [] in [c[2] for c in CASES if c[0] == code], code
        assert any(code in c[2] for c in CASES if c[0] == code), code


# -- pricing --------------------------------------------------------------------------


def test_it_prices_heroes_and_whole_henchman_groups():
    r = result(doc({"card": "captain", "items": ["sword", "armour"]},
                   {"card": "warrior", "size": 3, "items": ["halberd"]},
                   {"card": "warrior", "count": 2, "size": 2}))
    assert r.points.entries == [60 + 10 + 20, 3 * (25 + 10), 2 * 2 * 25]
    assert r.points.total == 90 + 105 + 100
    assert r.points.limit == 500


def test_the_first_dagger_of_each_model_is_free():
    r = result(doc({"card": "captain", "items": ["dagger"]},
                   {"card": "champion", "items": ["dagger", "dagger"]},
                   {"card": "warrior", "size": 3, "items": ["dagger", "dagger"]}))
    assert r.points.entries == [60, 35 + 2, 3 * (25 + 2)]


def test_a_fighter_pays_its_own_list_price_not_the_general_one():
    r = result(doc({"card": "captain", "items": ["pistol"]}, WARRIORS))
    assert r.points.entries[0] == 60 + 15


def test_the_budget_is_the_warbands_starting_gold_unless_the_list_says():
    assert result(doc(CAPTAIN, faction="rich")).points.limit == 600
    assert result(doc(CAPTAIN, battle_size=700)).points.limit == 700
    assert result(doc(CAPTAIN, faction=None)).points.limit == 500  # the param's default


def test_an_unknown_card_costs_nothing_and_the_others_are_still_checked():
    r = result(doc(CAPTAIN, {"card": "nope"}, {"card": "warrior", "size": 6}))
    assert r.points.entries == [60, 0, 150]
    assert [(v.code, v.entry) for v in r.violations] == [
        ("unknown_key", 1), ("henchman_group", 2)
    ]


# -- messages and params --------------------------------------------------------------


def test_gold_budget_says_the_totals():
    v = only(doc(CAPTAIN, WARRIORS, battle_size=100), "gold_budget")
    assert v.entry is None and v.severity == "error"
    assert v.params == {"total": 110, "limit": 100, "over": 10}
    assert v.message == "The warband costs 110 gc, 10 gc more than its 100 gc"


def test_warband_size_names_the_warband_and_numbers():
    v = only(doc(CAPTAIN, {"card": "warrior"}), "warband_size")
    assert v.message == "Mercenaries: 2 fighters, at least 3"
    assert v.entry is None and v.params["count"] == 2 and v.params["min_size"] == 3
    v = only(doc(CAPTAIN, *[{"card": "zombie", "size": 5}] * 3), "warband_size")
    assert v.message == "Mercenaries: 16 fighters, at most 15"
    assert v.entry == 3


def test_a_warband_type_sets_its_own_size_limits():
    entries = [{"card": "rat-leader"}, *[{"card": "rat-ogre"}] * 1]
    big = replace(CATALOGUE, cards={**CATALOGUE.cards, "rat": henchman(
        "rat", "Rat", 15, faction="rats", items={})})
    data = doc(*entries, *[{"card": "rat", "size": 5}] * 3, {"card": "rat", "size": 2},
               faction="rats", battle_size=1000)
    assert [v.code for v in validate(big, parse(data)).violations] == []  # 19 of 20
    data["entries"].append({"card": "rat", "size": 2})
    [v] = validate(big, parse(data)).violations
    assert v.message == "Rats: 21 fighters, at most 20"


def test_leader_says_which_fighter_leads_and_which_is_one_too_many():
    v = only(doc({"card": "champion"}, {"card": "warrior", "size": 2}), "leader")
    assert v.message == "A warband needs exactly one leader (Captain); it has none"
    v = only(doc(CAPTAIN, WARRIORS, {"card": "captain", "name": "Fritz"}), "leader")
    assert v.entry == 2 and v.params["count"] == 2
    assert v.message == "A warband needs exactly one leader; it has 2 (Captain is one too many)"


def test_hero_limit_points_at_the_seventh_hero():
    v = only(doc(CAPTAIN, *[{"card": "champion"}] * 2, *[{"card": "youngblood"}] * 4,
                 WARRIORS), "hero_limit")
    assert v.entry == 6
    assert v.params["count"] == 7 and v.params["max"] == 6
    assert v.message == "7 heroes, at most 6 including the leader"


def test_hero_limit_takes_its_maximum_from_the_pack():
    strict = replace(CATALOGUE, validators=(ValidatorSpec("hero_limit", {"max": 2}),))
    r = validate(strict, parse(doc(CAPTAIN, {"card": "champion"}, {"card": "youngblood"})))
    assert [(v.code, v.params["max"]) for v in r.violations] == [("hero_limit", 2)]


def test_type_limit_counts_models_across_groups():
    v = only(doc(CAPTAIN, {"card": "swordsman", "size": 3}, {"card": "swordsman", "size": 3}),
             "type_limit")
    assert v.message == "Swordsman: 6 models, at most 5"
    assert v.entry == 2
    assert v.params == {"card": "swordsman", "name": "Swordsman", "count": 6, "max": 5}


def test_henchman_group_uses_the_smaller_of_the_pack_and_card_maximum():
    v = only(doc(CAPTAIN, {"card": "warrior", "size": 6}), "henchman_group")
    assert v.message == "Warrior: a group of 6 models, at most 5"
    assert (v.entry, v.params["size"], v.params["max"]) == (1, 6, 5)
    v = only(doc(CAPTAIN, {"card": "brute", "size": 4}), "henchman_group")
    assert v.message == "Brute: a group of 4 models, at most 3"
    v = only(doc(CAPTAIN, {"card": "champion", "size": 2}), "henchman_group")
    assert v.message == "Champion is a hero, one model per entry, not 2"


def test_equipment_not_allowed_names_fighter_and_item():
    v = only(doc(CAPTAIN, {"card": "warrior", "size": 2, "items": ["sword", "longbow"]}),
             "equipment_not_allowed")
    assert v.message == "Warrior may not buy Long bow: it is not on its equipment list"
    assert v.entry == 1 and v.params["path"] == "entries[1].items[1]"
    v = only(doc(CAPTAIN, {"card": "zombie", "size": 2, "items": ["sword"]}),
             "equipment_not_allowed")
    assert v.message == "Zombie buys no equipment, not Sword"


def test_faction_names_both_warbands():
    v = only(doc(CAPTAIN, WARRIORS, {"card": "rat-ogre"}), "faction")
    assert v.entry == 2
    assert v.message == "Rat Ogre is a Rats fighter, not one of the Mercenaries"
    assert only(doc(CAPTAIN, faction=None), "faction").message == "Choose the warband type"


def test_unknown_key_runs_even_when_the_pack_leaves_it_out():
    lenient = replace(CATALOGUE, validators=(ValidatorSpec("gold_budget"),))
    r = validate(lenient, parse(doc(CAPTAIN, {"card": "nope"})))
    assert [v.code for v in r.violations] == ["unknown_key"]


# -- warband rating -------------------------------------------------------------------


def test_warband_rating_is_5_per_fighter_20_per_large_creature_plus_experience():
    data = parse(doc({"card": "rat-leader"}, {"card": "rat-ogre"},
                     {"card": "zombie", "size": 3}, {"card": "nope"}, faction="rats"))
    assert warband_rating(CATALOGUE, data) == (5 + 20) + 20 + 3 * 5


def test_warband_rating_takes_current_experience_per_entry():
    data = parse(doc(CAPTAIN, {"card": "champion"}, {"card": "warrior", "size": 3}))
    assert warband_rating(CATALOGUE, data) == 5 + 20 + 5 + 8 + 15
    assert warband_rating(CATALOGUE, data, {0: 25, 2: 2}) == 5 + 25 + 5 + 8 + 3 * (5 + 2)
    assert warband_rating(CATALOGUE, data, [21, 9, 0]) == 26 + 14 + 15


def test_warband_rating_reads_the_warbands_rating_rules():
    cheap = replace(CATALOGUE, factions={**CATALOGUE.factions, "mercs": Faction(
        "mercs", "Mercenaries", {"rating": {"per_fighter": 1}})})
    assert warband_rating(cheap, parse(doc(CAPTAIN, WARRIORS))) == 1 + 20 + 2


# -- rout test ------------------------------------------------------------------------

ROUT_CASES = [
    # members, out, leader down, leader Ld, others -> due, ld, voluntary allowed
    (12, 2, False, 8, [7, 6], False, None, True),
    (12, 3, False, 8, [7, 6], True, 8, True),       # 25 % exactly
    (10, 2, False, 8, [7], False, None, True),      # 20 %
    (10, 3, False, 8, [7], True, 8, True),          # 30 %
    (10, 3, True, 8, [6, 7, 5], True, 7, True),     # leader down: highest active Ld
    (4, 1, False, 7, [], True, 7, False),           # 25 %, but one is not enough to volunteer
    (8, 0, False, 8, [7], False, None, False),
    (5, 5, True, None, [], True, None, True),       # nobody left standing
]


@pytest.mark.parametrize(("members", "out", "down", "leader_ld", "others", "due", "ld", "vol"),
                         ROUT_CASES)
def test_rout_test(members, out, down, leader_ld, others, due, ld, vol):
    r = rout_test(members, out, down, leader_ld, others)
    assert (r["due"], r["ld"], r["voluntary_allowed"]) == (due, ld, vol)


def test_rout_test_explains_itself():
    r = rout_test(10, 3, True, 8, [6, 7])
    assert r["threshold"] == 3 and r["percent_out"] == 30.0 and r["ld_from"] == "highest_active"
    assert r["explanation"] == (
        "3 of 10 out of action: rout test due, 2D6 <= 7 (the highest active Ld)"
    )


@pytest.mark.parametrize(("args", "field"), [
    ((0, 0, False, 8, []), "members"),
    ((5, 6, False, 8, []), "out_of_action"),
    ((5, -1, False, 8, []), "out_of_action"),
    ((4, 1, False, None, [7]), "leader_ld"),
])
def test_rout_test_refuses_impossible_numbers(args, field):
    with pytest.raises(ValueError, match=field):
        rout_test(*args)


def test_the_shipped_pack_builds_valid_reikland_lists():
    """The generator's output, read without a database: keys, prices and limits."""
    cat = catalogue_from_pack(FIXTURES / "mordheim.yaml")
    data = doc({"card": "reikland-mercenary-captain", "name": "Hans",
                "items": ["dagger", "sword", "light-armour"]},
               {"card": "reikland-champion", "items": ["dagger", "halberd"]},
               {"card": "reikland-marksman", "size": 3, "items": ["dagger", "long-bow"]},
               {"card": "reikland-swordsman", "size": 2}, faction="reikland")
    r = validate(cat, parse(data))
    assert r.violations == []
    assert r.points.entries == [90, 45, 3 * 40, 70] and r.points.limit == 500
    assert cat.factions["marienburg"].attributes["starting_gold"] == 600
    ogre = cat.cards["skaven-rat-ogre"]
    assert ogre.attributes["large"] and ogre.attributes["group_max"] == 1
    assert cat.cards["possessed-beastman"].max_size == 3
    assert cat.items["dagger"].attributes["first_free"]




# -- a warband's choice (a Tilean city, a Marauder tribe) -------------------------------


def test_a_warband_without_its_choice_is_told_the_options():
    v = only(doc(*CITY, faction="cities"), "warband_choice")
    assert v.entry is None and v.words == ("label",)
    assert v.message == "City Mercenaries: choose the warband's City (Plain, Wealthy, Small)"
    v = only(doc(*CITY, faction="cities", role="atlantis"), "warband_choice")
    assert v.message == ("City Mercenaries: atlantis is not one of its choices "
                         "(Plain, Wealthy, Small)")
    assert only(doc(CAPTAIN, WARRIORS, role="plain"), "warband_choice").message == (
        "Mercenaries make no choice such as plain")


@pytest.mark.parametrize(("role", "limit", "top"), [
    (None, 500, 15), ("plain", 500, 15), ("wealthy", 600, 15), ("small", 500, 12),
])
def test_the_choice_sets_the_starting_gold_and_the_size(role, limit, top):
    r = result(doc(*CITY, faction="cities", role=role))
    assert r.points.limit == limit
    from rules.systems.mordheim import size_limits
    assert size_limits(CATALOGUE, parse(doc(*CITY, faction="cities", role=role))) == (3, top)


def test_a_choice_with_a_smaller_warband_refuses_a_thirteenth_fighter():
    big = doc({"card": "city-captain"}, *[{"card": "city-warrior", "size": 4}] * 3,
              faction="cities", role="small", battle_size=1000)
    assert codes(big) == ["warband_size"]
    big["role"] = "plain"
    assert codes(big) == []


def test_a_fighters_profile_and_skill_lists_follow_the_choice():
    from rules.systems.mordheim.choices import card_skill_lists, card_stats

    champion = CATALOGUE.cards["city-champion"]
    assert card_stats(champion, "wealthy")["Ld"] == 8 and card_stats(champion, None)["Ld"] == 7
    assert card_skill_lists(champion, "wealthy") == ("academic",)
    assert card_skill_lists(champion, "plain") == ("combat",)
    assert card_skill_lists(champion, None) == ()
    captain = CATALOGUE.cards["city-captain"]
    assert card_skill_lists(captain, "small") == ("combat", "shooting")
