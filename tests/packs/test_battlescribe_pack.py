"""A BattleScribe catalogue as a Boarding Action pack (armylists/games/boarding_action/
catalogue_pack.py): the cards made from the hand-written test codex, the report, a large
generated codex, and lists built on the mapped pack judged by the Boarding Action rules
(500 points, no flight gear, walkers up to 60 mm, the codex's fielding limits)."""

import pytest

from armylists.battlescribe.catalogues import read_library
from armylists.games.boarding_action.catalogue_pack import catalogue_pack
from armylists.packs.checks import check_pack
from armylists.packs.tables import read_pack_file
from rules.engine import parse, validate
from tests.support.battlescribe_catalogues import (
    CAT,
    GST,
    catalogue_of,
    large_catalogue,
    large_unit_points,
)
from tests.support.paths import FIXTURES

BASE = read_pack_file(FIXTURES / "boarding-action.yaml")


@pytest.fixture(scope="module")
def mapped():
    return catalogue_pack(read_library(CAT, GST), BASE, name="Test Marines")


def cards(pack):
    return {c["key"]: c for c in pack["cards"]}


def test_the_pack_is_a_whole_boarding_action_pack(mapped):
    pack, _ = mapped
    assert check_pack(pack) == []
    assert pack["system"]["key"] == "boarding-action"
    assert pack["special_actions"] == BASE["special_actions"]  # the variant's own, kept
    assert {"fielding_limit", "card_option", "catalogue_hidden"} <= {
        v["code"] for v in pack["validators"]}
    assert sorted(cards(pack)) == ["assault-marines", "brother-dreadnought", "chapter-champion",
                                   "land-speeder", "tactical-marines"]
    assert pack["system"]["sample_data"] is False
    assert "base sizes are the pack's defaults" in pack["system"]["description"]
    assert pack["system"]["attributes"]["battlescribe"]["catalogue"] == {
        "id": "cat-muster-test", "name": "Muster Test Marines", "revision": "7",
        "game_system_id": "gs-muster-test"}
    assert pack["system"]["data_version"] == "bs-7"


def test_per_model_costs_are_summed_with_the_default_selections(mapped):
    cs = cards(mapped[0])
    # Sergeant 18 (his linked bolt pistol, min 1, costs 0) + the group's default 4 x 17.
    assert (cs["assault-marines"]["points"], cs["assault-marines"]["attributes"]["models"]) == (86, 5)
    assert cs["assault-marines"]["attributes"]["wargear"] == ["Bolt Pistol"]
    # A unit of the shared entries, reached by a link: 5 x 14.
    assert (cs["tactical-marines"]["points"], cs["tactical-marines"]["attributes"]["models"]) == (70, 5)
    # Its model's default blade (5) counts: 55 + 5.
    assert cs["chapter-champion"]["points"] == 60
    assert cs["chapter-champion"]["attributes"]["wargear"] == ["Champion's Blade"]
    # The default arm of the group (the fist), not the flamer, which is an option.
    assert cs["brother-dreadnought"]["points"] == 100
    assert cs["brother-dreadnought"]["attributes"]["wargear"] == ["Dreadnought Fist"]


def test_unit_types_come_from_profiles_and_categories_with_default_bases(mapped):
    cs = cards(mapped[0])
    expect = {
        "assault-marines": ("infantry", 32), "tactical-marines": ("infantry", 32),
        "chapter-champion": ("infantry", 32), "brother-dreadnought": ("walker", 60),
        # A vehicle that is no walker is kept, with no base (the rules refuse it).
        "land-speeder": ("vehicle", None),
    }
    assert {k: (c["attributes"]["unit_type"], c["base_mm"]) for k, c in cs.items()} == expect
    assert all(c["attributes"]["base_unconfirmed"] is True for c in cs.values())


def test_options_are_items_with_the_cards_costs(mapped):
    pack, _ = mapped
    cs = cards(pack)
    items = {i["key"]: i for i in pack["items"]}
    assert cs["assault-marines"]["options"] == [
        {"key": "opt-melta-bombs", "points": 5}, {"key": "opt-jump-packs", "points": 15}]
    assert cs["brother-dreadnought"]["options"] == [{"key": "opt-heavy-flamer", "points": 10}]
    assert cs["tactical-marines"]["options"] == [{"key": "opt-melta-bombs", "points": 5}]
    assert items["opt-jump-packs"] == {"key": "opt-jump-packs", "name": "Jump Packs",
                                       "kind": "wargear", "points": 0,
                                       "attributes": {"from_battlescribe": True}}


