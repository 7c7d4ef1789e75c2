"""The comparison with the BSData Mordheim catalogues (scripts/mordheim_bsdata.py) on a small
hand-made catalogue, and the pack's marks: a number BSData gives differently is unverified
on its card, with BSData's number beside ours."""

import importlib.util
import json
from pathlib import Path

import pytest

from tests.support.paths import read_yaml

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"
DISAGREEMENTS = ROOT / "fixtures" / "sources" / "mordheim-bsdata-disagreements.json"


def load_script(name: str, monkeypatch):
    monkeypatch.syspath_prepend(str(SCRIPTS))  # the pack script imports its sibling modules
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def bsdata(monkeypatch):
    return load_script("mordheim_bsdata", monkeypatch)


@pytest.fixture
def marks(monkeypatch):
    return load_script("mordheim_bsdata_marks", monkeypatch)


def profile(name: str, stats: str) -> str:
    values = dict(zip(["M", "WS", "BS", "S", "T", "W", "I", "A", "LD"], stats.split(), strict=True))
    cells = "".join(f'<characteristic name="{k}" typeId="x">{v}</characteristic>'
                    for k, v in values.items())
    return (f'<profiles><profile name="{name}" typeName="Model"><characteristics>{cells}'
            "</characteristics></profile></profiles>")


def cost(gc: int) -> str:
    return f'<costs><cost name=" gc" typeId="points" value="{gc}"/></costs>'


# A warband catalogue as BSData writes them: a henchman unit known by a plural name whose
# model child carries the cost, and a hero with his cost on the entry itself.
WARBAND_CAT = (
    '<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>'
    '<selectionEntry name="Marksmen" type="unit">' + profile("Marksman", "4 3 4 3 3 1 3 1 7")
    + '<selectionEntries><selectionEntry name="Marksmen" type="model">' + cost(25)
    + "</selectionEntry></selectionEntries></selectionEntry>"
    '<selectionEntry name="Champion" type="model">' + profile("Champion", "4 4 3 3 3 1 3 1 7")
    + cost(35) + "</selectionEntry></selectionEntries></catalogue>"
)
HIRED_CAT = (
    '<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>'
    '<selectionEntry name="Merchant, The (1a)" type="model">'
    + profile("Arabian Merchant", "4 3 3 3 3 1 3 1 8") + cost(40)
    + "<rules><rule><description>Upkeep 25gc</description></rule></rules>"
    "</selectionEntry></selectionEntries></catalogue>"
)
STATS = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}


def card(key, name, faction, points, source="rulebook", **stats):
    return {"key": key, "name": name, "faction": faction, "points": points,
            "stats": {**STATS, **stats}, "attributes": {"source": source}}


def hired(key, name, fee, upkeep, **stats):
    found = card(key, name, None, fee, **stats)
    found["attributes"].update(hired_sword=True, hire_fee=fee, upkeep=upkeep)
    return found


CARDS = [
    card("reikland-marksman", "Marksman", "reikland", 25),                # BS 3 against 4
    card("reikland-champion", "Champion", "reikland", 35, WS=4),          # agrees
    card("reikland-youngblood", "Youngblood", "reikland", 15),            # not in BSData
    card("skaven-verminkin", "Verminkin", "skaven", 20),                  # no catalogue given
    card("lizardmen-skink", "Skink", "lizardmen", 15),                    # BSData has none
    hired("hired-merchant", "The Merchant", 40, 20, Ld=8),                # upkeep 20 against 25
]


def compare(bsdata):
    return bsdata.compare(CARDS, {"Reiklanders.cat": WARBAND_CAT, "Characters.cat": HIRED_CAT})


def test_it_reports_a_number_bsdata_gives_differently_with_both_sources(bsdata):
    found = {(d["key"], d["field"]): d for d in compare(bsdata)["disagreements"]}
    assert set(found) == {("reikland-marksman", "BS"), ("hired-merchant", "upkeep")}
    assert found[("reikland-marksman", "BS")] == {
        "key": "reikland-marksman", "name": "Marksman", "field": "BS",
        "ours": 3, "our_source": "rulebook", "bsdata": 4, "bsdata_file": "Reiklanders.cat",
        "bsdata_name": "Marksman", "trusted": "ours"}
    assert found[("hired-merchant", "upkeep")]["ours"] == 20
    assert found[("hired-merchant", "upkeep")]["bsdata"] == 25
    assert found[("hired-merchant", "upkeep")]["bsdata_file"] == "Characters.cat"


