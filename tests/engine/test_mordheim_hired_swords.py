"""Table-driven tests of Mordheim's hired swords and fighter minimums
(docs/rules/mordheim.md): a legal and an illegal list per rule code, on a
catalogue built by hand (round numbers), then the shipped pack per warband family."""

from dataclasses import replace

import pytest

from rules.engine import Card, Catalogue, Faction, ValidatorSpec, parse, validate
from rules.systems.mordheim import warband_rating
from rules.systems.mordheim.hired_swords import HIRED_SWORD_CODES, hirable, may_hire, upkeep
from tests.support.engine import Probe, catalogue_from_pack
from tests.support.paths import FIXTURES

PROFILE = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}


def fighter(key, faction, points, *, hero=False, leader=False, **attrs):
    return Card(key=key, name=key.replace("-", " ").title(), faction=faction, points=points,
                kind="model" if hero else "unit", core_size=1, max_size=5, stats=PROFILE,
                attributes={"fighter": "hero" if hero else "henchman", "leader": leader,
                            **attrs})


def hired(key, fee, rule, *, conflicts=(), size_bonus=0, rating=10, upkeep_gc=10, **attrs):
    return Card(key=key, name=key.title(), faction=None, points=fee, stats=PROFILE,
                attributes={"fighter": "hired_sword", "hired_sword": True, "source_key": key,
                            "hire_fee": fee, "upkeep": upkeep_gc, "rating_value": rating,
                            "hire_rule": rule, "conflicts": list(conflicts),
                            "size_bonus": size_bonus, **attrs})


def hire(alignment, tags, warband, **more):
    return {"hire": {"alignment": alignment, "tags": tags, "warband": warband, **more}}


def band(key, name, hire_facts, max_size=12):
    return Faction(key, name, {"starting_gold": 500, "min_size": 3, "max_size": max_size,
                               **hire_facts})


CATALOGUE = Catalogue(
    system="mordheim",
    name="Mordheim",
    data_version="test",
    factions={
        "hunters": band("hunters", "Hunters", hire("good", ["wh"], "wh", human=True)),
        "rats": band("rats", "Rats", hire("evil", ["skaven"], "skaven")),
        "greens": band("greens", "Greens", hire("evil", ["orcsgoblins"], "orcmob",
                                                only=["ogre"])),
        "loners": band("loners", "Loners", hire("neutral", [], "amazons", none=True)),
        "stout": band("stout", "Stout", hire("good", [], "dwarftreasure", dwarf=True)),
        "caravan": band("caravan", "Caravan", hire("good", [], "caravans")),
    },
    cards={
        "captain": fighter("captain", "hunters", 60, hero=True, leader=True),
        "zealot": fighter("zealot", "hunters", 20),
        "rat-leader": fighter("rat-leader", "rats", 60, hero=True, leader=True),
        "boss": fighter("boss", "greens", 70, hero=True, leader=True),
        "lone": fighter("lone", "loners", 50, hero=True, leader=True),
        "thane": fighter("thane", "stout", 80, hero=True, leader=True),
        "master": fighter("master", "caravan", 60, hero=True, leader=True),
        "guard": fighter("guard", "caravan", 25),
        "wagon": fighter("wagon", "caravan", 100, type_min=1),
        "ogre": hired("ogre", 80, {"type": "except", "tags": ["skaven"]}),
        "scout": hired("scout", 15, {"type": "except", "tags": ["skaven"]}, size_bonus=1),
        "warlock": hired("warlock", 30, {"type": "except", "tags": ["wh"]}),
        "highwayman": hired("highwayman", 35, {"type": "any"}, conflicts=["roadwarden"]),
        "roadwarden": hired("roadwarden", 40, {"type": "good"}, conflicts=["highwayman"]),
        "ranger": hired("ranger", 40, {"type": "only", "tags": ["wh"], "flags": ["dwarf"]},
                        grudge={"tag": "dwarf", "upkeep": 40}, upkeep_gc=20),
    },
    validators=tuple(
        ValidatorSpec(code, params)
        for code, params in [
            ("unknown_key", {}), ("faction", {}), ("gold_budget", {"default": 500}),
            ("warband_size", {"min": 3, "max": 15}), ("leader", {}), ("hero_limit", {"max": 6}),
            ("henchman_group", {"min": 1, "max": 5}), ("type_minimum", {}),
            ("hired_sword_not_allowed", {}), ("hired_sword_conflict", {}),
            ("hired_sword_limit", {}),
        ]
    ),
)


