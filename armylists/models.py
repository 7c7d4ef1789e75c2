"""Users' saved lists and their history."""

import secrets

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.utils.translation import gettext_lazy as _


def new_share_token() -> str:
    # 32 bytes = 256 random bits, URL-safe (43 characters).
    return secrets.token_urlsafe(32)


class ArmyList(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="army_lists"
    )
    system = models.ForeignKey("rules.GameSystem", on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=200, blank=True)
    faction = models.CharField(max_length=100, blank=True)
    battle_size = models.PositiveIntegerField(null=True, blank=True)
    role = models.CharField(max_length=32, blank=True)
    document = models.JSONField(help_text=_("The list document (muster-list/1)."))
    data_version = models.CharField(max_length=64)
    # What the list's cards and items cost, and which rules it broke, when it was last
    # saved: compared with today's data to say what changed since (see services).
    data_snapshot = models.JSONField(default=dict, blank=True)
    # The pack version the document names (null: the official data as loaded). PROTECT:
    # a version a list is pinned to can never be deleted, even with its pack in the
    # admin, so the list is always judged by the data it names.
    pack_version = models.ForeignKey(
        "packs.PackVersion",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="pinned_lists",
    )
    version = models.PositiveIntegerField(default=1)
    share_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    # The token a revocation turned off, so the owner can undo it (renewing forgets it).
    revoked_share_token = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    # The owner's own labels for finding lists (normalised by services.tags); not part of
    # the list document, so they are no version of it.
    tags = ArrayField(models.CharField(max_length=40), size=20, default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["owner", "-updated_at"])]

    def __str__(self):
        return self.name or f"#{self.pk}"


class ArmyListVersion(models.Model):
    """Every save, kept: the list as it was at that version."""

    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    document = models.JSONField()
    data_version = models.CharField(max_length=64)
    saved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["army_list", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["army_list", "version"], name="list_version_unique")
        ]

    def __str__(self):
        return f"{self.army_list_id} v{self.version}"


class Workspace(models.Model):
    """The list on a builder page: a draft that is not saved yet, or a saved list's unsaved
    edits, with its undo and redo steps.

    It belongs to one browser (``holder``: a random id kept in the session, which survives
    logging in) and is kept on the server, so leaving the page loses nothing; every edit
    locks the row, so two requests (two tabs, a quick double click) never undo each other.
    Drafts expire with the session (``manage.py clearworkspaces``); a list's edits end with
    a save, a discard or the list.
    """

    holder = models.CharField(max_length=64)
    # "draft:<system key>" or "list:<id>": one workspace per game's draft and per list.
    key = models.CharField(max_length=80)
    army_list = models.ForeignKey(
        ArmyList, null=True, blank=True, on_delete=models.CASCADE, related_name="workspaces"
    )
    document = models.JSONField()
    # The saved version these edits start from (None for a draft).
    base_version = models.PositiveIntegerField(null=True, blank=True)
    # Steps, oldest first: {"label", "undo": [edits], "redo": [edits]}.
    undo = models.JSONField(default=list, blank=True)
    redo = models.JSONField(default=list, blank=True)
    # Goes up with every change: a page sends the revision it shows.
    revision = models.PositiveIntegerField(default=0)
    # A discarded draft is kept until the next one starts, so the discard can be undone.
    discarded = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["holder", "key"], name="workspace_holder_key_unique")
        ]
        indexes = [models.Index(fields=["updated_at"])]

    def __str__(self):
        return f"{self.key} ({self.holder[:6]}…)"


class Snapshot(models.Model):
    """A list frozen for a tournament: the document, its game system and data version, the
    validation as it was, and the SHA-256 over them (armylists/compare/snapshots.py says exactly
    over what). It never changes: a database trigger refuses every UPDATE but the one a
    deleted list makes (``army_list`` set to NULL); editing or deleting the list, or new
    game data, leaves it as it was.
    """

    # The first 20 hex digits (80 bits) of ``hash``: the public, unguessable address.
    code = models.CharField(max_length=20, unique=True)
    hash = models.CharField(max_length=64, unique=True)
    army_list = models.ForeignKey(
        ArmyList, null=True, blank=True, on_delete=models.SET_NULL, related_name="snapshots"
    )
    list_version = models.PositiveIntegerField(null=True, blank=True)
    # A key, not a foreign key: removing a game's data must not touch its snapshots.
    system = models.CharField(max_length=64)
    data_version = models.CharField(max_length=64)
    document = models.JSONField()
    # The validation when frozen: valid, points, and each violation as data (code,
    # severity, entry, template, params), so its message is shown in the reader's language.
    validation = models.JSONField()
    # What the cards and items cost when frozen (armylists/lists/changes.py), to say what changed.
    prices = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return self.code

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise ValueError("a snapshot never changes")
        super().save(*args, **kwargs)
