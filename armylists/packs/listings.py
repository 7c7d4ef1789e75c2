"""Listings of packs for the pages: a member's own packs, and a game's directory of
public packs with how many forks each has and how many lists use it (selectors: they
only read).

A list uses a pack when it is pinned to one of its versions (``pinned_lists``, the lists'
link to a version); a list on the official data as loaded names no version and is not
counted.
"""

from __future__ import annotations

from django.db.models import Count, Exists, IntegerField, Max, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce

from armylists.packs import models

MAX_QUERY = 100


def _forks():
    """Packs forked from any version of the outer pack (not deleted)."""
    return (
        models.Pack.objects.filter(forked_from__pack=OuterRef("pk"), deleted_at__isnull=True)
        .order_by()
        .values("forked_from__pack")
        .annotate(n=Count("pk"))
        .values("n")
    )


def _lists():
    """Lists pinned to any version of the outer pack."""
    return (
        models.PackVersion.objects.filter(pack=OuterRef("pk"), pinned_lists__isnull=False)
        .order_by()
        .values("pack")
        .annotate(n=Count("pinned_lists"))
        .values("n")
    )


def _annotated(found):
    return (
        found.select_related("owner", "forked_from__pack")
        .annotate(latest_version=Max("versions__number"))
        .order_by("system", "-official", "name", "id")
    )


def packs_of_member(*, user):
    """The packs this user owns or edits (not deleted), by game and name."""
    editor = models.Pack.editors.through.objects.filter(pack_id=OuterRef("pk"), user_id=user.pk)
    found = models.Pack.objects.filter(Q(owner=user) | Q(Exists(editor)), deleted_at__isnull=True)
    return _annotated(found)


def packs_directory(*, system: str, query: str = ""):
    """A game's official and public packs (not deleted), those whose name holds
    ``query``, each with ``forks`` (how many packs were forked from it) and ``lists``
    (how many lists are pinned to one of its versions)."""
    found = models.Pack.objects.filter(
        Q(official=True) | Q(visibility=models.Pack.PUBLIC), system=system, deleted_at__isnull=True
    )
    query = query.strip()[:MAX_QUERY]
    if query:
        found = found.filter(name__icontains=query)
    return _annotated(found).annotate(
        forks=_forks(),
        lists=Coalesce(Subquery(_lists(), output_field=IntegerField()), Value(0)),
    )


def pack_forks_count(*, pack: models.Pack) -> int:
    return models.Pack.objects.filter(forked_from__pack=pack, deleted_at__isnull=True).count()


def pack_lists_count(*, pack: models.Pack) -> int:
    """How many lists are pinned to one of the pack's versions (anyone's: a count says
    nothing about whose)."""
    return models.PackVersion.objects.filter(pack=pack).aggregate(n=Count("pinned_lists"))["n"]
