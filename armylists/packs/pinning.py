"""Lists on a pack version: the catalogue a document's ``pack`` names, and what a newer
version of its pack would change.

A document that comes in (validate, a save, an import) may name only a pack its reader
can see: any other is refused at ``pack`` exactly like a pack that does not exist, so
nobody learns that a private pack exists. A saved list keeps the version it was saved
on, and is read with it by everyone who may read the list (shared page, print sheet,
exports, snapshots), even after the pack went private or its owner deleted it: the pin
was checked when the owner saved it.
"""

from __future__ import annotations

from django.db import OperationalError
from django.utils.translation import gettext

from armylists.packs import catalogues as pack_catalogues
from armylists.packs.models import Pack, PackVersion
from armylists.packs.selectors import is_key_shaped, pack_can_use, pack_version_pinned
from rules.engine import Catalogue, DocumentError, ListDocument, ProblemAt
from rules.engine.document import PackRef

# The reader of a saved list: its pin was checked when its owner saved it.
SAVED = object()


def _not_found(ref: PackRef) -> DocumentError:
    return DocumentError(
        [
            ProblemAt(
                "pack", gettext("no pack '%(id)s' that you can use") % {"id": ref.id}, "not_found"
            )
        ]
    )


def pack_of(*, ref: PackRef, system: str, reader=None) -> Pack:
    """The pack a document names, if ``reader`` may build on it (SAVED: a saved list's)."""
    found = Pack.objects.filter(pk=ref.id).first() if is_key_shaped(ref.id) else None
    return pack_of_version(found, ref=ref, system=system, reader=reader)


def pack_of_version(pack: Pack | None, *, ref: PackRef, system: str, reader=None) -> Pack:
    if pack is not None and reader is not SAVED and not pack_can_use(pack=pack, user=reader):
        if getattr(reader, "reader_unknown", False):
            # Who asks could not be looked up (the database is down): the pack may be
            # his, so the honest answer is the database's error (a 503), not "not yours".
            raise OperationalError("the database cannot say who is asking")
        raise _not_found(ref)
    if pack is None:
        raise _not_found(ref)
    if pack.system != system:
        raise DocumentError(
            [
                ProblemAt(
                    "pack",
                    gettext("pack '%(id)s' holds data of %(pack)s, not of %(system)s")
                    % {"id": ref.id, "pack": pack.system, "system": system},
                )
            ]
        )
    return pack


def lost_pack(*, ref: PackRef | None, reader) -> Pack | None:
    """The pack a saved list is pinned to (``ref``), when ``reader`` may no longer use it
    (``pack_can_use``: made private, its link renewed, deleted), else None. Such a list
    keeps and shows what it saved, read-only; an edit that changes what the pack judges
    is refused (``not_available``) until its owner moves it to data he may use."""
    if ref is None or reader is SAVED or not is_key_shaped(ref.id):
        return None
    version = pack_version_pinned(pack_id=ref.id, number=ref.version)
    if version is None or pack_can_use(pack=version.pack, user=reader):
        return None
    return version.pack


def not_available(pack: Pack) -> DocumentError:
    return DocumentError(
        [
            ProblemAt(
                "pack",
                gettext(
                    "the pack “%(name)s” (%(id)s) is no longer available to you: this list"
                    " keeps what it saved, but its entries cannot change on that pack; move"
                    " the list to data you can use (the official data, or a pack of yours)"
                )
                % {"name": pack.name, "id": pack.id},
                "pack_not_available",
            )
        ]
    )


def judged_part(document: ListDocument) -> dict:
    """What a pack judges in a list: everything but its name, notes and the names and
    notes of its entries (a list on a lost pack may still be renamed)."""
    data = document.to_dict()
    for key in ("name", "notes", "data_version"):
        data.pop(key, None)
    data["entries"] = [
        {k: v for k, v in entry.items() if k not in ("name", "notes")}
        for entry in data["entries"]
    ]
    return data


def version_of(*, pack: Pack, number: int) -> PackVersion:
    version = pack.versions.defer("document").filter(number=number).first()
    if version is None:
        latest = pack.versions.order_by("-number").values_list("number", flat=True).first()
        raise DocumentError(
            [
                ProblemAt(
                    "pack.version",
                    gettext("pack '%(id)s' has no version %(n)s (its latest is %(latest)s)")
                    % {"id": pack.id, "n": number, "latest": latest},
                    "not_found",
                )
            ]
        )
    version.pack = pack
    return version


def version_id(ref: PackRef | None) -> int | None:
    """The row of the pack version ``ref`` names (a saved list keeps it: see
    ``ArmyList.pack_version``), None for none."""
    if ref is None or not is_key_shaped(ref.id):
        return None
    found = PackVersion.objects.filter(pack_id=ref.id, number=ref.version)
    return found.values_list("pk", flat=True).first()


def pinned_catalogue(*, document: ListDocument, reader=None) -> Catalogue:
    """The catalogue of the pack version ``document.pack`` names (it must name one): one
    query while its catalogue is kept, three to say what is wrong with a bad one."""
    ref = document.pack
    if not is_key_shaped(ref.id):
        raise _not_found(ref)
    version = pack_version_pinned(pack_id=ref.id, number=ref.version)
    if version is None:
        version_of(pack=pack_of(ref=ref, system=document.system, reader=reader),
                   number=ref.version)  # raises: says which of the two is missing
    pack_of_version(version.pack, ref=ref, system=document.system, reader=reader)
    return pack_catalogues.catalogue_for_version(version)


def pack_summary(catalogue: Catalogue) -> dict | None:
    """What the API says of the data a list was judged by: None for the official data as
    loaded (no pack named), else ``{"id", "version", "official", "content_hash"}``."""
    origin = catalogue.origin
    if origin.id is None:
        return None
    return {
        "id": origin.id,
        "version": origin.version,
        "official": origin.official,
        "content_hash": origin.content_hash,
    }


def pack_name(catalogue: Catalogue) -> str:
    """The current name of the pack ``catalogue`` was built from ("" for the tables)."""
    if catalogue.origin.id is None:
        return ""
    return Pack.objects.filter(pk=catalogue.origin.id).values_list("name", flat=True).first() or ""
