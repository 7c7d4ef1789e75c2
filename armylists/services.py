"""The one service layer: pages and API views both call these functions.

Services take keyword-only arguments; they load what they need from the database
(through ``rules.selectors``), then compute on plain objects with the rules engine.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils.text import slugify
from django.utils.translation import gettext

from rules import selectors
from rules.engine import Catalogue, DocumentError, ListDocument, ProblemAt, Result, validate
from rules.engine import document as documents
from rules.engine.validation import UnknownSystem, rules_for
from rules.models import GameSystem
from rules.systems import godslayer
from rules.systems import mordheim as mordheim_rules
from rules.systems import mordheim_campaign as campaign

from .models import ArmyList, ArmyListVersion, CampaignEvent, new_share_token


@dataclass(frozen=True)
class Checked:
    """A parsed, well-formed document with its game data and validation result."""

    document: ListDocument
    catalogue: Catalogue
    result: Result


def document_parse(*, data) -> tuple[ListDocument, Catalogue]:
    """Schema-check ``data`` and find its game system, or raise DocumentError (a 400)."""
    document = documents.parse(data)
    catalogue = selectors.catalogue_get(key=document.system)
    if catalogue is None:
        known = ", ".join(s.key for s in selectors.system_list()) or "none loaded"
        raise DocumentError(
            [ProblemAt("system", f"unknown game system '{document.system}' (known: {known})")]
        )
    try:
        rules_for(catalogue.system)
    except UnknownSystem:
        raise DocumentError(
            [ProblemAt("system", f"no rules are installed for '{document.system}'")]
        ) from None
    return document, catalogue


def list_check(*, data) -> Checked:
    document, catalogue = document_parse(data=data)
    return Checked(document=document, catalogue=catalogue, result=validate(catalogue, document))


def result_payload(*, checked: Checked) -> dict:
    """The validate contract: valid, points, violations (messages in the active language),
    plus a per-entry breakdown with names and effective stats."""
    result, catalogue = checked.result, checked.catalogue
    return {
        "valid": result.valid,
        "points": {
            "total": result.points.total,
            "limit": result.points.limit,
            "entries": result.points.entries,
        },
        "violations": [
            v.as_dict(message=gettext(v.template).format(**v.params)) for v in result.violations
        ],
        "system": catalogue.system,
        "data_version": catalogue.data_version,
        "sample_data": catalogue.sample_data,
        "breakdown": entry_breakdown(checked=checked),
    }


def entry_breakdown(*, checked: Checked) -> list[dict]:
    catalogue, document = checked.catalogue, checked.document
    rules = rules_for(catalogue.system)
    rows = []
    for i, entry in enumerate(document.entries):
        card = catalogue.cards.get(entry.card) if entry.card else None
        row = {
            "entry": i,
            "card": entry.card,
            "name": card.name if card else (entry.custom.name if entry.custom else entry.card),
            "count": entry.count,
            "size": entry.size
            if entry.size is not None
            else (card.core_size if card and card.is_unit else None),
            "points": checked.result.points.entries[i],
            "known": card is not None or entry.custom is not None,
        }
        if card is not None and (card.stats or rules.effective_stats is not None):
            row["stats"] = rules.stats_for(card, entry, catalogue)
        rows.append(row)
    return rows


def list_validate(*, data) -> dict:
    """Validate a list document: the whole answer of ``POST /api/v1/validate/``."""
    return result_payload(checked=list_check(data=data))


# --- saved lists -------------------------------------------------------------------


class ListConflict(Exception):
    """The list was saved elsewhere since the version this edit started from."""

    def __init__(self, *, army_list: ArmyList, expected_version: int):
        self.army_list = army_list
        self.expected_version = expected_version
        self.current_version = army_list.version
        super().__init__(
            gettext(
                "this list changed elsewhere: you edited version %(mine)s,"
                " it is now at version %(now)s"
            )
            % {"mine": expected_version, "now": army_list.version}
        )


def _snapshot(*, checked: Checked) -> dict:
    """What the list's cards and items cost today, and which rules it breaks."""
    catalogue, document = checked.catalogue, checked.document
    cards, items = {}, {}
    for entry in document.entries:
        card = catalogue.cards.get(entry.card) if entry.card else None
        if card is not None:
            cards[card.key] = {
                "name": card.name,
                "points": card.points,
                "core_points": card.core_points,
                "soldier_points": card.soldier_points,
            }
        for key in entry.items:
            item = catalogue.items.get(key)
            if item is not None:
                items[key] = {"name": item.name, "points": catalogue.item_points(card, key)}
    return {
        "cards": cards,
        "items": items,
        "violations": sorted(
            {(v.code, v.entry) for v in checked.result.violations},
            key=lambda ce: (ce[0], -1 if ce[1] is None else ce[1]),
        ),
        "total": checked.result.points.total,
    }


