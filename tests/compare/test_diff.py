"""The diff service: every kind of change, found the same way between two documents, two
versions of one list and two lists; matching by card when the sides share no id;
violations gained and lost."""

import copy

import pytest

from armylists.compare import diff
from armylists.lists import services as lists
from armylists.lists.documents import document_read
from armylists.models import ArmyListVersion
from tests.support.pages import CAPTAIN, MAIL, OGRE, SHIELD, SHIELDWALL, document

pytestmark = pytest.mark.django_db

BEFORE = document(
    {"id": "cpt", "card": CAPTAIN},
    {"id": "ogre", "card": OGRE},
    {"id": "wall", "card": SHIELDWALL, "size": 4},
)


def edited(change):
    after = copy.deepcopy(BEFORE)
    change(after)
    return after


def entry(doc, id_):
    return next(e for e in doc["entries"] if e["id"] == id_)


def set_in(id_, **fields):
    return lambda doc: entry(doc, id_).update(fields)


# (name, the edit, what the diff says: (part, what) pairs checked below)
CASES = [
    ("count", set_in("ogre", count=2), {"changed": {"ogre": {"count": [1, 2]}}}),
    ("size", set_in("wall", size=6), {"changed": {"wall": {"size": [4, 6]}}}),
    ("name", set_in("cpt", name="Ragnar"), {"changed": {"cpt": {"name": [None, "Ragnar"]}}}),
    ("items", set_in("cpt", items=[MAIL]), {"changed": {"cpt": {"items": [[], [MAIL]]}}}),
    ("notes", set_in("cpt", notes="Leads"), {"changed": {"cpt": {"notes": [None, "Leads"]}}}),
    (
        "added",
        lambda doc: doc["entries"].append({"id": "ogre2", "card": OGRE}),
        {"added": ["ogre2"]},
    ),
    ("removed", lambda doc: doc["entries"].pop(1), {"removed": ["ogre"]}),
    ("battle size", lambda doc: doc.update(battle_size=200), {"header": {"battle_size": [160, 200]}}),
    ("list name", lambda doc: doc.update(name="Raid II"), {"header": {"name": ["Nordgaard raid", "Raid II"]}}),
    ("faction", lambda doc: doc.update(faction="halodynes"), {"header": {"faction": ["nordgaard", "halodynes"]}}),
]  # fmt: skip
IDS = [case[0] for case in CASES]


def check(payload, expected):
    entries = payload["entries"]
    changed = {row["id"]: row["fields"] for row in entries["changed"]}
    for id_, fields in expected.get("changed", {}).items():
        assert changed[id_] == fields, payload
    assert [row["id"] for row in entries["added"]] == expected.get("added", [])
    assert [row["id"] for row in entries["removed"]] == expected.get("removed", [])
    assert payload["header"] == expected.get("header", {})
    if "changed" not in expected:
        assert [row for row in entries["changed"] if row["fields"]] == []
    assert payload["changed"] is True and payload["matched_by"] == "id"
    points = payload["points"]
    assert points["delta"] == points["after"] - points["before"]


def documents_diff(before, after, owner):
    return diff.diff_documents(
        before=document_read(data=before), after=document_read(data=after)
    ).payload


def versions_diff(before, after, owner):
    army_list = lists.list_create(owner=owner, data=before)
    lists.list_update(army_list=army_list, data=after, expected_version=1, user=owner)
    army_list.refresh_from_db()
    return diff.diff_versions(army_list=army_list, version=1).payload


def lists_diff(before, after, owner):
    first = lists.list_create(owner=owner, data=before)
    second = lists.list_create(owner=owner, data=after)
    return diff.diff_lists(before=first, after=second).payload


SOURCES = [documents_diff, versions_diff, lists_diff]


@pytest.mark.parametrize("source", SOURCES, ids=["documents", "versions", "lists"])
@pytest.mark.parametrize(("name", "change", "expected"), CASES, ids=IDS)
def test_it_finds_each_kind_of_change(godslayer, alice, source, name, change, expected):
    check(source(BEFORE, edited(change), alice), expected)


@pytest.mark.parametrize("source", SOURCES, ids=["documents", "versions", "lists"])
def test_it_says_nothing_changed_between_equal_sides(godslayer, alice, source):
    payload = source(BEFORE, copy.deepcopy(BEFORE), alice)
    assert payload["changed"] is False
    assert payload["entries"] == {"added": [], "removed": [], "changed": []}
    assert payload["header"] == {} and payload["points"]["delta"] == 0


def test_it_gives_points_per_entry_and_in_total(godslayer):
    after = edited(set_in("ogre", count=2))
    payload = documents_diff(BEFORE, after, None)
    [row] = payload["entries"]["changed"]
    assert row["points"]["delta"] == row["points"]["after"] - row["points"]["before"] > 0
    assert payload["points"]["delta"] == row["points"]["delta"]


