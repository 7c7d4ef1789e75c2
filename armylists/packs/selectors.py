"""Reading packs: who sees which (services write, these read).

A pack is seen by everyone when it is official or public; by its owner and its editors
always; by anyone else only with its share token while it is shared by link. Everyone
else gets nothing (the API answers 404, the same as for a pack that does not exist).
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections.abc import Callable

from cachetools import TLRUCache
from django.db import connection, transaction
from django.db.models import Exists, Max, OuterRef, Q

from armylists.packs import models
from rules import selectors as rules_selectors
from rules.freshness import FRESH_FOR

# The shape of every pack id (a uuid's hex, or an official pack's system key) and share
# token (URL-safe base64): checked before any query, so odd input (NUL, which PostgreSQL
# refuses outright, or a megabyte of text) is "not found", never the database's error.
KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def is_key_shaped(text) -> bool:
    return isinstance(text, str) and KEY_SHAPE.fullmatch(text) is not None


def _is_member(pack: models.Pack, user) -> bool:
    if user is None or not user.is_authenticated or pack.official:
        return False
    if pack.owner_id == user.pk:
        return True
    return pack.editors.filter(pk=user.pk).exists()


def _is_owner(pack: models.Pack, user) -> bool:
    return (
        user is not None and user.is_authenticated and not pack.official
        and pack.owner_id == user.pk
    )  # fmt: skip


def pack_can_publish(*, pack: models.Pack, user) -> bool:
    """Owner and editors publish; nobody publishes to an official pack through the API."""
    return pack.deleted_at is None and _is_member(pack, user)


def pack_can_manage(*, pack: models.Pack, user) -> bool:
    """Rename, share, name editors, delete: the owner only."""
    return pack.deleted_at is None and _is_owner(pack, user)


def pack_can_use(*, pack: models.Pack, user, token: str | None = None) -> bool:
    """The one rule of pack access (docs/security.md, "Packs"): may this reader use this
    pack now — read its versions, build and save lists on them, fork it, keep it?

    Official and public packs: everyone. Otherwise its owner and editors; and while it is
    shared by link, whoever brings the link's current token or kept the pack from that
    very link (``PackLink``). A deleted pack: nobody (its owner still reads it,
    ``pack_can_read``; lists already pinned to it show what they saved). Every token a
    pack ever had but its current one opens nothing: turning sharing on or off, renewing
    the link and deleting the pack each issue a new one (armylists/packs/services.py)."""
    if pack.deleted_at is not None:
        return False
    if pack.official or pack.visibility == models.Pack.PUBLIC:
        return True
    if _is_member(pack, user):
        return True
    if pack.visibility != models.Pack.LINK:
        return False
    if token:
        return secrets.compare_digest(str(token), pack.share_token)
    return _kept_from_link(pack, user)


def pack_can_read(*, pack: models.Pack, user, token: str | None = None) -> bool:
    """May this reader see the pack's page and its versions: whoever may use it, and the
    owner of a deleted pack (read-only: nothing is published, forked or built on it)."""
    if pack.deleted_at is not None:
        return _is_owner(pack, user)
    return pack_can_use(pack=pack, user=user, token=token)


def _kept_from_link(pack: models.Pack, user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return models.PackLink.objects.filter(
        pack_id=pack.pk, user_id=user.pk, token=pack.share_token
    ).exists()


def pack_kept(*, pack: models.Pack, user) -> bool:
    """Whether this player kept this pack from its current link."""
    return pack.visibility == models.Pack.LINK and _kept_from_link(pack, user)


def pack_get_readable(*, pack_id: str, user, token: str | None = None) -> models.Pack | None:
    """The pack if this reader may see it (``pack_can_read``: a deleted one only its
    owner), else None."""
    if not is_key_shaped(pack_id):
        return None
    pack = (
        models.Pack.objects.select_related("owner", "forked_from__pack").filter(pk=pack_id).first()
    )
    if pack is None or not pack_can_read(pack=pack, user=user, token=token):
        return None
    return pack


_VERSION_FIELDS = ("id", "pack_id", "number", "content_hash")
_PACK_FIELDS = ("id", "system", "name", "official", "owner_id", "visibility", "share_token",
                "deleted_at")  # fmt: skip


class PinnedVersions:
    """The versions lists name, each with its pack row, kept per process for at most
    ``fresh_for`` seconds: the same promise as the game data (rules/selectors.py).

    A version never changes; its pack's row does (visibility, owner, deletion), and is
    what decides who may build on it. A change made in this process drops the pack's
    entries at once (rules/signals.py), again when it commits; one made in another
    process is seen within ``fresh_for`` seconds. Inside a transaction the rows are read
    fresh and not kept: they may hold this transaction's own uncommitted change.
    Bounded: a busy server names many packs, and each entry is two small rows."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 fresh_for: float = FRESH_FOR, max_kept: int = 1024):  # fmt: skip
        self._clock = clock
        self._lock = threading.Lock()
        # (pack id, number) -> (when it was read, the version): fresh until that time
        # plus ``fresh_for`` (read before the query: never older than promised).
        self._kept: TLRUCache[tuple[str, int], tuple[float, models.PackVersion]] = TLRUCache(
            maxsize=max_kept, ttu=lambda _key, hit, _now: hit[0] + fresh_for, timer=clock
        )

    def forget(self, pack_id: str | None = None) -> None:
        with self._lock:
            if pack_id is None:
                self._kept.clear()
                return
            for key in [k for k in self._kept.keys() if k[0] == pack_id]:
                self._kept.pop(key, None)

    def changed(self, pack_id: str) -> None:
        """This thread changed the pack's row: drop it now, and again once it commits
        (another thread may have read the old row in between)."""
        self.forget(pack_id)
        if connection.in_atomic_block:
            transaction.on_commit(lambda: self.forget(pack_id))

    def get(self, pack_id: str, number: int) -> models.PackVersion | None:
        if connection.in_atomic_block:
            return _version_pinned_read(pack_id, number)
        key, now = (pack_id, number), self._clock()
        with self._lock:
            hit = self._kept.get(key)
        if hit is not None:
            return hit[1]
        version = _version_pinned_read(pack_id, number)
        if version is not None:  # a version published a moment ago is found at once
            with self._lock:
                self._kept[key] = (now, version)
        return version


