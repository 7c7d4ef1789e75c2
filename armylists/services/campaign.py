"""A saved list's campaign log, for games that keep one (their rules say so with a
``campaign`` hook, e.g. Mordheim's serious injuries, lost henchmen and experience).

A saved list is the starting roster; its CampaignEvent rows, replayed in order by the
game's campaign rules, make the roster as it is now. Events name a fighter by the id of
his list entry, so removing him from the list never hands his history to someone else:
his events stay in the log, marked as no longer in the list. Every record and undo locks
the list's row, so two of them never interleave.
"""

from __future__ import annotations

import random
import re

from django.db import transaction
from django.utils.translation import gettext

from rules import selectors
from rules.engine import Catalogue, DocumentError, ListDocument, ProblemAt
from rules.engine.validation import rules_for

from ..models import ArmyList, CampaignEvent
from .lists import list_document

_EVENT_AT = re.compile(r"^events\[([0-9]+)\]")


def campaign_rules(system_key: str):
    """The game's campaign rules, or None when it keeps no campaign log."""
    return rules_for(system_key).campaign


def list_has_campaign(*, army_list: ArmyList) -> bool:
    return campaign_rules(army_list.system.key) is not None


def campaign_event_index(path: str) -> int | None:
    """n of a problem's path ``events[n]...`` (a battle's event), else None."""
    match = _EVENT_AT.match(path)
    return int(match.group(1)) if match else None


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


def _rules_of(army_list: ArmyList) -> tuple[object, Catalogue, ListDocument]:
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
    catalogue = selectors.catalogue_for(system=army_list.system)
    return rules, catalogue, list_document(army_list=army_list)


def _records(army_list: ArmyList) -> list[CampaignEvent]:
    return list(army_list.campaign_events.order_by("sequence"))


def _render(phrase) -> str | None:
    """The engine's words (a phrase, or a list of them) in the reader's language."""
    if phrase is None:
        return None
    if isinstance(phrase, list | tuple):
        return "; ".join(p.render(gettext) for p in phrase)
    return phrase.render(gettext)


def _replay(rules, catalogue, document, records):
    """The roster after the events that still apply: (roster, how many replayed, problems).
    An impossible event stops the replay there (the rest is left out and reported)."""
    events = [record.data for record in records]
    try:
        return rules.apply_events(catalogue, document, events), len(events), []
    except rules.CampaignError as exc:
        applied = campaign_event_index(exc.errors[0][0]) or 0
        roster = rules.apply_events(catalogue, document, events[:applied])
        return roster, applied, [tuple(e) for e in exc.errors[:1]]


def _event_payload(record: CampaignEvent, roster, n: int, applied: int, index: dict) -> dict:
    data = record.data
    line = roster.log[n] if n < applied else None
    if record.type == "serious_injury":
        result = data.get("result")
    elif record.type == "henchman_out_of_action":
        result = "lost" if (data.get("roll") or 6) <= 2 else "fine"
    else:
        result = "experience"
    return {
        **data,
        "sequence": record.sequence,
        "type": record.type,
        "entry_id": record.entry_id,
        "entry": index.get(record.entry_id),  # its place in the list now; None: removed
        "who": data.get("who") or data.get("card") or "?",
        "roll": data.get("roll"),
        "result": result,
        "date": record.created_at,
        "orphaned": n in roster.orphaned,
        "summary": _render(line),
        "what": _render(line.params["what"]) if line is not None else None,
    }


def _roster_payload(catalogue: Catalogue, document: ListDocument, roster) -> dict:
    out = roster.to_dict()
    out["log"] = [_render(line) for line in roster.log]
    out.pop("orphaned", None)
    order = catalogue.attributes.get("stat_order") or []
    rank = {name: n for n, name in enumerate(order)}
    for fighter, entry in zip(out["fighters"], document.entries, strict=True):
        known = fighter["status"] != "unknown_card"
        for key in ("items", "injuries", "traits", "hatred"):
            fighter[key] = list(fighter[key])
        fighter["stats"] = dict(
            sorted(fighter["stats"].items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))
        )
        fighter["in_warband"] = fighter["status"] == "active"
        one = fighter["models"] == 1 if fighter["hero"] else entry.count == 1
        fighter["recordable"] = fighter["in_warband"] and known and one
    out["members"] = sum(f["models"] for f in out["fighters"] if f["in_warband"])
    return out


