"""What Events uses of other features (saved lists, list documents, snapshots, packs),
imported here and nowhere else in the package: when those features move to packages of
their own, these imports change and the rest of Events does not.

Only reads and the services Events calls; the web side's borrowings are in
``borrowed_web``.
"""

from __future__ import annotations

from armylists.compare import snapshots
from armylists.lists import selectors as list_selectors
from armylists.lists import text_export
from armylists.lists.documents import (
    Checked,
    catalogue_of,
    document_check,
    document_new,
    result_payload,
)
from armylists.lists.services import list_document
from armylists.models import ArmyList, Snapshot
from armylists.packs import pinning
from armylists.packs.selectors import is_key_shaped, pack_can_use, packs_visible
from armylists.packs.selectors import pack_version_pinned as _pack_version_pinned
from armylists.presenters import presenter_for
from armylists.presenters.names import local_name
from rules import selectors as rules_selectors

__all__ = [
    "ArmyList",
    "Checked",
    "Snapshot",
    "catalogue_of",
    "document_check",
    "document_new",
    "is_key_shaped",
    "list_document",
    "list_selectors",
    "local_name",
    "pack_can_use",
    "packs_visible",
    "pinning",
    "result_payload",
    "rules_selectors",
    "snapshots",
    "text_export",
    "builds_lists",
    "pack_version_row",
]


def builds_lists(system_key: str) -> bool:
    """Whether the game has lists to build (Kemet's tile opens a tool instead)."""
    return presenter_for(system_key).home_url()[0] == "system-start"


def pack_version_row(*, pack_id: str, number: int):
    """The version row (with its pack) a list document would name, or None."""
    if not is_key_shaped(pack_id):
        return None
    return _pack_version_pinned(pack_id=pack_id, number=number)
