"""The BattleScribe evaluator's constraints (min and max per scope, modified values,
shared counting, percentages, cost limits, hidden entries), building a roster (what an
entry needs is selected with it, a group's default, names through links) and its data
(reading, modifiers to and from JSON). A legal and an illegal case for each constraint;
the invented game is tests/support/bs_game.py."""

from decimal import Decimal

import pytest

from rules.engine.battlescribe.build import XML, DataError, book_from_data, modifier_from_data
from rules.engine.battlescribe.codec import conditions_text, describe, modifier_data
from rules.engine.battlescribe.constraints import check
from tests.support.bs_game import SYSTEM, Game, category, cond, cost, entry, limit, mod


def breaches(game):
    return [(b.owner_type, b.owner_entry_id, b.entry_id, b.constraint_id)
            for b in check(game.editor.evaluator)]


def line(entry_id="se-guard", name="Gate Guard", points=12, *constraints, **more):
    return entry(entry_id, name, points, constraints=list(constraints),
                 categoryLinks=[category("cat-line", primary=True)], **more)


# --- constraints at the top of a force ------------------------------------------------

def test_a_min_selects_itself_with_the_force_and_is_broken_when_removed():
    game = Game([line("se-guard", "Gate Guard", 12, limit("c-min", "min", 1))])
    [guard] = game.force.selections  # selected with the force
    assert breaches(game) == []
    game.editor.deselect(guard)
    assert breaches(game) == [("category", "cat-line", "se-guard", "c-min")]


@pytest.mark.parametrize(("taken", "broken"), [(2, []), (3, [("selection", "se-guard",
                                                               "se-guard", "c-max")])])
def test_a_max_in_scope_parent(taken, broken):
    game = Game([line("se-guard", "Gate Guard", 12, limit("c-max", "max", 2))])
    for _ in range(taken):
        game.select("se-guard")
    assert breaches(game) == broken


def test_an_uncategorised_entrys_parent_scope_is_not_checked_but_its_force_scope_is():
    loose = entry("se-loose", "Stray Dog", 3, constraints=[limit("c-p", "max", 1),
                                                          limit("c-f", "max", 2, scope="force")])
    game = Game([loose])
    for _ in range(2):
        game.select("se-loose")
    assert breaches(game) == []  # as BattleScribe: parent scope of an uncategorised entry
    game.select("se-loose")
    assert breaches(game) == [("selection", "se-loose", "se-loose", "c-f")]


def test_a_modifier_changes_a_constraints_value():
    raise_it = mod("set", "c-max", 3, cond("atLeast", 1, "se-banner"))
    game = Game([line("se-guard", "Gate Guard", 12, limit("c-max", "max", 1),
                      modifiers=[raise_it]),
                 entry("se-banner", "Banner", 5, kind="upgrade")])
    game.select("se-guard")
    game.select("se-guard")
    assert breaches(game) == [("selection", "se-guard", "se-guard", "c-max")]
    game.select("se-banner")
    assert breaches(game) == []


def test_a_percentage_of_the_force():
    game = Game([line("se-guard", "Gate Guard", 12, limit("c-pc", "max", 50, scope="force",
                                                          percentValue=True)),
                 entry("se-banner", "Banner", 5, kind="upgrade")])
    game.select("se-banner")
    game.select("se-guard")
    assert breaches(game) == []  # 1 of 2
    game.select("se-guard")
    assert breaches(game) == [("selection", "se-guard", "se-guard", "c-pc")]  # 2 of 3


def test_a_shared_constraint_counts_its_entry_through_every_link():
    shared = entry("sse-ogre", "Hill Ogre", 40,
                   constraints=[limit("c-ogre", "max", 2, scope="roster", shared=True)],
                   categoryLinks=[category("cat-line", primary=True)])
    links = [{"id": f"el-ogre-{n}", "name": "Hill Ogre", "targetId": "sse-ogre",
              "type": "selectionEntry"} for n in (1, 2)]
    game = Game([], shared=[shared], links=links)
    game.select("el-ogre-1")
    game.select("el-ogre-2")
    assert breaches(game) == []
    game.select("el-ogre-2")
    assert breaches(game) == [("selection", "sse-ogre", "sse-ogre", "c-ogre")]