def _apply(*, army_list: ArmyList, checked: Checked) -> None:
    document = checked.document
    army_list.system = GameSystem.objects.get(key=document.system)
    army_list.name = document.name
    army_list.faction = document.faction or ""
    army_list.battle_size = document.battle_size
    army_list.role = document.role or ""
    army_list.document = document.to_dict()
    army_list.document.pop("data_version", None)
    army_list.data_version = checked.catalogue.data_version
    army_list.data_snapshot = _snapshot(checked=checked)


def list_create(*, owner, data) -> ArmyList:
    """Save a new list (legal or not) with version 1 and a share token."""
    checked = list_check(data=data)
    army_list = ArmyList(owner=owner, version=1, share_token=new_share_token())
    _apply(army_list=army_list, checked=checked)
    with transaction.atomic():
        army_list.save()
        _record_version(army_list=army_list, user=owner)
    return army_list


def list_update(*, army_list: ArmyList, data, expected_version: int, user) -> ArmyList:
    """Save an edit made from ``expected_version``; refuse it if the list moved on since.

    The row is locked while checking, so of two edits from the same version exactly
    one wins and the other gets ListConflict; nothing is overwritten silently.
    """
    checked = list_check(data=data)
    with transaction.atomic():
        locked = ArmyList.objects.select_for_update().get(pk=army_list.pk)
        if locked.version != expected_version:
            raise ListConflict(army_list=locked, expected_version=expected_version)
        _apply(army_list=locked, checked=checked)
        locked.version = F("version") + 1
        locked.save()
        locked.refresh_from_db()
        _record_version(army_list=locked, user=user)
    return locked


def _record_version(*, army_list: ArmyList, user) -> None:
    ArmyListVersion.objects.create(
        army_list=army_list,
        version=army_list.version,
        document=army_list.document,
        data_version=army_list.data_version,
        saved_by=user,
    )


def list_delete(*, army_list: ArmyList) -> None:
    army_list.delete()


def list_share_renew(*, army_list: ArmyList) -> ArmyList:
    """A new share token: the old link stops working at once."""
    army_list.share_token = new_share_token()
    # Not a save of the list: leave updated_at (the "last saved" order) alone.
    ArmyList.objects.filter(pk=army_list.pk).update(share_token=army_list.share_token)
    return army_list


def list_share_revoke(*, army_list: ArmyList) -> ArmyList:
    army_list.share_token = None
    ArmyList.objects.filter(pk=army_list.pk).update(share_token=None)
    return army_list


def list_copy(*, army_list: ArmyList, owner) -> ArmyList:
    """Copy a (shared) list into ``owner``'s lists, as a new list of its own."""
    data = dict(army_list.document)
    return list_create(owner=owner, data=data)


def list_export(*, army_list: ArmyList) -> dict:
    """The list document (muster-list/1) with the data version it was saved against."""
    # Rebuilt rather than copied: JSONB stores keys sorted, and a file a player opens
    # should read in the document's own order ("format" and "system" first).
    document = documents.build(army_list.document).to_dict()
    return {**document, "data_version": army_list.data_version}


def list_export_filename(*, army_list: ArmyList) -> str:
    """The export's file name: the list's name as a slug (else its id), ``.muster.json``."""
    return f"{slugify(army_list.name) or f'list-{army_list.id}'}.muster.json"


def list_import(*, owner, data) -> ArmyList:
    """Create a list from an exported document; a malformed one creates nothing."""
    return list_create(owner=owner, data=data)


def list_check_saved(*, army_list: ArmyList) -> Checked:
    """Validate a saved list against today's data (its system row is already loaded)."""
    document = documents.parse(army_list.document)
    catalogue = selectors.catalogue_for(system=army_list.system)
    return Checked(document=document, catalogue=catalogue, result=validate(catalogue, document))


def list_payload(*, army_list: ArmyList, checked: Checked | None = None) -> dict:
    """A saved list with today's validation and what changed in the data since its save."""
    checked = checked or list_check_saved(army_list=army_list)
    return {
        "validation": result_payload(checked=checked),
        "data_changes": list_data_changes(army_list=army_list, checked=checked),
    }


