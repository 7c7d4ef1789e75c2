"""Any change to a system's data touches its updated_at, which invalidates cached catalogues."""

from contextlib import contextmanager
from contextvars import ContextVar

from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from . import models

_bulk = ContextVar("rules_bulk_write", default=False)


@contextmanager
def bulk_write():
    """Inside, row signals do nothing: the pack loader touches the system once at the end."""
    token = _bulk.set(True)
    try:
        yield
    finally:
        _bulk.reset(token)


def touch_system(sender, instance, **kwargs):
    if _bulk.get():
        return
    if sender is models.CardItem:
        system_id = models.Card.objects.filter(id=instance.card_id).values("system_id")
    else:
        system_id = instance.system_id
    models.GameSystem.objects.filter(
        id__in=system_id if sender is models.CardItem else [system_id]
    ).update(updated_at=timezone.now())


def connect():
    for model in (
        models.Faction,
        models.Card,
        models.Item,
        models.CardItem,
        models.SpecialAction,
        models.ValidatorConfig,
    ):
        post_save.connect(touch_system, sender=model, dispatch_uid=f"touch-{model.__name__}")
        post_delete.connect(touch_system, sender=model, dispatch_uid=f"touch-del-{model.__name__}")
