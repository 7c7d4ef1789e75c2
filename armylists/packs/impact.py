"""Before publishing: which of the author's lists on the pack the draft would change.

The lists looked at are the author's lists pinned to the pack's latest version (those an
update would move on next); each is judged by that version and by the draft, and only
those whose points or verdict differ are reported. The others are counted, not judged
(other players' lists on that version, anyone's on an older one), so the panel says
whose lists it speaks of. The draft's catalogue is built once
per call (a draft changes, so it is not kept); the latest version's comes from the kept
catalogues. Queries: the latest version, the counts and the lists, whatever their number.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from armylists.packs import catalogues as pack_catalogues
from armylists.packs.models import PackDraft, PackVersion
from rules.engine import DocumentError, parse, validate, with_ids
from rules.engine.aliases import canonical_list
from rules.engine.catalogue import PackOrigin
from rules.engine.pack_catalogue import catalogue_from_pack

# The editor shows at most this many lists (the newest first); a club admin's own lists
# on one pack are far fewer.
MAX_LISTS = 50


@dataclass(frozen=True)
class ListImpact:
    list_id: int
    name: str
    points_before: int
    points_after: int
    legal_before: bool
    legal_after: bool


@dataclass(frozen=True)
class DraftImpact:
    version: int
    looked_at: int
    changed: list[ListImpact]
    # Lists not looked at, so the panel says whose lists it counts: other players' lists
    # on ``version``, and anyone's on an older version. With the author's own on
    # ``version`` they make the pack page's "used by" count.
    others: int = 0
    older: int = 0


def draft_impact(*, draft: PackDraft, user) -> DraftImpact | None:
    """What publishing ``draft`` would change for ``user``'s lists on the pack's latest
    version; None when the pack has no version (never for a pack with a draft)."""
    latest = (
        draft.pack.versions.select_related("pack").defer("document").order_by("-number").first()
    )
    if latest is None:
        return None
    # The lists through the version's reverse relation (ArmyList.pack_version): packs sit
    # below the lists and import nothing of them. The relation's column is read too, or
    # Django would fetch it for each list to link it to ``latest``.
    pinned = list(
        latest.pinned_lists.filter(owner=user)
        .order_by("-updated_at", "-pk")
        .only("pk", "name", "document", "pack_version")[:MAX_LISTS]
    )
    counts = _not_looked_at(draft.pack, latest.number, user)
    if not pinned:
        return DraftImpact(version=latest.number, looked_at=0, changed=[], **counts)
    before = pack_catalogues.catalogue_for_version(latest)
    origin = PackOrigin(id=draft.pack_id, version=latest.number, official=False)
    after = catalogue_from_pack(draft.document, origin)
    changed = [found for found in (_judged(al, before, after) for al in pinned) if found]
    return DraftImpact(version=latest.number, looked_at=len(pinned), changed=changed, **counts)


def _not_looked_at(pack, number: int, user) -> dict:
    """How many lists the panel does not judge, in one query: other players' lists on
    version ``number`` and anyone's on an older version (they keep theirs until their
    owners update)."""
    found = PackVersion.objects.filter(pack=pack).aggregate(
        on_latest=Count("pinned_lists", filter=Q(number=number)),
        mine=Count("pinned_lists", filter=Q(number=number, pinned_lists__owner=user)),
        older=Count("pinned_lists", filter=Q(number__lt=number)),
    )
    return {"others": found["on_latest"] - found["mine"], "older": found["older"]}


def _judged(army_list, before, after) -> ListImpact | None:
    try:
        document = with_ids(parse(army_list.document))
    except DocumentError:  # a saved list is always well formed; an old one is skipped
        return None
    old, new = _result(document, before), _result(document, after)
    if old.points.total == new.points.total and old.valid == new.valid:
        return None
    return ListImpact(
        list_id=army_list.pk,
        name=army_list.name,
        points_before=old.points.total,
        points_after=new.points.total,
        legal_before=old.valid,
        legal_after=new.valid,
    )


def _result(document, catalogue):
    """The list judged by ``catalogue`` as every reader judges it (``document_check`` of
    armylists/lists/documents.py): keys the pack renamed read as their new ones."""
    document, _renames = canonical_list(catalogue, document)
    return validate(catalogue, document)


__all__ = ["MAX_LISTS", "DraftImpact", "ListImpact", "draft_impact"]
