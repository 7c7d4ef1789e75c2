"""Moving an entry by ids ("move_before"): it stands right before the entry named (or
last), the others keep their order, and undo puts it back before the entry it stood
before, by id, so an undo still means the same after another tab added or removed an
entry. Every way of naming something not there moves nothing."""

import pytest

from armylists.builder.edits import apply, apply_all
from rules.engine import parse
from tests.support.mordheim import CATALOGUE

DOCUMENT = parse({
    "system": "mordheim", "faction": "mercs",
    "entries": [
        {"id": "hans", "card": "captain", "name": "Hans"},
        {"id": "otto", "card": "champion", "name": "Otto"},
        {"id": "wars", "card": "warrior", "size": 3},
        {"id": "kurt", "card": "champion", "name": "Kurt"},
    ],
})


def ids(document):
    return [e.id for e in document.entries]


@pytest.mark.parametrize(
    ("entry", "before", "order"),
    [
        ("kurt", "hans", ["kurt", "hans", "otto", "wars"]),  # to the top
        ("hans", None, ["otto", "wars", "kurt", "hans"]),  # last
        ("hans", "wars", ["otto", "hans", "wars", "kurt"]),  # down one
        ("wars", "otto", ["hans", "wars", "otto", "kurt"]),  # up one
    ],
)
def test_it_moves_before_the_entry_named_and_undo_puts_it_back(entry, before, order):
    step = apply(DOCUMENT, {"op": "move_before", "entry": entry, "before": before}, CATALOGUE)
    assert ids(step.document) == order
    assert apply_all(step.document, step.undo, CATALOGUE).document == DOCUMENT
    assert apply_all(DOCUMENT, step.redo, CATALOGUE).document == step.document
    assert step.document.entries[order.index(entry)] == DOCUMENT.entries[ids(DOCUMENT).index(entry)]


@pytest.mark.parametrize(
    "edit",
    [
        {"op": "move_before", "entry": "gone", "before": "hans"},  # the entry is not there
        {"op": "move_before", "entry": "hans", "before": "gone"},  # nor the one to stand before
        {"op": "move_before", "entry": "hans", "before": "hans"},  # before itself
        {"op": "move_before", "entry": "hans", "before": "otto"},  # where it stands already
        {"op": "move_before", "entry": "kurt", "before": None},  # last already
    ],
)
def test_a_move_to_nowhere_changes_nothing(edit):
    step = apply(DOCUMENT, edit, CATALOGUE)
    assert step.document == DOCUMENT and not step.changed and step.undo == []


def test_the_undo_is_by_id_so_it_holds_after_another_tab_changed_the_list():
    step = apply(DOCUMENT, {"op": "move_before", "entry": "otto", "before": None}, CATALOGUE)
    assert step.undo == [{"op": "move_before", "entry": "otto", "before": "wars"}]
    # Meanwhile another tab removed the first entry: positions shifted, ids did not.
    elsewhere = apply(step.document, {"op": "remove", "entry": "hans"}, CATALOGUE).document
    assert ids(apply_all(elsewhere, step.undo, CATALOGUE).document) == ["otto", "wars", "kurt"]