def list_data_changes(*, army_list: ArmyList, checked: Checked) -> dict:
    """What changed for this list since it was saved: points, removed keys, new violations.

    Nothing is dropped from the list: removed cards and items stay as unknown_key
    violations; this only explains why totals or verdicts moved.
    """
    snapshot = army_list.data_snapshot or {}
    now = _snapshot(checked=checked)
    changes: list[dict] = []
    for kind, fields in (
        ("card", ("points", "core_points", "soldier_points")),
        ("item", ("points",)),
    ):
        before_all, now_all = snapshot.get(f"{kind}s", {}), now[f"{kind}s"]
        for key, before in before_all.items():
            current = now_all.get(key)
            if current is None:
                changes.append(
                    {"kind": kind, "key": key, "name": before["name"], "change": "removed"}
                )
                continue
            for field in fields:
                if before.get(field) != current.get(field):
                    changes.append(
                        {
                            "kind": kind,
                            "key": key,
                            "name": current["name"],
                            "change": "points",
                            "field": field,
                            "old": before.get(field),
                            "new": current.get(field),
                        }
                    )
    old_violations = {tuple(v) for v in snapshot.get("violations", [])}
    new_violations = [
        v.as_dict(message=gettext(v.template).format(**v.params))
        for v in checked.result.violations
        if (v.code, v.entry) not in old_violations
    ]
    return {
        "saved_data_version": army_list.data_version,
        "current_data_version": checked.catalogue.data_version,
        "changed": bool(changes or new_violations)
        or army_list.data_version != checked.catalogue.data_version,
        "changes": changes,
        "new_violations": new_violations,
        "total_before": snapshot.get("total"),
        "total_now": now["total"],
    }


# --- building a document (the builder's edits) --------------------------------------


def document_new(
    *, system: str, faction: str | None, battle_size: int | None, name: str = "", role=None
) -> dict:
    return {
        "format": documents.FORMAT,
        "system": system,
        "name": name,
        "faction": faction,
        "battle_size": battle_size,
        "role": role,
        "entries": [],
        "special_actions": [],
    }


def document_add_entry(*, document: dict, card: str, catalogue: Catalogue) -> dict:
    """A copy of the document with one more entry; unit sizes start at the core."""
    known = catalogue.cards.get(card)
    entry = {
        "card": card,
        "count": 1,
        "size": known.core_size if known is not None and known.is_unit else None,
        "items": [],
        "options": [],
    }
    return {**document, "entries": [*document.get("entries", []), entry]}


def document_remove_entry(*, document: dict, index: int) -> dict:
    entries = list(document.get("entries", []))
    if 0 <= index < len(entries):
        del entries[index]
    return {**document, "entries": entries}


def document_add_special_action(*, document: dict, action: str, variant, catalogue) -> dict:
    """One more use of a special action; the same action and variant again adds a use.

    Only what the pack offers can be bought this way (imports may still carry unknown
    keys, which validation reports).
    """
    known = catalogue.special_actions.get(action)
    if known is None or (variant is not None and known.variant(variant) is None):
        return document
    picks = [dict(p) for p in document.get("special_actions") or []]
    for pick in picks:
        if pick.get("action") == action and pick.get("variant") == variant:
            pick["count"] = min(1000, pick.get("count", 1) + 1)
            break
    else:
        picks.append({"action": action, "count": 1, "variant": variant})
    return {**document, "special_actions": picks}


def document_remove_special_action(*, document: dict, index: int) -> dict:
    picks = list(document.get("special_actions") or [])
    if 0 <= index < len(picks):
        del picks[index]
    return {**document, "special_actions": picks}


def document_add_custom_entry(*, document: dict, entry: dict) -> dict:
    """A custom unit (Boarding Action: from the player's own codex) as a new entry."""
    return {**document, "entries": [*document.get("entries", []), entry]}


# --- after the game -----------------------------------------------------------------


def list_battle_points(
    *, army_list: ArmyList, losses: list[dict], checked: Checked | None = None
) -> dict:
    """Battle points the opponent scores from this list's losses (Godslayer scoring).
    ``checked``: the list already checked (``list_check_saved``), to save doing it again."""
    checked = checked or list_check_saved(army_list=army_list)
    if checked.catalogue.system != godslayer.SYSTEM:
        raise ValueError("battle points are defined for Godslayer lists")
    return godslayer.battle_points(checked.catalogue, checked.document, losses)


