"""Undo and redo in the pack editor: every change of a draft is a step.

A step keeps the whole draft document from the other side of its change (a row change
may rename a key and every reference to it across sections, so a row's inverse alone
would not do), and what the change was. Undo swaps the draft with its last undo step,
redo with its first redo step (see ``PackDraftStep``); a new change forgets the redo
steps and only the newest ``PackDraftStep.MAX_KEPT`` undo steps are kept, so a draft's
history is bounded like the draft itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from armylists.packs.models import PackDraft, PackDraftStep
from armylists.packs.services import PackRefused
from rules.engine import ProblemAt

UNDO, REDO = PackDraftStep.UNDO, PackDraftStep.REDO


@dataclass(frozen=True)
class Step:
    """What an Undo or Redo button would take back or do again."""

    action: str
    section: str
    key: str


@dataclass(frozen=True)
class History:
    undo: Step | None
    redo: Step | None


def record(*, draft: PackDraft, before: dict, action: str, section: str, key: str) -> None:
    """Keep ``before`` (the draft's document before this change) as the newest undo
    step; the redo steps are forgotten (a new change starts a new future)."""
    steps = PackDraftStep.objects.filter(draft=draft)
    steps.filter(direction=REDO).delete()
    PackDraftStep.objects.create(
        draft=draft, direction=UNDO, action=action, section=section, key=key[:100],
        document=before,
    )  # fmt: skip
    kept = steps.filter(direction=UNDO).order_by("-id").values_list("id", flat=True)
    oldest_kept = kept[PackDraftStep.MAX_KEPT - 1 : PackDraftStep.MAX_KEPT].first()
    if oldest_kept is not None:
        steps.filter(direction=UNDO, id__lt=oldest_kept).delete()


def _swap(draft: PackDraft, *, direction: str) -> Step:
    order = "-id" if direction == UNDO else "id"
    with transaction.atomic():
        locked = PackDraft.objects.select_for_update().get(pk=draft.pk)
        step = (
            PackDraftStep.objects.select_for_update()
            .filter(draft=locked, direction=direction)
            .order_by(order)
            .first()
        )
        if step is None:
            message = "nothing to undo" if direction == UNDO else "nothing to redo"
            raise PackRefused([ProblemAt("draft", message, f"no_{direction}")])
        locked.document, step.document = step.document, locked.document
        step.direction = REDO if direction == UNDO else UNDO
        locked.save(update_fields=["document", "updated_at"])
        step.save(update_fields=["document", "direction"])
    draft.document, draft.updated_at = locked.document, locked.updated_at
    return Step(step.action, step.section, step.key)


def draft_undo(*, draft: PackDraft) -> Step:
    """Take the draft's last change back (it can be done again by redo)."""
    return _swap(draft, direction=UNDO)


def draft_redo(*, draft: PackDraft) -> Step:
    """Do the change undo took back last again."""
    return _swap(draft, direction=REDO)


def draft_history(*, draft: PackDraft | None) -> History:
    """The change Undo would take back and the one Redo would do again (one query)."""
    if draft is None:
        return History(None, None)

    def newest(direction: str, order: str):
        return (
            PackDraftStep.objects.filter(draft=draft, direction=direction)
            .order_by(order)
            .values("direction", "action", "section", "key")[:1]
        )

    found = {UNDO: None, REDO: None}
    for row in newest(UNDO, "-id").union(newest(REDO, "id"), all=True):
        found[row["direction"]] = Step(row["action"], row["section"], row["key"])
    return History(undo=found[UNDO], redo=found[REDO])


__all__ = ["History", "Step", "draft_history", "draft_redo", "draft_undo", "record"]
