"""Packs: a game's data as versioned documents (issue 16).

A pack is a ``muster-pack/1`` document under a name, with numbered versions that never
change. The site's own (official) packs are recorded by ``loadpack``; players fork,
import and publish their own. The game data tables (``rules.models``) stay what the
engine reads for the official data. These models lived in the ``rules`` app until
issue 28; their tables were renamed from ``rules_*`` to ``packs_*`` with every row kept
(migrations ``packs.0001`` and ``packs.0002``).
"""

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def new_pack_id() -> str:
    # Opaque and unguessable: a private pack's id must not lead to its neighbours.
    return uuid.uuid4().hex


def new_share_token() -> str:
    return secrets.token_urlsafe(32)  # 256 random bits


class Pack(models.Model):
    PRIVATE, LINK, PUBLIC = "private", "link", "public"
    VISIBILITY_CHOICES = [
        (PRIVATE, _("private")),
        (LINK, _("shared by link")),
        (PUBLIC, _("public")),
    ]

    id = models.CharField(primary_key=True, max_length=64, default=new_pack_id, editable=False)
    system = models.SlugField(max_length=64, help_text=_("The game system's key."))
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True, max_length=2000)
    official = models.BooleanField(default=False, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        # The pack outlives its owner's account: lists may be pinned to its versions.
        on_delete=models.SET_NULL,
        related_name="packs",
    )
    editors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="edited_packs"
    )
    visibility = models.CharField(max_length=8, choices=VISIBILITY_CHOICES, default=PRIVATE)
    share_token = models.CharField(max_length=64, unique=True, default=new_share_token)
    forked_from = models.ForeignKey(
        "PackVersion", null=True, blank=True, on_delete=models.PROTECT, related_name="forks"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Soft delete: a deleted pack leaves every listing, but its versions stay readable.
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["system", "-official", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["system"], condition=models.Q(official=True), name="one_official_pack"
            ),
            models.CheckConstraint(
                condition=models.Q(visibility__in=["private", "link", "public"]),
                name="pack_visibility_known",
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.system})"


class PackLink(models.Model):
    """A pack shared by link that a player kept for his lists ("Use this pack"): he may
    build on it while it stays shared by the same link. A renewed link or another
    visibility ends it without touching this row; his saved lists keep their version."""

    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="kept_links")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="kept_pack_links"
    )
    # The pack's share token when he kept it: he keeps what that link gave him.
    token = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pack", "user"], name="one_kept_link_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} keeps {self.pack}"


class PackVersion(models.Model):
    """One published state of a pack: numbered 1, 2, 3… within it; never changes (a
    database trigger refuses every update)."""

    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    note = models.CharField(max_length=500, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="pack_versions",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    content_hash = models.CharField(max_length=64)
    document = models.JSONField()

    class Meta:
        ordering = ["pack", "number"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "number"], name="pack_version_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="pack_version_from_1"),
        ]

    def __str__(self):
        return f"{self.pack} v{self.number}"


class PackDraft(models.Model):
    """Unpublished edits of a pack by one of its members, kept on the server (a reload
    loses nothing): the whole document as edited, and the version it started from (to
    publish, that must still be the latest)."""

    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="drafts")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pack_drafts"
    )
    base_version = models.PositiveIntegerField()
    document = models.JSONField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pack", "author"], name="pack_draft_one_per_author"),
        ]

    def __str__(self):
        return f"{self.pack} draft of {self.author_id} (from v{self.base_version})"


class PackDraftStep(models.Model):
    """One step of a draft's undo/redo history: the whole draft document as it was on the
    other side of a change, and what the change was (to name it on its button).

    Undo and redo are one sequence ordered by id: the undo steps come before the redo
    steps, so undo takes the last undo step and redo the first redo step, each swapping
    its document with the draft's and flipping its direction. A new change forgets the
    redo steps; only the newest ``MAX_KEPT`` undo steps are kept."""

    MAX_KEPT = 20
    UNDO, REDO = "undo", "redo"
    CHANGED, ADDED, REMOVED = "changed", "added", "removed"

    draft = models.ForeignKey(PackDraft, on_delete=models.CASCADE, related_name="steps")
    direction = models.CharField(max_length=4, choices=[(UNDO, UNDO), (REDO, REDO)])
    action = models.CharField(
        max_length=8, choices=[(CHANGED, CHANGED), (ADDED, ADDED), (REMOVED, REMOVED)]
    )
    section = models.CharField(max_length=40)
    key = models.CharField(max_length=100)
    document = models.JSONField()

    class Meta:
        indexes = [models.Index(fields=["draft", "direction", "id"])]

    def __str__(self):
        return f"{self.direction} {self.action} {self.section}/{self.key}"
