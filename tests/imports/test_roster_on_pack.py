"""A BattleScribe roster onto a pack made from the same catalogue (issue 20, item 4): the
hand-written roster of the test codex (tests/fixtures/battlescribe/boarding-test-marines.ros)
matched against a pack imported from tests/fixtures/battlescribe/boarding-test.cat. Units
match cards by the catalogue's entry id first (also through a link), then by name; what
matches nothing stays a custom unit; the list is pinned to the pack version; the options
taken (a jump pack) are the card's and meet the rules. A pack the reader may not see is
refused as if it did not exist, and the official pack still makes custom units."""

import pytest

from armylists.imports import rosters as imports_rosters
from armylists.lists import documents
from armylists.packs import catalogue_import as pack_catalogues
from rules.engine import DocumentError
from tests.support.battlescribe import ROSTERS
from tests.support.battlescribe_catalogues import CAT, GST
from tests.support.paths import FIXTURES

ROSTER = (ROSTERS / "boarding-test-marines.ros").read_bytes()


@pytest.fixture
def pack(db, alice):
    from armylists.packs.versions import load_official_pack_file

    load_official_pack_file(FIXTURES / "boarding-action.yaml")
    return pack_catalogues.pack_from_catalogue(
        user=alice, catalogue=CAT, game_system=GST, name="Club Marines"
    ).pack


def onto(pack, reader, version=1):
    return imports_rosters.roster_document(
        raw=ROSTER, path="file", pack=pack.id, pack_version=version, reader=reader
    )


def test_units_become_the_packs_cards_by_entry_id_then_name(pack, alice):
    document, mapped = onto(pack, alice)
    assert document.pack.to_dict() == {"id": pack.id, "version": 1}
    rows = {row["selection"]: row for row in mapped.report}
    assert [(r["kind"], r.get("card"), r.get("matched_by")) for r in mapped.report] == [
        ("card", "assault-marines", "entry id"),
        ("card", "tactical-marines", "entry id"),  # through the link, despite its name
        ("card", "brother-dreadnought", "name"),
        ("custom_unit", None, None),
    ]
    assert rows["Red Wings (Assault Marines)"]["options"] == ["opt-jump-packs"]
    assert rows["Odd Contraption"]["kind"] == "custom_unit"
    assert [e.card for e in document.entries] == [
        "assault-marines", "tactical-marines", "brother-dreadnought", None]
    assert document.entries[0].options == ("opt-jump-packs",)
    assert document.entries[0].name == "Red Wings"
    assert document.entries[3].custom.name == "Odd Contraption"


def test_the_jump_pack_taken_is_refused_by_the_rules(pack, alice):
    document, _ = onto(pack, alice)
    checked = documents.document_check(document=document, reader=alice)
    codes = {v.code for v in checked.result.violations}
    assert "forbidden_wargear" in codes
    where = [v for v in checked.result.violations if v.code == "forbidden_wargear"]
    assert {v.entry for v in where} == {0}  # the Assault Marines, who took jump packs


def test_the_list_saved_is_pinned_to_the_pack(pack, alice):
    army_list, mapped = imports_rosters.roster_import(
        owner=alice, raw=ROSTER, path="file", pack=pack.id)  # its latest version
    assert army_list.document["pack"] == {"id": pack.id, "version": 1}
    assert [e.get("card") for e in army_list.document["entries"]][:3] == [
        "assault-marines", "tactical-marines", "brother-dreadnought"]


def test_a_strangers_private_pack_is_not_there(pack, bob):
    with pytest.raises(DocumentError) as refused:
        onto(pack, bob)
    assert [(e.path, e.code) for e in refused.value.errors] == [("pack", "not_found")]
    with pytest.raises(DocumentError) as missing:
        onto(pack, None)
    assert [(e.path, e.code) for e in missing.value.errors] == [("pack", "not_found")]


def test_a_version_that_does_not_exist(pack, alice):
    with pytest.raises(DocumentError) as refused:
        onto(pack, alice, version=9)
    assert [(e.path, e.code) for e in refused.value.errors] == [("pack.version", "not_found")]


def test_without_a_pack_units_stay_custom_units(pack, alice):
    _, mapped = imports_rosters.roster_document(raw=ROSTER, path="file",
                                                system="boarding-action")
    assert {row["kind"] for row in mapped.report} == {"custom_unit"}


EVAL_ROSTER = (ROSTERS / "evaluator-test.ros").read_bytes()
EVAL_CODEX = (ROSTERS / "evaluator-test.cat").read_bytes()


@pytest.fixture
def evaluated_pack(db, alice):
    from armylists.packs.versions import load_official_pack_file

    load_official_pack_file(FIXTURES / "boarding-action.yaml")
    return pack_catalogues.pack_from_catalogue(
        user=alice, catalogue=EVAL_CODEX, game_system=GST, name="Wolves"
    ).pack


def test_options_cost_what_the_codex_says_and_the_rosters_own_costs_are_compared(
        evaluated_pack, alice):
    document, mapped = imports_rosters.roster_document(
        raw=EVAL_ROSTER, path="file", pack=evaluated_pack.id, pack_version=1, reader=alice)
    rows = {row["selection"]: row for row in mapped.report}
    captain, squad = rows["Vanguard Captain"], rows["Strike Squad"]
    assert captain["options"] == ["opt-void-shield"]
    # The roster saved the shield at 5; the codex's link sets 15.
    assert (captain["roster_points"], captain["points"], captain["points_difference"]) == (
        85.0, 95, 10)
    assert captain["became"].endswith("; the roster counts 85 points, this pack 95")
    # With the captain in the list the squad is 10 cheaper, as the roster says too.
    assert (squad["roster_points"], squad["points"], squad["points_difference"]) == (75.0, 75, 0)
    checked = documents.document_check(document=document, reader=alice)
    assert checked.result.points.entries == [95, 75]
