"""The list services: saving, versions, conflicts and what a data update changed."""

import copy
import threading

import pytest
from django.db import connection

from armylists.lists import services as lists_services
from armylists.models import ArmyList, ArmyListVersion
from armylists.packs.tables import load_pack, read_pack_file
from rules.engine import DocumentError
from tests.support.paths import FIXTURES
from tests.support.users import make_user


def raid(*entries, battle_size=160):
    return {"format": "muster-list/1", "system": "godslayer", "name": "Raid", "faction": "nordgaard",
            "battle_size": battle_size, "entries": list(entries)}


CAPTAIN = {"card": "nordgaard-gestir-captain", "items": ["nordgaard-chainmail"]}
OGRE = {"card": "nordgaard-ogre-huscarl"}


def test_it_saves_an_illegal_list_with_its_first_version(godslayer, alice):
    army_list = lists_services.list_create(owner=alice, data=raid(OGRE))  # no Warlord
    assert army_list.version == 1 and army_list.data_version == godslayer.data_version
    assert len(army_list.share_token) >= 43  # 256 random bits, URL-safe
    assert ArmyListVersion.objects.filter(army_list=army_list).count() == 1
    payload = lists_services.list_payload(army_list=army_list)
    assert [v["code"] for v in payload["validation"]["violations"]] == ["warlord"]


def test_it_refuses_a_malformed_document_and_creates_nothing(godslayer, alice):
    with pytest.raises(DocumentError) as exc:
        lists_services.list_create(owner=alice, data=raid({"card": "x", "count": "two"}))
    assert exc.value.errors[0].path == "entries[0].count"
    assert not ArmyList.objects.exists()


def test_it_refuses_a_stale_edit_and_keeps_both_saves(godslayer, alice):
    army_list = lists_services.list_create(owner=alice, data=raid(CAPTAIN))
    lists_services.list_update(army_list=army_list, data=raid(CAPTAIN, OGRE), expected_version=1, user=alice)
    with pytest.raises(lists_services.ListConflict) as exc:
        lists_services.list_update(army_list=army_list, data=raid(CAPTAIN, OGRE, OGRE), expected_version=1, user=alice)
    assert exc.value.current_version == 2
    army_list.refresh_from_db()
    assert army_list.version == 2 and len(army_list.document["entries"]) == 2
    assert list(army_list.versions.values_list("version", flat=True)) == [2, 1]


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_edits_from_one_version_let_exactly_one_win():
    load_pack(read_pack_file(FIXTURES / "godslayer.yaml"))
    alice = make_user("alice")
    army_list = lists_services.list_create(owner=alice, data=raid(CAPTAIN))
    outcomes, barrier = [], threading.Barrier(2)

    def edit(n):
        barrier.wait()
        try:
            lists_services.list_update(army_list=ArmyList.objects.get(pk=army_list.pk),
                                 data=raid(CAPTAIN, *[OGRE] * n), expected_version=1, user=alice)
            outcomes.append("saved")
        except lists_services.ListConflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=edit, args=(n,)) for n in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict", "saved"]
    assert sorted(ArmyListVersion.objects.values_list("version", flat=True)) == [1, 2]


def test_it_says_what_a_data_update_changed_and_drops_nothing(godslayer, alice):
    army_list = lists_services.list_create(owner=alice, data=raid(CAPTAIN, OGRE, {"card": "nordgaard-berserker"}))
    before = lists_services.list_payload(army_list=army_list)
    assert before["data_changes"]["changed"] is False

    pack = copy.deepcopy(read_pack_file(FIXTURES / "godslayer.yaml"))
    pack["system"]["data_version"] = "2027.1"
    ogre = next(c for c in pack["cards"] if c["key"] == "nordgaard-ogre-huscarl")
    ogre["points"] += 10
    chainmail = next(i for i in pack["items"] if i["key"] == "nordgaard-chainmail")
    chainmail["points"] += 1
    captain = next(c for c in pack["cards"] if c["key"] == "nordgaard-gestir-captain")
    captain["items"] = [ref for ref in captain["items"] if ref["key"] != "nordgaard-chainmail"] + [
        {"key": "nordgaard-chainmail", "points": None}]
    pack["cards"] = [c for c in pack["cards"] if c["key"] != "nordgaard-berserker"]
    load_pack(pack)

    army_list.refresh_from_db()
    after = lists_services.list_payload(army_list=army_list)
    changes = after["data_changes"]
    assert changes["changed"] is True
    assert (changes["saved_data_version"], changes["current_data_version"]) == (godslayer.data_version, "2027.1")
    summary = {(c["key"], c["change"], c.get("old"), c.get("new")) for c in changes["changes"]}
    assert ("nordgaard-ogre-huscarl", "points", ogre["points"] - 10, ogre["points"]) in summary
    assert ("nordgaard-berserker", "removed", None, None) in summary
    assert any(key == "nordgaard-chainmail" and kind == "points" for key, kind, _o, _n in summary)
    assert [v["code"] for v in changes["new_violations"]] == ["unknown_key"]
    # The removed card is still in the list, reported, not dropped.
    assert len(army_list.document["entries"]) == 3
    assert after["validation"]["points"]["entries"][2] == 0
