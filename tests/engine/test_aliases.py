"""Renamed keys (rules.engine.aliases): a list saved with an old key reads with today's data.

The catalogue is built by hand with the Banebrood's rename (The Fallen -> Banebrood),
so the tests hold whatever the shipped pack says; test_packs checks the shipped pack.
"""

import copy
from dataclasses import replace
from types import SimpleNamespace

import pytest

from rules.engine import (
    Card,
    Catalogue,
    Faction,
    Item,
    SpecialAction,
    ValidatorSpec,
    parse,
    validate,
)
from rules.engine.aliases import (
    alias_table,
    canonical_document,
    canonical_list,
    declared_aliases,
)

STATS = {"MOV": 4, "MEL": 5, "RAN": 0, "MAG": 0, "DEF": 10, "ARM": 2, "DIS": 6, "ACT": 4}
HOOK = ({"name": "Hook", "type": "melee", "act": 1, "range": 1, "str": 4, "properties": []},)

FACTIONS = [
    Faction("nordgaard", "Nordgaard"),
    Faction("banebrood", "Banebrood", {"aliases": ["the-fallen"]}),
]
CARDS = [
    Card(key="banebrood-bisotaur-shaman", name="Bisotaur Shaman", faction="banebrood",
         warlord=True, aal=1, points=46, stats=STATS, weapons=HOOK,
         allowed_items={"banebrood-gore-cleaver": 5, "banebrood-bone-plate": 5},
         attributes={"aliases": ["the-fallen-gorelord"]}),
    Card(key="banebrood-reavers", name="Reavers", faction="banebrood", kind="unit", aal=2,
         core_points=36, soldier_points=7, core_size=4, max_size=8, stats=STATS, weapons=HOOK,
         attributes={"aliases": ["the-fallen-marauders"]}),
]
ITEMS = [
    Item("banebrood-gore-cleaver", "Gore Cleaver", "weapon", 5, "banebrood",
         attributes={"aliases": ["the-fallen-gore-cleaver"]}),
    Item("banebrood-bone-plate", "Bone Plate", "armour", 5, "banebrood", arm_bonus=2,
         attributes={"aliases": ["the-fallen-bone-plate"]}),
]
ACTIONS = [SpecialAction("defender-welded-hatch", "Welded hatch", "defender", 10,
                         attributes={"aliases": ["weld"]})]

CATALOGUE = Catalogue(
    system="godslayer",
    name="Godslayer",
    factions={f.key: f for f in FACTIONS},
    cards={c.key: c for c in CARDS},
    items={i.key: i for i in ITEMS},
    special_actions={a.key: a for a in ACTIONS},
    validators=tuple(ValidatorSpec(code) for code in (
        "unknown_key", "faction", "aal", "warlord", "unit_size", "item_not_allowed",
        "item_unique", "no_weapon")),
    aliases=alias_table({"faction": FACTIONS, "card": CARDS, "item": ITEMS,
                         "special_action": ACTIONS}),
)

SAVED = {  # a list saved before the rename
    "format": "muster-list/1", "system": "godslayer", "faction": "the-fallen",
    "battle_size": 160,
    "entries": [
        {"id": "a", "card": "the-fallen-gorelord", "items": ["the-fallen-gore-cleaver"]},
        {"id": "b", "card": "the-fallen-marauders", "size": 5},
    ],
}


def renamed(kind, old, new, name, path):
    return {"kind": kind, "old": old, "new": new, "name": name, "path": path}


CASES = [
    # (what, list document, expected document changes {path: new}, expected renames)
    ("faction renamed", {"faction": "the-fallen", "entries": []},
     {"faction": "banebrood"},
     [renamed("faction", "the-fallen", "banebrood", "Banebrood", "faction")]),
    ("card renamed", {"entries": [{"card": "the-fallen-gorelord"}]},
     {"entries[0].card": "banebrood-bisotaur-shaman"},
     [renamed("card", "the-fallen-gorelord", "banebrood-bisotaur-shaman", "Bisotaur Shaman",
              "entries[0].card")]),
    ("item renamed", {"entries": [{"card": "banebrood-bisotaur-shaman",
                                   "items": ["banebrood-bone-plate", "the-fallen-gore-cleaver"]}]},
     {"entries[0].items[1]": "banebrood-gore-cleaver"},
     [renamed("item", "the-fallen-gore-cleaver", "banebrood-gore-cleaver", "Gore Cleaver",
              "entries[0].items[1]")]),
    ("option renamed", {"entries": [{"card": "x"}, {"card": "y", "options": ["the-fallen-bone-plate"]}]},
     {"entries[1].options[0]": "banebrood-bone-plate"},
     [renamed("option", "the-fallen-bone-plate", "banebrood-bone-plate", "Bone Plate",
              "entries[1].options[0]")]),
    ("special action renamed", {"special_actions": [{"action": "weld", "count": 2}]},
     {"special_actions[0].action": "defender-welded-hatch"},
     [renamed("special_action", "weld", "defender-welded-hatch", "Welded hatch",
              "special_actions[0].action")]),
    ("nothing renamed", {"faction": "banebrood", "entries": [
        {"card": "banebrood-reavers", "items": ["banebrood-bone-plate"]}],
        "special_actions": [{"action": "defender-welded-hatch"}]}, {}, []),
    ("unknown key left alone", {"faction": "atlantis", "entries": [
        {"card": "the-fallen-nobody", "items": ["no-such-item"], "options": ["nope"]}],
        "special_actions": [{"action": "nope"}]}, {}, []),
    ("no faction", {"faction": None, "entries": []}, {}, []),
    ("custom unit left alone", {"entries": [{"custom": {"name": "the-fallen", "points": 5}}]},
     {}, []),
]


