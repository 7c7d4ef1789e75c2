"""Mordheim's campaign, stored: each warband's log of events and battles, and the battle
being recorded on the campaign page. They moved here from the armylists app (issue 28)
with every row: migrations 0001 and 0002 of this app took them over and renamed their
tables (armylists_* -> mordheim_*)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class CampaignEvent(models.Model):
    """One event of a Mordheim warband's campaign log, resolved: every roll is stored, so
    the log replays the same every time (the game's campaign rules in rules/systems/).

    ``data`` is the resolved event (``type``, ``entry_id``, the rolls and their results)
    plus ``card`` and ``who``: the entry's card and name when it was recorded, so the log
    still says whom it happened to after the entry is removed from the list.
    """

    TYPES = [
        ("serious_injury", _("Serious injury")),
        ("henchman_out_of_action", _("Henchman out of action")),
        ("experience", _("Experience")),
    ]

    army_list = models.ForeignKey(
        "armylists.ArmyList", on_delete=models.CASCADE, related_name="campaign_events"
    )
    sequence = models.PositiveIntegerField(help_text=_("1, 2, 3… per list, in order."))
    type = models.CharField(max_length=32, choices=TYPES)
    entry_id = models.CharField(
        max_length=32, db_index=True, help_text=_("The id of the list entry it happened to.")
    )
    data = models.JSONField(help_text=_("The resolved event with all its rolls."))
    # What it did (a phrase of the campaign rules, rendered in the reader's language),
    # whether it fell to nobody (the fighter left the list), and the roster after it:
    # see CampaignBattle.
    line = models.JSONField(null=True, blank=True)
    orphaned = models.BooleanField(default=False)
    roster = models.JSONField(null=True, blank=True)
    basis = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["army_list", "sequence"]
        constraints = [
            models.UniqueConstraint(
                fields=["army_list", "sequence"], name="campaign_event_sequence_unique"
            )
        ]

    def __str__(self):
        return f"{self.army_list_id} #{self.sequence} {self.type}"


class CampaignBattle(models.Model):
    """One battle of a campaign and its whole post-battle sequence, recorded at once.

    ``data`` holds ``input`` (every step's dice, typed or rolled, and choices: it replays
    the battle exactly) and what it did (``steps``, treasury before and after...);
    ``lines`` what it did in words. Battles and events share one order (``sequence``).

    ``roster`` is the roster after this record, computed from ``basis`` (the list's
    version and the game data it was computed with): the next record starts from the
    last one's roster instead of replaying the whole log, as long as the list and the
    data are still what it was computed from. Undo deletes the last record.
    """

    army_list = models.ForeignKey(
        "armylists.ArmyList", on_delete=models.CASCADE, related_name="campaign_battles"
    )
    number = models.PositiveIntegerField(help_text=_("Battle 1, 2, 3… of the campaign."))
    sequence = models.PositiveIntegerField(help_text=_("Its place in the campaign log."))
    data = models.JSONField()
    lines = models.JSONField(default=list, blank=True)
    # The fighters it concerns (their list entries' ids), for the builder's warnings.
    entry_ids = models.JSONField(default=list, blank=True)
    roster = models.JSONField(null=True, blank=True)
    basis = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["army_list", "sequence"]
        constraints = [
            models.UniqueConstraint(
                fields=["army_list", "sequence"], name="campaign_battle_sequence_unique"
            ),
            models.UniqueConstraint(
                fields=["army_list", "number"], name="campaign_battle_number_unique"
            ),
        ]

    def __str__(self):
        return f"{self.army_list_id} battle {self.number}"


class BattleDraft(models.Model):
    """A battle being recorded step by step on the campaign page, kept until it is
    recorded or discarded: ``data`` is what the steps done so far say (their dice
    already rolled), ``step`` the last step done, ``sequence`` the log's last record
    when it began (a draft started before another record is checked again)."""

    army_list = models.OneToOneField(
        "armylists.ArmyList", on_delete=models.CASCADE, related_name="battle_draft"
    )
    data = models.JSONField(default=dict, blank=True)
    step = models.CharField(max_length=32, blank=True)
    sequence = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self):
        return f"{self.army_list_id} draft ({self.step or 'new'})"
