"""Reads of saved lists. Every lookup of a private list goes through the owner; a shared
one through its token, which is checked for shape before it reaches the database. And a
saved list's workspace in this browser (its unsaved edits in the builder), which its
other pages mention. And the stamps of both, which key their pages' ETags."""

import json
import re
from functools import cache

from django.contrib.postgres.expressions import ArraySubquery
from django.db import connection
from django.db.models import OuterRef, Q, QuerySet
from django.db.models.functions import Lower

from armylists.models import ArmyList, Snapshot, Workspace

TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
SNAPSHOT_CODE = re.compile(r"[0-9a-f]{20}")


def list_get_for_owner(*, owner, list_id, with_snapshot_codes=False) -> ArmyList | None:
    """``with_snapshot_codes``: the codes of the list's snapshots too, newest first, as
    ``snapshot_codes`` (in the same query: the list page keys its kept copy by them)."""
    if not owner.is_authenticated:
        return None
    found = ArmyList.objects.select_related("system").filter(id=list_id, owner=owner)
    if with_snapshot_codes:
        codes = Snapshot.objects.filter(army_list=OuterRef("pk")).order_by("-created_at", "-id")
        found = found.annotate(snapshot_codes=ArraySubquery(codes.values("code")))
    return found.first()


def list_get_shared(*, token: str) -> ArmyList | None:
    if not token or not TOKEN.fullmatch(token):
        return None
    # The token is unique: no ordering, no owner (a shared list never shows its owner).
    found = ArmyList.objects.select_related("system").filter(share_token=token).order_by()[:1]
    return next(iter(found), None)


# The orders My lists offers: a key of the page's ``?sort=`` -> the columns, with a tie
# breaker so that pages never repeat or skip a list.
LIST_ORDERS = {
    "saved": ("-updated_at", "-id"),
    "oldest": ("updated_at", "id"),
    "name": (Lower("name"), "id"),
    "-name": (Lower("name").desc(), "-id"),
}


def list_search(
    *, owner, query: str = "", system: str = "", order: str = "saved", tag: str = ""
) -> QuerySet[ArmyList]:
    """The owner's lists, by part of the name or faction, by game, by one tag (as kept:
    normalised); in one of ``LIST_ORDERS`` (last saved first by default, and for an order
    that does not exist)."""
    lists = ArmyList.objects.select_related("system").filter(owner=owner)
    # NUL cannot be sent to PostgreSQL, and no name or key holds it.
    query, system = query.replace("\x00", ""), system.replace("\x00", "")
    if query:
        lists = lists.filter(Q(name__icontains=query) | Q(faction__icontains=query))
    if system:
        lists = lists.filter(system__key=system)
    if tag:
        lists = lists.filter(tags__contains=[tag.replace("\x00", "")])
    return lists.order_by(*LIST_ORDERS.get(order, LIST_ORDERS["saved"]))


def list_system_keys(*, owner) -> set[str]:
    """The keys of the games the owner has lists of (what the lists page's filter offers)."""
    found = ArmyList.objects.filter(owner=owner).order_by().values_list("system__key", flat=True)
    return set(found.distinct())


def list_tags_in_use(*, owner) -> list[str]:
    """Every tag on the owner's lists, in alphabetical order (what the filter offers)."""
    found = ArmyList.objects.filter(owner=owner).order_by().values_list("tags", flat=True)
    return sorted({tag for tags in found for tag in tags})


def snapshot_get(*, code: str) -> Snapshot | None:
    """A snapshot by its code (anyone with the code may see it); checked for shape first."""
    code = (code or "").lower()
    if not SNAPSHOT_CODE.fullmatch(code):
        return None
    return Snapshot.objects.filter(code=code).order_by().first()


def snapshots_of_list(*, army_list: ArmyList) -> list[Snapshot]:
    """The list's snapshots, newest first (for its owner: found through the list)."""
    return list(army_list.snapshots.order_by("-created_at", "-id"))


# -- a saved list's workspace in this browser -------------------------------------------


def list_key(army_list: ArmyList) -> str:
    return f"list:{army_list.pk}"


def list_workspace(*, holder: str | None, army_list: ArmyList) -> Workspace | None:
    """The list's workspace in this browser, if it holds anything worth keeping.

    One that holds no edits of its own while the list was saved elsewhere since (a newer
    version from the API or another browser) follows the saved list at once: there is
    nothing to merge. One that does hold edits is kept: the page shows the conflict.
    """
    if holder is None:
        return None
    workspace = (
        Workspace.objects.select_related("army_list")
        .filter(holder=holder, key=list_key(army_list))
        .first()
    )
    if workspace is None or workspace.base_version == army_list.version:
        return workspace
    base = army_list.versions.filter(version=workspace.base_version).first()
    if base is not None and base.document == workspace.document:
        workspace.delete()
        return None
    return workspace


