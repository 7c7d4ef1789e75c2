"""Saved lists: create, update (optimistic: a stale edit is refused, never overwrites),
restore an old version, copy, share, export and import.

Every save is one transaction that stores the list and a row of its history; a document
that is refused (DocumentError) stores nothing.
"""

from __future__ import annotations

import msgspec
from django.db import transaction
from django.db.models import F
from django.utils.text import slugify
from django.utils.translation import gettext

from armylists.lists.changes import data_changes, snapshot
from armylists.lists.documents import (
    Checked,
    catalogue_of,
    document_check,
    document_read,
    result_payload,
)
from armylists.models import ArmyList, ArmyListVersion, new_share_token
from armylists.packs import pinning
from rules import selectors
from rules.engine import DocumentError, ListDocument, parse
from rules.engine import document as documents
from rules.models import GameSystem


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


def _checked(data, like: ArmyList | None = None, reader=None) -> Checked:
    """Read and check a document to save; ``like``: the list it replaces (an entry sent
    without its id keeps the id it has there); ``reader``: who saves it (the packs he may
    build on). A list that stays on the pack version it is on keeps it whoever saves, but
    once its reader may no longer use that pack only its name and notes may change
    (``pinning.lost_pack``): nothing new is priced from a pack one has lost."""
    document = data if isinstance(data, ListDocument) else parse(data)
    previous = documents.build(like.document) if like is not None else None
    if previous is not None and document.pack is not None and document.pack == previous.pack:
        lost = pinning.lost_pack(ref=document.pack, reader=reader)
        if lost is not None and pinning.judged_part(document) != pinning.judged_part(previous):
            raise pinning.not_available(lost)
        reader = pinning.SAVED
    return document_check(document=documents.with_ids(document, like=previous), reader=reader)


def _apply(*, army_list: ArmyList, checked: Checked) -> None:
    document = checked.document
    if army_list.system_id is None or army_list.system.key != document.system:
        army_list.system = GameSystem.objects.get(key=document.system)
    army_list.name = document.name
    army_list.faction = document.faction or ""
    army_list.battle_size = document.battle_size
    army_list.role = document.role or ""
    army_list.document = document.to_dict()
    army_list.document.pop("data_version", None)
    army_list.data_version = checked.catalogue.data_version
    army_list.data_snapshot = snapshot(checked=checked)
    army_list.pack_version_id = pinning.version_id(document.pack)


def list_create(*, owner, data, reader=None) -> ArmyList:
    """Save a new list (legal or not) with version 1 and a share token. ``data``: a
    document (typed, or decoded JSON data); the pack it names must be one ``owner`` may
    build on (``reader=pinning.SAVED``: a copy of a saved list keeps its pin)."""
    checked = _checked(data, reader=owner if reader is None else reader)
    army_list = ArmyList(owner=owner, version=1, share_token=new_share_token())
    _apply(army_list=army_list, checked=checked)
    with transaction.atomic():
        army_list.save()
        _record_version(army_list=army_list, user=owner)
    return army_list


def list_update(
    *, army_list: ArmyList, data, expected_version: int, user, reader=None,
    tags: list[str] | None = None,
) -> ArmyList:
    """Save an edit made from ``expected_version``; refuse it if the list moved on since.
    ``tags`` (read by services.tags): the list's new tags, saved with the edit or not at all.

    The row is locked while checking, so of two edits from the same version exactly one
    wins and the other gets ListConflict; nothing is overwritten silently. A list deleted
    meanwhile raises ArmyList.DoesNotExist.
    """
    checked = _checked(data, like=army_list, reader=user if reader is None else reader)
    with transaction.atomic():
        locked = (
            ArmyList.objects.select_for_update(of=("self",))
            .select_related("system")
            .filter(pk=army_list.pk)
            .first()
        )
        if locked is None:
            raise ArmyList.DoesNotExist("the list was deleted")
        if locked.version != expected_version:
            raise ListConflict(army_list=locked, expected_version=expected_version)
        _apply(army_list=locked, checked=checked)
        if tags is not None:
            locked.tags = tags
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


def list_restore(*, army_list: ArmyList, version: int, expected_version: int, user) -> ArmyList:
    """Save an old version's document as the newest version (the same conflict check as a
    save: restoring from a page that shows an old state is refused)."""
    old = army_list.versions.filter(version=version).first()
    if old is None:
        raise ArmyListVersion.DoesNotExist(f"no version {version}")
    # Checked as any save: an old version on a pack its owner has lost comes back only
    # if it is what the list holds now (nothing is priced anew from a lost pack).
    return list_update(
        army_list=army_list, data=old.document, expected_version=expected_version, user=user
    )


def list_delete(*, army_list: ArmyList) -> None:
    """Delete the list and its history (a list deleted meanwhile is simply gone).

    The row is locked first, like a save locks it: a save racing the delete either
    finishes before it (and its new version goes with the list) or finds no list.
    """
    with transaction.atomic():
        locked = ArmyList.objects.select_for_update().filter(pk=army_list.pk).first()
        if locked is not None:
            locked.delete()


def list_share_renew(*, army_list: ArmyList) -> ArmyList:
    """A new share token: the old link stops working at once."""
    return _set_token(army_list, new_share_token())


def list_share_revoke(*, army_list: ArmyList) -> ArmyList:
    """Sharing off. The revoked token is kept, so the owner can undo the revocation."""
    if army_list.share_token:
        army_list.revoked_share_token = army_list.share_token
    return _set_token(army_list, None)


