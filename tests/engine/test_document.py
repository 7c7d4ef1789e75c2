"""The list document: defaults, and paths in every schema error."""

import pytest

from rules.engine import DocumentError, decode, parse, with_ids


def errors(data):
    with pytest.raises(DocumentError) as exc:
        parse(data)
    return [(e.path, e.message) for e in exc.value.errors]


def test_it_fills_defaults():
    d = parse({"system": "godslayer", "entries": [{"card": "x"}]})
    e = d.entries[0]
    assert (e.count, e.size, e.items, e.options) == (1, None, (), ())
    assert d.special_actions == () and d.faction is None and d.battle_size is None


def test_it_round_trips_the_canonical_form():
    d = parse({"system": "godslayer", "name": "Raid", "faction": "n", "battle_size": 160,
               "entries": [{"card": "x", "count": 2, "items": ["a"]}]})
    assert parse(d.to_dict()) == d
    assert d.to_dict()["format"] == "muster-list/1"


@pytest.mark.parametrize(
    ("data", "path", "fragment"),
    [
        ([], "", "must be a JSON object"),
        ("text", "", "must be a JSON object"),
        ({}, "system", "is required"),
        ({"system": 3}, "system", "must be a string"),
        ({"system": "godslayer", "format": "muster-list/9"}, "format", '"muster-list/1"'),
        ({"system": "godslayer", "battle_size": "160"}, "battle_size", "whole number or null"),
        ({"system": "godslayer", "battle_size": -1}, "battle_size", "at least 0"),
        ({"system": "godslayer", "entries": {}}, "entries", "must be a list"),
        ({"system": "godslayer", "entries": [{"card": "a"}, {"card": "b"}, {"card": "c", "size": "big"}]},
         "entries[2].size", "whole number or null"),
        ({"system": "godslayer", "entries": [{"card": "a", "count": 0}]}, "entries[0].count", "at least 1"),
        ({"system": "godslayer", "entries": [{"card": "a", "count": True}]}, "entries[0].count", "whole number"),
        ({"system": "godslayer", "entries": [{"card": "a", "items": [1]}]}, "entries[0].items[0]", "string"),
        ({"system": "godslayer", "entries": [{}]}, "entries[0]", "'card' key or a 'custom' unit"),
        ({"system": "godslayer", "entries": [{"custom": {"name": "X"}}]}, "entries[0].custom.points", "required"),
        ({"system": "godslayer", "special_actions": [{"count": 1}]}, "special_actions[0].action", "required"),
    ],
)
def test_it_names_the_path_of_each_problem(data, path, fragment):
    found = errors(data)
    assert any(p == path and fragment in m for p, m in found), found


def test_it_reports_every_problem_at_once():
    found = errors({"system": "godslayer", "battle_size": "x", "entries": [{"card": "a", "size": 0}]})
    assert {p for p, _ in found} == {"battle_size", "entries[0].size"}


SAMPLES = [
    {"system": "godslayer"},
    {"system": "godslayer", "entries": [{"card": "a", "size": None, "items": ["x"]}]},
    {"system": "godslayer", "entries": [{"custom": {"name": "X", "points": 3, "unit_type": "walker"}}]},
    {"system": "godslayer", "entries": [{"custom": {"name": "X", "points": 3}}]},
    {"system": "godslayer", "entries": [{"card": "a", "custom": None, "id": "a-1_B"}]},
    {"system": "godslayer", "notes": "bring dice", "entries": [{"card": "a", "notes": "painted"}]},
    {"system": "godslayer", "battle_size": True},
    {"system": "godslayer", "battle_size": 1.0},
    {"system": "godslayer", "entries": [{"card": "a", "count": 0}]},
    {"system": "godslayer", "entries": [{"card": "a", "id": "has space"}]},
    {"system": "godslayer", "entries": [{"card": "a", "id": "x" * 33}]},
    {"system": "godslayer", "entries": [{"custom": {"name": "X", "points": 3, "unit_type": "tank"}}]},
    {"system": "godslayer", "entries": [{"custom": {"name": "X", "points": 3, "colour": "red"}}]},
    {"system": "godslayer", "special_actions": [{"action": "x", "variant": 3}]},
    {"system": "godslayer", "special_actions": [{"action": "x", "id": "s1", "count": 2}]},
    {"system": "godslayer", "tags": []},
    {"system": ""},
    {"system": "godslayer", "format": "muster-list/1", "data_version": "3"},
]


@pytest.mark.parametrize("data", SAMPLES)
def test_the_fast_check_agrees_with_the_schema_file(data):
    """The typed decode (msgspec) and the published JSON Schema accept the same documents."""
    import msgspec

    from rules.engine.checks import _validator
    from rules.engine.document import ListDocument

    try:
        msgspec.convert(data, type=ListDocument)
        fast = True
    except msgspec.ValidationError:
        fast = False
    assert fast == (not list(_validator().iter_errors(data))), data


def test_it_gives_every_entry_and_purchase_an_id_and_keeps_the_ones_it_has():
    d = with_ids(parse({"system": "g", "entries": [{"card": "a"}, {"card": "b", "id": "keep"}],
                        "special_actions": [{"action": "x"}]}))
    ids = [e.id for e in d.entries] + [p.id for p in d.special_actions]
    assert ids[1] == "keep" and len(set(ids)) == 3 and all(ids)
    assert with_ids(d) is d


def test_it_never_reuses_a_taken_id():
    taken = iter(["keep", "keep", "new"])
    d = with_ids(parse({"system": "g", "entries": [{"card": "a", "id": "keep"}, {"card": "b"}]}),
                 make_id=lambda: next(taken))
    assert [e.id for e in d.entries] == ["keep", "new"]


@pytest.mark.parametrize(
    ("data", "path", "fragment"),
    [
        ({"system": "g", "entries": [{"card": "a", "id": "x"}, {"card": "b", "id": "x"}]},
         "entries[1].id", "already the id of entries[0]"),
        ({"system": "g", "notes": "x", "tags": ["a"]}, "tags", "not a field"),
        ({"system": "g", "entries": [{"card": "a", "colour": "red"}]}, "entries[0].colour", "not a field"),
        ({"system": "g", "entries": [{"card": "a", "count": 2.0}]}, "entries[0].count", "whole number"),
        ({"system": "g", "name": "a\x00b"}, "name", "NUL"),
        ({"system": "g", "entries": [{"card": "a", "items": ["\ud800"]}]}, "entries[0].items[0]", "surrogate"),
        ({"system": "g", "entries": [{"card": "a"}] * 20000}, "entries", "at most 5000"),
    ],
)
def test_it_refuses_what_cannot_be_kept_naming_the_field(data, path, fragment):
    found = errors(data)
    assert any(p == path and fragment in m for p, m in found), found


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (b"[" * 5000 + b"]" * 5000, "JSON object"),
        (b'{"system": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nested too deeply"),
        (b'{"system": "g", "name": "\\u0000"}', "NUL"),
        (b'{"system": "\\udc00"}', "surrogate"),
        (b"{not json", "not valid JSON"),
        (b'{"system": "\xff"}', "UTF-8"),
    ],
)
def test_it_refuses_bad_bodies_before_any_other_work(body, fragment):
    with pytest.raises(DocumentError) as exc:
        decode(body)
    assert any(fragment in e.message for e in exc.value.errors), exc.value.errors


def test_notes_survive_the_round_trip():
    d = parse({"system": "g", "notes": "bring dice", "entries": [{"card": "a", "notes": "red"}]})
    assert parse(d.to_dict()) == d
    assert d.to_dict()["notes"] == "bring dice"
