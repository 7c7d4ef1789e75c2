"""A campaign's log as stored: its records (events and battles, in one order) and the
roster they made, read with a constant number of queries.

Every record keeps the roster after it (``roster``) and what it was computed from
(``basis``: the list's version and its game data). While the last record's basis is the
list's, the current roster is that snapshot and every record's words are the ones
stored: reading costs three queries and recording a new record starts from the
snapshot, whatever the log's length. After the list or its game data changed, the log
is replayed from the starting roster (in memory for a read); the next record first
writes the replayed rosters and words back, so the cost of an edit is paid once.

The game's campaign rules do the work (``rules.campaign``: apply_event, run_battle,
roster_to_json...); nothing here knows a game.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.db import transaction

from armylists.games.mordheim.models import CampaignBattle, CampaignEvent
from armylists.lists.services import list_catalogue, list_document
from armylists.models import ArmyList
from rules.engine import Catalogue, ListDocument
from rules.engine.validation import rules_for
from rules.engine.violations import Phrase

BATTLE_DATA = ("number", "won", "input", "steps", "treasury_before", "treasury_after",
               "shards_found", "gold_from_shards", "rating_before", "rating_after", "absent")


@dataclass
class Record:
    """One record of the log: ``kind`` "event" or "battle", its row, what it did
    (``lines``; None when the log stops applying before it)."""

    kind: str
    row: CampaignEvent | CampaignBattle
    lines: list | None = None
    orphaned: bool = False
    data: dict | None = None  # a battle's data (as replayed, or as stored)
    roster: object = None  # the roster after it, when replayed

    @property
    def sequence(self) -> int:
        return self.row.sequence


@dataclass
class Log:
    rules: object
    catalogue: Catalogue
    document: ListDocument
    basis: str
    records: list[Record] = field(default_factory=list)
    roster: object = None
    problems: list = field(default_factory=list)
    replayed: bool = False

    @property
    def last_sequence(self) -> int:
        return self.records[-1].sequence if self.records else 0

    @property
    def starting(self):
        return self.rules.starting_roster(self.catalogue, self.document)


def basis_of(army_list: ArmyList, catalogue: Catalogue) -> str:
    """What a stored roster was computed from: the list's version and its game data (the
    pack version it is pinned to, if any), as a SHA-256 digest: only ever compared, and
    a pack's id and content hash alone would not fit the column (a warband on a player's
    pack could record nothing)."""
    stamp = army_list.system.updated_at.isoformat()
    basis = f"{army_list.version}|{catalogue.data_version}|{stamp}"
    origin = catalogue.origin
    if origin.id is not None:
        basis = f"{basis}|{origin.id}:{origin.content_hash}"
    return hashlib.sha256(basis.encode()).hexdigest()


def _open(army_list: ArmyList, rules) -> Log:
    """The campaign is played by the data the list is on: its pinned pack version, else
    today's official data."""
    document = list_document(army_list=army_list)
    catalogue = list_catalogue(army_list=army_list, document=document)
    return Log(rules, catalogue, document, basis_of(army_list, catalogue))


def _rows(army_list: ArmyList) -> list[Record]:
    events = CampaignEvent.objects.filter(army_list=army_list).defer("roster")
    battles = CampaignBattle.objects.filter(army_list=army_list).defer("roster")
    records = [Record("event", row) for row in events.order_by("sequence")]
    records += [Record("battle", row) for row in battles.order_by("sequence")]
    return sorted(records, key=lambda r: r.sequence)


def read(army_list: ArmyList) -> Log:
    """The whole log and the roster now (for reading: nothing is written)."""
    log = _open(army_list, rules_for(army_list.system.key).campaign)
    log.records = _rows(army_list)
    last = log.records[-1] if log.records else None
    if last is None:
        log.roster = log.starting
        return log
    roster = log.rules.roster_from_json(last.row.roster) if last.row.basis == log.basis else None
    if roster is None:
        replay(log)
        return log
    log.roster = roster
    for record in log.records:
        row = record.row
        if record.kind == "event":
            record.lines = [Phrase.from_json(row.line)] if row.line else []
            record.orphaned = row.orphaned
        else:
            record.lines = [Phrase.from_json(line) for line in row.lines]
            record.data = row.data
    return log