def test_a_hidden_entry_selected_is_reported():
    game = Game([line("se-guard", "Gate Guard", 12, modifiers=[
        mod("set", "hidden", "true", cond("atLeast", 1, "se-banner"))]),
        entry("se-banner", "Banner", 5, kind="upgrade")])
    game.select("se-guard")
    assert breaches(game) == []
    game.select("se-banner")
    assert breaches(game) == [("selection", "se-guard", "se-guard", "hidden")]


def test_a_cost_limit():
    system = {**SYSTEM, "costTypes": [{"id": "pts", "name": "pts", "defaultCostLimit": 20}]}
    game = Game([line()], system=system)
    game.select("se-guard")
    assert breaches(game) == []
    game.select("se-guard")
    assert breaches(game) == [("roster", "", "costLimits", "pts")]


def test_a_force_entrys_category_and_forces_limits():
    system = {**SYSTEM, "forceEntries": [
        {"id": "fe-band", "name": "Warband",
         "constraints": [limit("c-bands", "max", 1, scope="roster", field="forces")],
         "categoryLinks": [{"id": "fl-line", "targetId": "cat-line",
                            "constraints": [limit("c-lines", "max", 1)]}]}]}
    game = Game([line()], system=system)
    game.select("se-guard")
    assert breaches(game) == []
    game.select("se-guard")
    game.editor.add_force("fe-band")
    assert sorted(breaches(game)) == [("category", "cat-line", "cat-line", "c-lines"),
                                      ("roster", "", "fe-band", "c-bands"),
                                      ("roster", "", "fe-band", "c-bands")]


# --- constraints below a selection ----------------------------------------------------

def hunters(*constraints):
    hound = entry("se-hound", "Hound", 5, kind="model", constraints=list(constraints))
    return entry("se-hunt", "Hunt Master", 30, selectionEntries=[hound],
                 categoryLinks=[category("cat-lead", primary=True)])


def test_a_childs_min_and_max_in_its_parent():
    game = Game([hunters(limit("c-h-min", "min", 2), limit("c-h-max", "max", 3))])
    master = game.select("se-hunt")
    assert [c.number for c in master.children] == [2]  # its min, selected with it
    assert breaches(game) == []
    for _ in range(2):
        game.child(master, "se-hound")  # a model without wargear: its number rises
    assert breaches(game) == [("selection", "se-hunt", "se-hound", "c-h-max")]


def test_a_childs_force_scope_counts_every_parent():
    game = Game([hunters(limit("c-h-f", "max", 2, scope="force", includeChildSelections=True))])
    game.child(game.select("se-hunt"), "se-hound")
    game.child(game.select("se-hunt"), "se-hound")
    assert breaches(game) == []
    game.child(game.select("se-hunt"), "se-hound")
    assert breaches(game) == [("selection", "se-hound", "se-hound", "c-h-f")]


def test_a_groups_constraint():
    group = {"id": "g-arms", "name": "Arms", "defaultSelectionEntryId": "se-axe",
             "constraints": [limit("c-g-min", "min", 1), limit("c-g-max", "max", 1)],
             "selectionEntries": [entry("se-axe", "Axe", 0, kind="upgrade"),
                                  entry("se-bow", "Bow", 4, kind="upgrade")]}
    game = Game([entry("se-hunt", "Hunt Master", 30, selectionEntryGroups=[group],
                       categoryLinks=[category("cat-lead", primary=True)])])
    master = game.select("se-hunt")
    assert [(c.entry.name, c.group_id) for c in master.children] == [("Axe", "g-arms")]
    assert breaches(game) == []
    game.child(master, "se-bow")
    assert breaches(game) == [("selection", "se-hunt", "g-arms", "c-g-max")]


# --- building -------------------------------------------------------------------------

def test_a_links_cost_replaces_its_targets_and_names_join_with_the_link():
    shared = entry("sse-cloak", "Ember Cloak", 5, kind="upgrade")
    links = [{"id": "el-cloak", "targetId": "sse-cloak", "type": "selectionEntry",
              "costs": [cost(15)]}]
    master = entry("se-hunt", "Hunt Master", 30, entryLinks=links)
    game = Game([master], shared=[shared])
    cloak = game.child(game.select("se-hunt"), "el-cloak")
    assert (cloak.entry_id, game.points(cloak), game.total()) == ("el-cloak::sse-cloak", 15, 45)


