"""The BattleScribe evaluator's modifiers, conditions, condition groups, repeats and scopes
(rules/engine/battlescribe; docs/battlescribe-evaluator.md), each on a small invented game
(tests/support/bs_game.py): one case where a modifier applies, one where it does not."""

from decimal import Decimal

import pytest

from tests.support.bs_game import Game, category, cond, entry, limit, mod

ASH = "se-ash"  # Ash Wardens, 10 pts: what the modifiers change
LANTERN = "se-lantern"  # Grave Lantern, 4 pts: what the conditions count


def game_with(*modifiers, ash=None, lanterns=0, characteristics=None):
    ash = ash or entry(ASH, "Ash Wardens", 10, modifiers=list(modifiers),
                       constraints=[limit("c-ash-max", "max", 1, scope="force")],
                       categoryLinks=[category("cat-line", primary=True)])
    if characteristics is not None:
        ash["profiles"] = [{"id": "pr-ash", "name": "Ash Warden", "typeId": "pt-sample",
                            "characteristics": characteristics}]
    game = Game([entry(LANTERN, "Grave Lantern", 4, kind="upgrade"), ash])
    for _ in range(lanterns):
        game.select(LANTERN)
    return game, game.select(ASH)


# --- modifier types -------------------------------------------------------------------

NUMBERS = [
    ("set", "25", 25), ("increment", "3", 13), ("decrement", "4", 6),
    ("multiply", "2", 20), ("divide", "4", Decimal("2.5")),
]


@pytest.mark.parametrize(("kind", "value", "expected"), NUMBERS)
def test_numeric_modifiers_change_a_cost(kind, value, expected):
    game, ash = game_with(mod(kind, "pts", value))
    assert game.points(ash) == expected
    # The other cost type is left as it is (the entry has none).
    assert game.points(ash, "gold") is None


@pytest.mark.parametrize(("kind", "value", "expected"), [
    ("set", "Ember Guard", "Ember Guard"), ("append", "Veterans", "Ash Wardens Veterans"),
    ("prepend", "Elder", "Elder Ash Wardens"),
])
def test_text_modifiers_change_a_name(kind, value, expected):
    game, ash = game_with(mod(kind, "name", value))
    assert game.name(ash) == expected


def test_set_hidden_and_a_constraint_value():
    game, ash = game_with(mod("set", "hidden", "true"), mod("increment", "c-ash-max", 2))
    assert game.hidden(ash) is True
    assert game.constraint(ash, "c-ash-max") == 3


@pytest.mark.parametrize(("kind", "target", "ids", "primary"), [
    ("add", "cat-beast", {"cat-line", "cat-beast"}, "cat-line"),
    ("remove", "cat-line", set(), None),
    ("set-primary", "cat-lead", {"cat-line", "cat-lead"}, "cat-lead"),
    ("unset-primary", "cat-line", {"cat-line"}, None),
])
def test_category_modifiers(kind, target, ids, primary):
    game, ash = game_with(mod(kind, "category", target))
    assert game.categories(ash) == (frozenset(ids), primary)


def test_a_characteristic_modifier_counts_in_its_text():
    game, ash = game_with(
        mod("increment", "ct-attacks", 1), mod("decrement", "ct-save", 1),
        characteristics=[{"name": "A", "typeId": "ct-attacks", "value": "2"},
                         {"name": "Save", "typeId": "ct-save", "value": "4+"}])
    ev = game.editor.evaluator
    [(info, carriers)] = ev.infos((ash.entry,), game.ctx(ash))
    assert ev.characteristic(info, carriers, "ct-attacks", "2", game.ctx(ash)) == "3"
    # "4+" is no number: a decrement leaves it.
    assert ev.characteristic(info, carriers, "ct-save", "4+", game.ctx(ash)) == "4+"


def test_modifiers_apply_in_the_order_they_are_written():
    game, ash = game_with(mod("increment", "pts", 5), mod("set", "pts", 7),
                          mod("increment", "pts", 1))
    assert game.points(ash) == 8


# --- condition types ------------------------------------------------------------------

CONDITIONS = [  # (type, value, lanterns in the force, holds)
    ("lessThan", 2, 1, True), ("lessThan", 2, 2, False),
    ("greaterThan", 1, 2, True), ("greaterThan", 1, 1, False),
    ("equalTo", 2, 2, True), ("equalTo", 2, 3, False),
    ("notEqualTo", 2, 3, True), ("notEqualTo", 2, 2, False),
    ("atLeast", 2, 2, True), ("atLeast", 2, 1, False),
    ("atMost", 1, 1, True), ("atMost", 1, 2, False),
]


@pytest.mark.parametrize(("kind", "value", "lanterns", "holds"), CONDITIONS)
def test_comparisons(kind, value, lanterns, holds):
    game, ash = game_with(mod("set", "pts", 99, cond(kind, value, LANTERN)), lanterns=lanterns)
    assert (game.points(ash) == 99) is holds