def battle_outcome(
    *, army_list: ArmyList, scored: int, conceded: int, checked: Checked | None = None
) -> dict:
    checked = checked or list_check_saved(army_list=army_list)
    return godslayer.battle_result(
        scored=scored, conceded=conceded, battle_size=checked.result.points.limit or 0
    )


# --- the Mordheim campaign log -------------------------------------------------------
# A saved Mordheim list is the starting roster; its CampaignEvent rows, replayed in
# order by rules/systems/mordheim_campaign.py, make the warband as it is now. Every
# record and undo locks the list's row, so two of them never interleave.

CAMPAIGN_SYSTEM = mordheim_rules.SYSTEM
# The fields each event type takes besides "type" and "entry"; any other is refused.
CAMPAIGN_FIELDS = {
    "serious_injury": ("roll", "d6", "d3", "injuries", "won", "again"),
    "henchman_out_of_action": ("roll",),
    "experience": ("amount",),
}
_EVENT_AT = re.compile(r"^events\[([0-9]+)\]")
# The profile's order (the database does not keep the keys of a JSON object in order).
MORDHEIM_STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
_STAT_ORDER = {name: n for n, name in enumerate(MORDHEIM_STATS)}


def list_has_campaign(*, army_list: ArmyList) -> bool:
    """Whether the list keeps a campaign log (a Mordheim warband)."""
    return army_list.system.key == CAMPAIGN_SYSTEM


def campaign_event_index(path: str) -> int | None:
    """n of a problem's path ``events[n]...`` (a battle's event), else None."""
    match = _EVENT_AT.match(path)
    return int(match.group(1)) if match else None


def _problem_dicts(problems) -> list[dict]:
    return [{"path": p, "message": m, "code": c} for p, m, c in problems]


class CampaignRefused(DocumentError):
    """An event the warband cannot take, or a list that has no campaign log.

    ``problems`` is a list of ``(path, message, code)`` (the engine's
    ``CampaignError.errors``, paths relative to the event or to the battle's
    ``events[n]``); ``errors`` holds the same as ``ProblemAt``, so it is a 400 wherever
    a DocumentError is. Codes: the engine's (``required``, ``invalid``, ``unknown_type``,
    ``unknown_entry``, ``ambiguous_entry``, ``not_in_warband``, ``not_a_hero``,
    ``not_a_henchman``, ``rerolled``, ``unknown_key``) and ``unexpected_field``,
    ``log_mismatch``, ``wrong_system``.
    """

    def __init__(self, problems):
        self.problems = [tuple(p) for p in problems]
        super().__init__([ProblemAt(path, message) for path, message, _code in self.problems])

    @property
    def codes(self) -> list[str]:
        return [code for _path, _message, code in self.problems]

    def as_dicts(self) -> list[dict]:
        return _problem_dicts(self.problems)


def _campaign_rules(*, army_list: ArmyList) -> tuple[Catalogue, ListDocument]:
    if not list_has_campaign(army_list=army_list):
        raise CampaignRefused(
            [
                (
                    "",
                    gettext(
                        "a campaign log is kept for Mordheim warbands; this is a %(system)s list"
                    )
                    % {"system": army_list.system.name},
                    "wrong_system",
                )
            ]
        )
    document = documents.parse(army_list.document)
    return selectors.catalogue_for(system=army_list.system), document


def _campaign_replay(catalogue, document, records) -> tuple[campaign.Roster, int, list[tuple]]:
    """The roster after the events that still fit the list (the first that does not, and
    every one after it, is left out): (roster, how many applied, problems)."""
    events, problems = [], []
    for n, record in enumerate(records):
        entries = document.entries
        now = entries[record.entry].card if record.entry < len(entries) else None
        then = record.data.get("card")
        if then is not None and then != now:
            problems.append(
                (
                    f"events[{n}].entry",
                    gettext(
                        "event %(sequence)s happened to %(then)s at entry %(entry)s; the list has"
                        " %(now)s there now"
                    )
                    % {
                        "sequence": record.sequence,
                        "then": then,
                        "entry": record.entry,
                        "now": now or gettext("no entry"),
                    },
                    "log_mismatch",
                )
            )
            break
        events.append(record.data)
    try:
        return campaign.apply_events(catalogue, document, events), len(events), problems
    except campaign.CampaignError as exc:
        applied = campaign_event_index(exc.errors[0][0]) or 0
        roster = campaign.apply_events(catalogue, document, events[:applied])
        problems = [(path, message, code) for path, message, code in exc.errors[:1]]
        return roster, applied, problems


