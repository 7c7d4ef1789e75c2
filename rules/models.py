"""Game data as loaded from packs (fixtures/*.yaml); every row is editable in the admin.

System-specific facts that no other system shares live in ``attributes`` (JSON), so a
new game needs data and at most a few validators, not a migration.
"""

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
