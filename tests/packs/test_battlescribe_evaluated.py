"""A codex whose modifiers the import evaluates (issue 30; tests/fixtures/battlescribe/
evaluator-test.cat with boarding-test.gst, written by hand): what holds for a unit alone
is in its card, what depends on the rest of a list is a rule of the pack that the
Boarding Action rules evaluate against each list (pricing, fielding_limit,
catalogue_hidden: a legal and an illegal list each), and the report says which was which
with its counts. The pack checks refuse a rule that names nothing."""

import copy

import pytest

from armylists.battlescribe.catalogues import read_library
from armylists.games.boarding_action.catalogue_pack import catalogue_pack
from armylists.packs.checks import check_pack
from armylists.packs.tables import read_pack_file
from rules.engine import parse, validate
from tests.support.battlescribe import ROSTERS
from tests.support.battlescribe_catalogues import GST, catalogue_of
from tests.support.paths import FIXTURES

EVAL = (ROSTERS / "evaluator-test.cat").read_bytes()
BASE = read_pack_file(FIXTURES / "boarding-action.yaml")


@pytest.fixture(scope="module")
def mapped():
    return catalogue_pack(read_library(EVAL, GST), BASE, name="Wolves")


def cards(pack):
    return {c["key"]: c for c in pack["cards"]}


def options(pack, key):
    items = {i["key"]: i["name"] for i in pack["items"]}
    return {items[o["key"]]: o["points"] for o in cards(pack)[key]["options"]}


def judge(pack, *entries):
    document = {"system": "boarding-action", "entries": list(entries)}
    return validate(catalogue_of(pack), parse(document))


def found(result):
    return [(v.code, v.entry) for v in result.violations if v.code != "forbidden_unit"]


# --- at import ------------------------------------------------------------------------

def test_what_holds_for_the_unit_alone_is_in_its_card(mapped):
    pack, _ = mapped
    assert check_pack(pack) == []
    # A link that sets its target's cost (5 -> 15) and one that lowers it (10 -> 8); an
    # option dearer per 5 Strikers (10 + 5); the banner's condition does not hold, so it
    # is offered.
    assert options(pack, "vanguard-captain") == {
        "Ceremonial Banner": 5, "Void Shield": 15, "Relic Blade": 20}
    assert options(pack, "strike-squad") == {"Plasma Gun": 15, "Heavy Rifle": 8}
    assert cards(pack)["strike-squad"]["points"] == 10 + 5 * 15
    [profile] = cards(pack)["vanguard-captain"]["attributes"]["profiles"]
    assert profile["characteristics"] == {"WS": "5", "A": "3", "Save": "3+"}


def test_what_depends_on_the_list_is_kept_as_rules(mapped):
    pack, _ = mapped
    captain = cards(pack)["vanguard-captain"]["attributes"]
    assert [(r["on"], r.get("key"), r["field"], r["base"], r["value"])
            for r in captain["battlescribe_rules"]] == [
        ("unit", None, "limit", 1.0, 1.0), ("option", "opt-relic-blade", "hidden", False, True)]
    assert "max_per_list" not in captain  # the rule says it
    assert captain["battlescribe_options"] == {
        "opt-relic-blade": {"id": "sse-ev-relic", "link": "el-ev-relic",
                            "parent": "se-ev-captain-model"}}
    # Empty ids are left out (the captain model sits at the unit's top, through no link).
    assert captain["battlescribe_defaults"] == [
        {"id": "se-ev-captain-model", "count": 1, "type": "model"}]
    [squad_rule] = cards(pack)["strike-squad"]["attributes"]["battlescribe_rules"]
    assert (squad_rule["on"], squad_rule["field"], squad_rule["value"]) == ("unit", "points", 10)
    kept = pack["system"]["attributes"]["battlescribe"]["modifiers"]
    assert sorted(kept) == sorted(
        ref for c in pack["cards"] for r in c["attributes"].get("battlescribe_rules", ())
        for ref in r["modifiers"])
    assert kept[squad_rule["modifiers"][0]]["text"] == (
        "roster has at least 1 selections of Vanguard Captain")


