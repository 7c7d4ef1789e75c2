"""The list document: defaults, and paths in every schema error."""

import pytest

from rules.engine import DocumentError, parse


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


def test_the_fast_check_agrees_with_the_full_schema_check():
    from rules.engine.document import _passes_fast_check, _validator

    samples = [
        {"system": "godslayer"},
        {"system": "godslayer", "entries": [{"card": "a", "size": None, "items": ["x"]}]},
        {"system": "godslayer", "entries": [{"custom": {"name": "X", "points": 3, "unit_type": "walker"}}]},
        {"system": "godslayer", "battle_size": True},
        {"system": "godslayer", "entries": [{"card": "a", "count": 0}]},
        {"system": "godslayer", "entries": [{"custom": {"name": "X", "points": 3, "unit_type": "tank"}}]},
        {"system": "godslayer", "special_actions": [{"action": "x", "variant": 3}]},
        {"system": ""},
    ]
    for data in samples:
        assert _passes_fast_check(data) == (not list(_validator().iter_errors(data))), data
