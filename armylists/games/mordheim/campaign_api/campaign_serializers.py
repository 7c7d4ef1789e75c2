"""What the campaign endpoints answer: the campaign state (events, battles, the roster
as the log left it, treasury, stash), one event, one battle. Shared by the event
endpoints (``campaign.py``) and the battle endpoints (``campaign_battles.py``)."""

from __future__ import annotations

from rest_framework import serializers

from armylists.api.errors import ErrorSerializer

EVENT_TYPES = ("serious_injury", "henchman_out_of_action", "experience")
TAGS = ["campaign"]
STATUSES = ["active", "dead", "captured", "lost", "retired", "gone", "left", "dismissed",
            "unknown_card"]
STEPS = ["before", "injuries", "experience", "exploration", "wyrdstone", "trading", "upkeep",
         "rating"]


# -- response -----------------------------------------------------------------------------


class InjurySerializer(serializers.Serializer):
    roll = serializers.IntegerField(help_text="The D66.")
    result = serializers.CharField(help_text='The serious injury, e.g. "leg_wound".')
    d6 = serializers.IntegerField(required=False)
    d3 = serializers.IntegerField(required=False)
    rerolled = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="D66 rolls re-rolled."
    )
    injuries = serializers.JSONField(required=False, help_text="Multiple injuries: each one.")
    won = serializers.BooleanField(required=False)
    again = serializers.JSONField(required=False, help_text="Sold to the pits, lost: then this.")


class CampaignEventSerializer(serializers.Serializer):
    sequence = serializers.IntegerField(help_text="1, 2, 3… in the list's log.")
    type = serializers.ChoiceField(choices=list(EVENT_TYPES))
    entry_id = serializers.CharField(help_text="The id of the fighter's list entry.")
    entry = serializers.IntegerField(
        allow_null=True,
        help_text="The fighter's index in the list now; null when he was removed from it.",
    )
    orphaned = serializers.BooleanField(
        help_text="The fighter is no longer in the list: the event stays in the log, applied "
        "to nobody else."
    )
    card = serializers.CharField(
        required=False, allow_null=True, help_text="The entry's card when it was recorded."
    )
    who = serializers.CharField(help_text="The fighter's name.")
    roll = serializers.IntegerField(allow_null=True, help_text="D66 or D6; null for experience.")
    result = serializers.CharField(
        allow_null=True,
        help_text='serious_injury: the injury (e.g. "dead", "leg_wound"); '
        'henchman_out_of_action: "lost" or "fine"; experience: "experience".',
    )
    date = serializers.DateTimeField()
    summary = serializers.CharField(
        allow_null=True,
        help_text="What it did, in the language of Accept-Language; null when the log no "
        "longer applies this far.",
    )
    what = serializers.CharField(
        allow_null=True, help_text="The same without the fighter's name."
    )
    amount = serializers.IntegerField(required=False)
    d6 = serializers.IntegerField(required=False)
    d3 = serializers.IntegerField(required=False)
    rerolled = serializers.ListField(child=serializers.IntegerField(), required=False)
    injuries = InjurySerializer(many=True, required=False)
    won = serializers.BooleanField(required=False)
    again = InjurySerializer(required=False)


class AdvanceRecordSerializer(serializers.Serializer):
    battle = serializers.IntegerField(help_text="The battle after which it was rolled.")
    roll = serializers.IntegerField(allow_null=True, help_text="2D6 on the advance table.")
    result = serializers.CharField(
        allow_null=True, help_text="characteristic, skill, spell or lads_got_talent."
    )
    d6 = serializers.IntegerField(required=False, help_text="The sub-roll of 6, 8 and 9.")
    stat = serializers.CharField(required=False, help_text="The characteristic raised.")
    skill = serializers.CharField(required=False, help_text="The new skill.")
    spell = serializers.CharField(required=False)
    promoted = serializers.JSONField(
        required=False,
        help_text="The lad's got talent: true on the new hero; on his old group, the new "
        "hero's entry_id.",
    )


class FighterSerializer(serializers.Serializer):
    entry = serializers.IntegerField(
        allow_null=True,
        help_text="Its index in the list; null for a fighter the campaign added (a recruit, "
        "a promoted henchman).",
    )
    entry_id = serializers.CharField(
        help_text="The id of its list entry (or the id the campaign gave a fighter it added)."
    )
    card = serializers.CharField(allow_null=True)
    name = serializers.CharField()
    hero = serializers.BooleanField()
    leader = serializers.BooleanField()
    models = serializers.IntegerField(help_text="Models left (a henchman group loses some).")
    items = serializers.ListField(child=serializers.CharField(), help_text="Item keys kept.")
    stats = serializers.DictField(
        child=serializers.IntegerField(), help_text="Characteristics, injuries applied."
    )
    experience = serializers.IntegerField()
    status = serializers.ChoiceField(choices=STATUSES)
    in_warband = serializers.BooleanField()
    recordable = serializers.BooleanField(
        help_text="Events can be recorded for it: in the warband, one hero or one group."
    )
    misses_games = serializers.IntegerField()
    injuries = serializers.ListField(child=serializers.CharField())
    traits = serializers.ListField(
        child=serializers.CharField(),
        help_text="stupidity, frenzy, immune_to_fear, causes_fear, old_battle_wound, "
        "no_running, one_hand_weapon.",
    )
    hatred = serializers.ListField(
        child=serializers.CharField(), help_text="model, leader, warband, warband_type."
    )
    lost_models = serializers.IntegerField()
    large = serializers.BooleanField()
    count = serializers.IntegerField(help_text="Groups the list entry stands for.")
    skills = serializers.ListField(
        child=serializers.CharField(), help_text="Skills (and spells) learnt in the campaign."
    )
    skill_lists = serializers.ListField(
        child=serializers.CharField(), help_text="The skill lists a hero's new skills come from."
    )
    advances = AdvanceRecordSerializer(many=True, help_text="Every advance roll, in order.")
    increased = serializers.ListField(
        child=serializers.CharField(),
        help_text="Characteristics a henchman group has raised (each only once).",
    )
    held_items = serializers.ListField(
        child=serializers.CharField(), help_text="A captive's gear, back if he returns."
    )
    games_to_miss = serializers.IntegerField(
        help_text="Battles he must still miss (the same as misses_games)."
    )
    joined = serializers.IntegerField(
        help_text="The battle after which the campaign added him; 0: the starting list."
    )
    starting = serializers.BooleanField(help_text="In the starting list.")