def test_the_report_lists_each_modifier_with_what_became_of_it(mapped):
    _, report = mapped
    assert report["modifiers"] == {"total": 11, "applied": 5, "rules": 3, "not_evaluated": 3}
    assert {r["modifier"] for r in report["applied"]} == {
        "set pts 15", "decrement pts 2", "increment pts 5", "set hidden true",
        "increment A 1"}
    assert {(r["where"], r["modifier"]) for r in report["rules"]} == {
        ("Strike Squad", "decrement pts 10"),
        ("Vanguard Captain", "set max 1 per roster (c-ev-cap-max) 2"),
        ("Vanguard Captain > Vanguard Captain > Relic Blade", "set hidden true")}
    assert {(r["modifier"], r["reason"]) for r in report["not_evaluated"]} == {
        ("append name (chosen)",
         "on an entry no card uses (not a unit, or hidden, or only reachable from one)"),
        ("set page 12", "changes a field, which the pack does not keep"),
        ("append name of the Wolves", "depends on the rest of the roster and changes its "
                                      "name, which a list on this pack does not carry")}
    rows = {r["entry"]: r for r in report["entries"]}
    assert rows["Vanguard Captain"]["rules"] == 2
    assert "at most 1 per list on its own" in rows["Vanguard Captain"]["became"]


# --- the rules against a list ---------------------------------------------------------

LISTS = [  # (what, entries, points per entry, violations)
    ("a squad alone pays its full price", [{"card": "strike-squad"}], [85], []),
    ("a squad with a captain in the roster is 10 cheaper",
     [{"card": "strike-squad"}, {"card": "vanguard-captain"}], [75, 80], []),
    ("the relic blade with a strike squad is offered",
     [{"card": "vanguard-captain", "options": ["opt-relic-blade"]}, {"card": "strike-squad"}],
     [100, 75], []),
    ("the relic blade without one is not", [
        {"card": "vanguard-captain", "options": ["opt-relic-blade"]}], [100],
     [("catalogue_hidden", 0)]),
    ("two captains with a squad", [{"card": "vanguard-captain", "count": 2},
                                   {"card": "strike-squad"}], [160, 75], []),
    ("two captains without", [{"card": "vanguard-captain", "count": 2}], [160],
     [("fielding_limit", 0)]),
]


@pytest.mark.parametrize(("what", "entries", "points", "violations"), LISTS,
                         ids=[row[0] for row in LISTS])
def test_the_rules_against_a_list(mapped, what, entries, points, violations):
    result = judge(mapped[0], *entries)
    assert result.points.entries == points
    assert found(result) == violations


def test_a_hidden_option_is_a_warning_that_names_the_condition(mapped):
    from django.utils import translation

    from armylists.lists.documents import message_for

    result = judge(mapped[0], {"card": "vanguard-captain", "options": ["opt-relic-blade"]})
    [hidden] = [v for v in result.violations if v.code == "catalogue_hidden"]
    assert hidden.severity == "warning"
    assert message_for(hidden) == (
        "Vanguard Captain: the codex does not offer Relic Blade in this list (force has fewer "
        "than 1 selections of Strike Squad or force has at least 3 selections of Vanguard "
        "Captain)")
    with translation.override("de"):
        assert message_for(hidden).startswith(
            "Vanguard Captain: Der Codex bietet Relic Blade in dieser Liste nicht an")


# --- the pack checks ------------------------------------------------------------------

def broken(pack, change):
    pack = copy.deepcopy(pack)
    change(pack)
    return [(p.path, p.message) for p in check_pack(pack)]


def test_a_rule_must_name_modifiers_the_pack_keeps_and_options_the_card_has(mapped):
    def forget_modifiers(pack):
        pack["system"]["attributes"]["battlescribe"]["modifiers"] = {}

    def wrong_option(pack):
        cards(pack)["vanguard-captain"]["attributes"]["battlescribe_rules"][1]["key"] = "opt-x"

    assert ("cards[1].attributes.battlescribe_rules[0].modifiers[0]",
            "no modifier 'cat:8' in system.attributes.battlescribe.modifiers") in broken(
        mapped[0], forget_modifiers)
    assert broken(mapped[0], wrong_option) == [
        ("cards[0].attributes.battlescribe_rules[1].key",
         "'opt-x' is not one of the card's options")]


def test_a_rule_of_another_shape_is_refused_by_the_schema(mapped):
    def odd(pack):
        cards(pack)["strike-squad"]["attributes"]["battlescribe_rules"][0]["field"] = "name"

    [(path, message)] = broken(mapped[0], odd)
    assert path == "cards[1].attributes.battlescribe_rules[0].field"
