"""Game data cached per process is never stale where it must not be.

A change (admin edit, pack load) is seen at once by the process that made it, and
within one second by every other process. "Another process" is a second ``GameData``
(the per-process cache) read from its own thread, so through its own database
connection, which this process's signals never tell. Time is a clock the test moves:
no test waits or measures.
"""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from armylists.packs.tables import load_pack, read_pack_file
from rules import selectors
from rules.models import Card
from rules.selectors import GameData
from tests.support.paths import FIXTURES

OGRE = "nordgaard-ogre-huscarl"


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    """This process's cache on a clock that only the test moves."""
    clock = Clock()
    monkeypatch.setattr(selectors, "game_data", GameData(clock=clock))
    return clock


def ogre_points():
    return selectors.catalogue_get(key="godslayer").cards[OGRE].points


def godslayer_pack(ogre_points):
    pack = read_pack_file(FIXTURES / "godslayer.yaml")
    for card in pack["cards"]:
        if card["key"] == OGRE:
            card["points"] = ogre_points
    return pack


def edit_ogre(points):
    """What the admin does on save: Model.save(), which sends post_save."""
    card = Card.objects.get(key=OGRE)
    card.points = points
    card.save()


# --- the process that makes the change -------------------------------------------------


@pytest.fixture
def committed(db, clock, django_capture_on_commit_callbacks):
    """Godslayer loaded as if committed (on_commit callbacks run), its catalogue cached."""
    with django_capture_on_commit_callbacks(execute=True):
        load_pack(godslayer_pack(38))
    assert ogre_points() == 38


def test_it_sees_its_own_admin_edit_at_once(committed, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        edit_ogre(45)
    assert ogre_points() == 45  # the clock has not moved


def test_it_sees_its_own_pack_load_at_once(committed, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        load_pack(godslayer_pack(50))
    assert ogre_points() == 50


def test_it_sees_its_own_change_before_it_commits(committed):
    edit_ogre(45)  # on_commit not run: the transaction is still open
    assert ogre_points() == 45


def test_it_forgets_a_change_that_rolled_back(committed):
    with pytest.raises(RuntimeError), transaction.atomic():
        edit_ogre(45)
        assert ogre_points() == 45
        raise RuntimeError("roll back")
    assert ogre_points() == 38


def test_it_checks_the_systems_at_most_once_a_second(
    committed, clock, django_assert_num_queries
):
    with django_assert_num_queries(0):
        assert selectors.catalogue_get(key="godslayer") is not None
        clock.now = 0.999
        assert selectors.system_list()[0].key == "godslayer"
    clock.now = 1.0
    with django_assert_num_queries(1):  # one query for every system's row
        assert selectors.catalogue_get(key="godslayer") is not None
        assert selectors.system_get(key="godslayer").key == "godslayer"


def test_it_knows_a_system_that_is_not_there(committed, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert selectors.catalogue_get(key="chess") is None


def test_a_caller_cannot_change_the_cached_rows(committed):
    selectors.system_get(key="godslayer").name = "changed by a caller"
    assert selectors.system_get(key="godslayer").name == "Godslayer"


# --- another process --------------------------------------------------------------------


class OtherProcess:
    """A cache of its own, read from one thread of its own (its own connection)."""

    def __init__(self):
        self.clock = Clock()
        self.game_data = GameData(clock=self.clock)
        self.pool = ThreadPoolExecutor(max_workers=1)

    def _read(self):
        with CaptureQueriesContext(connection) as queries:
            system = self.game_data.system_get("godslayer")
            catalogue = self.game_data.built(system, "catalogue", selectors._build)
        return catalogue.cards[OGRE].points, len(queries)

    def ogre_points(self, at):
        """(points, queries it took) as this process sees them at time ``at``."""
        self.clock.now = at
        return self.pool.submit(self._read).result()

    def close(self):
        self.pool.submit(lambda: connection.close()).result()  # this thread's own
        self.pool.shutdown()


@pytest.fixture
def other(transactional_db):
    load_pack(godslayer_pack(38))  # committed: the other connection sees it
    process = OtherProcess()
    yield process
    process.close()


@pytest.mark.parametrize(
    "change, points",
    [(lambda: edit_ogre(45), 45), (lambda: load_pack(godslayer_pack(50)), 50)],
    ids=["admin edit", "pack load"],
)
def test_it_sees_another_process_change_within_a_second(other, change, points):
    assert other.ogre_points(at=0.0)[0] == 38
    change()
    assert ogre_points() == points  # at once in the process that made the change
    # There, up to a second on, the cached rows answer without asking the database...
    assert other.ogre_points(at=0.999) == (38, 0)
    # ...and a second after its last check it asks again and sees the change.
    assert other.ogre_points(at=1.0)[0] == points
    assert other.ogre_points(at=1.5) == (points, 0)  # cached again, now the new data