def test_a_fighter_whose_numbers_agree_is_compared_and_not_reported(bsdata):
    result = compare(bsdata)
    assert result["compared"] == 3  # marksman, champion, merchant
    assert "reikland-champion" not in {d["key"] for d in result["disagreements"]}


def test_it_reports_who_could_not_be_matched_in_a_catalogue_it_read(bsdata):
    unmatched = compare(bsdata)["unmatched"]
    assert unmatched == [{"key": "reikland-youngblood", "name": "Youngblood",
                          "bsdata_file": "Reiklanders.cat"}]


@pytest.mark.parametrize(("ours", "theirs"), [
    ("Marksman", "Marksmen"), ("Dire Wolf", "Dire Wolves"), ("The Merchant", "Merchant, The (1a)"),
    ("Orc Big 'Un", "orc  big 'un"), ("Warrior", "Warriors"),
])
def test_it_matches_names_ignoring_case_spacing_grade_and_plural(bsdata, ours, theirs):
    assert set(bsdata.variants(ours)) & set(bsdata.variants(theirs))


def test_it_reads_the_catalogues_from_a_plain_directory(bsdata, tmp_path):
    (tmp_path / "Reiklanders.cat").write_text(WARBAND_CAT, encoding="utf-8")
    texts = bsdata.read_catalogues(tmp_path, ["Reiklanders.cat", "Skaven.cat"])
    assert texts == {"Reiklanders.cat": WARBAND_CAT}


def test_the_pack_marks_a_listed_disagreement_unverified_and_keeps_our_number(marks):
    cards = [{"key": "reikland-marksman", "stats": {"BS": 3},
              "attributes": {"unverified": ["skill_lists"]}},
             {"key": "reikland-champion", "stats": {"BS": 3}, "attributes": {}}]
    disagreements = {"source": "github.com/BSData/mordheim@abc", "disagreements": [
        {"key": "reikland-marksman", "field": "BS", "ours": 3, "bsdata": 4,
         "bsdata_file": "Reiklanders.cat", "trusted": "ours"},
        {"key": "gone-fighter", "field": "WS", "ours": 3, "bsdata": 4,
         "bsdata_file": "Reiklanders.cat", "trusted": "ours"}]}
    marks.mark_disagreements(cards, disagreements)
    marksman, champion = cards
    assert marksman["stats"]["BS"] == 3
    assert marksman["attributes"]["unverified"] == ["skill_lists", "BS"]
    assert marksman["attributes"]["bsdata"] == {"BS": 4}
    assert marksman["attributes"]["bsdata_source"] == (
        "github.com/BSData/mordheim@abc (Reiklanders.cat)")
    assert champion["attributes"] == {}


def test_the_shipped_pack_marks_every_recorded_disagreement():
    recorded = json.loads(DISAGREEMENTS.read_text(encoding="utf-8"))
    assert recorded["source"].startswith("github.com/BSData/mordheim@")
    assert recorded["disagreements"] and all(
        d["trusted"] == "ours" for d in recorded["disagreements"])
    shipped = read_yaml(ROOT / "fixtures" / "mordheim.yaml")
    cards = {c["key"]: c for c in shipped["cards"]}
    for d in recorded["disagreements"]:
        attributes = cards[d["key"]]["attributes"]
        assert d["field"] in attributes["unverified"], d
        assert attributes["bsdata"][d["field"]] == d["bsdata"]
    marksman = cards["reikland-marksman"]
    assert marksman["stats"]["BS"] == 3 and marksman["attributes"]["bsdata"] == {"BS": 4}
    assert "6 numbers differ" in shipped["system"]["description"]


def test_the_pack_description_says_which_side_is_trusted(marks):
    note = marks.bsdata_note({"source": "github.com/BSData/mordheim@abc", "compared": 2,
                              "disagreements": [{"key": "k", "field": "BS"}]})
    assert "2 fighters and hired swords, 1 number differs" in note
    assert "the pack keeps its own number" in note
    assert marks.bsdata_note(None) == ""