def _campaign_names(catalogue: Catalogue, document: ListDocument) -> list[str]:
    """The fighters' names, by entry, as the list has them (before any event)."""
    return [f.name for f in campaign.starting_roster(catalogue, document).fighters]


def _campaign_records(army_list: ArmyList) -> list[CampaignEvent]:
    return list(army_list.campaign_events.order_by("sequence"))


def _campaign_event(record: CampaignEvent, names: list[str], summary: str | None) -> dict:
    data = record.data
    if record.type == "serious_injury":
        result = data.get("result")
    elif record.type == "henchman_out_of_action":
        result = "lost" if (data.get("roll") or 6) <= 2 else "fine"
    else:
        result = "experience"
    who = names[record.entry] if record.entry < len(names) else (data.get("card") or "?")
    return {
        **data,
        "sequence": record.sequence,
        "type": record.type,
        "entry": record.entry,
        "who": who,
        "roll": data.get("roll"),
        "result": result,
        "date": record.created_at,
        "summary": summary,
    }


def _campaign_roster(catalogue: Catalogue, document: ListDocument, roster) -> dict:
    out = roster.to_dict()
    out["log"] = list(out["log"])
    for fighter, entry in zip(out["fighters"], document.entries, strict=True):
        card = catalogue.cards.get(fighter["card"]) if fighter["card"] else None
        for key in ("items", "injuries", "traits", "hatred"):
            fighter[key] = list(fighter[key])
        fighter["stats"] = dict(
            sorted(
                fighter["stats"].items(),
                key=lambda kv: (_STAT_ORDER.get(kv[0], len(_STAT_ORDER)), kv[0]),
            )
        )
        fighter["in_warband"] = fighter["status"] == campaign.IN_WARBAND
        fighter["leader"] = card is not None and mordheim_rules.is_leader(card)
        one = fighter["models"] == 1 if fighter["hero"] else entry.count == 1
        fighter["recordable"] = fighter["in_warband"] and card is not None and one
    out["members"] = sum(f["models"] for f in out["fighters"] if f["in_warband"])
    return out


def _campaign_rout_test(roster_payload: dict) -> dict:
    """What the rout test needs of the warband as it is now: members, the leader's Ld and
    the Ld of every other active model."""
    active = [f for f in roster_payload["fighters"] if f["in_warband"]]
    leader = next((f for f in active if f["leader"]), None)
    others = [
        f["stats"]["Ld"]
        for f in active
        if f is not leader and "Ld" in f["stats"]
        for _model in range(f["models"])
    ]
    return {
        "members": roster_payload["members"],
        "leader": leader["name"] if leader else None,
        "leader_ld": leader["stats"].get("Ld") if leader else None,
        "other_lds": sorted(others, reverse=True),
    }


def _campaign_state(catalogue, document, records) -> dict:
    roster, applied, problems = _campaign_replay(catalogue, document, records)
    names = _campaign_names(catalogue, document)
    payload = _campaign_roster(catalogue, document, roster)
    return {
        "events": [
            _campaign_event(record, names, roster.log[n] if n < applied else None)
            for n, record in enumerate(records)
        ],
        "roster": payload,
        "rating": campaign.roster_rating(catalogue, roster),
        "problems": _problem_dicts(problems),
        "rout_test": _campaign_rout_test(payload),
    }


def campaign_state(*, army_list: ArmyList) -> dict:
    """The campaign log of a Mordheim list and the warband it made.

    ``events``: every recorded event, oldest first, with ``sequence``, ``type``,
    ``entry``, ``who``, ``roll``, ``result`` (an injury's key; "lost" or "fine" for a
    henchman; "experience"), ``date``, ``summary`` (the engine's line, in English) and
    the resolved fields (``amount``, ``d6``, ``d3``, ``injuries``, ``rerolled``,
    ``won``, ``again``, ``card``). ``roster``: the starting roster with the log applied
    (``Roster.to_dict()`` plus ``in_warband``, ``leader``, ``recordable`` per fighter
    and ``members``). ``rating``: its warband rating. ``problems``: why the log stops
    applying, when the list was edited since (the roster stops before that event).
    ``rout_test``: members, leader and Lds for the rout test. Not a Mordheim list:
    CampaignRefused (``wrong_system``).
    """
    catalogue, document = _campaign_rules(army_list=army_list)
    records = _campaign_records(army_list)
    return _campaign_state(catalogue, document, records)