def list_share_restore(*, army_list: ArmyList) -> ArmyList:
    """Undo a revocation: the link that was revoked works again (if it was not renewed)."""
    if army_list.share_token or not army_list.revoked_share_token:
        return army_list
    return _set_token(army_list, army_list.revoked_share_token)


def _set_token(army_list: ArmyList, token: str | None) -> ArmyList:
    army_list.share_token = token
    # Not a save of the list: leave updated_at (the "last saved" order) alone.
    ArmyList.objects.filter(pk=army_list.pk).update(
        share_token=token, revoked_share_token=army_list.revoked_share_token
    )
    return army_list


def copy_name(*, owner, name: str) -> str:
    """A name for a copy that tells it apart from the owner's other lists."""
    base = name or gettext("List")
    taken = set(
        ArmyList.objects.filter(owner=owner, name__startswith=base).values_list("name", flat=True)
    )
    candidate = gettext("%(name)s (copy)") % {"name": base}
    n = 2
    while candidate in taken:
        candidate = gettext("%(name)s (copy %(n)s)") % {"name": base, "n": n}
        n += 1
    return candidate[:200]


def list_copy(*, army_list: ArmyList, owner) -> ArmyList:
    """Copy a (shared or own) list into ``owner``'s lists, as a new list of its own; the
    entry ids stay, so the copy can be compared with the original."""
    document = documents.build(army_list.document)
    document = msgspec.structs.replace(document, name=copy_name(owner=owner, name=document.name))
    # The copy is judged by the data the original is: its pin goes with it.
    return list_create(owner=owner, data=document, reader=pinning.SAVED)


def list_save_as_new(*, owner, document: ListDocument) -> ArmyList:
    """Save edits as a new list, named apart from the list they came from."""
    named = msgspec.structs.replace(document, name=copy_name(owner=owner, name=document.name))
    return list_create(owner=owner, data=named)


def list_export(*, army_list: ArmyList) -> dict:
    """The list document (muster-list/1) with the data version it was saved against."""
    # Rebuilt rather than copied: JSONB stores keys sorted, and a file a player opens
    # should read in the document's own order ("format" and "system" first).
    document = documents.build(army_list.document).to_dict()
    return {**document, "data_version": army_list.data_version}


def list_export_filename(*, army_list: ArmyList) -> str:
    """The export's file name: the list's name as a slug (else its id), ``.muster.json``."""
    return f"{slugify(army_list.name) or f'list-{army_list.id}'}.muster.json"


def list_import(*, owner, data=None, body: bytes | None = None) -> ArmyList:
    """Create a list from an exported document (its ids kept); a malformed one creates
    nothing."""
    return list_create(owner=owner, data=document_read(data=data, body=body))


def list_document(*, army_list: ArmyList) -> ListDocument:
    """A saved list's typed document (stored by this program, so not checked again)."""
    return documents.build(army_list.document)


def list_catalogue(*, army_list: ArmyList, document: ListDocument | None = None):
    """The data a saved list is judged by: the pack version it is pinned to, else today's
    official data (its system row is already loaded)."""
    document = document or list_document(army_list=army_list)
    if document.pack is not None:
        return catalogue_of(document, reader=pinning.SAVED)
    return selectors.catalogue_for(system=army_list.system)


def list_pack_lost(*, army_list: ArmyList, user, document: ListDocument | None = None):
    """The pack the list (or ``document``, its unsaved edits) is pinned to, when ``user``
    may no longer use it (``pinning.lost_pack``), else None."""
    document = document or list_document(army_list=army_list)
    return pinning.lost_pack(ref=document.pack, reader=user)


def list_check_saved(*, army_list: ArmyList) -> Checked:
    """Validate a saved list against its data (its pinned pack version, else today's)."""
    document = list_document(army_list=army_list)
    catalogue = list_catalogue(army_list=army_list, document=document)
    return document_check(document=document, catalogue=catalogue)


def list_payload(*, army_list: ArmyList, checked: Checked | None = None) -> dict:
    """A saved list with today's validation and what changed in the data since its save."""
    checked = checked or list_check_saved(army_list=army_list)
    return {
        "validation": result_payload(checked=checked),
        "data_changes": data_changes(army_list=army_list, checked=checked),
    }


def version_overview(*, army_list: ArmyList, version: ArmyListVersion) -> dict:
    """What the history shows of a saved version: its total against its limit and whether
    it is legal with today's data (``valid`` None: the version no longer reads as a list)."""
    try:
        document = document_read(data=version.document)
        catalogue = list_catalogue(army_list=army_list, document=document)
        checked = document_check(document=document, catalogue=catalogue)
    except DocumentError:
        return {"version": version, "total": None, "limit": None, "valid": None}
    points = checked.result.points
    return {
        "version": version,
        "total": points.total,
        "limit": points.limit,
        "valid": checked.result.valid,
    }


def list_overview(*, army_list: ArmyList) -> dict:
    """What "my lists" shows of a list: its total against its limit and whether it is legal
    with today's data, and its faction's name."""
    checked = list_check_saved(army_list=army_list)
    faction = checked.catalogue.factions.get(army_list.faction) if army_list.faction else None
    return {
        "army_list": army_list,
        "total": checked.result.points.total,
        "limit": checked.result.points.limit,
        "valid": checked.result.valid,
        "faction": faction,
        "catalogue": checked.catalogue,
    }