def steps(path):
    """entries[1].items[0] -> ["entries", 1, "items", 0]"""
    parts = path.replace("]", "").replace("[", ".").split(".")
    return [int(p) if p.isdigit() else p for p in parts]


def put(document, path, value):
    *parents, last = steps(path)
    for step in parents:
        document = document[step]
    document[last] = value


@pytest.mark.parametrize(("what", "data", "changes", "renames"), CASES,
                         ids=[c[0] for c in CASES])
def test_it_replaces_old_keys_by_current_ones(what, data, changes, renames):
    data = {"system": "godslayer", **data}
    before = copy.deepcopy(data)
    expected = copy.deepcopy(data)
    for path, new in changes.items():
        put(expected, path, new)
    out, got = canonical_document(CATALOGUE, data)
    assert (out, got) == (expected, renames)  # exactly these keys, nothing else
    assert data == before  # the input is never changed
    assert canonical_document(CATALOGUE, out) == (out, [])  # a second pass finds nothing


def test_a_saved_list_with_the_old_faction_key_still_validates():
    stale = validate(CATALOGUE, parse(SAVED))
    assert "unknown_key" in [v.code for v in stale.violations]
    current, renames = canonical_document(CATALOGUE, SAVED)
    result = validate(CATALOGUE, parse(current))
    assert result.valid, [v.message for v in result.violations]
    assert result.violations == []
    assert result.points.total == 46 + 5 + 36 + 7
    assert [(r["kind"], r["path"]) for r in renames] == [
        ("faction", "faction"), ("card", "entries[0].card"), ("item", "entries[0].items[0]"),
        ("card", "entries[1].card")]
    assert [e["id"] for e in current["entries"]] == ["a", "b"]  # entries keep their ids


def test_a_typed_document_reads_the_same_renames_as_plain_data():
    """canonical_list, the services' one entry point, renames inside entries too (a typed
    document holds tuples, not lists)."""
    typed, renames = canonical_list(CATALOGUE, parse(SAVED))
    plain, expected = canonical_document(CATALOGUE, SAVED)
    assert renames == expected and len(renames) == 4
    assert typed == parse(plain)
    assert [e.card for e in typed.entries] == ["banebrood-bisotaur-shaman", "banebrood-reavers"]
    assert validate(CATALOGUE, typed).violations == []


def test_a_typed_document_without_old_keys_comes_back_as_it_is():
    current = parse(canonical_document(CATALOGUE, SAVED)[0])
    same, renames = canonical_list(CATALOGUE, current)
    assert same is current and renames == []  # not copied
    bare = replace(CATALOGUE, aliases={})
    stale = parse(SAVED)
    assert canonical_list(bare, stale) == (stale, [])


@pytest.mark.parametrize("data", [None, "text", [], {"entries": "x"}, {"entries": [None, 3]},
                                  {"entries": [{"card": 7, "items": "the-fallen-gore-cleaver"}]},
                                  {"special_actions": [None, {"action": ["weld"]}]},
                                  {"faction": {"key": "the-fallen"}}])
def test_it_leaves_a_malformed_document_for_the_schema_check(data):
    assert canonical_document(CATALOGUE, data) == (data, [])


def test_a_catalogue_without_aliases_renames_nothing():
    bare = replace(CATALOGUE, aliases={})
    assert canonical_document(bare, SAVED) == (SAVED, [])
    assert bare.current_key("faction", "the-fallen") is None
    assert CATALOGUE.current_key("faction", "the-fallen") == "banebrood"


def test_the_alias_table_is_by_kind_old_to_current():
    assert CATALOGUE.aliases == {
        "faction": {"the-fallen": "banebrood"},
        "card": {"the-fallen-gorelord": "banebrood-bisotaur-shaman",
                 "the-fallen-marauders": "banebrood-reavers"},
        "item": {"the-fallen-gore-cleaver": "banebrood-gore-cleaver",
                 "the-fallen-bone-plate": "banebrood-bone-plate"},
        "special_action": {"weld": "defender-welded-hatch"},
    }


def row(key, aliases):
    return SimpleNamespace(key=key, attributes={"aliases": aliases})


@pytest.mark.parametrize(("rows", "expected"), [
    ([row("b", ["a"])], {"a": "b"}),
    ([row("b", ["a"]), row("c", ["a"])], {"a": "b"}),  # the first claim wins
    ([row("b", ["c"]), row("c", [])], {}),  # a current key is never an old one
    ([row("b", "a"), row("c", [1, None, ""])], {}),  # admin typos count as no aliases
    ([SimpleNamespace(key="b", attributes=None)], {}),
])
def test_it_builds_an_unambiguous_table_from_any_data(rows, expected):
    assert dict(alias_table({"card": rows}).get("card", {})) == expected


def test_it_reads_declared_aliases_only_from_a_list_of_strings():
    assert declared_aliases({"aliases": ["a", 3, "b"]}) == ("a", "b")
    assert declared_aliases({"aliases": "a"}) == ()
    assert declared_aliases([]) == ()