def test_it_lists_items_that_came_and_went(godslayer):
    before = edited(set_in("cpt", items=[MAIL]))
    after = edited(set_in("cpt", items=[SHIELD]))
    [row] = documents_diff(before, after, None)["entries"]["changed"]
    assert row["items"] == {"added": [SHIELD], "removed": [MAIL]}


def test_it_reports_violations_gained_and_lost(godslayer):
    roomy = edited(lambda doc: doc.update(battle_size=1000))  # only the AAL can break
    three_ogres = copy.deepcopy(roomy)
    set_in("ogre", count=3)(three_ogres)  # AAL 2
    payload = documents_diff(roomy, three_ogres, None)
    assert [(v["code"], v["entry_id"]) for v in payload["violations"]["gained"]] == [
        ("aal", "ogre")
    ]
    assert payload["violations"]["lost"] == []
    assert payload["valid"] == {"before": True, "after": False}
    back = documents_diff(three_ogres, roomy, None)
    assert [v["code"] for v in back["violations"]["lost"]] == ["aal"]
    assert back["violations"]["gained"] == []


def test_a_rule_broken_on_both_sides_is_neither_gained_nor_lost(godslayer):
    three = edited(set_in("ogre", count=3))
    four = edited(set_in("ogre", count=4))
    payload = documents_diff(three, four, None)
    assert payload["violations"] == {"gained": [], "lost": []}


def test_it_matches_by_card_when_the_sides_share_no_id(godslayer):
    """Two documents without ids get fresh ones on each side: matched by card, in order."""
    before = document(CAPTAIN, OGRE, OGRE)
    after = document(CAPTAIN, {"card": OGRE, "count": 2}, SHIELDWALL)
    payload = documents_diff(before, after, None)
    assert payload["matched_by"] == "card"
    [row] = payload["entries"]["changed"]
    assert (row["card"], row["fields"]) == (OGRE, {"count": [1, 2]})
    assert row["before_id"] != row["id"]
    assert [r["card"] for r in payload["entries"]["added"]] == [SHIELDWALL]
    assert [r["card"] for r in payload["entries"]["removed"]] == [OGRE]


def test_an_entry_removed_and_another_of_its_card_added_is_two_changes_by_id(godslayer):
    after = edited(lambda doc: doc["entries"].__setitem__(1, {"id": "ogre-b", "card": OGRE}))
    payload = documents_diff(BEFORE, after, None)
    assert [r["id"] for r in payload["entries"]["added"]] == ["ogre-b"]
    assert [r["id"] for r in payload["entries"]["removed"]] == ["ogre"]


def test_it_compares_special_actions_and_custom_units(load_system):
    load_system("boarding-action")
    base = {
        "format": "muster-list/1", "system": "boarding-action", "name": "Breach",
        "faction": None, "battle_size": 500, "role": "attacker",
        "entries": [{"id": "vets", "custom": {"name": "Veterans", "points": 100}}],
        "special_actions": [{"id": "hatch", "action": "attacker-hatch-access-code"}],
    }  # fmt: skip
    after = copy.deepcopy(base)
    after["entries"][0]["custom"]["points"] = 120
    after["special_actions"][0]["count"] = 2
    after["special_actions"].append({"id": "smoke", "action": "attacker-smoke-grenades"})
    payload = documents_diff(base, after, None)
    [unit] = payload["entries"]["changed"]
    assert unit["fields"]["custom"][0]["points"] == 100
    assert unit["fields"]["custom"][1]["points"] == 120
    assert unit["points"]["delta"] == 20
    picks = payload["special_actions"]
    assert [(r["id"], r["fields"]) for r in picks["changed"]] == [("hatch", {"count": [1, 2]})]
    assert [r["action"] for r in picks["added"]] == ["attacker-smoke-grenades"]


def test_it_refuses_a_version_not_in_the_history(godslayer, alice):
    army_list = lists.list_create(owner=alice, data=BEFORE)
    with pytest.raises(ArmyListVersion.DoesNotExist):
        diff.diff_versions(army_list=army_list, version=7)


def test_it_compares_lists_of_two_games(godslayer, load_system):
    load_system("boarding-action")
    other = {"format": "muster-list/1", "system": "boarding-action", "name": "Breach",
             "battle_size": 500, "role": "attacker",
             "entries": [{"id": "cpt", "custom": {"name": "Veterans", "points": 100}}]}  # fmt: skip
    payload = documents_diff(BEFORE, other, None)
    assert payload["header"]["system"] == ["godslayer", "boarding-action"]
    assert payload["entries"]["changed"][0]["fields"]["card"] == [CAPTAIN, None]
    assert payload["data_version"]["before"] != payload["data_version"]["after"]
