"""Reordering entries in the builder without JavaScript: every entry's Move up / Move
down buttons and a "move:<id>:<id>" action (what a drop sends) are ordinary edits named
by entry ids, each taken back by Undo; in every game's builder."""

import pytest

from tests.support.pages import CAPTAIN, OGRE, SHIELDWALL, Builder, list_document, with_draft

pytestmark = pytest.mark.django_db


@pytest.fixture
def builder(client, godslayer):
    data = list_document(0) | {"name": "Raid"}
    data["entries"] = [
        {"id": "cap", "card": CAPTAIN, "count": 1, "size": None, "items": [], "options": []},
        {"id": "ogr", "card": OGRE, "count": 1, "size": None, "items": [], "options": []},
        {"id": "shw", "card": SHIELDWALL, "count": 1, "size": 6, "items": [], "options": []},
    ]
    with_draft(client, data)
    built = Builder(client)
    built.open()
    return built


def test_every_entry_has_move_buttons_that_are_form_buttons(builder):
    form = builder.page.builder_form
    for entry_id in ("cap", "ogr", "shw"):
        for verb in ("up", "down"):
            [button] = form.find_all("button", value=f"{verb}:{entry_id}")
            assert button.attrs["name"] == "action"
    assert "disabled" in form.find("button", value="up:cap").attrs
    assert "disabled" in form.find("button", value="down:shw").attrs


def test_move_up_and_down_and_undo(builder):
    builder.submit("up:shw")
    assert builder.page.ids == ["cap", "shw", "ogr"]
    builder.submit("down:cap")
    assert builder.page.ids == ["shw", "cap", "ogr"]
    builder.submit("undo")
    assert builder.page.ids == ["cap", "shw", "ogr"]
    builder.submit("undo")
    assert builder.page.ids == ["cap", "ogr", "shw"]
    builder.submit("redo")
    assert builder.page.ids == ["cap", "shw", "ogr"]


def test_a_drop_moves_before_the_entry_named_or_last(builder):
    builder.submit("move:cap:shw")
    assert builder.page.ids == ["ogr", "cap", "shw"]
    builder.submit("move:ogr:")
    assert builder.page.ids == ["cap", "shw", "ogr"]
    builder.submit("undo")
    assert builder.page.ids == ["ogr", "cap", "shw"]


@pytest.mark.parametrize("action", ["up:cap", "down:shw", "move:gone:cap", "move:cap:gone",
                                    "move:cap:cap", "up:gone", "move::", "move:" + "x" * 5000])
def test_a_move_to_nowhere_changes_nothing(builder, action):
    builder.submit(action)
    assert builder.page.ids == ["cap", "ogr", "shw"]


def test_the_builder_loads_the_reorder_script(builder):
    scripts = [s.attrs.get("src", "") for s in builder.page.root.find_all("script")]
    assert any(src.endswith(".js") and "builder-reorder" in src for src in scripts)