def doc(*entries, faction="hunters"):
    return {"system": "mordheim", "faction": faction, "battle_size": None,
            "entries": list(entries)}


CAPTAIN = {"card": "captain", "name": "Mathias"}
ZEALOTS = {"card": "zealot", "size": 5}
codes = Probe(CATALOGUE).codes

CASES = [
    ("hired_sword_not_allowed", doc(CAPTAIN, ZEALOTS, {"card": "ogre"}), []),
    ("hired_sword_not_allowed", doc(CAPTAIN, ZEALOTS, {"card": "warlock"}),
     ["hired_sword_not_allowed"]),  # except wh
    ("hired_sword_not_allowed", doc({"card": "rat-leader"}, {"card": "ogre"},
                                    {"card": "warlock"}, faction="rats"),
     ["hired_sword_not_allowed"]),  # the ogre serves no Skaven; the warlock does
    ("hired_sword_not_allowed", doc({"card": "boss"}, {"card": "ogre"}, {"card": "scout"},
                                    faction="greens"),
     ["hired_sword_not_allowed"]),  # its own list names only the ogre
    ("hired_sword_not_allowed", doc({"card": "lone"}, {"card": "highwayman"},
                                    {"card": "ogre"}, faction="loners"),
     ["hired_sword_not_allowed", "hired_sword_not_allowed"]),  # hires none at all
    ("hired_sword_not_allowed", doc({"card": "thane"}, {"card": "ranger"}, {"card": "ogre"},
                                    faction="stout"), []),  # the dwarf flag lets him in
    ("hired_sword_conflict", doc(CAPTAIN, ZEALOTS, {"card": "roadwarden"}, {"card": "ogre"}),
     []),
    ("hired_sword_conflict", doc(CAPTAIN, {"card": "roadwarden"}, {"card": "highwayman"}),
     ["hired_sword_conflict"]),
    ("hired_sword_limit", doc(CAPTAIN, ZEALOTS, {"card": "ogre"}, {"card": "scout"}), []),
    ("hired_sword_limit", doc(CAPTAIN, ZEALOTS, {"card": "ogre"}, {"card": "ogre"}),
     ["hired_sword_limit"]),
    ("hired_sword_limit", doc(CAPTAIN, {"card": "scout", "size": 2}), ["hired_sword_limit"]),
    ("type_minimum", doc({"card": "master"}, {"card": "wagon"}, {"card": "guard", "size": 2},
                         faction="caravan"), []),
    ("type_minimum", doc({"card": "master"}, {"card": "guard", "size": 3}, faction="caravan"),
     ["type_minimum"]),
]


