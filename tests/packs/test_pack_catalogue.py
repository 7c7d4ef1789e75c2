"""A catalogue per pack version: the same converter as the game tables, kept per version.

The official pack's latest version (what ``loadpack`` recorded) must give exactly the
catalogue the tables give, for every shipped game, or a list pinned to it would be judged
by other data than a list on the official data.
"""

import dataclasses

import pytest

from armylists.packs import catalogues as pack_catalogues
from armylists.packs.models import PackVersion
from armylists.packs.versions import load_official_pack_file
from rules import selectors
from rules.engine import parse, validate
from rules.engine.catalogue import PackOrigin
from tests.support.paths import FIXTURES

pytestmark = pytest.mark.django_db

SYSTEMS = ["godslayer", "boarding-action", "mordheim", "kemet", "trupp"]


def loaded(key: str) -> PackVersion:
    _, version, _ = load_official_pack_file(FIXTURES / f"{key}.yaml")
    return PackVersion.objects.select_related("pack").get(pk=version.pk)


def a_list_of_everything(catalogue) -> dict:
    """A list that names every card once with every item it may take: each price and
    rule of the catalogue shows in its validation."""
    faction = next(iter(catalogue.factions), None)
    entries = [
        {"card": card.key, "items": list(card.allowed_items), "options": list(card.allowed_options)}
        for card in catalogue.cards.values()
    ]
    picks = [{"action": key} for key in catalogue.special_actions]
    return {
        "format": "muster-list/1",
        "system": catalogue.system,
        "faction": faction,
        "battle_size": 1000,
        "entries": entries,
        "special_actions": picks,
    }


@pytest.mark.parametrize("key", SYSTEMS)
def test_the_official_latest_version_gives_the_tables_catalogue(key):
    version = loaded(key)
    from_tables = selectors.catalogue_get(key=key)
    from_version = pack_catalogues.catalogue_for_version(version)

    assert from_tables.origin == PackOrigin()  # the tables: no pack version
    assert from_version.origin == PackOrigin(
        id=key, version=1, official=True, content_hash=version.content_hash
    )
    assert dataclasses.replace(from_version, origin=PackOrigin()) == from_tables
    # Field by field too, so a difference says where it is.
    for section in ("factions", "cards", "items", "special_actions", "aliases"):
        assert dict(getattr(from_version, section)) == dict(getattr(from_tables, section))
    assert from_version.validators == from_tables.validators
    assert list(from_version.cards) == list(from_tables.cards)  # the pack's order kept

    document = parse(a_list_of_everything(from_tables))
    on_tables, on_version = validate(from_tables, document), validate(from_version, document)
    assert on_version.points == on_tables.points
    assert on_version.violations == on_tables.violations
    assert on_tables.points.total > 0 or not from_tables.cards  # Kemet: battles, no cards


def test_a_kept_catalogue_costs_no_query(django_assert_num_queries):
    version = loaded("godslayer")
    first = pack_catalogues.catalogue_for_version(version)
    with django_assert_num_queries(0):
        assert pack_catalogues.catalogue_for_version(version) is first


def test_a_deferred_document_is_read_once_and_only_when_needed(django_assert_num_queries):
    version = loaded("godslayer")
    deferred = PackVersion.objects.defer("document").select_related("pack").get(pk=version.pk)
    with django_assert_num_queries(1):
        built = pack_catalogues.catalogue_for_version(deferred)
    with django_assert_num_queries(0):
        assert pack_catalogues.catalogue_for_version(deferred) is built


def test_a_users_version_is_judged_by_its_own_numbers(alice):
    from armylists.packs.models import Pack

    official = loaded("godslayer")
    document = official.document
    card = document["cards"][0]
    card["points"] += 7
    mine = Pack.objects.create(system="godslayer", name="Club", owner=alice)
    version = PackVersion.objects.create(
        pack=mine, number=1, content_hash="x" * 64, document=document, author=alice
    )
    catalogue = pack_catalogues.catalogue_for_version(version)
    assert catalogue.cards[card["key"]].points == card["points"]
    assert selectors.catalogue_get(key="godslayer").cards[card["key"]].points == card["points"] - 7
    assert catalogue.origin == PackOrigin(
        id=mine.id, version=1, official=False, content_hash="x" * 64
    )


def test_the_cache_is_bounded_and_drops_the_least_recently_used():
    kept = pack_catalogues.VersionCatalogues(max_kept=2)
    a, b, c = object(), object(), object()
    kept.put(1, a)
    kept.put(2, b)
    assert kept.get(1) is a  # 1 was used last: 2 is the oldest now
    kept.put(3, c)
    assert (kept.get(1), kept.get(2), kept.get(3)) == (a, None, c)
    assert len(kept) == 2
