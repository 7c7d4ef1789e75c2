"""The pack editor's drafts: unpublished edits kept on the server, one per member of a
pack, changed a row at a time by key (each change a step undo takes back:
``draft_history``) and published as the pack's next version.

A draft may hold problems (a required field left blank, an item no longer there): they
are shown at their cells and publishing refuses them (``pack_publish`` checks the
document whole). What would break the bounds of a pack is refused at once and not kept.
"""

from __future__ import annotations

import copy
import threading

from cachetools import LRUCache, cached
from django.db import transaction

from armylists.packs import draft_history as history
from armylists.packs.models import Pack, PackDraft, PackVersion
from armylists.packs.services import (
    MAX_ROWS,
    PackRefused,
    _bound_problems,
    document_problems,
    pack_publish,
)
from rules.engine import ProblemAt
from rules.engine import pack_rows as rows


def draft_get(*, pack: Pack, user) -> PackDraft | None:
    return PackDraft.objects.filter(pack=pack, author=user).first()


def draft_start(*, pack: Pack, user) -> PackDraft:
    """The member's draft, or a new one from the latest version."""
    found = draft_get(pack=pack, user=user)
    if found is not None:
        return found
    latest = pack.versions.order_by("-number").first()
    draft, _ = PackDraft.objects.get_or_create(
        pack=pack,
        author=user,
        defaults={"base_version": latest.number, "document": copy.deepcopy(latest.document)},
    )
    return draft


def draft_discard(*, pack: Pack, user) -> None:
    PackDraft.objects.filter(pack=pack, author=user).delete()


def _save(draft: PackDraft, document: dict, *, action: str, section: str, key: str) -> PackDraft:
    """Keep the changed document, and the one before it as an undo step."""
    bounds = _bound_problems(document, "document")
    if bounds:
        raise PackRefused(bounds)
    with transaction.atomic():
        history.record(
            draft=draft, before=draft.document, action=action, section=section, key=key
        )
        draft.document = document
        draft.save(update_fields=["document", "updated_at"])
    return draft


def row_changed(
    document: dict, *, section: str, key: str, values: dict, new_key: str | None = None
) -> dict | None:
    """``document`` with the row's values set (dotted path -> value; None removes; a
    list at a ``refs`` path is a list of keys) and renamed to ``new_key`` when given; a
    copy, or None when that changes nothing (a row saved as it was)."""
    original, document = document, copy.deepcopy(document)
    row = rows.find_row(document, section, key)
    if row is None:
        raise PackRefused([ProblemAt("key", f"no row has the key '{key}'", "unknown_key")])
    for path, value in values.items():
        if isinstance(value, RefKeys):
            rows.set_refs(row, path, list(value))
        else:
            rows.set_value(row, path, value)
    if new_key and new_key != key:
        problems = rows.rename_row(document, section, key, new_key)
        if problems:
            raise PackRefused(problems)
    return None if document == original else document


def draft_change_row(
    *, draft: PackDraft, section: str, key: str, values: dict, new_key: str | None = None
) -> PackDraft:
    """Change one row (``row_changed``); a row saved unchanged leaves the draft and its
    history as they are: no step for Undo to take back."""
    document = row_changed(draft.document, section=section, key=key, values=values,
                           new_key=new_key)
    if document is None:
        return draft
    return _save(draft, document, action="changed", section=section, key=new_key or key)


def draft_add_row(*, draft: PackDraft, section: str, row: dict) -> PackDraft:
    document = copy.deepcopy(draft.document)
    if len(rows.rows_of(document, section)) >= MAX_ROWS:
        raise PackRefused([ProblemAt(section, f"has {MAX_ROWS} rows already", "too_many_rows")])
    problems = rows.add_row(document, section, row)
    if problems:
        raise PackRefused(problems)
    return _save(draft, document, action="added", section=section, key=str(row.get("key", "")))


def draft_remove_row(*, draft: PackDraft, section: str, key: str) -> PackDraft:
    document = copy.deepcopy(draft.document)
    if not rows.remove_row(document, section, key):
        raise PackRefused([ProblemAt("key", f"no row has the key '{key}'", "unknown_key")])
    return _save(draft, document, action="removed", section=section, key=key)


# The problems of the drafts last looked at, by (draft, updated_at): every save of a
# draft touches updated_at, so an entry is never stale, and the editor's page after an
# edit does not walk a 500-card document again. Small: a few members edit at once.
_PROBLEMS_KEPT = 32


def draft_problems(*, draft: PackDraft) -> list[ProblemAt]:
    """Every problem of the draft as the pack's next version, paths without a prefix."""
    return list(_problems(draft))


def _problems_key(draft: PackDraft) -> tuple:
    return (draft.pk, draft.updated_at, draft.pack.system)


@cached(LRUCache(maxsize=_PROBLEMS_KEPT), key=_problems_key, lock=threading.Lock())
def _problems(draft: PackDraft) -> tuple[ProblemAt, ...]:
    found = document_problems(draft.document, system=draft.pack.system, prefix="")
    return tuple(ProblemAt(p.path.lstrip("."), p.message, p.code) for p in found)


def draft_publish(*, draft: PackDraft, user, note: str) -> PackVersion:
    """The draft as the pack's next version (400 with every problem; 409 when another
    version was published since it started); the draft is gone once published."""
    with transaction.atomic():
        version = pack_publish(
            pack=draft.pack,
            user=user,
            document=draft.document,
            note=note,
            base_version=draft.base_version,
        )
        draft.delete()
    return version


class RefKeys(tuple):
    """Keys for a list of references (``[{"key": …}]``), not a plain value."""


__all__ = [
    "RefKeys",
    "draft_add_row",
    "draft_change_row",
    "draft_discard",
    "draft_get",
    "draft_problems",
    "draft_publish",
    "draft_remove_row",
    "draft_start",
    "row_changed",
]