def test_the_catalogues_facts_stay_on_the_card(mapped):
    cs = cards(mapped[0])
    assert cs["chapter-champion"]["attributes"]["max_per_list"] == 1
    assert "max_per_list" not in cs["assault-marines"]["attributes"]
    assert cs["tactical-marines"]["attributes"]["battlescribe_id"] == "sse-tactical"
    assert cs["assault-marines"]["attributes"]["category"] == "Fast Attack"
    assert cs["assault-marines"]["attributes"]["categories"] == ["Fast Attack", "Infantry"]
    [profile] = cs["brother-dreadnought"]["attributes"]["profiles"]
    assert profile["type"] == "Walker"
    assert (profile["characteristics"]["Front"], profile["characteristics"]["HP"]) == ("12", "3")
    [marine] = cs["tactical-marines"]["attributes"]["profiles"]
    assert marine["characteristics"]["Save"] == "3+"


def test_the_report_says_what_each_entry_became_and_what_became_of_each_modifier(mapped):
    _, report = mapped
    rows = {r["entry"]: r for r in report["entries"]}
    assert rows["Assault Marines"]["became"] == (
        "card assault-marines: Assault Marines (infantry, 32 mm base (default, not from the "
        "catalogue)), 86 points for 5 model(s), 2 option(s)")
    assert rows["Chapter Champion"]["max_per_list"] == 1
    assert rows["Chapter Champion"]["rules"] == 1
    assert rows["Chapter Champion"]["became"].endswith("1 rule(s) evaluated against the list")
    assert rows["Land Speeder"]["base_mm_default"] is False
    assert report["skipped"] == [
        {"entry": "Legacy Squad", "entry_id": "se-legacy", "reason": "hidden in the catalogue",
         "code": "hidden"},
        {"entry": "Chapter Tactics", "entry_id": "se-tactics",
         "reason": "an entry of type 'upgrade' at the top level, not a unit or model",
         "code": "not_a_unit", "entry_type": "upgrade"},
    ]
    # The champion's price asks whether the roster holds Assault Marines: the rest of the
    # list, so a rule of the pack (evaluated with each list), no longer "not evaluated".
    assert report["rules"] == [{
        "where": "Chapter Champion", "modifier": "set pts 70",
        "conditions": ["roster has at least 1 selections of Assault Marines"],
        "status": "became a rule", "cards": ["Chapter Champion"]}]
    assert report["not_evaluated"] == report["applied"] == []
    assert report["modifiers"] == {"total": 1, "applied": 0, "rules": 1, "not_evaluated": 0}


def test_a_link_to_nothing_and_a_cycle_are_reported_not_followed():
    broken = CAT.replace(b'targetId="gs-bolt-pistol"', b'targetId="nowhere"').replace(
        b'<entryLink id="el-tac-melta" name="" hidden="false" targetId="gs-melta-bombs"',
        b'<entryLink id="el-tac-melta" name="" hidden="false" targetId="sse-tactical"')
    _, report = catalogue_pack(read_library(broken, GST), BASE, name="Broken")
    rows = {r["entry"]: r for r in report["entries"]}
    assert rows["Assault Marines"]["problems"] == ["el-as-pistol: no entry with id nowhere"]
    assert rows["Tactical Marines"]["problems"] == [
        "Tactical Marines: links back to itself (a cycle), not followed"]


def test_another_cost_type_can_be_chosen(mapped):
    pack, _ = catalogue_pack(read_library(CAT, GST), BASE, name="PL", cost_names=("PL",))
    assert {c["points"] for c in pack["cards"]} == {0}  # the test codex has no PL costs


def test_a_large_codex_maps_every_unit():
    pack, report = catalogue_pack(read_library(large_catalogue(900), GST), BASE, name="Big")
    assert len(pack["cards"]) == 900
    # Each unit's modifier adds 1 when the roster holds the unit: it does in any list that
    # fields it, so the card's points include it (and the modifier is kept as a rule).
    assert [c["points"] for c in pack["cards"]] == [
        large_unit_points(n) + 1 for n in range(900)]
    assert {c["attributes"]["models"] for c in pack["cards"]} == {5}
    assert report["modifiers"] == {"total": 900, "applied": 0, "rules": 900, "not_evaluated": 0}
    assert report["skipped"] == []
    assert check_pack(pack) == []


# -- lists built on the mapped pack, judged by the Boarding Action rules ---------------


