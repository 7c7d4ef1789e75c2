"""Battles of a campaign: one battle's whole post-battle sequence recorded at once (all
or nothing), the last battle taken back as a whole, and a battle being recorded step by
step on a page (a draft kept on the server until it is recorded or discarded).

The game's campaign rules (``rules.campaign.run_battle``) check and apply the sequence;
a battle they refuse raises ``CampaignRefused`` naming the field, and nothing is
stored. Recording starts from the last record's roster (``campaign_log``), so it costs
the same for the 2nd battle as for the 200th.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext

from armylists.games.mordheim.models import BattleDraft, CampaignBattle
from armylists.games.mordheim.services import campaign_log
from armylists.games.mordheim.services import campaign_payloads as payloads
from armylists.games.mordheim.services.campaign import (
    CampaignRefused,
    _locked,
    _rules_of,
    refuse_lost_pack,
    refuse_mismatch,
)
from armylists.models import ArmyList


def _run(log, spec, rng, **options) -> dict:
    try:
        return log.rules.run_battle(log.catalogue, log.document, log.roster, spec, rng,
                                    **options)
    except log.rules.CampaignError as exc:
        raise CampaignRefused(exc.errors) from None


def _entry_ids(out: dict) -> list[str]:
    """Every fighter the battle concerns: who fought, and who any step names."""
    found = set(out["steps"][0]["result"]["fighting"]) if out["steps"] else set()

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key.endswith("entry_id") and isinstance(item, str):
                    found.add(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(out["input"])
    return sorted(found)


def battle_record(*, army_list: ArmyList, spec: dict, user, rng=None) -> dict:
    """Record one battle (the list's row locked). Dice left out are rolled with ``rng``
    (``random.SystemRandom()`` unless given) and stored. Returns the battle as
    ``campaign_state`` lists it."""
    rng = rng or random.SystemRandom()
    with transaction.atomic():
        locked = _locked(army_list)
        _rules_of(locked)
        refuse_lost_pack(locked)
        log = campaign_log.for_writing(locked)
        refuse_mismatch(log)
        out = _run(log, spec, rng)
        row = CampaignBattle.objects.create(
            army_list=locked,
            number=out["number"],
            sequence=log.last_sequence + 1,
            data=campaign_log.battle_data(out),
            lines=[line.to_json() for line in out["lines"]],
            entry_ids=_entry_ids(out),
            roster=log.rules.roster_to_json(out["roster"]),
            basis=log.basis,
            created_by=user,
        )
        BattleDraft.objects.filter(army_list=locked).delete()
        campaign_log.touch(locked)
    return payloads.battle_payload(campaign_log.Record("battle", row, out["lines"]))


def battle_preview(*, army_list: ArmyList, spec: dict, rng=None, until=None) -> dict:
    """What recording ``spec`` would do, recording nothing: the battle with its dice
    rolled (send its ``input`` back to keep them) and the choices still ``pending``."""
    rng = rng or random.SystemRandom()
    _rules_of(army_list)
    refuse_lost_pack(army_list)
    log = campaign_log.current(army_list)
    refuse_mismatch(log)
    out = _run(log, spec, rng, until=until, allow_pending=True)
    preview = payloads.preview_payload(out, names=payloads.game_names(log.catalogue))
    preview["roster"] = payloads.roster_payload(log.catalogue, log.document, out["roster"], [])
    preview["rating"] = log.rules.roster_rating(log.catalogue, out["roster"])
    return preview


def battle_undo(*, army_list: ArmyList) -> dict | None:
    """Delete the last battle, as a whole (the list's row locked); returns it, or None
    when no battle is recorded. An event recorded after it is undone first:
    CampaignRefused (last_is_event)."""
    with transaction.atomic():
        locked = _locked(army_list)
        _rules_of(locked)
        log = campaign_log.read(locked)
        battles = [r for r in log.records if r.kind == "battle"]
        if not battles:
            return None
        last = log.records[-1]
        if last.kind != "battle":
            raise CampaignRefused([(
                "",
                gettext("an event was recorded after battle %(number)s: undo it first")
                % {"number": battles[-1].row.number},
                "last_is_event",
            )])
        removed = payloads.battle_payload(last)
        last.row.delete()
        campaign_log.touch(locked)
    return removed


# -- a battle recorded step by step ---------------------------------------------------


def draft_get(*, army_list: ArmyList) -> BattleDraft | None:
    return BattleDraft.objects.filter(army_list=army_list).first()


def draft_save(*, army_list: ArmyList, data: dict, step: str, user) -> BattleDraft:
    """Keep what the steps done so far say (``data``, dice rolled), up to ``step``."""
    last = campaign_log.current(army_list).last_sequence
    draft, _created = BattleDraft.objects.update_or_create(
        army_list=army_list,
        defaults={"data": data, "step": step, "created_by": user},
        create_defaults={"data": data, "step": step, "created_by": user, "sequence": last},
    )
    return draft


def draft_discard(*, army_list: ArmyList) -> bool:
    deleted, _ = BattleDraft.objects.filter(army_list=army_list).delete()
    return bool(deleted)
