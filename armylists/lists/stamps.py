"""Version stamps of the rows a kept page shows (armylists/web/page_cache.py).

A kept page costs what it costs to learn that it is still right: one small query per row
it shows, compiled once (armylists/web/compiled.py).

A row's stamp is the columns that change with every write of it: ``updated_at`` (auto_now;
every write in services/ is a ``save()`` or names ``updated_at``) and the columns a
service writes without it (the share tokens, a workspace's ``discarded``). Read from a
loaded row or from the database, a stamp is the same tuple.
"""

from __future__ import annotations

import json

from armylists.models import ArmyList, Workspace
from armylists.web.compiled import Compiled

LIST_COLUMNS = ("id", "updated_at", "version", "share_token", "revoked_share_token")
WORKSPACE_COLUMNS = ("id", "updated_at", "revision", "discarded", "base_version")


def list_stamp(army_list: ArmyList | None) -> tuple | None:
    if army_list is None:
        return None
    return (*(getattr(army_list, c) for c in LIST_COLUMNS), army_list.system.updated_at)


def workspace_stamp(workspace: Workspace | None) -> tuple | None:
    if workspace is None:
        return None
    return tuple(getattr(workspace, c) for c in WORKSPACE_COLUMNS)


_shared = Compiled(
    lambda token: (
        ArmyList.objects.filter(share_token=token)
        .order_by()
        .values_list(*LIST_COLUMNS, "system__updated_at")[:1]
    ),
    arity=1,
)
_draft = Compiled(
    # With the pack the draft is on: the builder needs it before it knows which data
    # judges the page, and a second query for it cost the kept page a third of its time.
    lambda holder, key: (
        Workspace.objects.filter(holder=holder, key=key, discarded=False)
        .order_by()
        .values_list(*WORKSPACE_COLUMNS, "document__pack")[:1]
    ),
    arity=2,
)


def shared_list_stamp(*, token: str) -> tuple | None:
    """The stamp of the list shared by ``token`` (None: no list is shared by it); the
    same tuple as ``list_stamp`` of that list."""
    return _shared.first(token)


def draft_stamp(*, holder: str | None, key: str) -> tuple[tuple, dict | None] | None:
    """The stamp of this holder's draft (as ``workspace_stamp``) and the document's
    ``pack`` (None: the official data); None when there is no draft."""
    if holder is None:
        return None
    row = _draft.first(holder, key)
    if row is None:
        return None
    pack = json.loads(row[-1]) if isinstance(row[-1], str) else row[-1]
    return row[:-1], pack if isinstance(pack, dict) else None