pinned_versions = PinnedVersions()
rules_selectors.on_forget(pinned_versions.forget)


def pack_version_pinned(*, pack_id: str, number: int) -> models.PackVersion | None:
    """The version a list document names, with its pack (what ``pack_can_read`` and a
    catalogue's origin need; the version's document and the rest left deferred), or None.
    At most ``FRESH_FOR`` seconds old (``PinnedVersions``); read-only for the caller."""
    return pinned_versions.get(pack_id, number)


def _version_pinned_read(pack_id: str, number: int) -> models.PackVersion | None:
    """One plain query: the ORM's compiling of the same join cost several times the
    query itself, which made a player's pack slower to validate against than the
    official data (``make bench`` compares them)."""
    version_table = models.PackVersion._meta.db_table
    pack_table = models.Pack._meta.db_table
    columns = [f"v.{c}" for c in _VERSION_FIELDS] + [f"p.{c}" for c in _PACK_FIELDS]
    sql = (
        f"SELECT {', '.join(columns)} FROM {version_table} v"  # noqa: S608 (our own names)
        f" JOIN {pack_table} p ON p.id = v.pack_id WHERE v.pack_id = %s AND v.number = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [pack_id, number])
        row = cursor.fetchone()
    if row is None:
        return None
    split = len(_VERSION_FIELDS)
    version = models.PackVersion.from_db(connection.alias, _VERSION_FIELDS, row[:split])
    version.pack = models.Pack.from_db(connection.alias, _PACK_FIELDS, row[split:])
    return version


def pack_get_by_token(*, token: str) -> models.Pack | None:
    if not is_key_shaped(token):
        return None
    pack = (
        models.Pack.objects.select_related("owner", "forked_from__pack")
        .filter(share_token=token, visibility=models.Pack.LINK, deleted_at__isnull=True)
        .first()
    )
    return pack


def packs_visible(*, user, system: str | None = None):
    """The packs this user can see and use (not deleted: official, public, his own, those
    he edits and those he kept from their link), official first; each with
    ``latest_version`` and ``is_editor`` annotated, in a single query."""
    visible = Q(official=True) | Q(visibility=models.Pack.PUBLIC)
    editor = models.Pack.editors.through.objects.filter(
        pack_id=OuterRef("pk"), user_id=getattr(user, "pk", None)
    )
    if user is not None and user.is_authenticated:
        kept = models.PackLink.objects.filter(
            pack_id=OuterRef("pk"), user_id=user.pk, token=OuterRef("share_token")
        )
        visible |= (
            Q(owner=user) | Q(Exists(editor)) | Q(Exists(kept), visibility=models.Pack.LINK)
        )
    found = models.Pack.objects.filter(visible, deleted_at__isnull=True)
    if system is not None:
        found = found.filter(system=system)
    return (
        found.select_related("owner", "forked_from__pack")
        .annotate(latest_version=Max("versions__number"))
        .order_by("system", "-official", "name", "id")
    )


def pack_versions(*, pack: models.Pack):
    """Its versions, oldest first, without their documents."""
    return pack.versions.defer("document").select_related("author").order_by("number")


def pack_version_get(*, pack: models.Pack, number) -> models.PackVersion | None:
    if not isinstance(number, int) or not 1 <= number <= 2**31 - 1:
        return None
    return pack.versions.select_related("author").filter(number=number).first()


def pack_latest_number(*, pack: models.Pack) -> int | None:
    return pack.versions.aggregate(n=Max("number"))["n"]


def pack_editor_names(*, pack: models.Pack) -> list[str]:
    return sorted(pack.editors.values_list("username", flat=True))