def test_costs_are_set_children_first_in_the_order_added():
    # The master costs 1 more per 10 points of hounds in the force: a hound counts as
    # soon as the refresh has priced it.
    master = hunters()
    master["modifiers"] = [mod("increment", "pts", 1, repeats=[
        {"value": 10, "repeats": 1, "childId": "se-hound", "scope": "force", "field": "pts",
         "includeChildSelections": True, "shared": True}])]
    game = Game([master])
    hunt = game.select("se-hunt")
    for _ in range(4):
        game.child(hunt, "se-hound")
    assert (game.points(hunt), game.total()) == (Decimal(32), Decimal(52))


# --- data -----------------------------------------------------------------------------

def test_a_modifier_round_trips_through_json():
    data = mod("increment", "pts", 2, cond("atLeast", 1, "se-banner"),
               conditionGroups=[{"type": "or", "conditions": [cond("equalTo", 0, "se-axe")]}],
               repeats=[{"value": 2, "repeats": 1, "childId": "se-hound", "scope": "force",
                         "field": "selections", "roundUp": True}])
    modifier = modifier_from_data(data, "cat:1")
    again = modifier_from_data(modifier_data(modifier), "cat:1")
    assert again == modifier
    names = {"se-banner": "Banner", "se-axe": "Axe", "se-hound": "Hound"}.get
    assert describe(modifier, lambda i: names(i) or i) == "increment pts 2"
    assert conditions_text(modifier, lambda i: names(i) or i) == [
        "force has at least 1 selections of Banner", "force has exactly 0 selections of Axe",
        "repeated per 2 selections of Hound in force"]


def test_data_that_is_no_number_is_refused_with_where_it_is():
    with pytest.raises(DataError, match="Gate Guard: cost"):
        book_from_data({"selectionEntries": [entry("se-guard", "Gate Guard", "lots")]},
                       "catalogue")


def test_the_xml_defaults_differ_from_the_protocols():
    data = {"selectionEntries": [{"id": "se-x", "name": "X", "modifiers": [
        {"type": "set", "field": "name", "value": "Y",
         "conditions": [{"type": "atLeast", "value": "1", "childId": "se-y"}]}]}]}
    xml, protocol = book_from_data(data, "catalogue", XML), book_from_data(data, "catalogue")
    [xml_condition] = xml.entries[0].modifiers[0].conditions
    [protocol_condition] = protocol.entries[0].modifiers[0].conditions
    assert (xml_condition.query.shared, xml_condition.query.scope) == (True, "parent")
    assert (protocol_condition.query.shared, protocol_condition.query.scope) == (False, "self")
    assert xml.entries[0].type == "upgrade" and protocol.entries[0].type == "unit"


# --- bounds (data nobody should write, which must not run away) ------------------------

def test_mins_within_mins_bring_at_most_a_bounded_number_of_selections():
    from rules.engine.battlescribe.editor import MAX_MADE

    def level(n):
        inner = [level(n - 1)] if n else []
        return entry(f"se-l{n}", f"Layer {n}", 1, kind="model",
                     constraints=[limit(f"c-l{n}", "min", 1000)],
                     selectionEntries=inner, entryLinks=[])

    game = Game([entry("se-top", "Tower", 1, selectionEntries=[level(3)])])
    tower = game.select("se-top")
    made = sum(1 for _ in tower.descendants())
    assert 1000 < made <= MAX_MADE + 4  # bounded, not 1000 ** 4


def test_repeated_groups_within_repeated_groups_share_one_budget():
    from rules.engine.battlescribe.repeats import MAX_TIMES

    def nest(n):
        return {"repeats": [{"value": 1, "repeats": 1000, "childId": "any", "scope": "force",
                             "field": "selections"}],
                "modifiers": [mod("increment", "pts", 1)],
                "modifierGroups": [nest(n - 1)] if n else []}

    game = Game([entry("se-top", "Tower", 1, modifierGroups=[nest(3)])])
    tower = game.select("se-top")
    # Four levels: at most MAX_TIMES repetitions per level, not MAX_TIMES ** 4.
    assert 1 + MAX_TIMES <= game.points(tower) <= 1 + 4 * MAX_TIMES