class RosterSerializer(serializers.Serializer):
    faction = serializers.CharField(allow_null=True)
    fighters = FighterSerializer(many=True)
    treasury = serializers.IntegerField(
        help_text="Starting gold minus the roster's cost, then every income and expense (gc)."
    )
    stash = serializers.ListField(child=serializers.CharField(), help_text="Item keys.")
    shards = serializers.IntegerField(help_text="Wyrdstone shards kept unsold.")
    finds = serializers.ListField(
        child=serializers.CharField(),
        help_text="Names of finds the game data has no item for (e.g. a Lucky Charm).",
    )
    artefacts = serializers.ListField(child=serializers.CharField())
    battles = serializers.IntegerField(help_text="Battles recorded.")
    choice = serializers.CharField(
        allow_null=True, required=False,
        help_text="The warband's choice when it was founded (the list's role: a Tilean city, "
        "a Marauder tribe), which its fighters' profiles and skill lists follow; null: none.",
    )
    log = serializers.ListField(
        child=serializers.CharField(), help_text="In the language of Accept-Language."
    )
    members = serializers.IntegerField(help_text="Models in the warband.")


class BattleStepSerializer(serializers.Serializer):
    step = serializers.ChoiceField(choices=STEPS)
    rolls = serializers.JSONField(help_text="The dice of this step, typed or rolled.")
    result = serializers.JSONField(help_text="What the step did.")


class BattleSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="Battle 1, 2, 3… of the campaign.")
    sequence = serializers.IntegerField(
        allow_null=True, help_text="Its place in the campaign log (events and battles)."
    )
    won = serializers.BooleanField()
    steps = BattleStepSerializer(many=True, help_text="In the order of the rules.")
    treasury_before = serializers.IntegerField()
    treasury_after = serializers.IntegerField()
    shards_found = serializers.IntegerField()
    gold_from_shards = serializers.IntegerField()
    rating_before = serializers.IntegerField()
    rating_after = serializers.IntegerField()
    absent = serializers.DictField(
        child=serializers.CharField(),
        help_text="Fighters who missed it (entry_id: misses_games | old_battle_wound).",
    )
    input = serializers.JSONField(
        help_text="The battle as recorded, every roll filled in: it replays the battle."
    )
    lines = serializers.ListField(
        child=serializers.CharField(), help_text="What it did, in the reader's language."
    )
    date = serializers.DateTimeField(required=False)
    applied = serializers.BooleanField(
        required=False, help_text="False when the log stops applying before it."
    )
    pending = serializers.JSONField(
        required=False, help_text="A preview: choices still to be made, by path."
    )


class StartingSerializer(serializers.Serializer):
    treasury = serializers.IntegerField(help_text="The starting gold minus the list's cost.")
    rating = serializers.IntegerField()


class RoutTestDefaultsSerializer(serializers.Serializer):
    members = serializers.IntegerField()
    leader = serializers.CharField(allow_null=True)
    leader_ld = serializers.IntegerField(allow_null=True)
    other_lds = serializers.ListField(child=serializers.IntegerField())


class CampaignStateSerializer(serializers.Serializer):
    events = CampaignEventSerializer(many=True)
    battles = BattleSerializer(many=True, help_text="Every battle recorded, oldest first.")
    roster = RosterSerializer(help_text="The starting roster with the log applied.")
    rating = serializers.IntegerField(help_text="Warband rating of the roster.")
    treasury = serializers.IntegerField(help_text="Gold crowns in the treasury now.")
    stash = serializers.ListField(
        child=serializers.CharField(), help_text="Item keys held by no fighter."
    )
    shards = serializers.IntegerField(help_text="Wyrdstone shards kept unsold.")
    finds = serializers.ListField(child=serializers.CharField())
    battles_recorded = serializers.IntegerField()
    starting = StartingSerializer(help_text="The starting list, for comparison.")
    unverified = serializers.ListField(
        child=serializers.CharField(),
        help_text="Campaign facts of the game data resting on a single source or a disputed "
        "reading (the trusted value is used), e.g. \"trading.sell_rounding\".",
    )
    problems = ErrorSerializer(
        many=True,
        help_text="Why the log stops applying (the list was edited since); the roster "
        "leaves out that event and every one after it. Usually empty.",
    )
    rout_test = RoutTestDefaultsSerializer(
        help_text="For the game's rout-test play aid: the warband as it is now."
    )