@pytest.mark.parametrize(("code", "data", "expected"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_it_reports_exactly_the_broken_rules(code, data, expected):
    assert sorted(codes(data)) == sorted(expected)


def test_every_new_code_has_a_legal_and_an_illegal_case():
    for code in HIRED_SWORD_CODES:
        assert [] in [c[2] for c in CASES if c[0] == code], code
        assert any(code in c[2] for c in CASES if c[0] == code), code


def test_a_hired_sword_counts_toward_size_not_heroes():
    heroes = [{"card": "captain"}] + [{"card": k} for k in
                                       ("ogre", "scout", "roadwarden", "ranger", "warlock")]
    # five hired swords beside the captain: six models, one hero
    assert "hero_limit" not in codes(doc(*heroes[:5], {"card": "zealot", "size": 5},
                                         {"card": "zealot", "size": 2}))
    twelve = doc(CAPTAIN, ZEALOTS, ZEALOTS, {"card": "ogre"})  # 12: the most
    assert codes(twelve) == []
    thirteen = doc(CAPTAIN, ZEALOTS, ZEALOTS, {"card": "ogre"}, {"card": "roadwarden"})
    assert codes(thirteen) == ["warband_size"]


def test_the_halfling_scout_raises_the_maximum_size_by_one():
    with_scout = doc(CAPTAIN, ZEALOTS, ZEALOTS, {"card": "ogre"}, {"card": "scout"})  # 13
    assert codes(with_scout) == []
    fourteen = doc(CAPTAIN, ZEALOTS, ZEALOTS, {"card": "zealot"}, {"card": "ogre"},
                   {"card": "scout"})
    assert codes(fourteen) == ["warband_size"]


def test_a_grudge_raises_the_upkeep():
    ranger = CATALOGUE.cards["ranger"]
    assert upkeep(ranger, CATALOGUE.factions["stout"]) == 40
    assert upkeep(ranger, CATALOGUE.factions["hunters"]) == 20


def test_the_rating_counts_a_hired_sword_by_his_rating_value():
    data = parse(doc(CAPTAIN, {"card": "zealot", "size": 2}, {"card": "ogre"}))
    assert warband_rating(CATALOGUE, data) == 5 + 2 * 5 + 10
    ogre = replace(CATALOGUE.cards["ogre"], attributes={**CATALOGUE.cards["ogre"].attributes,
                                                       "rating_value": 25})
    cat = replace(CATALOGUE, cards={**CATALOGUE.cards, "ogre": ogre})
    assert warband_rating(cat, data) == 5 + 2 * 5 + 25
    assert warband_rating(cat, data, {2: 3}) == 5 + 2 * 5 + 25 + 3


def test_the_hired_swords_offered_are_those_the_warband_may_hire():
    assert [c.key for c in hirable(CATALOGUE, "greens")] == ["ogre"]
    assert hirable(CATALOGUE, "loners") == []
    assert not may_hire(CATALOGUE.cards["captain"], CATALOGUE.factions["hunters"])


# -- the shipped pack, per warband family ------------------------------------------------

PACK = catalogue_from_pack(FIXTURES / "mordheim.yaml")


def pack_codes(faction, *entries):
    r = validate(PACK, parse(doc(*entries, faction=faction)))
    return sorted(v.code for v in r.violations), r


WH = [{"card": "witch-hunters-witch-hunter-captain", "name": "Mathias"},
      {"card": "witch-hunters-zealot", "size": 5}, {"card": "witch-hunters-zealot", "size": 5}]
FAMILIES = [
    # (family, faction, legal starting warband, illegal one, the code it breaks)
    ("witch hunters: 12 at most, 13 with a halfling scout", "witch-hunters",
     [*WH, {"card": "witch-hunters-warhound"}, {"card": "hired-halfling-scout"}],
     [*WH, {"card": "witch-hunters-warhound", "size": 2}, {"card": "hired-halfling-scout"}],
     "warband_size"),
    ("sisters of sigmar: no highwayman", "sisters-of-sigmar",
     [{"card": "sisters-of-sigmar-sigmarite-matriarch"},
      {"card": "sisters-of-sigmar-sigmarite-sister", "size": 3}],
     [{"card": "sisters-of-sigmar-sigmarite-matriarch"},
      {"card": "sisters-of-sigmar-sigmarite-sister", "size": 3}, {"card": "hired-highwayman"}],
     "hired_sword_not_allowed"),
    ("marienburg: 600 gc", "marienburg",
     [{"card": "marienburg-mercenary-captain"},
      *[{"card": "marienburg-swordsman", "size": 5, "items": ["heavy-armour"]}][:1],
      {"card": "marienburg-warrior", "size": 2}],
     [{"card": "marienburg-mercenary-captain"},
      {"card": "marienburg-swordsman", "size": 5, "items": ["heavy-armour"]},
      {"card": "marienburg-warrior", "size": 5, "items": ["halberd"]}],
     "gold_budget"),
    ("orc mob: its own hire list", "orc-mob",
     [{"card": "orc-mob-orc-boss"}, {"card": "orc-mob-orc-boyz", "size": 3},
      {"card": "hired-ogre-bodyguard"}],
     [{"card": "orc-mob-orc-boss"}, {"card": "orc-mob-orc-boyz", "size": 3},
      {"card": "hired-halfling-scout"}],
     "hired_sword_not_allowed"),
    ("merchant caravans: the wagon is mandatory", "merchant-caravans",
     [{"card": "merchant-caravans-merchant"}, {"card": "merchant-caravans-trade-wagon"},
      {"card": "merchant-caravans-sell-sword", "size": 2}],
     [{"card": "merchant-caravans-merchant"}, {"card": "merchant-caravans-sell-sword", "size": 3}],
     "type_minimum"),
    ("witch hunters: a warhound buys no armour", "witch-hunters",
     [*WH, {"card": "witch-hunters-warhound"}],
     [*WH, {"card": "witch-hunters-warhound", "items": ["light-armour"]}],
     "equipment_not_allowed"),
]


@pytest.mark.parametrize(("family", "faction", "legal", "illegal", "code"), FAMILIES,
                         ids=[f[0] for f in FAMILIES])
def test_the_pack_per_warband_family(family, faction, legal, illegal, code):
    assert pack_codes(faction, *legal)[0] == [], family
    assert code in pack_codes(faction, *illegal)[0], family


def test_the_pack_carries_the_rulebook_special_cases():
    assert PACK.factions["marienburg"].attributes["starting_gold"] == 600
    for hero in ("middenheim-mercenary-captain", "middenheim-champion"):
        assert PACK.cards[hero].stats["S"] == 4
    assert PACK.cards["reikland-champion"].stats["S"] == 3
    hound = PACK.cards["witch-hunters-warhound"]
    assert hound.attributes["gains_experience"] is False and hound.allowed_items == {}
    assert PACK.cards["hired-halfling-scout"].attributes["size_bonus"] == 1


def test_the_pack_counts_official_warbands_and_hired_swords():
    official = [f for f in PACK.factions.values() if f.attributes.get("official")]
    assert len(official) >= 38
    unofficial = [f for f in PACK.factions.values() if f.attributes.get("official") is False]
    assert unofficial and all("(unofficial" in f.name for f in unofficial)
    swords = [c for c in PACK.cards.values() if c.attributes.get("hired_sword")]
    assert len([c for c in swords if c.attributes["official"]]) >= 43
    assert all(f.attributes.get("source") for f in PACK.factions.values())
    assert all(c.attributes.get("source") for c in swords)
    assert PACK.cards["hired-highwayman"].attributes["conflicts"] == ["hired-roadwarden"]


def test_every_kind_of_hire_rule_the_pack_uses_has_a_reading():
    from rules.systems.mordheim.hired_swords import _HIRE_RULES

    kinds = {c.attributes["hire_rule"].get("type", "any") for c in PACK.cards.values()
             if c.attributes.get("hired_sword")}
    assert kinds - {"any"} <= set(_HIRE_RULES), kinds - set(_HIRE_RULES)


@pytest.mark.parametrize(("sword", "warband", "hires"), [
    ("hired-chaos-fury", "possessed", True),  # chaos: only a chaos warband
    ("hired-chaos-fury", "reikland", False),
    ("hired-swashbuckler", "reikland", True),  # non-evil: any but an evil warband
    ("hired-swashbuckler", "possessed", False),
])
def test_the_grade_2a_hire_rules_are_read(sword, warband, hires):
    from rules.systems.mordheim.hired_swords import may_hire

    assert may_hire(PACK.cards[sword], PACK.factions[warband]) is hires
