"""Tournament snapshots: the owner freezes a list's current version; anyone with its code
sees it as it was checked then, and whether it is still legal with today's data; an
organiser checks a list document against every snapshot.

What the hash covers is defined in ``canonical``. A snapshot is content-addressed: its
code is the first 80 bits of that hash, so freezing the same army against the same data
twice gives the same snapshot back (``created`` False), never a second one.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from armylists.compare.canonical import code_of, snapshot_hash
from armylists.lists.changes import data_changes_since
from armylists.lists.changes import snapshot as prices_of
from armylists.lists.documents import (
    Checked,
    catalogue_of,
    document_check,
    message_for,
    result_payload,
)
from armylists.lists.services import list_check_saved
from armylists.models import ArmyList, Snapshot
from armylists.packs import pinning
from armylists.packs.models import PackVersion
from rules import selectors as rules_selectors
from rules.engine import DocumentError, ListDocument, Violation
from rules.engine import document as documents

# How many data versions of one game a document without one is tried against.
MAX_DATA_VERSIONS = 200


def snapshot_create(*, army_list: ArmyList) -> tuple[Snapshot, bool]:
    """Freeze the list's current (saved) version, validated with today's data. Returns
    the snapshot and whether it is new."""
    checked = list_check_saved(army_list=army_list)
    return snapshot_freeze(checked=checked, army_list=army_list, list_version=army_list.version)


def snapshot_freeze(
    *, checked: Checked, army_list: ArmyList | None, list_version: int | None
) -> tuple[Snapshot, bool]:
    """Freeze a document as ``checked`` judged it (an event judges a list's copy on its
    own pack version and battle size). Content-addressed: the same army on the same data
    gives the snapshot that exists, never a second one."""
    catalogue = checked.catalogue
    digest = snapshot_hash(
        document=checked.document,
        system=catalogue.system,
        data_version=catalogue.data_version,
        pack_hash=catalogue.origin.content_hash or None,
    )
    found = Snapshot.objects.filter(hash=digest).first()
    if found is not None:
        return found, False
    document = checked.document.to_dict()
    document.pop("data_version", None)
    try:
        with transaction.atomic():
            created = Snapshot.objects.create(
                code=code_of(digest),
                hash=digest,
                army_list=army_list,
                list_version=list_version,
                system=catalogue.system,
                data_version=catalogue.data_version,
                document=document,
                validation=_frozen_validation(checked),
                prices=prices_of(checked=checked),
            )
    except IntegrityError:  # the same army frozen at the same moment elsewhere
        found = Snapshot.objects.filter(hash=digest).first()
        if found is None:
            raise
        return found, False
    return created, True


def _frozen_validation(checked: Checked) -> dict:
    """The verdict as data: messages are made when read, in the reader's language."""
    result, entries = checked.result, checked.document.entries
    return {
        "valid": result.valid,
        "points": {
            "total": result.points.total,
            "limit": result.points.limit,
            "entries": list(result.points.entries),
            "special_actions": list(result.points.special_actions),
        },
        "violations": [
            {
                "code": v.code,
                "severity": v.severity,
                "entry": v.entry,
                "entry_id": entries[v.entry].id if v.entry is not None else None,
                "template": v.template,
                "params": dict(v.params),
                "words": list(v.words),
            }
            for v in result.violations
        ],
    }


def snapshot_document(*, snapshot: Snapshot) -> ListDocument:
    return documents.build(snapshot.document)


def snapshot_export(*, snapshot: Snapshot) -> dict:
    """The frozen document as export writes a list, with the data version it was checked
    against: the copy that verifies."""
    document = snapshot_document(snapshot=snapshot).to_dict()
    return {**document, "data_version": snapshot.data_version}


def snapshot_validation(*, snapshot: Snapshot, catalogue=None) -> dict:
    """The verdict when frozen, in the validate contract's words (messages in the active
    language). ``catalogue``: the data that names its cards, when the caller has it (an
    event's, for all its submissions at once); else the snapshot's own is looked up."""
    frozen = snapshot.validation
    catalogue = catalogue or snapshot_catalogue(snapshot)
    violations = []
    for row in frozen["violations"]:
        violation = Violation(
            code=row["code"],
            severity=row["severity"],
            template=row["template"],
            entry=row["entry"],
            params=row["params"],
            words=tuple(row["words"]),
        )
        violations.append(
            {
                "code": row["code"],
                "severity": row["severity"],
                "message": message_for(violation, catalogue),
                "entry": row["entry"],
                "entry_id": row["entry_id"],
                "params": row["params"],
            }
        )
    return {"valid": frozen["valid"], "points": frozen["points"], "violations": violations}


def snapshot_check_today(*, snapshot: Snapshot) -> Checked | None:
    """The frozen list validated with today's data, or with the pack version it is pinned
    to (None: the game is no longer loaded)."""
    catalogue = snapshot_catalogue(snapshot)
    if catalogue is None:
        return None
    return document_check(document=snapshot_document(snapshot=snapshot), catalogue=catalogue)


def snapshot_catalogue(snapshot: Snapshot):
    """Its pack version's data (kept for the lists pinned to it), else today's data."""
    document = snapshot_document(snapshot=snapshot)
    if document.pack is not None:
        try:
            return catalogue_of(document, reader=pinning.SAVED)
        except DocumentError:  # the pack was erased from the database by hand
            return None
    return rules_selectors.catalogue_get(key=snapshot.system)


def snapshot_payload(*, snapshot: Snapshot, today: bool = False) -> dict:
    """What the API and the page show. ``today``: add whether the list is still legal
    with today's data and what changed in the data since it was frozen."""
    payload = {
        "code": snapshot.code,
        "hash": snapshot.hash,
        "created_at": snapshot.created_at,
        "system": snapshot.system,
        "data_version": snapshot.data_version,
        "list_version": snapshot.list_version,
        "document": snapshot_export(snapshot=snapshot),
        "validation": snapshot_validation(snapshot=snapshot),
    }
    if today:
        checked = snapshot_check_today(snapshot=snapshot)
        payload["still_valid"] = checked.result.valid if checked is not None else None
        payload["data_changes"] = (
            data_changes_since(
                saved=snapshot.prices, saved_data_version=snapshot.data_version, checked=checked
            )
            if checked is not None
            else None
        )
        payload["validation_today"] = result_payload(checked=checked) if checked else None
    return payload


def snapshot_verify(*, document: ListDocument) -> Snapshot | None:
    """The snapshot of exactly this list (see ``canonical``), or None. A document that
    names its data version is checked against that one only; one that does not, against
    each data version its game's snapshots were frozen with."""
    if document.data_version is not None:
        versions = [document.data_version]
    else:
        versions = list(
            Snapshot.objects.filter(system=document.system)
            .order_by()
            .values_list("data_version", flat=True)
            .distinct()[:MAX_DATA_VERSIONS]
        )
    pack_hash = _pack_hash(document)
    hashes = [
        snapshot_hash(
            document=document, system=document.system, data_version=version, pack_hash=pack_hash
        )
        for version in versions
    ]
    return Snapshot.objects.filter(hash__in=hashes).first() if hashes else None


def _pack_hash(document: ListDocument) -> str | None:
    """The content hash of the pack version the document names (None: it names none, or
    one that does not exist: then no snapshot matches)."""
    if document.pack is None:
        return None
    found = PackVersion.objects.filter(pack_id=document.pack.id, number=document.pack.version)
    return found.values_list("content_hash", flat=True).first() or "-"
