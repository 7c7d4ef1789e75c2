"""Game-data packs: load, dump, refuse broken packs without changing anything."""

import copy

import pytest
import yaml
from django.core.management import CommandError, call_command

from armylists.packs.tables import PackError, dump_pack, load_pack, read_pack_file
from rules import selectors
from rules.models import Card, CardItem, Faction, GameSystem, Item, ValidatorConfig
from tests.support.paths import FIXTURES

GODSLAYER = FIXTURES / "godslayer.yaml"


@pytest.fixture
def pack():
    return read_pack_file(GODSLAYER)


def snapshot():
    return {
        model.__name__: sorted(model.objects.values_list("id", flat=True))
        for model in (GameSystem, Faction, Card, Item, CardItem, ValidatorConfig)
    } | {"dump": dump_pack("godslayer") if GameSystem.objects.exists() else None}


def assert_subset(source, dumped, path="pack"):
    """Everything the source file says is in the dump (the dump adds defaults)."""
    if isinstance(source, dict):
        for key, value in source.items():
            assert key in dumped, f"{path}.{key} missing"
            assert_subset(value, dumped[key], f"{path}.{key}")
    elif isinstance(source, list):
        assert len(source) == len(dumped), path
        for i, (a, b) in enumerate(zip(source, dumped, strict=True)):
            assert_subset(a, b, f"{path}[{i}]")
    else:
        assert source == dumped, path


def test_it_loads_the_godslayer_pack(godslayer):
    assert godslayer.sample_data is True
    assert godslayer.factions.count() == 6
    assert Card.objects.filter(system=godslayer).count() >= 36


def test_it_dumps_what_it_loaded(db, pack):
    load_pack(pack)
    assert_subset(pack, dump_pack("godslayer"))


def test_it_gives_the_same_data_back_after_load_of_dump(db, pack):
    load_pack(pack)
    first = dump_pack("godslayer")
    load_pack(copy.deepcopy(first))
    assert dump_pack("godslayer") == first


def test_it_is_idempotent(db, pack):
    load_pack(pack)
    load_pack(pack)
    assert Faction.objects.count() == 6
    assert GameSystem.objects.count() == 1


def test_it_removes_what_the_pack_no_longer_has(db, pack):
    load_pack(pack)
    smaller = copy.deepcopy(pack)
    dropped = smaller["cards"].pop()
    load_pack(smaller)
    assert not Card.objects.filter(key=dropped["key"]).exists()


BROKEN = [
    # (how to break it, path named in the message)
    (lambda p: p["cards"][3].__setitem__("aal", "two"), "cards[3].aal"),
    (lambda p: p["cards"][0].pop("name"), "cards[0].name"),
    (lambda p: p["cards"][2].__setitem__("faction", "atlantis"), "cards[2].faction"),
    (lambda p: p["cards"][0]["items"].append({"key": "no-such-item"}), "cards[0].items[4].key"),
    (lambda p: p["items"][1].__setitem__("faction", "atlantis"), "items[1].faction"),
    (lambda p: p["validators"].append({"code": "no_such_rule"}), "validators[9].code"),
    (lambda p: p["factions"].append(dict(p["factions"][0])), "factions[6].key"),
    (lambda p: p.__setitem__("format", "muster-pack/0"), "format"),
    # renamed keys: an old key names one row only, and is a key
    (lambda p: p["factions"][3]["aliases"].append("nordgaard"), "factions[3].aliases[1]"),
    (lambda p: p["factions"][0].__setitem__("aliases", ["the-fallen"]), "factions[3].aliases[0]"),
    (lambda p: p["cards"][1].__setitem__("aliases", ["nordgaard-gestir-captain"]),
     "cards[1].aliases[0]"),
    (lambda p: p["items"][0].__setitem__("aliases", ["Bearded Axe"]), "items[0].aliases[0]"),
    (lambda p: p["cards"][0]["attributes"].__setitem__("aliases", ["x"]),
     "cards[0].attributes.aliases"),
]


@pytest.mark.parametrize(("breaker", "place"), BROKEN)
def test_it_refuses_a_broken_pack_and_changes_nothing(db, pack, breaker, place):
    load_pack(pack)
    before = snapshot()
    broken = copy.deepcopy(pack)
    broken["system"]["data_version"] = "broken"
    breaker(broken)
    with pytest.raises(PackError) as exc:
        load_pack(broken)
    assert place in [p.path for p in exc.value.problems], exc.value.problems
    assert place in str(exc.value)
    assert snapshot() == before


def test_it_refuses_a_broken_pack_into_an_empty_database(db, pack):
    broken = copy.deepcopy(pack)
    broken["cards"][1]["faction"] = "atlantis"
    with pytest.raises(PackError):
        load_pack(broken)
    assert not GameSystem.objects.exists() and not Card.objects.exists()


