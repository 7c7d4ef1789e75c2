"""A pack's validator parameters are checked against what its game declares
(rules/engine/params.py, each game's ``params.py``) before anything reads them: a
player's pack can make the engine read no text where it counts, and no number without
bounds."""

import copy

import pytest

from armylists.packs.checks import check_pack
from armylists.packs.tables import read_pack_file
from armylists.packs.validators import check_validators
from rules.engine.validation import rules_for
from tests.support.paths import FIXTURES

GAMES = ["godslayer", "trupp", "mordheim", "boarding-action", "kemet"]


def pack_of(system):
    # Read once a process, a copy each time: the Mordheim pack takes seconds to parse.
    return read_pack_file(FIXTURES / f"{system}.yaml")


def with_params(pack, code, params):
    changed = copy.deepcopy(pack)
    found = [v for v in changed["validators"] if v["code"] == code]
    if found:
        found[0]["params"] = params
    else:
        changed["validators"].append({"code": code, "params": params})
    index = next(i for i, v in enumerate(changed["validators"]) if v["code"] == code)
    return changed, f"validators[{index}].params"


def problems(pack):
    """The validators' problems alone (armylists/packs/validators.py): the rest of a large
    pack is checked, once, by the first test; ``check_pack`` runs this too (the last)."""
    return {(p.path, p.message) for p in check_validators(pack, pack["system"]["key"])}


@pytest.mark.parametrize("system", GAMES)
def test_every_official_pack_passes(system):
    assert check_pack(pack_of(system)) == []


# (system, code, good params, bad params, the path under params, words of the message)
CASES = [
    ("godslayer", "battle_size", {"default": 200}, {"default": "200"}, ".default",
     "whole number"),
    ("godslayer", "battle_size", {}, {"default": 0}, ".default", "at least 1"),
    ("trupp", "alignment", {"opposed": ["good", "evil"]}, {"opposed": ["good"]}, ".opposed",
     ""),
    ("mordheim", "warband_size", {"min": 3, "max": 20}, {"max": 10**9}, ".max", "at most"),
    ("mordheim", "hero_limit", {"max": 6}, {"max": -1}, ".max", "at least 0"),
    ("mordheim", "henchman_group", {"min": 1, "max": 5}, {"max": [5]}, ".max",
     "whole number"),
    ("mordheim", "gold_budget", {"default": 600}, {"default": None}, ".default", ""),
    ("boarding-action", "battle_size", {"limit": 1000}, {"limit": 1.5}, ".limit", ""),
    ("boarding-action", "forbidden_unit", {"bike_max_base_mm": 32, "forbidden_types": []},
     {"bike_max_base_mm": 0}, ".bike_max_base_mm", "at least 1"),
    ("boarding-action", "forbidden_wargear", {"stems": ["wing"]}, {"stems": ["w" * 65]},
     ".stems[0]", "64"),
    ("boarding-action", "side_corridor", {"max_base_mm": 40}, {"barred_types": "bike"},
     ".barred_types", ""),
    ("boarding-action", "special_action_role", {"roles": ["attacker"]},
     {"roles": ["x"] * 17}, ".roles", ""),
]  # fmt: skip


@pytest.mark.parametrize(("system", "code", "good", "bad", "under", "words"), CASES)
def test_each_declared_parameter_is_checked(system, code, good, bad, under, words):
    assert code in rules_for(system).params
    legal, _ = with_params(pack_of(system), code, good)
    assert problems(legal) == set()
    illegal, at = with_params(pack_of(system), code, bad)
    found = problems(illegal)
    assert [message for path, message in found if path == at + under], found
    assert any(words in message for path, message in found if path == at + under), found


@pytest.mark.parametrize(
    ("system", "code", "params", "expected"),
    [
        ("godslayer", "aal", {"max": 3}, "'aal' takes no parameters"),
        ("kemet", "unknown_key", {"x": 1}, "'unknown_key' takes no parameters"),
        ("mordheim", "hero_limit", {"most": 6}, "is not a field here (known fields: max)"),
    ],
)
def test_a_parameter_the_game_does_not_take_is_refused(system, code, params, expected):
    pack, at = with_params(pack_of(system), code, params)
    found = problems(pack)
    assert any(path.startswith(at) and expected in message for path, message in found), found


def test_a_field_beside_a_pattern_is_named_in_words():
    pack, at = with_params(pack_of("boarding-action"), "forbidden_unit",
                           {"bike_max_base_mm": 32, "Bikes": 1})  # fmt: skip
    assert problems(pack) == {
        (at, "has fields that are not known here: Bikes (known: allowed_types, "
             "forbidden_types; and names of the form <unit type>_max_base_mm)")
    }  # fmt: skip


def test_check_pack_names_a_bad_parameter_with_the_rest():
    pack, at = with_params(pack_of("godslayer"), "battle_size", {"default": "lots"})
    pack["cards"][0]["faction"] = "nowhere"
    found = {p.path for p in check_pack(pack)}
    assert {f"{at}.default", "cards[0].faction"} <= found
