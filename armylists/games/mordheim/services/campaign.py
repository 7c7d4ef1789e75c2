"""A saved list's campaign log, for games that keep one (their rules say so with a
``campaign`` hook, e.g. Mordheim's serious injuries, lost henchmen and experience, and
whole battles with their post-battle sequence: ``campaign_battles``).

A saved list is the starting roster; its records (CampaignEvent and CampaignBattle rows,
in one order), applied by the game's campaign rules, make the roster as it is now; each
keeps the roster after it (``campaign_log``). Events name a fighter by the id of his
list entry, so removing him from the list never hands his history to someone else: his
events stay in the log, marked as no longer in the list. Every record and undo locks
the list's row, so two of them never interleave.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext

from armylists.games.mordheim.models import CampaignEvent
from armylists.games.mordheim.services import campaign_log
from armylists.games.mordheim.services import campaign_payloads as payloads
from armylists.lists.services import list_pack_lost
from armylists.models import ArmyList
from armylists.packs.pinning import not_available
from rules.engine import DocumentError, ListDocument, ProblemAt
from rules.engine.validation import rules_for


def campaign_rules(system_key: str):
    """The game's campaign rules, or None when it keeps no campaign log."""
    return rules_for(system_key).campaign


def list_has_campaign(*, army_list: ArmyList) -> bool:
    return campaign_rules(army_list.system.key) is not None


class CampaignRefused(DocumentError):
    """An event the roster cannot take, or a list that keeps no campaign log.

    ``problems`` is a list of ``(path, message, code)`` (the campaign rules' errors, paths
    relative to the event or to the battle's ``events[n]``); ``errors`` holds the same as
    ``ProblemAt``, so it is a 400 wherever a DocumentError is.
    """

    def __init__(self, problems):
        self.problems = [tuple(p) for p in problems]
        super().__init__([ProblemAt(path, message) for path, message, _code in self.problems])

    @property
    def codes(self) -> list[str]:
        return [code for _path, _message, code in self.problems]

    def as_dicts(self) -> list[dict]:
        return [{"path": p, "message": m, "code": c} for p, m, c in self.problems]


def _rules_of(army_list: ArmyList):
    rules = campaign_rules(army_list.system.key)
    if rules is None:
        raise CampaignRefused(
            [
                (
                    "",
                    gettext("%(system)s lists keep no campaign log")
                    % {"system": army_list.system.name},
                    "wrong_system",
                )
            ]
        )
    return rules


def campaign_state(*, army_list: ArmyList) -> dict:
    """The campaign of a list and the roster it made.

    ``events``: every recorded event, oldest first, with ``sequence``, ``type``,
    ``entry_id``, ``entry`` (its place in the list now, None when removed), ``who``,
    ``roll``, ``result``, ``date``, ``orphaned`` (the fighter is no longer in the list),
    ``summary`` (what it did, in the reader's language), ``what`` (the same without the
    name) and the resolved fields. ``battles``: every battle with its steps. ``roster``:
    the starting roster with the log applied; ``rating``, ``treasury``, ``stash``,
    ``shards``; ``problems``: why the log stops applying; ``rout_test``: the defaults of
    the rout test. A list of a game without a campaign: CampaignRefused (wrong_system).
    Constant queries: the log's records and the last one's roster.
    """
    _rules_of(army_list)
    return payloads.state_payload(campaign_log.read(army_list))


def campaign_history(*, army_list: ArmyList) -> dict[str, int]:
    """How many campaign records each entry id has (entries without any are left out)."""
    if campaign_rules(army_list.system.key) is None:
        return {}
    counts: dict[str, int] = {}
    for entry_id in army_list.campaign_events.values_list("entry_id", flat=True):
        counts[entry_id] = counts.get(entry_id, 0) + 1
    for entry_ids in army_list.campaign_battles.values_list("entry_ids", flat=True):
        for entry_id in entry_ids:
            counts[entry_id] = counts.get(entry_id, 0) + 1
    return counts


def refuse_mismatch(log) -> None:
    """A log that no longer fits the list takes no new record."""
    if log.problems:
        raise CampaignRefused(
            [
                (
                    "",
                    gettext(
                        "the campaign log no longer fits the list (%(problem)s): undo records"
                        " until it does, or change the list back"
                    )
                    % {"problem": log.problems[0][1]},
                    "log_mismatch",
                )
            ]
        )


def refuse_lost_pack(army_list: ArmyList) -> None:
    """A warband on a pack its owner may no longer use keeps its log and shows it, but
    records nothing more (a purchase or a hire would be priced from the lost pack):
    CampaignRefused (pack_not_available) until he moves the list to data he may use."""
    lost = list_pack_lost(army_list=army_list, user=army_list.owner)
    if lost is not None:
        raise CampaignRefused(
            [(p.path, p.message, "pack_not_available") for p in not_available(lost).errors]
        )


def _locked(army_list: ArmyList) -> ArmyList:
    found = (
        ArmyList.objects.select_for_update(of=("self",))
        .select_related("system")
        .filter(pk=army_list.pk)
        .first()
    )
    if found is None:
        raise ArmyList.DoesNotExist("the list was deleted")
    return found