def replay(log: Log) -> None:
    """Apply every record to the starting roster, as the list and the data are now; an
    impossible record stops it there (``problems``)."""
    rules, catalogue, document = log.rules, log.catalogue, log.document
    roster = log.starting
    events = battles = 0
    for record in log.records:
        if log.problems:
            record.lines = None
            continue
        try:
            if record.kind == "event":
                path = f"events[{events}]"
                roster, line, orphaned = rules.apply_event(catalogue, document, roster,
                                                           record.row.data, path)
                record.lines, record.orphaned = [line], orphaned
            else:
                out = rules.run_battle(catalogue, document, roster, record.row.data["input"])
                roster = out["roster"]
                record.lines, record.data = out["lines"], battle_data(out)
        except rules.CampaignError as exc:
            path, message, code = exc.errors[0]
            if record.kind == "battle":
                path = rules.join_path(f"battles[{battles}]", path)
            log.problems = [(path, message, code)]
            record.lines = None
            continue
        finally:
            events += record.kind == "event"
            battles += record.kind == "battle"
        record.roster = roster
    log.roster = roster
    log.replayed = True


def battle_data(out: dict) -> dict:
    """What a battle's row keeps of run_battle's answer."""
    return {key: out[key] for key in BATTLE_DATA}


def current(army_list: ArmyList) -> Log:
    """The roster now and the last record, for a preview: the last record's snapshot
    (two small queries), or the whole log replayed in memory when the list changed."""
    rules = rules_for(army_list.system.key).campaign
    log = _open(army_list, rules)
    last = _last(army_list)
    roster = None
    if last is not None and last.row.basis == log.basis:
        roster = rules.roster_from_json(last.row.roster)
    if last is None:
        log.roster = log.starting
    elif roster is not None:
        log.records, log.roster = [last], roster
    else:
        log.records = _rows(army_list)
        replay(log)
    return log


# -- writing --------------------------------------------------------------------------


def for_writing(army_list: ArmyList) -> Log:
    """The roster to record on (the list's row locked by the caller): the last record's
    snapshot, or, when the list or its data changed since, the log replayed and written
    back. ``records`` holds only the last record unless it was replayed."""
    rules = rules_for(army_list.system.key).campaign
    log = _open(army_list, rules)
    last = _last(army_list)
    if last is None:
        log.roster = log.starting
        return log
    log.records = [last]
    roster = rules.roster_from_json(last.row.roster) if last.row.basis == log.basis else None
    if roster is not None:
        log.roster = roster
        return log
    log.records = _rows(army_list)
    replay(log)
    if not log.problems:
        _write_back(log)
    return log


def _last(army_list: ArmyList) -> Record | None:
    columns = ("id", "sequence", "roster", "basis")
    event = CampaignEvent.objects.filter(army_list=army_list).only(*columns)
    battle = CampaignBattle.objects.filter(army_list=army_list).only(*columns)
    found = [Record(kind, row) for kind, row in (
        ("event", event.order_by("-sequence").first()),
        ("battle", battle.order_by("-sequence").first()),
    ) if row is not None]
    return max(found, key=lambda r: r.sequence) if found else None


def _write_back(log: Log) -> None:
    """Store what the replay made of every record (two batched updates)."""
    rules = log.rules
    events, battles = [], []
    for record in log.records:
        row = record.row
        row.roster = rules.roster_to_json(record.roster)
        row.basis = log.basis
        if record.kind == "event":
            row.line = record.lines[0].to_json() if record.lines else None
            row.orphaned = record.orphaned
            events.append(row)
        else:
            row.lines = [line.to_json() for line in record.lines]
            row.data = record.data
            battles.append(row)
    with transaction.atomic():
        CampaignEvent.objects.bulk_update(events, ["roster", "basis", "line", "orphaned"],
                                          batch_size=200)
        CampaignBattle.objects.bulk_update(battles, ["roster", "basis", "lines", "data"],
                                           batch_size=200)


def touch(army_list: ArmyList) -> None:
    """The list's pages show the campaign's roster: a record changes what they show."""
    from django.utils import timezone

    ArmyList.objects.filter(pk=army_list.pk).update(updated_at=timezone.now())
