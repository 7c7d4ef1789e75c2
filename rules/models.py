"""Game data as loaded from packs (fixtures/*.yaml); every row is editable in the admin.

System-specific facts that no other system shares live in ``attributes`` (JSON), so a
new game needs data and at most a few validators, not a migration.
"""

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

KEY_HELP = _("Lower-case key used in list documents and the API; changing it orphans lists.")


class GameSystem(models.Model):
    key = models.SlugField(max_length=64, unique=True, help_text=KEY_HELP)
    name = models.CharField(max_length=100)
    names = models.JSONField(
        default=dict, blank=True, help_text=_('Translations, e.g. {"de": "..."}')
    )
    data_version = models.CharField(max_length=64)
    sample_data = models.BooleanField(default=False)
    description = models.TextField(blank=True)
    attributes = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # What ``loadpack`` last loaded: the file's digest, and updated_at as that load left
    # it. Both unchanged means the tables still hold exactly that file (any admin edit
    # touches updated_at), so the next ``loadpack`` of the same bytes can skip the reload.
    pack_file_digest = models.CharField(max_length=64, blank=True, editable=False)
    pack_loaded_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class ValidatorConfig(models.Model):
    system = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="validators")
    position = models.PositiveIntegerField(default=0)
    code = models.CharField(max_length=64)
    params = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["system", "position"]
        constraints = [
            models.UniqueConstraint(fields=["system", "code"], name="validator_code_unique")
        ]

    def __str__(self):
        return f"{self.system.key}:{self.code}"


class Faction(models.Model):
    system = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="factions")
    position = models.PositiveIntegerField(default=0)
    key = models.SlugField(max_length=100, help_text=KEY_HELP)
    name = models.CharField(max_length=100)
    names = models.JSONField(default=dict, blank=True)
    attributes = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["system", "position"]
        constraints = [models.UniqueConstraint(fields=["system", "key"], name="faction_key_unique")]

    def __str__(self):
        return self.name


class Item(models.Model):
    """An item, piece of equipment, ability, spell or option that cards may buy."""

    system = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="items")
    faction = models.ForeignKey(
        Faction, null=True, blank=True, on_delete=models.PROTECT, related_name="items"
    )
    position = models.PositiveIntegerField(default=0)
    key = models.SlugField(max_length=100, help_text=KEY_HELP)
    name = models.CharField(max_length=100)
    names = models.JSONField(default=dict, blank=True)
    kind = models.CharField(max_length=32)
    points = models.PositiveIntegerField(default=0)
    def_bonus = models.IntegerField("DEF", default=0)
    arm_bonus = models.IntegerField("ARM", default=0)
    attributes = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["system", "position"]
        constraints = [models.UniqueConstraint(fields=["system", "key"], name="item_key_unique")]

    def __str__(self):
        return self.name


class Card(models.Model):
    """A profile card: an individual model or a unit (or a fighter type, a character)."""

    KIND_CHOICES = [("model", _("individual model")), ("unit", _("unit"))]

    system = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="cards")
    faction = models.ForeignKey(
        Faction, null=True, blank=True, on_delete=models.PROTECT, related_name="cards"
    )
    position = models.PositiveIntegerField(default=0)
    key = models.SlugField(max_length=100, help_text=KEY_HELP)
    name = models.CharField(max_length=100)
    names = models.JSONField(default=dict, blank=True)
    kind = models.CharField(max_length=8, choices=KIND_CHOICES, default="model")
    warlord = models.BooleanField(default=False)
    aal = models.PositiveIntegerField("AAL", null=True, blank=True)
    points = models.PositiveIntegerField(default=0)
    core_points = models.PositiveIntegerField(default=0)
    soldier_points = models.PositiveIntegerField(default=0)
    core_size = models.PositiveIntegerField(default=1)
    max_size = models.PositiveIntegerField(default=1)
    base_mm = models.PositiveIntegerField(null=True, blank=True)
    # null, not "": packs say null for "none" and must come back from dumppack unchanged.
    movement_class = models.CharField(max_length=32, null=True, blank=True)  # noqa: DJ001
    stats = models.JSONField(default=dict, blank=True)
    weapons = models.JSONField(default=list, blank=True)
    attributes = models.JSONField(default=dict, blank=True)
    items = models.ManyToManyField(Item, through="CardItem", related_name="cards", blank=True)

    class Meta:
        ordering = ["system", "position"]
        constraints = [models.UniqueConstraint(fields=["system", "key"], name="card_key_unique")]

    def __str__(self):
        return self.name


class CardItem(models.Model):
    """An item (slot "item") or option (slot "option") a card may buy, at its price."""

    SLOT_CHOICES = [("item", _("item")), ("option", _("option"))]

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="card_items")
    item = models.ForeignKey(Item, on_delete=models.CASCADE, related_name="card_items")
    slot = models.CharField(max_length=8, choices=SLOT_CHOICES, default="item")
    position = models.PositiveIntegerField(default=0)
    points = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("This card's price; empty means the item's points.")
    )

    class Meta:
        ordering = ["card", "slot", "position"]
        constraints = [
            models.UniqueConstraint(fields=["card", "item", "slot"], name="card_item_unique")
        ]

    def __str__(self):
        return f"{self.card} — {self.item}"


class SpecialAction(models.Model):
    system = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="special_actions")
    position = models.PositiveIntegerField(default=0)
    key = models.SlugField(max_length=100, help_text=KEY_HELP)
    name = models.CharField(max_length=100)
    names = models.JSONField(default=dict, blank=True)
    role = models.CharField(max_length=32, null=True, blank=True)  # noqa: DJ001  (as above)
    points = models.PositiveIntegerField(default=0)
    variants = models.JSONField(default=list, blank=True)
    attributes = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["system", "position"]
        constraints = [
            models.UniqueConstraint(fields=["system", "key"], name="special_action_key_unique")
        ]

    def __str__(self):
        return self.name


# --- Packs: the game data as versioned documents (issue 16) ---------------------------
# A pack is a muster-pack/1 document under a name, with numbered versions that never
# change. The site's own (official) packs are recorded by ``loadpack``; players fork,
# import and publish their own. The tables above stay what the engine reads today.


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
