"""Editing pack rows by key (rules/engine/pack_rows.py): set and clear values at a
path, references kept with their fields, add, remove, rename (the old key becomes an
alias, the pack's references follow), and what is refused."""

import copy

import pytest

from rules.engine import pack_rows

PACK = {
    "factions": [{"key": "north", "name": "North"}],
    "items": [{"key": "axe", "name": "Axe", "faction": "north", "kind": "weapon", "points": 5}],
    "cards": [
        {
            "key": "captain",
            "name": "Captain",
            "faction": "north",
            "points": 40,
            "stats": {"MOV": 4},
            "items": [{"key": "axe", "max": 1}],
            "aliases": ["chief"],
        }
    ],
}


def pack():
    return copy.deepcopy(PACK)


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        ("points", 44, {"points": 44}),
        ("stats.MOV", 5, {"stats": {"MOV": 5}}),
        ("names.de", "Hauptmann", {"names": {"de": "Hauptmann"}}),
        ("attributes.hit_points", 16, {"attributes": {"hit_points": 16}}),
        ("stats.MOV", None, {"stats": {}}),  # the emptied mapping stays, as packs write it
        ("names.de", None, {"names": None}),  # nothing to clear: nothing made
        ("warlord", False, {"warlord": None}),  # an absent flag is false already
        ("warlord", True, {"warlord": True}),
        ("faction", pack_rows.NULL, {"faction": None}),
    ],
)
def test_set_value_sets_and_clears_at_a_path(path, value, expected):
    document = pack()
    row = pack_rows.find_row(document, "cards", "captain")
    pack_rows.set_value(row, path, value)
    for field, wanted in expected.items():
        assert row.get(field) == wanted


@pytest.mark.parametrize(
    ("before", "value", "after"),
    [
        ({"aal": None}, None, {"aal": None}),  # blank shows null: a null stays null
        ({"aal": 2}, None, {}),  # a value left blank goes
        ({}, pack_rows.NULL, {}),  # absent stays absent
        ({"aal": 2}, pack_rows.NULL, {"aal": None}),
        ({}, [], {}),
        ({"aal": []}, [], {"aal": []}),
    ],
)
def test_blank_null_and_empty_change_only_what_they_must(before, value, after):
    row = {"key": "k", **before}
    pack_rows.set_value(row, "aal", value)
    assert row == {"key": "k", **after}


def test_set_refs_keeps_the_fields_of_a_kept_reference():
    document = pack()
    row = pack_rows.find_row(document, "cards", "captain")
    pack_rows.set_refs(row, "items", ["axe", "shield", "axe"])
    assert row["items"] == [{"key": "axe", "max": 1}, {"key": "shield"}]


@pytest.mark.parametrize(
    ("section", "old", "new", "aliases", "follows"),
    [
        ("cards", "captain", "jarl", ["chief", "captain"], None),
        ("cards", "captain", "chief", ["captain"], None),  # renamed back
        (
            "items",
            "axe",
            "bearded-axe",
            ["axe"],
            ("cards", "items", [{"key": "bearded-axe", "max": 1}]),
        ),
        ("factions", "north", "nordgaard", ["north"], ("items", "faction", "nordgaard")),
    ],
)
def test_a_rename_keeps_the_old_key_as_an_alias_and_references_follow(
    section, old, new, aliases, follows
):
    document = pack()
    assert pack_rows.rename_row(document, section, old, new) == []
    row = pack_rows.find_row(document, section, new)
    assert row["aliases"] == aliases and pack_rows.find_row(document, section, old) is None
    if follows:
        other, field, value = follows
        assert document[other][0][field] == value


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [("captain", "captain", None), ("nobody", "x", "unknown_key")],
)
def test_a_rename_to_itself_does_nothing_and_of_no_row_is_refused(old, new, code):
    document = pack()
    found = pack_rows.rename_row(document, "cards", old, new)
    assert [p.code for p in found] == ([code] if code else [])
    assert document == pack()


def test_a_rename_onto_another_rows_key_is_refused():
    document = pack()
    pack_rows.add_row(document, "cards", {"key": "jarl", "name": "Jarl"})
    before = copy.deepcopy(document)
    assert [p.code for p in pack_rows.rename_row(document, "cards", "captain", "jarl")] == [
        "duplicate_key"
    ]
    assert document == before


def test_add_and_remove_rows_by_key():
    document = pack()
    assert pack_rows.add_row(document, "cards", {"key": "jarl", "name": "Jarl"}) == []
    assert [p.code for p in pack_rows.add_row(document, "cards", {"key": "jarl"})] == [
        "duplicate_key"
    ]
    assert pack_rows.add_row(document, "special_actions", {"key": "a", "name": "A"}) == []
    assert pack_rows.remove_row(document, "cards", "captain") is True
    assert pack_rows.remove_row(document, "cards", "captain") is False
    assert [r["key"] for r in document["cards"]] == ["jarl"]
    assert pack_rows.row_index(document, "cards") == {0: "jarl"}
