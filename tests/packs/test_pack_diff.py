"""The pack diff (rules/engine/pack_diff.py), table-driven: each kind of change, and
what is not one."""

import copy

import pytest

from rules.engine.pack_diff import pack_changes

BASE = {
    "format": "muster-pack/1",
    "system": {"key": "godslayer", "name": "Godslayer", "data_version": "1"},
    "validators": [{"code": "points_limit", "params": {}}],
    "factions": [{"key": "nordgaard", "name": "Nordgaard"}],
    "items": [{"key": "axe", "name": "Axe", "kind": "weapon", "points": 2}],
    "cards": [
        {"key": "jarl", "name": "Jarl", "points": 30, "aal": 1, "aliases": []},
        {"key": "ogre", "name": "Ogre", "points": 20, "aal": 2},
    ],
    "special_actions": [],
}


def edited(change):
    document = copy.deepcopy(BASE)
    change(document)
    return document


def _points(d):
    d["cards"][1]["points"] = 22


def _points_and_aal(d):
    d["cards"][1].update(points=22, aal=3)


def _add(d):
    d["items"].append({"key": "shield", "name": "Shield", "kind": "shield"})


def _remove(d):
    del d["items"][0]


def _rename(d):
    d["cards"][0].update(key="high-jarl", aliases=["jarl"])


def _rename_and_reprice(d):
    d["cards"][0].update(key="high-jarl", aliases=["jarl"], points=35)


def _new_key_without_alias(d):
    d["cards"][0]["key"] = "high-jarl"


def _system(d):
    d["system"]["data_version"] = "2"


def _validator(d):
    d["validators"][0]["params"] = {"limit": 160}


def _reorder(d):
    d["cards"].reverse()


CASES = [
    ("a field changed", _points,
     [{"kind": "card", "key": "ogre", "change": "changed",
       "fields": {"points": {"before": 20, "after": 22}}}]),
    ("two fields changed", _points_and_aal,
     [{"kind": "card", "key": "ogre", "change": "changed",
       "fields": {"points": {"before": 20, "after": 22}, "aal": {"before": 2, "after": 3}}}]),
    ("a row added", _add, [{"kind": "item", "key": "shield", "change": "added", "fields": {}}]),
    ("a row removed", _remove, [{"kind": "item", "key": "axe", "change": "removed", "fields": {}}]),
    ("a key renamed", _rename,
     [{"kind": "card", "key": "high-jarl", "change": "renamed",
       "fields": {"key": {"before": "jarl", "after": "high-jarl"}}}]),
    ("renamed and repriced", _rename_and_reprice,
     [{"kind": "card", "key": "high-jarl", "change": "renamed",
       "fields": {"key": {"before": "jarl", "after": "high-jarl"},
                  "points": {"before": 30, "after": 35}}}]),
    ("a new key without the old one as alias", _new_key_without_alias,
     [{"kind": "card", "key": "high-jarl", "change": "added", "fields": {}},
      {"kind": "card", "key": "jarl", "change": "removed", "fields": {}}]),
    ("the system's fields", _system,
     [{"kind": "system", "key": "godslayer", "change": "changed",
       "fields": {"data_version": {"before": "1", "after": "2"}}}]),
    ("a validator's parameters", _validator,
     [{"kind": "validator", "key": "points_limit", "change": "changed",
       "fields": {"params": {"before": {}, "after": {"limit": 160}}}}]),
    ("rows reordered only", _reorder, []),
]  # fmt: skip


@pytest.mark.parametrize(("change", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_kind_of_change(change, expected):
    assert pack_changes(BASE, edited(change)) == expected


def test_the_same_document_has_no_changes():
    assert pack_changes(BASE, copy.deepcopy(BASE)) == []


def test_backwards_a_rename_is_still_an_added_and_a_removed_row():
    # The older key came back without declaring the newer one as its old key.
    assert pack_changes(edited(_rename), BASE) == [
        {"kind": "card", "key": "jarl", "change": "added", "fields": {}},
        {"kind": "card", "key": "high-jarl", "change": "removed", "fields": {}},
    ]
