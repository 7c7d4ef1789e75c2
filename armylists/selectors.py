"""Reads of saved lists. Every lookup of a private list goes through the owner."""

from django.db.models import Q, QuerySet

from .models import ArmyList


def list_get_for_owner(*, owner, list_id) -> ArmyList | None:
    if not owner.is_authenticated:
        return None
    return ArmyList.objects.select_related("system").filter(id=list_id, owner=owner).first()


def list_get_shared(*, token: str) -> ArmyList | None:
    if not token:
        return None
    return ArmyList.objects.select_related("system", "owner").filter(share_token=token).first()


def list_search(*, owner, query: str = "", system: str = "") -> QuerySet[ArmyList]:
    lists = ArmyList.objects.select_related("system").filter(owner=owner)
    if query:
        lists = lists.filter(Q(name__icontains=query) | Q(faction__icontains=query))
    if system:
        lists = lists.filter(system__key=system)
    return lists