def test_loadpack_command_names_the_place(db, pack, tmp_path):
    broken = copy.deepcopy(pack)
    broken["cards"][2]["faction"] = "atlantis"
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(broken))
    with pytest.raises(CommandError, match=r"cards\[2\]\.faction: unknown faction 'atlantis'"):
        call_command("loadpack", str(path))
    assert not GameSystem.objects.exists()


def test_loadpack_command_refuses_unreadable_yaml(db, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("format: [unclosed")
    with pytest.raises(CommandError, match="not valid YAML"):
        call_command("loadpack", str(path))


def test_dumppack_command_writes_a_loadable_pack(db, pack, tmp_path, capsys):
    load_pack(pack)
    call_command("dumppack", "godslayer")
    dumped = yaml.safe_load(capsys.readouterr().out)
    assert dumped == dump_pack("godslayer")


def test_dumppack_command_names_known_systems(db, pack):
    load_pack(pack)
    with pytest.raises(CommandError, match="known: godslayer"):
        call_command("dumppack", "chess")


def test_an_admin_edit_reaches_the_engine(godslayer):
    """Cached catalogues are keyed on the system's updated_at, which every edit touches."""
    before = selectors.catalogue_get(key="godslayer")
    card = Card.objects.get(key="nordgaard-ogre-huscarl")
    card.points += 7
    card.save()
    after = selectors.catalogue_get(key="godslayer")
    assert after.cards["nordgaard-ogre-huscarl"].points == before.cards["nordgaard-ogre-huscarl"].points + 7


def test_it_builds_the_catalogue_in_constant_queries(godslayer, django_assert_max_num_queries):
    selectors.forget()
    with django_assert_max_num_queries(7):
        catalogue = selectors.catalogue_get(key="godslayer")
    assert len(catalogue.cards) == Card.objects.filter(system=godslayer).count()
    with django_assert_max_num_queries(1):
        selectors.catalogue_get(key="godslayer")


def test_it_keeps_stats_in_the_order_players_know(godslayer):
    selectors.forget()
    captain = selectors.catalogue_get(key="godslayer").cards["nordgaard-gestir-captain"]
    assert list(captain.stats) == ["MOV", "MEL", "RAN", "MAG", "DEF", "ARM", "DIS", "ACT"]


OLD_LIST = {  # saved before The Fallen were called the Banebrood (data 2026.11-sample.1)
    "format": "muster-list/1", "system": "godslayer", "name": "Horde", "faction": "the-fallen",
    "battle_size": 160,
    "entries": [
        {"id": "e1", "card": "the-fallen-gorelord",
         "items": ["the-fallen-gore-cleaver", "the-fallen-bone-plate"]},
        {"id": "e2", "card": "the-fallen-marauders", "size": 5},
        {"id": "e3", "card": "the-fallen-plague-shaman", "items": ["the-fallen-hexed-crook"]},
    ],
}


def test_it_keeps_renamed_keys_through_the_database(godslayer):
    banebrood = Faction.objects.get(system=godslayer, key="banebrood")
    assert banebrood.attributes == {"aliases": ["the-fallen"]}  # no column of their own
    dumped = dump_pack("godslayer")
    faction = next(f for f in dumped["factions"] if f["key"] == "banebrood")
    assert (faction["aliases"], faction["attributes"]) == (["the-fallen"], {})
    assert all(f["aliases"] == [] for f in dumped["factions"] if f["key"] != "banebrood")
    card = next(c for c in dumped["cards"] if c["key"] == "banebrood-bisotaur-shaman")
    assert card["aliases"] == ["the-fallen-gorelord"] and "aliases" not in card["attributes"]


def test_the_catalogue_maps_old_keys_to_current_ones(godslayer):
    catalogue = selectors.catalogue_get(key="godslayer")
    assert catalogue.aliases["faction"] == {"the-fallen": "banebrood"}
    assert catalogue.current_key("card", "the-fallen-gorelord") == "banebrood-bisotaur-shaman"
    assert catalogue.current_key("item", "the-fallen-hexed-crook") == "banebrood-hexed-crook"
    assert catalogue.current_key("card", "nordgaard-ogre-huscarl") is None


def test_a_list_saved_with_the_old_faction_key_still_loads_and_validates(godslayer):
    from rules.engine import parse, validate
    from rules.engine.aliases import canonical_document

    catalogue = selectors.catalogue_get(key="godslayer")
    current, renames = canonical_document(catalogue, OLD_LIST)
    assert current["faction"] == "banebrood"
    assert [e["card"] for e in current["entries"]] == [
        "banebrood-bisotaur-shaman", "banebrood-reavers", "banebrood-fomorian"]
    assert renames[0] == {"kind": "faction", "old": "the-fallen", "new": "banebrood",
                          "name": "Banebrood", "path": "faction"}
    assert len(renames) == 7
    result = validate(catalogue, parse(current))
    assert result.valid and result.violations == [], [v.message for v in result.violations]
