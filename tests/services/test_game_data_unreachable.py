"""The game data a process holds, served while PostgreSQL cannot be reached, only to a
caller that asked for it (rules/unreachable.py) and saying how old it is; everyone else
gets the database's error. Time is a clock the test moves; the database really refuses
the connection."""

import pytest
from django.db import OperationalError
from django.test.utils import CaptureQueriesContext

from armylists.packs import catalogues as pack_catalogues
from armylists.packs.services import pack_fork
from rules import selectors
from rules.selectors import GameData
from rules.unreachable import Fallback, active, kept_while_unreachable
from tests.support.database import unreachable_database
from tests.support.pinned import official_pack

pytestmark = pytest.mark.django_db(transaction=True)


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture
def game_data(monkeypatch):
    clock = Clock()
    data = GameData(clock=clock)
    monkeypatch.setattr(selectors, "game_data", data)
    return data, clock


def test_the_last_rows_read_stand_in_only_where_asked(game_data, load_system):
    data, clock = game_data
    load_system("godslayer")
    read = data.system_get("godslayer")
    clock.now = 37.5  # long past FRESH_FOR: the next read asks PostgreSQL
    with unreachable_database():
        with pytest.raises(OperationalError):
            data.system_get("godslayer")
        with kept_while_unreachable() as fallback:
            kept = data.system_get("godslayer")
            known = [s.key for s in data.system_list()]
    assert kept.updated_at == read.updated_at and "godslayer" in known
    assert fallback.tables_age == 37.5 and fallback.used and not fallback.pack


def test_a_catalogue_built_before_is_served_as_built(game_data, load_system):
    data, clock = game_data
    load_system("godslayer")
    built = selectors.catalogue_get(key="godslayer")
    clock.now = 10
    with unreachable_database(), kept_while_unreachable() as fallback:
        assert selectors.catalogue_get(key="godslayer") is built
    assert fallback.tables_age == 10


def test_a_process_that_never_read_the_tables_has_nothing_to_serve(game_data, load_system):
    data, _ = game_data
    load_system("godslayer")
    with unreachable_database(), kept_while_unreachable(), pytest.raises(OperationalError):
        data.system_get("godslayer")


def test_while_postgresql_answers_nothing_comes_from_memory(game_data, load_system):
    from django.db import connection

    data, clock = game_data
    load_system("godslayer")
    data.system_list()
    clock.now = 5
    with kept_while_unreachable() as fallback, CaptureQueriesContext(connection) as queries:
        data.system_list()
    assert len(queries) == 1 and not fallback.used  # re-read, as always


def test_only_an_official_packs_version_is_kept_for_anyone(alice):
    official = official_pack()
    fork = pack_fork(user=alice, source=official, name="Club Godslayer")
    pack_catalogues.catalogue_for_version(official)
    mine = fork.versions.select_related("pack").get(number=1)
    pack_catalogues.catalogue_for_version(mine)
    kept = pack_catalogues.kept.official(official.pack_id, 1)
    assert kept is not None and kept.origin.id == official.pack_id and kept.origin.official
    assert pack_catalogues.kept.official(fork.id, 1) is None  # private: who may read it?
    assert pack_catalogues.kept.official(official.pack_id, 2) is None  # never kept


def test_the_block_is_this_threads_and_nests():
    assert active() is None
    with kept_while_unreachable() as outer:
        with kept_while_unreachable() as inner:
            assert active() is inner
        assert active() is outer
    assert active() is None
    assert not Fallback().used
