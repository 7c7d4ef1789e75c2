"""The Mordheim pack's self-audit (scripts/mordheim_audit.py): the whole shipped pack against
the committed transcription of its source, every difference explained; and a difference
planted in a copy of the pack is found, whatever its kind."""

import copy
import importlib.util
import json
from pathlib import Path

import pytest

from tests.support.paths import read_yaml

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"
SOURCES = ROOT / "fixtures" / "sources"


@pytest.fixture(scope="module")
def audit_script():
    import sys

    sys.path.insert(0, str(SCRIPTS))  # the audit imports its sibling module
    try:
        spec = importlib.util.spec_from_file_location("mordheim_audit", SCRIPTS / "mordheim_audit.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(SCRIPTS))


@pytest.fixture(scope="module")
def shipped():
    pack = read_yaml(ROOT / "fixtures" / "mordheim.yaml")
    source = json.loads((SOURCES / "mordheim-roster-builder.json").read_text(encoding="utf-8"))
    explained = json.loads((SOURCES / "mordheim-audit-differences.json").read_text(
        encoding="utf-8"))["differences"]
    return pack, source, explained


def test_the_whole_shipped_pack_has_no_unexplained_difference(audit_script, shipped, capsys):
    pack, source, explained = shipped
    result = audit_script.audit(pack, source, explained)
    print(audit_script.report(result))  # its counts, in the test's output
    assert result["unexplained"] == [] and result["stale"] == []
    # every row of the pack was compared: none slipped past unmatched
    assert result["rows"]["warband"] == len(pack["factions"])
    assert result["rows"]["fighter"] + result["rows"]["hired sword"] == len(pack["cards"])
    assert result["rows"]["item"] == len(pack["items"])
    assert result["rows"]["race"] == len(source["races"])
    assert result["fields"] > 15000
    assert "0 unexplained" in capsys.readouterr().out


def test_every_explanation_gives_its_reason_and_the_side_trusted(shipped):
    _pack, _source, explained = shipped
    assert explained
    for entry in explained:
        assert set(entry) == {"kind", "key", "field", "pack", "source", "reason", "trusted"}
        assert entry["trusted"] in ("pack", "source") and len(entry["reason"]) > 20


def _item(pack, key):
    return next(i for i in pack["items"] if i["key"] == key)


def _card(pack, key):
    return next(c for c in pack["cards"] if c["key"] == key)


PLANTED = [
    # (what is changed in a copy of the pack, kind, key, field)
    (lambda p: _item(p, "elven-cloak").update(points=0), "item", "elven-cloak", "points"),
    (lambda p: _item(p, "elven-cloak")["attributes"].update(
        price={"base": 100, "dice": None}), "item", "elven-cloak", "price"),
    (lambda p: _item(p, "pistol")["attributes"].update(rarity=9), "item", "pistol", "rarity"),
    (lambda p: _item(p, "club").update(names={"de": "Keule"}), "item", "club", "name_de"),
    (lambda p: _card(p, "ostlanders-ogre")["attributes"].update(race="human"),
     "fighter", "ostlanders-ogre", "race"),
    (lambda p: _card(p, "tileans-champion")["attributes"].update(by_choice={}),
     "fighter", "tileans-champion", "by_choice"),
    (lambda p: _card(p, "reikland-marksman")["items"][0].update(points=99),
     "equipment list", "reikland-marksman", "items.Dagger"),
    (lambda p: _card(p, "hired-highwayman")["attributes"].update(upkeep=5),
     "hired sword", "hired-highwayman", "upkeep"),
    (lambda p: _card(p, "hired-highwayman")["attributes"].update(skill_lists=["combat"]),
     "hired sword", "hired-highwayman", "skill_lists"),
    (lambda p: _card(p, "hired-roadwarden")["attributes"]["equipment"].pop(),
     "hired sword", "hired-roadwarden", "equipment"),
    (lambda p: next(f for f in p["factions"] if f["key"] == "tileans")["attributes"][
        "choices"]["options"][2].update(starting_gold=500), "warband", "tileans", "choices"),
    (lambda p: p["system"]["attributes"]["campaign"]["maxima"]["skink"].update(T=9),
     "race", "skink", "stats.T"),
    (lambda p: p["items"].remove(_item(p, "tome-of-magic")), "item", "Tome of magic", "(row)"),
    (lambda p: p["cards"].append({**copy.deepcopy(_card(p, "reikland-warrior")),
                                  "key": "reikland-extra"}), "fighter", "reikland-extra",
     "(row)"),
]


@pytest.mark.parametrize(("change", "kind", "key", "field"), PLANTED,
                         ids=[f"{k}-{f}" for _c, k, _key, f in PLANTED])
def test_a_planted_difference_is_reported_unexplained(audit_script, shipped, change, kind,
                                                       key, field):
    pack, source, explained = shipped
    changed = copy.deepcopy(pack)
    change(changed)
    result = audit_script.audit(changed, source, explained)
    assert [(d["kind"], d["key"], d["field"]) for d in result["unexplained"]] == [
        (kind, key, field)]


def test_an_explanation_that_no_longer_matches_is_stale(audit_script, shipped):
    pack, source, explained = shipped
    extra = {"kind": "item", "key": "sword", "field": "points", "pack": 11, "source": 10,
             "reason": "a difference the pack no longer has", "trusted": "pack"}
    result = audit_script.audit(pack, source, [*explained, extra])
    assert result["stale"] == [extra] and result["unexplained"] == []


def test_the_script_exits_non_zero_on_an_unexplained_difference(audit_script, tmp_path):
    empty = tmp_path / "none.json"
    empty.write_text('{"differences": []}', encoding="utf-8")
    assert audit_script.main(["audit", str(ROOT / "fixtures" / "mordheim.yaml"),
                              str(SOURCES / "mordheim-roster-builder.json"), str(empty)]) == 1
    assert audit_script.main(["audit"]) == 0
