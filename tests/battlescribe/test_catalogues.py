"""Reading BattleScribe catalogues and game systems (armylists/battlescribe/catalogues.py):
what is read from the hand-written test codex, what a large generated codex holds, and every
way a file is refused whole, with its reason."""

import pytest

from armylists.battlescribe.catalogues import (
    MAX_DEPTH,
    MAX_ELEMENTS,
    MAX_XML_BYTES,
    CatalogueError,
    read_book,
    read_library,
)
from tests.support.battlescribe import BA_ROS, zipped
from tests.support.battlescribe_catalogues import (
    CAT,
    ENTITIES,
    EXTERNAL,
    GST,
    MALFORMED,
    catz,
    deep_catalogue,
    flat_catalogue,
    large_catalogue,
    zip_bomb,
)


def test_it_reads_the_catalogue_and_its_game_system():
    library = read_library(CAT, GST)
    codex, system = library.books
    assert (codex.kind, codex.id, codex.name, codex.revision, codex.game_system_id) == (
        "catalogue", "cat-muster-test", "Muster Test Marines", "7", "gs-muster-test")
    assert (system.kind, system.id, system.name) == ("gameSystem", "gs-muster-test",
                                                     "Muster Test 40K")
    assert system.cost_types == {"cost-pts": "pts", "cost-pl": "PL"}
    assert system.category_names["cat-jump"] == "Jump Infantry"
    assert [e.name for e in codex.entries] == [
        "Assault Marines", "Brother Dreadnought", "Chapter Champion", "Land Speeder",
        "Legacy Squad", "Chapter Tactics"]
    assert [(k.name, k.target_id) for k in codex.links] == [("Tactical Marines", "sse-tactical")]
    assert [e.id for e in codex.shared_entries] == ["sse-tactical"]
    assert library.cost_type_ids(("pts",)) == ("cost-pts",)


def test_it_reads_entries_costs_profiles_groups_constraints_and_categories():
    codex = read_book(CAT)
    assault = codex.entries[0]
    assert (assault.type, assault.hidden) == ("unit", False)
    [sergeant] = assault.entries
    assert sergeant.type == "model"
    assert sergeant.cost(("pts",)) == 18.0
    assert sergeant.cost((), ("cost-pts",)) == 18.0
    assert [(c.type, c.value, c.scope) for c in sergeant.constraints] == [
        ("min", 1.0, "parent"), ("max", 1.0, "parent")]
    [profile] = sergeant.profiles
    assert profile.type_name == "Unit"
    assert dict(profile.characteristics) == {"WS": "4", "BS": "4", "S": "4", "T": "4",
                                             "W": "1", "I": "4", "A": "2", "Ld": "9",
                                             "Save": "3+"}
    marines, gear = assault.groups
    assert (marines.name, marines.default_id) == ("Assault Marines", "se-assault-marine")
    assert [(c.type, c.value) for c in marines.constraints] == [("min", 4.0), ("max", 9.0)]
    assert [e.name for e in gear.entries] == ["Jump Packs"]
    assert [(c.target_id, c.primary) for c in assault.categories] == [
        ("cat-fast", True), ("cat-infantry", False)]
    dread = codex.entries[1]
    assert dict(dread.profiles[0].characteristics)["HP"] == "3"
    assert dread.profiles[0].type_name == "Walker"
    champion = codex.entries[2]
    assert [(c.type, c.value, c.scope) for c in champion.constraints] == [
        ("max", 1.0, "roster")]
    assert codex.entries[4].hidden is True


def test_links_find_their_targets_in_the_catalogue_and_the_game_system():
    library = read_library(CAT, GST)
    assert library.entry("sse-tactical").name == "Tactical Marines"
    assert library.entry("gs-melta-bombs").name == "Melta Bombs"  # in the .gst
    assert library.entry("se-assault-marine").name == "Assault Marine"  # nested, by id
    assert library.entry("nowhere") is None
    marine = library.entry("se-tactical-marine")
    assert marine.profile_links == ("sp-marine",)
    assert [p.name for p in library.profiles_of(marine)] == ["Tactical Marine"]
    [link] = library.books[0].entries[0].entries[0].links[:1]
    assert library.category_name(library.books[0].entries[0].categories[1]) == "Infantry"
    assert link.target_id == "gs-bolt-pistol"


