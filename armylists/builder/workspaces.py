"""The list on a builder page: a draft, or a saved list's unsaved edits (``Workspace``).

Every change goes through ``workspace_change``: the row is locked, the edits are applied
to the typed document and checked against the schema, and one undo step is kept (at most
``MAX_STEPS``, the oldest dropped first). Undo and redo replay a step's stored edits, so
what comes back is exactly what was there, ids included.

Saving a workspace is a save of its document (``lists.list_create`` for a draft,
``lists.list_update`` with the version the edits started from for a list); the workspace
then follows the saved list, undo steps and all, so an undo after a save is simply an
unsaved edit again.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from armylists.builder import edits as edit_ops
from armylists.lists import services as lists
from armylists.lists.selectors import list_key
from armylists.models import ArmyList, Workspace
from rules import selectors as rules_selectors
from rules.engine import Catalogue, DocumentError, ListDocument, ProblemAt, parse
from rules.engine.document import MAX_ENTRIES, build

MAX_STEPS = 50


def draft_key(system: str) -> str:
    return f"draft:{system}"


@dataclass(frozen=True)
class Change:
    """What a change did: the workspace after it, and the label of the step (None: nothing
    changed)."""

    workspace: Workspace
    label: str | dict | None = None  # a stored label (views.undo_labels), None: no change

    @property
    def changed(self) -> bool:
        return self.label is not None


class WorkspaceMoved(Exception):
    """An undo or redo named a step that is not the newest one any more (another tab or
    window changed the list since the page showed it): nothing is taken back."""

    def __init__(self, workspace: Workspace, shown: str):
        super().__init__(f"step {shown!r} shown, {top_step(workspace, 'undo')!r} now")
        self.workspace = workspace
        self.shown = shown


def top_step(workspace: Workspace, stack: str) -> str | None:
    """The id of the step undo (``stack="undo"``) or redo would replay next; "" for a step
    kept before steps had ids, None when there is none. A page names it with its Undo."""
    steps = getattr(workspace, stack)
    return steps[-1].get("id", "") if steps else None


def document_of(workspace: Workspace) -> ListDocument:
    return build(workspace.document)


# -- finding and starting workspaces ------------------------------------------------------


def shown_catalogue(army_list: ArmyList, workspace: Workspace | None) -> Catalogue:
    """The data the list on screen is judged by: the pack version its edits are on (the
    one it was saved on, or a newer one of the same pack after an update), else today's."""
    document = document_of(workspace) if workspace is not None else None
    return lists.list_catalogue(army_list=army_list, document=document)


def draft_get(*, holder: str | None, system: str, discarded: bool = False) -> Workspace | None:
    if holder is None:
        return None
    # (holder, key) is unique: no ordering needed (the builder reads this on every request).
    found = Workspace.objects.filter(holder=holder, key=draft_key(system), discarded=discarded)
    return next(iter(found.order_by()[:1]), None)


def draft_pack(workspace: Workspace) -> dict | None:
    """The pack version a draft is on (None: the official data)."""
    value = workspace.document.get("pack")
    return value if isinstance(value, dict) else None


def draft_holds_work(workspace: Workspace | None) -> bool:
    """Whether a draft holds something a player would miss (an entry, a purchase): the
    start page asks before a new list takes its place."""
    if workspace is None:
        return False
    document = workspace.document
    return bool(document.get("entries") or document.get("special_actions"))


def draft_start(
    *, holder: str, document: ListDocument, catalogue: Catalogue | None = None
) -> Workspace:
    """A new draft for the document's game (one draft per game and browser). A draft that
    was there (put aside or not) is not thrown away: the new list takes its place as one
    undoable step, so Undo in the builder brings the old one back, its own steps with it.
    The start page asks first when the old one holds work (``draft_holds_work``)."""
    key = draft_key(document.system)
    found = Workspace.objects.filter(holder=holder, key=key).order_by()[:1]
    existing = next(iter(found), None)
    if existing is None:
        return Workspace.objects.create(
            holder=holder, key=key, army_list=None, document=document.to_dict()
        )
    if catalogue is None:
        catalogue = rules_selectors.catalogue_get(key=document.system)
    with transaction.atomic():
        change = workspace_change(
            workspace=existing,
            edits=[{"op": "replace", "document": document.to_dict()}],
            catalogue=catalogue,
            label={"text": gettext_noop("start a new list in place of the last one")},
        )
        workspace = change.workspace
        if workspace.discarded:
            workspace.discarded = False
            workspace.save(update_fields=["discarded", "updated_at"])
    return workspace


def list_workspace_open(
    *, holder: str, army_list: ArmyList, version: int | None = None
) -> Workspace:
    """The list's workspace, made when it has none yet from the saved ``version`` (the one
    the page showed; default: the current one)."""
    base = None
    if version is not None and version != army_list.version:
        base = army_list.versions.filter(version=version).first()
    workspace, _created = Workspace.objects.get_or_create(
        holder=holder,
        key=list_key(army_list),
        defaults={
            "army_list": army_list,
            "document": base.document if base else army_list.document,
            "base_version": base.version if base else army_list.version,
        },
    )
    return workspace


# -- changing a workspace -----------------------------------------------------------------


def _locked(workspace: Workspace) -> Workspace:
    return (
        Workspace.objects.select_for_update(of=("self",))
        .select_related("army_list")
        .get(pk=workspace.pk)
    )


def _checked(document: ListDocument) -> ListDocument:
    """The document after edits, checked against the schema like any other input: bounds
    hold (no list grows past MAX_ENTRIES, no name past its length) before it is stored."""
    if len(document.entries) > MAX_ENTRIES:
        raise DocumentError(
            [
                ProblemAt(
                    "entries", gettext("A list has at most %(n)s entries.") % {"n": MAX_ENTRIES}
                )
            ]
        )
    return parse(document.to_dict())