def is_unsaved(*, workspace: Workspace) -> bool:
    """Whether a list's workspace holds edits its saved version does not have (a draft is
    always unsaved)."""
    army_list = workspace.army_list
    if army_list is None:
        return True
    return workspace.document != army_list.document or workspace.base_version != army_list.version


# -- stamps: what changes with every write of a row -------------------------------------
#
# A kept page (armylists/web/conditional.py) is keyed, and its ETag made, by the stamps of
# the rows it shows: ``updated_at`` (auto_now; every write in the services is a ``save()``
# or names ``updated_at``) and the columns a service writes without it (the share tokens,
# a workspace's ``discarded``). Read from a loaded row or from the database, a stamp is
# the same tuple (tests/lists/test_selectors_stamps.py).

LIST_STAMP = ("id", "updated_at", "version", "share_token", "revoked_share_token",
              "pack_version_id")
WORKSPACE_STAMP = ("id", "updated_at", "revision", "discarded", "base_version")


def list_stamp(army_list: ArmyList | None) -> tuple | None:
    if army_list is None:
        return None
    return (*(getattr(army_list, c) for c in LIST_STAMP), army_list.system.updated_at)


def list_stamp_pinned(stamp: tuple) -> bool:
    """The list of ``stamp`` is pinned to a pack version: what its pages show of the pack
    (its name) changes with the pack's row, which no stamp of the list covers."""
    return stamp[LIST_STAMP.index("pack_version_id")] is not None


def workspace_stamp(workspace: Workspace | None) -> tuple | None:
    if workspace is None:
        return None
    return tuple(getattr(workspace, c) for c in WORKSPACE_STAMP)


def shared_list_stamp(*, token: str) -> tuple | None:
    """The stamp of the list shared by ``token`` (None: no list is shared by it, or the
    token is not shaped like one); the same tuple as ``list_stamp`` of that list."""
    if not token or not TOKEN.fullmatch(token):
        return None
    return _first_row(_shared_stamp_sql(), [token])


def draft_stamp(*, holder: str | None, key: str) -> tuple[tuple, dict | None] | None:
    """The stamp of this holder's draft (as ``workspace_stamp``) and the ``pack`` its
    document is on (None: the official data), in one query (the builder needs the pack
    before it knows which data judges the page); None when there is no draft."""
    if holder is None:
        return None
    row = _first_row(_draft_stamp_sql(), [holder, key])
    if row is None:
        return None
    pack = json.loads(row[-1]) if isinstance(row[-1], str) else row[-1]
    return row[:-1], pack if isinstance(pack, dict) else None


# The two stamps are read on every view of a kept page, so they are plain SQL with the
# models' own table and column names, written once: the ORM's building of the same query
# cost about four times running it (docs/performance.md, "Django's machinery").


@cache
def _shared_stamp_sql() -> str:
    lists, systems = ArmyList._meta, ArmyList._meta.get_field("system").related_model._meta
    return (
        f"SELECT {_columns('l', lists, LIST_STAMP)}, s.{_column(systems, 'updated_at')}"
        f" FROM {_quoted(lists.db_table)} l JOIN {_quoted(systems.db_table)} s"
        f" ON s.{_column(systems, 'id')} = l.{_column(lists, 'system')}"
        f" WHERE l.{_column(lists, 'share_token')} = %s LIMIT 1"
    )


@cache
def _draft_stamp_sql() -> str:
    drafts = Workspace._meta
    return (
        f"SELECT {_columns('w', drafts, WORKSPACE_STAMP)},"
        f" w.{_column(drafts, 'document')} -> 'pack'"
        f" FROM {_quoted(drafts.db_table)} w WHERE w.{_column(drafts, 'holder')} = %s"
        f" AND w.{_column(drafts, 'key')} = %s AND NOT w.{_column(drafts, 'discarded')}"
        " LIMIT 1"
    )


def _first_row(sql: str, params: list) -> tuple | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def _quoted(name: str) -> str:
    return connection.ops.quote_name(name)


def _column(meta, field: str) -> str:
    return _quoted(meta.get_field(field).column)


def _columns(alias: str, meta, fields: tuple[str, ...]) -> str:
    return ", ".join(f"{alias}.{_column(meta, f)}" for f in fields)