@pytest.mark.parametrize(("kind", "child", "holds"), [
    ("instanceOf", "cat-line", True), ("instanceOf", "cat-beast", False),
    ("instanceOf", "unit", True), ("instanceOf", "model", False),
    ("notInstanceOf", "cat-beast", True), ("notInstanceOf", ASH, False),
])
def test_instance_of_the_selection_itself(kind, child, holds):
    game, ash = game_with(mod("set", "name", "Matched", cond(kind, 1, child, scope="self")))
    assert (game.name(ash) == "Matched") is holds


def test_instance_of_the_force_entry_and_not_of_the_roster():
    game, ash = game_with(mod("append", "name", "A", cond("instanceOf", 1, "fe-band")),
                          mod("append", "name", "B", cond("instanceOf", 1, "fe-band",
                                                          scope="roster")))
    assert game.name(ash) == "Ash Wardens A"  # roster: BattleScribe says false


@pytest.mark.parametrize(("percent", "lanterns", "holds"), [(50, 2, True), (50, 1, False)])
def test_a_percentage_is_of_everything_in_scope(percent, lanterns, holds):
    # Ash Wardens + lanterns in the force: 2 of 3 is at least 50%, 1 of 2 is not more.
    game, ash = game_with(mod("set", "pts", 99, cond("greaterThan", percent, LANTERN,
                                                     percentValue=True)), lanterns=lanterns)
    assert (game.points(ash) == 99) is holds


def test_a_condition_without_an_id_never_holds():
    game, ash = game_with(mod("set", "pts", 99, cond("atLeast", 0, "")))
    assert game.points(ash) == 10


# --- condition groups -------------------------------------------------------------------

def group(kind, *conditions, groups=()):
    return {"type": kind, "conditions": list(conditions), "conditionGroups": list(groups)}


@pytest.mark.parametrize(("groups", "lanterns", "holds"), [
    ([group("and", cond("atLeast", 1, LANTERN), cond("atMost", 2, LANTERN))], 2, True),
    ([group("and", cond("atLeast", 1, LANTERN), cond("atMost", 2, LANTERN))], 3, False),
    ([group("or", cond("equalTo", 0, LANTERN), cond("atLeast", 3, LANTERN))], 3, True),
    ([group("or", cond("equalTo", 0, LANTERN), cond("atLeast", 3, LANTERN))], 1, False),
    ([group("or", groups=[group("and", cond("atLeast", 1, LANTERN), cond("atMost", 1, LANTERN))],
            )], 1, True),
    ([group("not", cond("atLeast", 1, LANTERN))], 0, True),
    ([group("not", cond("atLeast", 1, LANTERN))], 1, False),
])
def test_condition_groups_nest(groups, lanterns, holds):
    game, ash = game_with(mod("set", "pts", 99, conditionGroups=groups), lanterns=lanterns)
    assert (game.points(ash) == 99) is holds


# --- repeats --------------------------------------------------------------------------

def repeat(value, repeats=1, child=LANTERN, scope="force", **flags):
    return {"value": value, "repeats": repeats, "childId": child, "scope": scope,
            "field": "selections", "shared": True, **flags}


@pytest.mark.parametrize(("repeats", "lanterns", "points"), [
    ([repeat(2)], 5, 12),  # floor(5 / 2) = 2 times 1
    ([repeat(2, roundUp=True)], 5, 13),  # ceil(5 / 2) = 3
    ([repeat(1, repeats=2)], 2, 14),  # 2 x 2
    ([repeat(0)], 5, 10),  # a value of 0 repeats nothing
    ([repeat(2), repeat(1)], 3, 14),  # repeats add up: 1 + 3
])
def test_repeats(repeats, lanterns, points):
    game, ash = game_with(mod("increment", "pts", 1, repeats=repeats), lanterns=lanterns)
    assert game.points(ash) == points


def test_a_modifier_group_gives_its_conditions_and_repeats_to_its_modifiers():
    groups = [{"conditions": [cond("atLeast", 1, LANTERN)],
               "repeats": [repeat(1)],
               "modifiers": [mod("increment", "pts", 2)],
               "modifierGroups": [{"modifiers": [mod("append", "name", "Lit")]}]}]
    game, ash = game_with(lanterns=2, ash=entry(ASH, "Ash Wardens", 10, modifierGroups=groups))
    assert (game.points(ash), game.name(ash)) == (14, "Ash Wardens Lit Lit")
    unlit, ash = game_with(ash=entry(ASH, "Ash Wardens", 10, modifierGroups=groups))
    assert (unlit.points(ash), unlit.name(ash)) == (10, "Ash Wardens")


# --- scopes ---------------------------------------------------------------------------

def squad(*modifiers, scope_entry=None):
    """Bone Pack (unit) holding Hounds (models) and a Horn (upgrade) that counts."""
    horn = entry("se-horn", "Horn", 3, kind="upgrade", modifiers=list(modifiers))
    hound = entry("se-hound", "Hound", 5, kind="model")
    return entry("se-pack", "Bone Pack", 20, selectionEntries=[hound, horn],
                 categoryLinks=[category("cat-beast", primary=True)])


