"""An event, who takes part in it, and the lists submitted to it.

An event is played on one game, one battle size and one pack version, named by id and
number as a list document names it (not a foreign key: a version never changes, and the
event keeps its content hash, so what judged its lists is on record). Every submission
points at a snapshot: the frozen copy of the list as judged on the event's data, with its
hash (services.py says how it is made). Nothing here is ever overwritten: a new
submission is a new row, a withdrawal only stamps the row it withdraws.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


def new_join_token() -> str:
    # 32 bytes = 256 random bits, URL-safe (43 characters), as a list's share token.
    return secrets.token_urlsafe(32)


class Event(models.Model):
    LINK, PUBLIC = "link", "public"
    VISIBILITY_CHOICES = [(LINK, _("link only")), (PUBLIC, _("listed publicly"))]

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events_organised"
    )
    name = models.CharField(max_length=200)
    system = models.ForeignKey("rules.GameSystem", on_delete=models.PROTECT, related_name="+")
    # Null: the game's own default (a Mordheim warband's starting gold, for one).
    battle_size = models.PositiveIntegerField(null=True, blank=True)
    # The pack version it is played on ("" and null: the game's official data as loaded).
    pack_key = models.CharField(max_length=64, blank=True)
    pack_version = models.PositiveIntegerField(null=True, blank=True)
    pack_content_hash = models.CharField(max_length=64, blank=True)
    house_rules = models.TextField(blank=True)
    lists_close = models.DateTimeField()
    # When players see each other's lists: null is at the close; ``reveal_never``: only
    # the organiser and staff ever do.
    reveal_at = models.DateTimeField(null=True, blank=True)
    reveal_never = models.BooleanField(default=False)
    visibility = models.CharField(max_length=8, choices=VISIBILITY_CHOICES, default=LINK)
    join_token = models.CharField(max_length=64, unique=True, default=new_join_token)
    player_limit = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["lists_close", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(pack_key="", pack_version__isnull=True)
                | (~Q(pack_key="") & Q(pack_version__isnull=False)),
                name="event_pack_named_whole",
            ),
            models.CheckConstraint(
                condition=Q(reveal_never=False) | Q(reveal_at__isnull=True),
                name="event_reveal_never_has_no_time",
            ),
        ]

    def __str__(self):
        return self.name

    def is_closed(self, now) -> bool:
        return now >= self.lists_close

    def reveals_at(self):
        """When the lists are revealed (None: never)."""
        if self.reveal_never:
            return None
        return self.reveal_at or self.lists_close

    def is_revealed(self, now) -> bool:
        moment = self.reveals_at()
        return moment is not None and now >= moment

    def pack_ref(self) -> dict | None:
        """The pack version as a list document names it (None: the official data)."""
        if not self.pack_key:
            return None
        return {"id": self.pack_key, "version": self.pack_version}


class Participant(models.Model):
    """A user's part in an event: a player (joined by its link), staff (named by the
    organiser, with read or edit rights), or both. ``current``: the player's submission
    that counts (his latest, unless he withdrew it)."""

    READ, EDIT = "read", "edit"
    STAFF_CHOICES = [("", _("not staff")), (READ, _("read")), (EDIT, _("edit"))]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="participants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    player = models.BooleanField(default=False)
    joined_at = models.DateTimeField(null=True, blank=True)
    staff = models.CharField(max_length=4, choices=STAFF_CHOICES, blank=True)
    current = models.ForeignKey(
        "Submission", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["event", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="participant_once_per_event")
        ]

    def __str__(self):
        return f"{self.user_id} in {self.event_id}"


class Submission(models.Model):
    """One list submitted to an event, kept for good: the frozen copy (``snapshot``) and
    its verdict on the event's data (``valid`` and ``points`` copied from it, for the
    organiser's filters). ``list_pack`` and ``list_battle_size``: what the player's list
    itself named, when it differed from the event's (the copy is judged on the event's)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="submissions")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    army_list = models.ForeignKey(
        "armylists.ArmyList", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    list_version = models.PositiveIntegerField()
    snapshot = models.ForeignKey("armylists.Snapshot", on_delete=models.PROTECT, related_name="+")
    valid = models.BooleanField()
    points = models.IntegerField()
    list_pack = models.JSONField(null=True, blank=True)
    list_battle_size = models.PositiveIntegerField(null=True, blank=True)
    rejudged = models.BooleanField(default=False)
    submitted_at = models.DateTimeField()
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-submitted_at", "-id"]
        indexes = [models.Index(fields=["event", "player", "-submitted_at"])]

    def __str__(self):
        return f"{self.event_id}/{self.pk}"