def _campaign_locked(army_list: ArmyList) -> ArmyList:
    return (
        ArmyList.objects.select_for_update(of=("self",))
        .select_related("system")
        .get(pk=army_list.pk)
    )


def _campaign_record(*, army_list, events, user, rng, prefix: str) -> list[dict]:
    rng = rng or random.SystemRandom()
    with transaction.atomic():
        locked = _campaign_locked(army_list)
        catalogue, document = _campaign_rules(army_list=locked)
        records = _campaign_records(locked)
        roster, _applied, problems = _campaign_replay(catalogue, document, records)
        if problems:
            raise CampaignRefused(
                [
                    (
                        "",
                        gettext(
                            "the campaign log no longer fits the list (%(problem)s): undo events"
                            " until it does, or change the list back"
                        )
                        % {"problem": problems[0][1]},
                        "log_mismatch",
                    )
                ]
            )
        names = _campaign_names(catalogue, document)
        log = [record.data for record in records]
        sequence = records[-1].sequence if records else 0
        recorded = []
        for n, event in enumerate(events):
            at = f"{prefix}[{n}]" if prefix else ""
            _campaign_fields(event, at)
            try:
                resolved = campaign.resolve_event(catalogue, document, roster, event, rng)
                log.append(resolved)
                roster = campaign.apply_events(catalogue, document, log)
            except campaign.CampaignError as exc:
                raise CampaignRefused(
                    [(campaign.join_path(at, p), m, c) for p, m, c in exc.errors]
                ) from None
            sequence += 1
            record = CampaignEvent.objects.create(
                army_list=locked,
                sequence=sequence,
                type=resolved["type"],
                entry=resolved["entry"],
                data={**resolved, "card": document.entries[resolved["entry"]].card},
                created_by=user,
            )
            recorded.append(_campaign_event(record, names, roster.log[-1]))
    return recorded


def _campaign_fields(event, at: str) -> None:
    """Refuse fields the event's type does not take (a typo must not vanish)."""
    if not isinstance(event, dict) or event.get("type") not in CAMPAIGN_FIELDS:
        return  # the engine says what is wrong
    allowed = {"type", "entry", *CAMPAIGN_FIELDS[event["type"]]}
    problems = [
        (
            campaign.join_path(at, str(key)),
            gettext("a %(type)s event takes no '%(key)s' (it takes %(allowed)s)")
            % {
                "type": event["type"],
                "key": key,
                "allowed": ", ".join(CAMPAIGN_FIELDS[event["type"]]),
            },
            "unexpected_field",
        )
        for key in event
        if key not in allowed
    ]
    if problems:
        raise CampaignRefused(problems)


def campaign_record_event(*, army_list: ArmyList, event: dict, user, rng=None) -> dict:
    """Record one event on a Mordheim list's campaign log, in one transaction.

    Rolls the player did not type are rolled with ``rng`` (``random.SystemRandom()``
    unless given) and stored. Returns the resolved event (as in ``campaign_state``).
    An event the warband cannot take raises CampaignRefused with paths relative to the
    event ("roll", "entry", "injuries[0].roll"); nothing is recorded.
    """
    [recorded] = _campaign_record(
        army_list=army_list, events=[event], user=user, rng=rng, prefix=""
    )
    return recorded


def campaign_record_battle(*, army_list: ArmyList, events: list, user, rng=None) -> list[dict]:
    """Record the events of one battle, in order, all or none (one transaction); each is
    checked against the warband as the ones before it left it. Paths: "events[n].roll"."""
    return _campaign_record(army_list=army_list, events=events, user=user, rng=rng, prefix="events")


def campaign_undo(*, army_list: ArmyList) -> dict | None:
    """Delete the last event of the log (in one transaction, the list's row locked);
    returns it, or None when the log is empty."""
    with transaction.atomic():
        locked = _campaign_locked(army_list)
        catalogue, document = _campaign_rules(army_list=locked)
        records = _campaign_records(locked)
        if not records:
            return None
        roster, applied, _problems = _campaign_replay(catalogue, document, records)
        names = _campaign_names(catalogue, document)
        last = records[-1]
        removed = _campaign_event(last, names, roster.log[-1] if applied == len(records) else None)
        last.delete()
    return removed
