"""Any change to a system's data touches its updated_at, which invalidates cached catalogues.

The process that makes the change also tells its own cache (``selectors.game_data``) at
once; other processes see the new updated_at at their next check (rules/selectors.py).
"""

from contextlib import contextmanager
from contextvars import ContextVar
from datetime import timedelta

from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from rules import models, selectors

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
    # Strictly later than the stamp it replaces, even if two changes share a clock tick
    # or another app server's clock is behind: caches compare stamps for equality.
    models.GameSystem.objects.filter(
        id__in=system_id if sender is models.CardItem else [system_id]
    ).update(
        updated_at=Greatest(Value(timezone.now()), F("updated_at") + timedelta(microseconds=1))
    )
    selectors.game_data.changed()


def system_changed(sender, instance, **kwargs):
    """A GameSystem row saved (auto_now touched it; the pack loader ends so) or deleted."""
    selectors.game_data.changed()


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
    post_save.connect(system_changed, sender=models.GameSystem, dispatch_uid="system-saved")
    post_delete.connect(system_changed, sender=models.GameSystem, dispatch_uid="system-deleted")