def workspace_change(
    *, workspace: Workspace, edits: list[dict], catalogue: Catalogue, label: str | dict
) -> Change:
    """Apply ``edits`` as one undo step (all or nothing). A refused document (DocumentError)
    changes nothing."""
    with transaction.atomic():
        locked = _locked(workspace)
        before = document_of(locked)
        step = edit_ops.apply_all(before, edits, catalogue)
        if not step.changed:
            return Change(locked)
        document = _checked(step.document)
        locked.document = document.to_dict()
        # Each step has an id: an Undo names the one its page showed (see _replay).
        kept = {"id": secrets.token_urlsafe(6), "label": label}
        locked.undo = [*locked.undo, {**kept, "undo": step.undo, "redo": step.redo}][
            -MAX_STEPS:
        ]
        locked.redo = []
        locked.revision += 1
        locked.save()
    return Change(locked, label)


def _replay(workspace: Workspace, *, back: bool, catalogue: Catalogue, step: str | None) -> Change:
    with transaction.atomic():
        locked = _locked(workspace)
        source, target = ("undo", "redo") if back else ("redo", "undo")
        if step is not None and step != top_step(locked, source):
            raise WorkspaceMoved(locked, step)
        steps = list(getattr(locked, source))
        if not steps:
            return Change(locked)
        step = steps.pop()
        edits = step["undo"] if back else step["redo"]
        # Replayed edits carry the ids they assigned: make_id is never asked for one.
        applied = edit_ops.apply_all(document_of(locked), edits, catalogue)
        locked.document = _checked(applied.document).to_dict()
        setattr(locked, source, steps)
        setattr(locked, target, [*getattr(locked, target), step][-MAX_STEPS:])
        locked.revision += 1
        locked.save()
    return Change(locked, step["label"])


def workspace_undo(
    *, workspace: Workspace, catalogue: Catalogue, step: str | None = None
) -> Change:
    """Take back the newest step. ``step``: the id of the one the page offered to undo
    (``top_step``); when another one is on top now, WorkspaceMoved and nothing changes."""
    return _replay(workspace, back=True, catalogue=catalogue, step=step)


def workspace_redo(
    *, workspace: Workspace, catalogue: Catalogue, step: str | None = None
) -> Change:
    """Make the newest undone step again (``step`` as for ``workspace_undo``)."""
    return _replay(workspace, back=False, catalogue=catalogue, step=step)


def next_labels(workspace: Workspace) -> tuple[str | dict | None, str | dict | None]:
    """The stored labels of what undo and redo would take back or make again (None:
    nothing); views.undo_labels words them."""
    undo = workspace.undo[-1]["label"] if workspace.undo else None
    redo = workspace.redo[-1]["label"] if workspace.redo else None
    return undo, redo


# -- saving, discarding -------------------------------------------------------------------


def workspace_save(*, workspace: Workspace, user) -> ArmyList:
    """Save the workspace's document: a draft becomes a new list, a list's edits its next
    version (ListConflict when it was saved elsewhere since they started). The workspace
    then follows the saved list."""
    with transaction.atomic():
        locked = _locked(workspace)
        document = document_of(locked)
        if locked.army_list is None:
            army_list = lists.list_create(owner=user, data=document)
        else:
            army_list = lists.list_update(
                army_list=locked.army_list,
                data=document,
                expected_version=locked.base_version,
                user=user,
            )
        _follow(locked, army_list)
    return army_list


def workspace_save_as_new(*, workspace: Workspace, user) -> ArmyList:
    """Save the workspace's document as a new list (named apart); the workspace follows it,
    and the list it came from keeps its saved version."""
    with transaction.atomic():
        locked = _locked(workspace)
        army_list = lists.list_save_as_new(owner=user, document=document_of(locked))
        _follow(locked, army_list)
    return army_list


def _follow(workspace: Workspace, army_list: ArmyList) -> None:
    """Point the workspace at the saved list (replacing that list's own, if it had one)."""
    key = list_key(army_list)
    Workspace.objects.filter(holder=workspace.holder, key=key).exclude(pk=workspace.pk).delete()
    workspace.key = key
    workspace.army_list = army_list
    workspace.document = army_list.document
    workspace.base_version = army_list.version
    workspace.discarded = False
    workspace.revision += 1
    workspace.save()


def workspace_revert(*, workspace: Workspace, catalogue: Catalogue) -> Change:
    """Discard a list's unsaved edits: back to its saved version, as an undoable step. The
    edits now start from the saved version (after a conflict: the newest one)."""
    with transaction.atomic():
        locked = _locked(workspace)
        army_list = ArmyList.objects.get(pk=locked.army_list_id)
        change = workspace_change(
            workspace=locked,
            edits=[{"op": "replace", "document": army_list.document}],
            catalogue=catalogue,
            label={"text": gettext_noop("discard unsaved changes")},
        )
        locked = change.workspace
        locked.base_version = army_list.version
        locked.save(update_fields=["base_version", "updated_at"])
    return Change(locked, change.label)


def draft_discard(*, workspace: Workspace) -> None:
    """Put a draft aside; ``draft_undiscard`` brings it back until a new draft starts."""
    Workspace.objects.filter(pk=workspace.pk).update(discarded=True)


def draft_undiscard(*, holder: str, system: str) -> Workspace | None:
    workspace = draft_get(holder=holder, system=system, discarded=True)
    if workspace is not None:
        Workspace.objects.filter(pk=workspace.pk).update(discarded=False)
        workspace.discarded = False
    return workspace
