"""The builder's edits (armylists/builder/edits.py): each changes exactly what it names,
addresses entries by id, and its undo gives back exactly what was there."""

import itertools

import pytest

from armylists.builder.edits import EditRefused, apply, apply_all, with_quantity
from rules.engine import parse
from tests.support.mordheim import CATALOGUE

DOCUMENT = parse({
    "system": "mordheim", "faction": "mercs",
    "entries": [
        {"id": "hans", "card": "captain", "name": "Hans", "items": ["sword", "sword", "dagger"]},
        {"id": "otto", "card": "champion", "name": "Otto", "items": ["halberd"]},
        {"id": "wars", "card": "warrior", "size": 3, "items": ["sword"]},
    ],
    "special_actions": [{"id": "p1", "action": "smoke", "count": 2}],
})


def ids(document):
    return [e.id for e in document.entries]


def counter():
    numbers = itertools.count(1)
    return lambda: f"new{next(numbers)}"


EDITS = [
    {"op": "add", "card": "warrior"},
    {"op": "add_custom", "custom": {"name": "Ogre", "points": 80, "unit_type": "monstrous_creature"}},
    {"op": "remove", "entry": "otto"},
    {"op": "duplicate", "entry": "hans"},
    {"op": "move", "entry": "wars", "to": 0},
    {"op": "set", "entry": "otto", "field": "count", "value": 2},
    {"op": "set", "entry": "wars", "field": "size", "value": 5},
    {"op": "set", "entry": "hans", "field": "name", "value": "Gunther"},
    {"op": "set", "entry": "hans", "field": "items", "value": ["sword", "dagger"]},
    {"op": "set", "entry": "otto", "field": "notes", "value": "painted"},
    {"op": "set_header", "field": "battle_size", "value": 600},
    {"op": "set_header", "field": "name", "value": "Blades"},
    {"op": "add_action", "action": "smoke", "variant": None},
    {"op": "add_action", "action": "hatch", "variant": None},
    {"op": "remove_action", "pick": "p1"},
    {"op": "set_action", "pick": "p1", "field": "count", "value": 5},
    {"op": "replace", "document": parse({"system": "mordheim", "entries": [{"card": "captain"}]}).to_dict()},
]


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e["op"] + "-" + str(e.get("field", "")))
def test_undo_gives_back_exactly_what_was_there(edit):
    step = apply(DOCUMENT, edit, CATALOGUE, counter())
    assert step.changed and step.document != DOCUMENT
    assert apply_all(step.document, step.undo, CATALOGUE).document == DOCUMENT


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e["op"] + "-" + str(e.get("field", "")))
def test_redo_makes_the_same_document_again_with_the_same_ids(edit):
    step = apply(DOCUMENT, edit, CATALOGUE, counter())
    redone = apply_all(DOCUMENT, step.redo, CATALOGUE, lambda: pytest.fail("asked for a new id"))
    assert redone.document == step.document


def test_an_edit_changes_only_the_entry_it_names():
    step = apply(DOCUMENT, {"op": "set", "entry": "otto", "field": "count", "value": 2})
    before, after = DOCUMENT.entries, step.document.entries
    assert after[1].count == 2
    assert [after[0], after[2]] == [before[0], before[2]]
    assert step.document.special_actions == DOCUMENT.special_actions


def test_removing_keeps_the_ids_and_items_of_the_others():
    step = apply(DOCUMENT, {"op": "remove", "entry": "hans"})
    assert ids(step.document) == ["otto", "wars"]
    assert step.document.entries[0].items == ("halberd",)
    assert step.undo == [{"op": "insert", "entry": {
        "id": "hans", "card": "captain", "count": 1, "size": None,
        "items": ["sword", "sword", "dagger"], "options": [], "name": "Hans"}, "at": 0}]


def test_an_edit_of_an_entry_no_longer_there_changes_nothing():
    for edit in ({"op": "remove", "entry": "gone"}, {"op": "duplicate", "entry": "gone"},
                 {"op": "set", "entry": "gone", "field": "count", "value": 2},
                 {"op": "move", "entry": "gone", "to": 0}, {"op": "remove_action", "pick": "x"}):
        step = apply(DOCUMENT, edit)
        assert step.document == DOCUMENT and not step.changed, edit


def test_a_duplicate_gets_an_id_of_its_own_right_after_the_original():
    step = apply(DOCUMENT, {"op": "duplicate", "entry": "hans"}, CATALOGUE, counter())
    assert ids(step.document) == ["hans", "new1", "otto", "wars"]
    assert step.document.entries[1].items == ("sword", "sword", "dagger")


def test_a_new_id_is_never_one_the_list_has():
    taken = iter(["hans", "otto", "fresh"])
    step = apply(DOCUMENT, {"op": "add", "card": "warrior"}, CATALOGUE, lambda: next(taken))
    assert ids(step.document)[-1] == "fresh"


def test_buying_the_same_action_again_counts_up_its_purchase():
    step = apply(DOCUMENT, {"op": "add_action", "action": "smoke", "variant": None})
    assert [(p.id, p.count) for p in step.document.special_actions] == [("p1", 3)]


@pytest.mark.parametrize(
    "edit",
    [{"op": "teleport"}, {"op": "set", "entry": "hans", "field": "card", "value": "x"},
     {"op": "set_header", "field": "system", "value": "godslayer"},
     {"op": "set_action", "pick": "p1", "field": "action", "value": "x"}],
)
def test_it_refuses_an_edit_that_does_not_exist(edit):
    with pytest.raises(EditRefused):
        apply(DOCUMENT, edit)


@pytest.mark.parametrize(
    ("items", "key", "quantity", "expected"),
    [
        (("sword", "dagger"), "sword", 2, ("sword", "sword", "dagger")),
        (("sword", "sword", "dagger"), "sword", 1, ("sword", "dagger")),
        (("sword", "dagger", "sword"), "sword", 1, ("sword", "dagger")),
        (("dagger",), "sword", 1, ("dagger", "sword")),
        (("sword", "dagger"), "sword", 0, ("dagger",)),
        (("sword",), "sword", 1, ("sword",)),
    ],
)
def test_a_quantity_adds_after_the_last_one_and_takes_from_the_end(items, key, quantity, expected):
    assert with_quantity(items, key, quantity) == expected