def _with_entry_id(event, document: ListDocument, at: str) -> dict:
    """Events name their fighter by ``entry_id``; ``entry`` (his place in the list) is
    still taken, as the API always took it, and turned into his id here."""
    if not isinstance(event, dict) or "entry" not in event:
        return event
    out = {k: v for k, v in event.items() if k != "entry"}
    index = event["entry"]
    if "entry_id" in event:
        raise CampaignRefused(
            [(_join(at, "entry"), gettext("give entry or entry_id, not both"), "invalid")]
        )
    if isinstance(index, bool) or not isinstance(index, int):
        raise CampaignRefused(
            [(_join(at, "entry"), f"must be an entry index, not {index!r}", "invalid")]
        )
    if not 0 <= index < len(document.entries):
        last = len(document.entries) - 1
        raise CampaignRefused(
            [
                (
                    _join(at, "entry"),
                    f"no entry {index}: the warband has entries 0 to {last}",
                    "unknown_entry",
                )
            ]
        )
    out["entry_id"] = document.entries[index].id
    return out


def _as_sent(path: str, at: str, by_index: bool) -> str:
    """A problem with the fighter is named by the field the client sent: ``entry`` when
    it named him by his place in the list (or not at all), else ``entry_id``."""
    return _join(at, "entry") if by_index and path == _join(at, "entry_id") else path


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


def _record(*, army_list, events, user, rng, prefix: str, fields: dict) -> list[dict]:
    rng = rng or random.SystemRandom()
    with transaction.atomic():
        locked = _locked(army_list)
        rules = _rules_of(locked)
        refuse_lost_pack(locked)
        log = campaign_log.for_writing(locked)
        refuse_mismatch(log)
        catalogue, document, roster = log.catalogue, log.document, log.roster
        sequence = log.last_sequence
        index = {entry.id: i for i, entry in enumerate(document.entries)}
        recorded = []
        for n, event in enumerate(events):
            at = f"{prefix}[{n}]" if prefix else ""
            _allowed_fields(event, at, fields)
            by_index = isinstance(event, dict) and "entry_id" not in event
            event = _with_entry_id(event, document, at)
            try:
                resolved = rules.resolve_event(catalogue, document, roster, event, rng)
                fighter = roster.fighters[roster.find(resolved["entry_id"])]
                resolved = {**resolved, "card": fighter.card, "who": fighter.name}
                roster, line, orphaned = rules.apply_event(catalogue, document, roster, resolved)
            except rules.CampaignError as exc:
                raise CampaignRefused(
                    [
                        (_as_sent(rules.join_path(at, p), at, by_index), m, c)
                        for p, m, c in exc.errors
                    ]
                ) from None
            sequence += 1
            row = CampaignEvent.objects.create(
                army_list=locked,
                sequence=sequence,
                type=resolved["type"],
                entry_id=resolved["entry_id"],
                data=resolved,
                line=line.to_json(),
                orphaned=orphaned,
                roster=rules.roster_to_json(roster),
                basis=log.basis,
                created_by=user,
            )
            record = campaign_log.Record("event", row, [line], orphaned)
            recorded.append(payloads.event_payload(record, index))
        campaign_log.touch(locked)
        return recorded


def _allowed_fields(event, at: str, fields: dict) -> None:
    """Refuse fields the event's type does not take (a typo must not vanish)."""
    if not isinstance(event, dict) or event.get("type") not in fields:
        return  # the campaign rules say what is wrong
    allowed = {"type", "entry", "entry_id", *fields[event["type"]]}
    problems = [
        (
            _join(at, str(key)),
            gettext("a %(type)s event takes no '%(key)s' (it takes %(allowed)s)")
            % {"type": event["type"], "key": key, "allowed": ", ".join(fields[event["type"]])},
            "unexpected_field",
        )
        for key in event
        if key not in allowed
    ]
    if problems:
        raise CampaignRefused(problems)


def campaign_record_event(*, army_list: ArmyList, event: dict, user, rng=None) -> dict:
    """Record one event, in one transaction. Rolls the player did not type are rolled with
    ``rng`` (``random.SystemRandom()`` unless given) and stored. Returns the resolved event
    (as in ``campaign_state``). One the roster cannot take raises CampaignRefused with
    paths relative to the event; nothing is recorded."""
    fields = campaign_rules(army_list.system.key)
    [recorded] = _record(
        army_list=army_list,
        events=[event],
        user=user,
        rng=rng,
        prefix="",
        fields=getattr(fields, "EVENT_FIELDS", {}),
    )
    return recorded


def campaign_record_battle(*, army_list: ArmyList, events: list, user, rng=None) -> list[dict]:
    """Record the events of one battle, in order, all or none (one transaction); each is
    checked against the roster as the ones before it left it. Paths: "events[n].roll"."""
    fields = campaign_rules(army_list.system.key)
    return _record(
        army_list=army_list,
        events=events,
        user=user,
        rng=rng,
        prefix="events",
        fields=getattr(fields, "EVENT_FIELDS", {}),
    )


def campaign_undo(*, army_list: ArmyList) -> dict | None:
    """Delete the last event of the log (the list's row locked); returns it, or None when
    the log is empty. A battle recorded last is taken back as a whole by
    ``campaign_battles.battle_undo``: CampaignRefused (last_is_battle)."""
    with transaction.atomic():
        locked = _locked(army_list)
        _rules_of(locked)
        log = campaign_log.read(locked)
        if not log.records:
            return None
        last = log.records[-1]
        if last.kind != "event":
            raise CampaignRefused([(
                "",
                gettext("the last record is battle %(number)s: undo it as a whole (DELETE "
                        ".../campaign/battles/last/)") % {"number": last.row.number},
                "last_is_battle",
            )])
        index = {entry.id: i for i, entry in enumerate(log.document.entries)}
        removed = payloads.event_payload(last, index)
        last.row.delete()
        campaign_log.touch(locked)
    return removed