def judge(pack, *entries):
    document = {"system": "boarding-action", "faction": None, "role": None,
                "battle_size": None, "entries": list(entries), "special_actions": []}
    return validate(catalogue_of(pack), parse(document))


def e(card, count=1, options=()):
    return {"card": card, "count": count, "options": list(options)}


def codes(result):
    return sorted(v.code for v in result.violations)


def test_a_legal_500_point_list(mapped):
    result = judge(mapped[0], e("tactical-marines", 3, ["opt-melta-bombs"]),
                   e("brother-dreadnought", options=["opt-heavy-flamer"]),
                   e("chapter-champion"), e("tactical-marines"))
    # Only the play note that a 60 mm walker keeps out of side corridors (info).
    assert [(v.code, v.severity) for v in result.violations] == [("side_corridor", "info")]
    assert result.points.total == 3 * 75 + 110 + 60 + 70 == 465
    assert result.valid


def test_the_champions_price_rule_is_evaluated_against_the_list(mapped):
    # The codex sets the champion unit's own cost (0) to 70 when the roster holds Assault
    # Marines: 60 (its model and blade) + 70 with them, 60 without.
    alone = judge(mapped[0], e("chapter-champion"), e("tactical-marines"))
    assert alone.points.entries == [60, 70]
    together = judge(mapped[0], e("chapter-champion"), e("assault-marines"))
    assert together.points.entries == [130, 86]
    assert together.points.total == 216


LISTS = [
    ("over 500 points", [e("tactical-marines", 7, ["opt-melta-bombs"])], ["battle_size"]),
    ("a jump-pack option chosen", [e("assault-marines", options=["opt-jump-packs"])],
     ["forbidden_wargear"]),
    ("the champion twice", [e("chapter-champion"), e("chapter-champion")], ["fielding_limit"]),
    ("a vehicle that is no walker", [e("land-speeder")], ["forbidden_unit"]),
    ("an option of another unit", [e("tactical-marines", options=["opt-heavy-flamer"])],
     ["card_option"]),
]


@pytest.mark.parametrize(("what", "entries", "expected"), LISTS, ids=[r[0] for r in LISTS])
def test_illegal_lists_on_the_mapped_pack(mapped, what, entries, expected):
    assert codes(judge(mapped[0], *entries)) == expected


def test_a_walker_whose_base_is_corrected_past_60mm_is_refused(mapped):
    pack = {**mapped[0], "cards": [dict(c) for c in mapped[0]["cards"]]}
    for card in pack["cards"]:
        if card["key"] == "brother-dreadnought":
            card["base_mm"] = 90
    assert codes(judge(pack, e("brother-dreadnought"))) == ["forbidden_unit", "side_corridor"]


def test_a_new_import_onto_the_pack_keeps_confirmed_bases_and_makes_options_once(mapped):
    pack = {**mapped[0], "cards": [dict(c, attributes=dict(c["attributes"]))
                                   for c in mapped[0]["cards"]]}
    for card in pack["cards"]:
        if card["key"] == "tactical-marines":  # the owner confirmed a 25 mm base
            card["base_mm"], card["attributes"]["base_unconfirmed"] = 25, False
    again, report = catalogue_pack(read_library(CAT, GST), pack, name="Test Marines")
    cs = cards(again)
    assert (cs["tactical-marines"]["base_mm"],
            cs["tactical-marines"]["attributes"]["base_unconfirmed"]) == (25, False)
    assert (cs["assault-marines"]["base_mm"],
            cs["assault-marines"]["attributes"]["base_unconfirmed"]) == (32, True)
    assert [i["key"] for i in again["items"]] == [i["key"] for i in mapped[0]["items"]]
    row = next(r for r in report["entries"] if r["entry"] == "Tactical Marines")
    assert row["base_mm_default"] is False
    assert "25 mm base (confirmed)" in row["became"]
    assert check_pack(again) == []


def test_the_new_rules_speak_german(mapped):
    from django.utils import translation

    from armylists.lists.documents import message_for

    result = judge(mapped[0], e("chapter-champion", 2),
                   e("tactical-marines", options=["opt-heavy-flamer"]))
    by_code = {v.code: v for v in result.violations}
    with translation.override("de"):
        assert message_for(by_code["fielding_limit"]) == (
            "Chapter Champion darf höchstens 1-mal je Liste aufgestellt werden; diese Liste "
            "stellt es 2-mal auf")
        assert message_for(by_code["card_option"]) == (
            "Tactical Marines kann Heavy Flamer nicht nehmen: Das ist keine seiner Optionen")
