"""Table-driven tests of what cards of a pack imported from a codex catalogue add to the
Boarding Action rules (docs/rules/boarding_action.md, "Units from a codex catalogue"):
options (priced, their names as wargear), `card_option` and `fielding_limit`, each with
legal and illegal lists. The catalogue is built by hand here."""

import pytest

from rules.engine import Card, Catalogue, Item, ValidatorSpec
from tests.support.engine import Probe


def squad(key, name, points, *, options=(), max_per_list=None, unit_type="infantry",
          base_mm=32, wargear=()):
    attributes = {"unit_type": unit_type, "wargear": list(wargear), "base_unconfirmed": True}
    if max_per_list is not None:
        attributes["max_per_list"] = max_per_list
    return Card(key=key, name=name, points=points, base_mm=base_mm,
                allowed_options=dict(options), attributes=attributes)


ITEMS = [
    Item("opt-jump-pack", "Jump Pack", "wargear"),
    Item("opt-power-fist", "Power Fist", "wargear", points=25),
    Item("opt-melta-bombs", "Melta Bombs", "wargear"),
]
CARDS = [
    squad("tactical-squad", "Tactical Squad", 70,
          options={"opt-power-fist": 25, "opt-melta-bombs": 5}, wargear=["Bolter"]),
    squad("captain", "Captain", 90, options={"opt-jump-pack": 15, "opt-power-fist": 15}),
    squad("chapter-master", "Chapter Master", 130, max_per_list=1),
    squad("twins", "Twin Heroes", 40, max_per_list=2),
    squad("dreadnought", "Dreadnought", 100, unit_type="walker", base_mm=60),
]
CATALOGUE = Catalogue(
    system="boarding-action", name="Boarding Action", data_version="test",
    cards={c.key: c for c in CARDS}, items={i.key: i for i in ITEMS},
    attributes={"custom_units": True},
    validators=tuple(ValidatorSpec(code, params) for code, params in [
        ("unknown_key", {}),
        ("battle_size", {"limit": 500, "free_special_action_points": 30}),
        ("forbidden_unit", {"infantry_max_base_mm": 40, "walker_max_base_mm": 60,
                            "forbidden_types": ["vehicle"]}),
        ("forbidden_wargear", {"stems": ["jump pack", "*wings"]}),
        ("fielding_limit", {}),
        ("card_option", {}),
    ]),
)
probe = Probe(CATALOGUE)


def doc(*entries):
    return {"system": "boarding-action", "faction": None, "role": None, "battle_size": None,
            "entries": list(entries), "special_actions": []}


def e(card, count=1, options=()):
    return {"card": card, "count": count, "options": list(options)}


CASES = [
    # (rule code, list, expected codes)
    ("card_option", doc(e("tactical-squad", options=["opt-power-fist"])), []),
    ("card_option", doc(e("captain", options=["opt-power-fist", "opt-jump-pack"])),
     ["forbidden_wargear"]),  # offered, so only the flight gear is wrong
    ("card_option", doc(e("tactical-squad", options=["opt-jump-pack"])),
     ["card_option", "forbidden_wargear"]),  # not offered, and flight gear all the same
    ("card_option", doc(e("dreadnought", options=["opt-melta-bombs"])), ["card_option"]),
    ("card_option", doc(e("tactical-squad", options=["opt-melta-bombs", "opt-melta-bombs"])),
     ["card_option"]),
    ("card_option", doc(e("tactical-squad", options=["opt-unknown"])), ["unknown_key"]),
    ("fielding_limit", doc(e("chapter-master")), []),
    ("fielding_limit", doc(e("chapter-master"), e("chapter-master")), ["fielding_limit"]),
    ("fielding_limit", doc(e("chapter-master", count=2)), ["fielding_limit"]),
    ("fielding_limit", doc(e("twins", count=2)), []),
    ("fielding_limit", doc(e("twins"), e("twins", count=2)), ["fielding_limit"]),
    ("fielding_limit", doc(e("tactical-squad", count=7)), []),  # no limit on the card
    ("battle_size", doc(e("tactical-squad", count=5, options=["opt-power-fist"])), []),  # 475
    # 6 x (70 + 25) = 570: the options count in the total
    ("battle_size", doc(e("tactical-squad", count=6, options=["opt-power-fist"])),
     ["battle_size"]),
]


@pytest.mark.parametrize(
    ("code", "data", "expected"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_it_reports_exactly_the_broken_rules(code, data, expected):
    assert sorted(probe.codes(data)) == sorted(expected)


def test_an_option_adds_its_cards_price_per_count():
    result = probe.result(doc(e("captain", count=2, options=["opt-power-fist"])))
    # The card's own price for the fist (15), not the item's (25).
    assert result.points.entries == [2 * (90 + 15)]
    assert result.points.total == 210


def test_a_jump_pack_option_is_named_as_flight_gear():
    violation = probe.only(doc(e("captain", options=["opt-jump-pack"])), "forbidden_wargear")
    assert violation.params["name"] == "Captain"
    assert violation.params["wargear"] == "Jump Pack"
    assert violation.entry == 0


def test_the_fielding_limit_names_the_card_its_limit_and_the_count():
    violation = probe.only(doc(e("tactical-squad"), e("chapter-master"), e("chapter-master")),
                           "fielding_limit")
    assert violation.entry == 2  # the entry that goes over, not the first
    assert violation.params == {"card": "chapter-master", "name": "Chapter Master", "limit": 1,
                                "fielded": 2}
    assert violation.message == (
        "Chapter Master may be fielded at most 1 per list; this list fields 2"
    )


def test_an_option_not_offered_is_named_by_its_path():
    violation = probe.only(doc(e("dreadnought", options=["opt-melta-bombs"])), "card_option")
    assert violation.params["path"] == "entries[0].options[0]"
    assert violation.params["option"] == "Melta Bombs"
    assert violation.message == "Dreadnought cannot take Melta Bombs: it is not one of its options"