def test_every_modifier_is_kept_with_its_conditions_and_where_it_is():
    [modifier] = read_library(CAT, GST).modifiers
    assert modifier.where == "Chapter Champion"
    assert (modifier.type, modifier.field, modifier.value) == ("set", "cost-pts", "70")
    assert modifier.conditions == ("atLeast 1.0 of se-assault in roster",)


def test_a_zipped_catalogue_reads_as_the_plain_one():
    assert read_book(catz()) == read_book(CAT)
    assert read_book(zipped({"x.gst": GST})).id == "gs-muster-test"


def test_a_large_codex_is_read_whole():
    # 900 generated units: about 2.6 MB and 43,000 elements, as a real 40K codex.
    raw = large_catalogue(900)
    assert 2_400_000 < len(raw) < MAX_XML_BYTES
    book = read_book(raw)
    assert len(book.entries) == 900
    assert book.elements == 2 + 48 * 900  # the root, its list, 48 elements a unit
    assert len(book.modifiers) == 900
    assert book.entries[899].name == "Generated Squad 899"
    assert [e.name for e in book.entries[899].groups[0].entries] == ["Trooper 899"]


def test_a_catalogue_of_100000_elements_is_within_the_bounds():
    assert read_book(flat_catalogue(100_000)).elements == 100_000


REFUSED = [
    ("not well-formed", MALFORMED, "invalid_xml", "not well-formed XML"),
    ("empty", b"", "invalid_xml", "not well-formed XML"),
    ("a roster", BA_ROS, "not_a_catalogue", "root element is <roster>"),
    ("entity expansion", ENTITIES, "forbidden_xml", "DTD or entities"),
    ("external entity", EXTERNAL, "forbidden_xml", "DTD or entities"),
    ("too many elements", flat_catalogue(MAX_ELEMENTS + 1), "too_large",
     f"more than {MAX_ELEMENTS} elements"),
    ("too deep", deep_catalogue(MAX_DEPTH + 1), "too_deep", f"more than {MAX_DEPTH} deep"),
    ("too large", b"<catalogue>" + b" " * MAX_XML_BYTES + b"</catalogue>", "too_large",
     f"larger than {MAX_XML_BYTES} bytes"),
    ("zip bomb", zip_bomb(), "too_large", f"larger than {MAX_XML_BYTES} bytes unpacked"),
    ("two catalogues in a zip", zipped({"a.cat": CAT, "b.cat": CAT}), "invalid_zip",
     "more than one .cat or .gst catalogue"),
    ("no catalogue in a zip", zipped({"a.txt": b"hello"}), "invalid_zip",
     "holds no .cat or .gst catalogue"),
    ("too many members", zipped({f"{n}.txt": b"" for n in range(5)} | {"a.cat": CAT}),
     "invalid_zip", "at most 4 members"),
    ("a broken zip", b"PK\x03\x04broken", "invalid_zip", "not a readable zip file"),
    ("a cost that is no number", CAT.replace(b'value="18.0"', b'value="lots"'),
     "invalid_catalogue", "'lots' is not a number"),
]


@pytest.mark.parametrize(("what", "raw", "code", "says"), REFUSED, ids=[r[0] for r in REFUSED])
def test_it_refuses_whole_with_a_reason(what, raw, code, says):
    with pytest.raises(CatalogueError) as refused:
        read_library(raw)
    assert refused.value.code == code
    assert says in refused.value.message


def test_a_game_system_of_another_game_is_refused():
    other = GST.replace(b'id="gs-muster-test"', b'id="gs-other"')
    with pytest.raises(CatalogueError) as refused:
        read_library(CAT, other)
    assert refused.value.code == "wrong_game_system"
    assert "for another game system (gs-muster-test)" in refused.value.message


def test_a_catalogue_sent_as_the_game_system_is_refused():
    with pytest.raises(CatalogueError) as refused:
        read_library(CAT, CAT)
    assert refused.value.code == "not_a_game_system"


def test_a_broken_game_system_is_named_as_such():
    with pytest.raises(CatalogueError) as refused:
        read_library(CAT, MALFORMED)
    assert refused.value.message.startswith("game system: not well-formed XML")
