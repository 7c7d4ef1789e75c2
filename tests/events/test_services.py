"""The events' services over the real database: what a submission keeps when its list is
deleted, two players with the same army, a Mordheim warband at the game's default gold,
a pack that went private after the event was opened, and a submission racing the close."""

from __future__ import annotations

import copy

import pytest

from tests.support import events as ev
from tests.support.mordheim_warband import WARBAND
from tests.support.users import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(godslayer, alice, bob):
    made = ev.open_event(alice)
    ev.join(made, bob)
    return made


def test_deleting_the_list_keeps_its_submission(event, alice, bob):
    from armylists.events import reports, selectors
    from armylists.lists import services as lists

    mine = ev.save_list(bob)
    submission = ev.submit(event, bob, mine)
    lists.list_delete(army_list=mine)
    submission.refresh_from_db()
    assert submission.army_list_id is None
    [player] = selectors.players(event=event)
    row = reports.summary(player.current, selectors.event_catalogue(event))
    assert (row["name"], row["valid"], row["hash"]) == ("Legal raid", True, submission.snapshot.hash)


def test_two_players_with_the_same_army_share_a_snapshot_not_a_submission(event, bob):
    dora = make_user("dora")
    ev.join(event, dora)
    bobs = ev.submit(event, bob, ev.save_list(bob))
    doras = ev.submit(event, dora, ev.save_list(dora))
    assert bobs.snapshot_id == doras.snapshot_id  # content-addressed: the same army
    assert (bobs.pk != doras.pk) and (bobs.player_id, doras.player_id) == (bob.pk, dora.pk)


def test_a_mordheim_warband_at_the_games_default_gold(load_system, alice, bob):
    load_system("mordheim")
    event = ev.open_event(alice, system="mordheim", battle_size=None)
    ev.join(event, bob)
    warband = copy.deepcopy(WARBAND)
    warband["battle_size"] = 300  # his own, smaller: the event plays the game's 500
    submission = ev.submit(event, bob, ev.save_list(bob, warband))
    frozen = submission.snapshot
    assert frozen.document["battle_size"] is None and submission.list_battle_size == 300
    assert (submission.valid, submission.points) == (True, 360)
    assert frozen.validation["points"]["limit"] == 500


def test_a_pack_made_private_after_the_opening_still_judges_the_event(godslayer, alice, bob):
    from armylists.packs.services import pack_update
    from tests.support.pinned import DEARER_BY, alices_dearer_pack, official_pack

    pack = alices_dearer_pack(make_user("pia"), official_pack())
    pack_update(pack=pack, visibility="public")
    event = ev.open_event(alice, pack={"id": pack.id, "version": 2})
    pack_update(pack=pack, visibility="private")
    ev.join(event, bob)
    data = copy.deepcopy(ev.ILLEGAL)
    data["entries"][1]["count"] = 2
    submission = ev.submit(event, bob, ev.save_list(bob, data))
    assert submission.points == 40 + 2 * (38 + DEARER_BY)  # the pinned version's numbers


def test_a_submission_after_the_close_is_refused_and_nothing_is_stored(event, bob):
    from armylists.events import services, submitting
    from armylists.models import Snapshot

    mine = ev.save_list(bob)
    role = ev.role(event, bob)  # read before the close: the lock reads it again
    ev.close(event)
    with pytest.raises(services.EventConflict) as refused:
        submitting.event_submit(role=role, list_id=mine.pk, now=ev.now())
    assert refused.value.code == "event_closed"
    assert (event.submissions.count(), Snapshot.objects.count()) == (0, 0)
