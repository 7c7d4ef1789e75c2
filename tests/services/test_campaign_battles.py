"""Battles of a campaign in the service layer: a battle recorded as one record (all or
nothing) with its roster kept, undone as a whole, events and battles in one log, the log
replayed after the list changed, drafts, and the cost of recording and reading (the
200th battle costs what the 2nd costs)."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from armylists.games.mordheim.battle_draft import set_path
from armylists.games.mordheim.models import BattleDraft, CampaignBattle, CampaignEvent
from armylists.games.mordheim.services import campaign, campaign_battles
from armylists.lists import services as lists_services
from armylists.models import ArmyList
from tests.support.mordheim_battle import BATTLE_1, WARBAND

pytestmark = pytest.mark.django_db


@pytest.fixture
def warband(load_system, alice):
    load_system("mordheim")
    return lists_services.list_create(owner=alice, data=WARBAND)


def ids(army_list):
    return [e["id"] for e in army_list.document["entries"]]


def by_id(army_list, spec):
    """``spec`` with the helpers' ids (e0, e1...) replaced by the saved list's."""
    real = dict(zip([f"e{n}" for n in range(6)], ids(army_list), strict=False))

    def walk(value):
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return real.get(value, value) if isinstance(value, str) else value

    return walk(spec)


def record(army_list, user, spec, rng=None):
    return campaign_battles.battle_record(army_list=army_list, spec=by_id(army_list, spec),
                                          user=user, rng=rng or random.Random(7))


def chosen(army_list, spec, seed=7) -> dict:
    """``spec`` with its dice rolled and every choice owed made (the first option), as a
    client does: a preview first, then the answers."""
    data, rng = by_id(army_list, spec), random.Random(seed)
    for _round in range(6):  # a choice can lead to a roll that asks for another
        preview = campaign_battles.battle_preview(army_list=army_list, spec=data, rng=rng)
        data = preview["input"]
        if not preview["pending"]:
            return data
        for item in preview["pending"]:
            options = item.get("options") or [3]
            many = item.get("choose")
            set_path(data, item["path"], options[:many] if many else options[0])
    raise AssertionError(f"still owed: {preview['pending']}")


def state(army_list):
    return campaign.campaign_state(army_list=army_list)


QUIET = {"won": False, "exploration": {"dice": [1, 2, 4]}}  # no threshold, no location


def test_it_records_a_battle_as_one_record_with_the_roster_after_it(warband, alice):
    before = ArmyList.objects.get(pk=warband.pk).updated_at
    battle = record(warband, alice, BATTLE_1)
    assert (battle["number"], battle["sequence"], battle["treasury_before"],
            battle["treasury_after"], battle["rating_after"]) == (1, 1, 140, 190, 85)
    row = CampaignBattle.objects.get()
    assert (row.number, row.sequence, row.created_by) == (1, 1, alice)
    assert row.data["input"]["advances"][0]["choice"] == "WS"
    assert row.roster["treasury"] == 190 and row.basis
    assert set(row.entry_ids) >= set(ids(warband))
    assert not CampaignEvent.objects.exists()
    now = state(warband)
    assert (now["treasury"], now["rating"], now["shards"], now["battles_recorded"]) == (
        190, 85, 0, 1)
    assert [b["number"] for b in now["battles"]] == [1]
    assert now["roster"]["log"][:2] == ["Battle 1: won", "Kurt: 41 full recovery"]
    kurt = now["roster"]["fighters"][2]
    assert (kurt["advances"], kurt["games_to_miss"]) == (
        [{"battle": 1, "roll": 7, "result": "characteristic", "stat": "WS"}], 0)
    assert ArmyList.objects.get(pk=warband.pk).updated_at > before  # pages show it


def test_a_battle_that_cannot_be_applied_records_nothing(warband, alice):
    with pytest.raises(campaign.CampaignRefused) as info:
        record(warband, alice, {**BATTLE_1, "purchases": [
            {"item": "heavy-armour", "entry_id": "e3"}, {"item": "heavy-armour", "entry_id": "e0"}]})
    assert info.value.problems[0][::2] == ("purchases[1].item", "not_enough_gold")
    assert not CampaignBattle.objects.exists() and state(warband)["treasury"] == 140


def test_undo_takes_back_the_last_battle_as_a_whole(warband, alice):
    record(warband, alice, BATTLE_1)
    record(warband, alice, chosen(warband, {**QUIET, "sell_shards": 2}))
    assert state(warband)["treasury"] == 190 + 50
    removed = campaign_battles.battle_undo(army_list=warband)
    assert removed["number"] == 2
    now = state(warband)
    assert (now["treasury"], len(now["battles"]), now["shards"]) == (190, 1, 0)
    campaign_battles.battle_undo(army_list=warband)
    assert state(warband)["treasury"] == 140 and state(warband)["rating"] == 73
    assert campaign_battles.battle_undo(army_list=warband) is None


def test_events_and_battles_share_one_log_and_undo_goes_backwards(warband, alice):
    record(warband, alice, BATTLE_1)
    event = campaign.campaign_record_event(
        army_list=warband, user=alice,
        event={"type": "experience", "entry_id": ids(warband)[0], "amount": 1})
    assert event["sequence"] == 2 and event["summary"] == "Hans: +1 experience (24)"
    with pytest.raises(campaign.CampaignRefused) as info:
        campaign_battles.battle_undo(army_list=warband)
    assert info.value.codes == ["last_is_event"]
    campaign.campaign_undo(army_list=warband)
    with pytest.raises(campaign.CampaignRefused) as info:
        campaign.campaign_undo(army_list=warband)
    assert info.value.codes == ["last_is_battle"]
    battle = record(warband, alice, chosen(warband, QUIET))
    assert (battle["number"], battle["sequence"]) == (2, 2)  # the undone event's place


def test_the_log_is_replayed_when_the_list_changed_and_written_back_once(warband, alice):
    record(warband, alice, BATTLE_1)
    data = {**WARBAND, "entries": [dict(e) for e in warband.document["entries"]]}
    data["entries"][1] = {**data["entries"][1], "items": ["sword"]}  # Otto: halberd -> sword
    lists_services.list_update(army_list=warband, data=data, expected_version=1, user=alice)
    warband.refresh_from_db()
    now = state(warband)
    assert now["problems"] == [] and now["treasury"] == 190  # halberd and sword: 10 gc
    assert now["roster"]["fighters"][1]["items"] == ["sword"]
    stale = CampaignBattle.objects.get().basis
    record(warband, alice, chosen(warband, QUIET))
    assert set(CampaignBattle.objects.values_list("basis", flat=True)) != {stale}
    assert len(set(CampaignBattle.objects.values_list("basis", flat=True))) == 1


def test_a_list_that_no_longer_fits_the_log_takes_no_new_battle(warband, alice):
    record(warband, alice, BATTLE_1)
    data = {**WARBAND, "entries": [e for n, e in enumerate(warband.document["entries"]) if n != 2]}
    lists_services.list_update(army_list=warband, data=data, expected_version=1, user=alice)
    warband.refresh_from_db()
    [problem] = state(warband)["problems"]
    assert problem["path"].startswith("battles[0].") and problem["code"] == "unknown_entry"
    with pytest.raises(campaign.CampaignRefused) as info:
        record(warband, alice, QUIET)
    assert info.value.codes == ["log_mismatch"]
    campaign_battles.battle_undo(army_list=warband)
    assert state(warband)["problems"] == []


def test_the_builder_asks_before_removing_a_fighter_who_fought(warband, alice):
    record(warband, alice, BATTLE_1)
    history = campaign.campaign_history(army_list=warband)
    assert all(history.get(i) == 1 for i in ids(warband))


def test_a_draft_is_kept_until_the_battle_is_recorded_or_discarded(warband, alice):
    assert campaign_battles.draft_get(army_list=warband) is None
    campaign_battles.draft_save(army_list=warband, data={"won": True}, step="battle", user=alice)
    draft = campaign_battles.draft_get(army_list=warband)
    assert (draft.data, draft.step, draft.sequence) == ({"won": True}, "battle", 0)
    assert campaign_battles.draft_discard(army_list=warband) is True
    assert campaign_battles.draft_discard(army_list=warband) is False
    campaign_battles.draft_save(army_list=warband, data={"won": True}, step="battle", user=alice)
    record(warband, alice, QUIET)
    assert not BattleDraft.objects.exists()


def test_a_preview_records_nothing_and_lists_what_is_owed(warband, alice):
    spec = by_id(warband, {**BATTLE_1, "advances": [{"entry_id": "e2", "roll": 3}]})
    preview = campaign_battles.battle_preview(army_list=warband, spec=spec, rng=random.Random(1))
    assert preview["pending"][0]["path"] == "advances[0].choice"
    assert preview["treasury_after"] == 190 and not CampaignBattle.objects.exists()


def _queries(func) -> int:
    with CaptureQueriesContext(connection) as captured:
        func()
    return len(captured.captured_queries)


def test_the_200th_battle_costs_the_same_queries_as_the_2nd(warband, alice):
    record(warband, alice, QUIET)
    spec = chosen(warband, QUIET)
    second = _queries(lambda: record(warband, alice, spec))
    reading_early = _queries(lambda: state(warband))
    for n in range(197):
        record(warband, alice, chosen(warband, {"won": n % 2 == 0}, seed=n))
    spec = chosen(warband, {"won": False})
    two_hundredth = _queries(lambda: record(warband, alice, spec))
    assert CampaignBattle.objects.count() == 200
    assert two_hundredth == second
    assert _queries(lambda: state(warband)) == reading_early  # reading: constant too
    assert state(warband)["battles"][-1]["number"] == 200