def test_scope_self_counts_nothing_and_parent_counts_the_siblings():
    game = Game([squad(mod("append", "name", "Self", cond("atLeast", 1, "se-horn", scope="self")),
                       mod("append", "name", "Pair", cond("atLeast", 2, "se-hound",
                                                          scope="parent")))])
    pack = game.select("se-pack")
    game.child(pack, "se-hound")
    horn = game.child(pack, "se-horn")
    assert game.name(horn) == "Horn"
    game.child(pack, "se-hound")  # two hounds beside the horn now
    assert game.name(horn) == "Horn Pair"


@pytest.mark.parametrize(("scope", "nested", "forces", "holds"), [
    ("force", False, 1, False),  # the hounds are inside the pack, not at the top
    ("force", True, 1, True),
    ("roster", True, 2, True),  # a hound in another force counts for the roster only
])
def test_force_and_roster_with_child_selections(scope, nested, forces, holds):
    horn_mod = mod("append", "name", "Howls",
                   cond("atLeast", forces, "se-hound", scope=scope,
                        includeChildSelections=nested))
    game = Game([squad(horn_mod)])
    pack = game.select("se-pack")
    game.child(pack, "se-hound")
    horn = game.child(pack, "se-horn")
    if forces == 2:
        other = game.editor.add_force("fe-band")
        game.child(game.select("se-pack", other), "se-hound")
    assert (game.name(horn) == "Horn Howls") is holds


@pytest.mark.parametrize(("child_forces", "holds"), [(True, True), (False, False)])
def test_include_child_forces(child_forces, holds):
    stray = entry("se-stray", "Stray", 1, kind="upgrade")
    game = Game([stray, squad(mod("append", "name", "Far",
                                  cond("atLeast", 1, "se-stray", scope="force",
                                       includeChildForces=child_forces)))])
    horn = game.child(game.select("se-pack"), "se-horn")
    camp = game.editor.add_force("fe-camp", parent=game.force)
    game.select("se-stray", camp)  # only in the Warband's child force
    assert (game.name(horn) == "Horn Far") is holds


def test_ancestor_instance_of_and_an_entry_scope():
    game = Game([squad(mod("append", "name", "Kin", cond("instanceOf", 1, "se-pack",
                                                        scope="ancestor")),
                       mod("append", "name", "Full",
                           cond("atLeast", 2, "se-hound", scope="se-pack")))])
    pack = game.select("se-pack")
    horn = game.child(pack, "se-horn")
    assert game.name(horn) == "Horn Kin"
    game.child(pack, "se-hound")
    game.child(pack, "se-hound")
    assert game.name(horn) == "Horn Kin Full"


def test_a_count_in_scope_ancestor_is_none_as_in_battlescribe():
    game = Game([squad(mod("append", "name", "Up", cond("atLeast", 0, "any", scope="ancestor")))])
    horn = game.child(game.select("se-pack"), "se-horn")
    assert game.name(horn) == "Horn"


def test_primary_category_and_primary_catalogue():
    lantern = entry(LANTERN, "Grave Lantern", 4, kind="upgrade",
                    categoryLinks=[category("cat-line", primary=True)])
    ash = entry(ASH, "Ash Wardens", 10, categoryLinks=[category("cat-line", primary=True)],
                modifiers=[mod("append", "name", "Kin",
                               cond("atLeast", 2, "any", scope="primary-category")),
                           mod("append", "name", "Host",
                               cond("atLeast", 3, "any", scope="primary-catalogue"))])
    game = Game([lantern, ash, entry("se-other", "Stray", 1, kind="upgrade")])
    game.select("se-other")
    warden = game.select(ASH)
    assert game.name(warden) == "Ash Wardens"
    game.select(LANTERN)
    assert game.name(warden) == "Ash Wardens Kin Host"


def test_a_shared_query_counts_a_target_through_any_link():
    lantern = entry(LANTERN, "Grave Lantern", 4, kind="upgrade")
    links = [{"id": "el-lantern", "name": "Lantern", "targetId": LANTERN,
              "type": "selectionEntry"}]
    ash = entry(ASH, "Ash Wardens", 10, modifiers=[
        mod("append", "name", "Shared", cond("atLeast", 1, LANTERN)),
        mod("append", "name", "Exact", cond("atLeast", 1, LANTERN, shared=False))])
    game = Game([ash], shared=[lantern], links=links)
    warden = game.select(ASH)
    selected = game.select("el-lantern")
    assert selected.entry_id == f"el-lantern::{LANTERN}"
    assert game.name(warden) == "Ash Wardens Shared"


def test_a_cost_condition_reads_the_costs_already_set():
    ash = entry(ASH, "Ash Wardens", 10, modifiers=[
        mod("set", "name", "Rich", cond("atLeast", 8, LANTERN, field="pts"))])
    game, warden = game_with(ash=ash, lanterns=2)
    assert game.name(warden) == "Rich"
    assert game.total() == Decimal(18)