def _rout_test(roster_payload: dict) -> dict:
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


def _state(rules, catalogue, document, records) -> dict:
    roster, applied, problems = _replay(rules, catalogue, document, records)
    index = {entry.id: i for i, entry in enumerate(document.entries)}
    payload = _roster_payload(catalogue, document, roster)
    return {
        "events": [
            _event_payload(record, roster, n, applied, index) for n, record in enumerate(records)
        ],
        "roster": payload,
        "rating": rules.roster_rating(catalogue, roster),
        "problems": [{"path": p, "message": m, "code": c} for p, m, c in problems],
        "rout_test": _rout_test(payload),
    }


def campaign_state(*, army_list: ArmyList) -> dict:
    """The campaign log of a list and the roster it made.

    ``events``: every recorded event, oldest first, with ``sequence``, ``type``,
    ``entry_id``, ``entry`` (its place in the list now, None when removed), ``who``,
    ``roll``, ``result``, ``date``, ``orphaned`` (the fighter is no longer in the list),
    ``summary`` (what it did, in the reader's language), ``what`` (the same without the
    name) and the resolved fields. ``roster``: the starting roster with the log applied.
    ``rating``; ``problems``: why the log stops applying; ``rout_test``: the defaults of
    the rout test. A list of a game without a campaign: CampaignRefused (wrong_system).
    """
    rules, catalogue, document = _rules_of(army_list)
    return _state(rules, catalogue, document, _records(army_list))


def campaign_history(*, army_list: ArmyList) -> dict[str, int]:
    """How many campaign events each entry id has (entries without any are left out)."""
    if campaign_rules(army_list.system.key) is None:
        return {}
    counts: dict[str, int] = {}
    for entry_id in army_list.campaign_events.values_list("entry_id", flat=True):
        counts[entry_id] = counts.get(entry_id, 0) + 1
    return counts


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
        rules, catalogue, document = _rules_of(locked)
        records = _records(locked)
        roster, applied, problems = _replay(rules, catalogue, document, records)
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
        log = [record.data for record in records]
        sequence = records[-1].sequence if records else 0
        new_records = []
        for n, event in enumerate(events):
            at = f"{prefix}[{n}]" if prefix else ""
            _allowed_fields(event, at, fields)
            by_index = isinstance(event, dict) and "entry_id" not in event
            event = _with_entry_id(event, document, at)
            try:
                resolved = rules.resolve_event(catalogue, document, roster, event, rng)
                fighter = roster.fighters[roster.find(resolved["entry_id"])]
                resolved = {**resolved, "card": fighter.card, "who": fighter.name}
                log.append(resolved)
                roster = rules.apply_events(catalogue, document, log)
            except rules.CampaignError as exc:
                raise CampaignRefused(
                    [
                        (_as_sent(rules.join_path(at, p), at, by_index), m, c)
                        for p, m, c in exc.errors
                    ]
                ) from None
            sequence += 1
            new_records.append(
                CampaignEvent.objects.create(
                    army_list=locked,
                    sequence=sequence,
                    type=resolved["type"],
                    entry_id=resolved["entry_id"],
                    data=resolved,
                    created_by=user,
                )
            )
        index = {entry.id: i for i, entry in enumerate(document.entries)}
        first = len(records)
        return [
            _event_payload(record, roster, first + n, len(log), index)
            for n, record in enumerate(new_records)
        ]


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
    the log is empty."""
    with transaction.atomic():
        locked = _locked(army_list)
        rules, catalogue, document = _rules_of(locked)
        records = _records(locked)
        if not records:
            return None
        roster, applied, _problems = _replay(rules, catalogue, document, records)
        index = {entry.id: i for i, entry in enumerate(document.entries)}
        removed = _event_payload(records[-1], roster, len(records) - 1, applied, index)
        records[-1].delete()
    return removed
