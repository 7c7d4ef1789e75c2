"""What the battles API takes: one battle's post-battle sequence, every field bounded
(lists, strings, numbers) and refused by name when unknown, before any work. What the
campaign rules check (an unknown fighter, gold, a seventh hero...) is theirs."""

from __future__ import annotations

from rest_framework import serializers

from armylists.api.strict import NoUnknownFields
from armylists.playaids.api import TrueFalseField, WholeNumberField

MAX_ROWS = 40
MAX_TRADES = 50
ID = {"max_length": 32, "help_text": "A fighter's entry_id."}


def _id(**kwargs):
    return serializers.CharField(**{**ID, **kwargs})


def _die(sides: int, **kwargs):
    return WholeNumberField(min_value=1, max_value=sides, **kwargs)


class InjuryInSerializer(NoUnknownFields):
    entry_id = _id()
    roll = WholeNumberField(
        required=False, allow_null=True, min_value=1, max_value=66,
        help_text="A hero: the D66 of the serious injury table; a henchman group with one "
        "model out of action: its D6. Left out: rolled.",
    )
    rolls = serializers.ListField(
        child=_die(6), required=False, max_length=20,
        help_text="A henchman group: one D6 per model out of action (1-2: lost).",
    )
    models = WholeNumberField(
        required=False, min_value=1, max_value=20,
        help_text="A henchman group: models out of action (default: the rolls given, or 1).",
    )
    d6 = _die(6, required=False, allow_null=True, help_text="The D6 a result asks for.")
    d3 = _die(3, required=False, allow_null=True, help_text="Deep wound: games missed.")
    injuries = serializers.ListField(
        child=serializers.DictField(), required=False, max_length=6,
        help_text='Multiple injuries: the further injuries, e.g. [{"roll": 22}].',
    )
    won = TrueFalseField(required=False, allow_null=True, help_text="Sold to the pits: won.")
    again = serializers.DictField(
        required=False, help_text="Sold to the pits and lost: the next injury."
    )
    rerolled = serializers.ListField(child=WholeNumberField(), required=False, max_length=20,
                                     help_text="Answered: D66 rolls re-rolled.")
    result = serializers.CharField(required=False, max_length=40,
                                   help_text="Answered: the injury (ignored when sent).")


class CapturedInSerializer(NoUnknownFields):
    entry_id = _id(help_text="One's own hero held by the enemy.")
    outcome = serializers.ChoiceField(choices=["ransom", "exchange", "lost"])
    price = WholeNumberField(
        required=False, min_value=0, max_value=100_000,
        help_text="Ransom: the gold the captors asked (paid from the treasury).",
    )
    captive = serializers.CharField(
        required=False, max_length=100, help_text="Exchange: the enemy hero given back."
    )


class CountInSerializer(NoUnknownFields):
    entry_id = _id()
    count = WholeNumberField(min_value=0, max_value=99)


class AmountInSerializer(NoUnknownFields):
    entry_id = _id()
    amount = WholeNumberField(
        min_value=0, max_value=99, help_text="The scenario's extra experience."
    )


class PromotionInSerializer(NoUnknownFields):
    roll = WholeNumberField(required=False, allow_null=True, min_value=2, max_value=12)
    sub_roll = _die(6, required=False, allow_null=True)
    choice = serializers.CharField(required=False, allow_null=True, max_length=60)
    result = serializers.CharField(required=False, allow_null=True, max_length=32)


class RestInSerializer(NoUnknownFields):
    roll = WholeNumberField(required=False, allow_null=True, min_value=2, max_value=12)
    rerolled = serializers.ListField(child=WholeNumberField(), required=False, max_length=20)
    choice = serializers.CharField(required=False, allow_null=True, max_length=60)
    result = serializers.CharField(required=False, allow_null=True, max_length=32)


class AdvanceInSerializer(NoUnknownFields):
    entry_id = _id(help_text="The hero or henchman group; one row per advance due, in order.")
    roll = WholeNumberField(required=False, allow_null=True, min_value=2, max_value=12,
                            help_text="2D6 on the advance table. Left out: rolled.")
    sub_roll = _die(6, required=False, allow_null=True,
                    help_text="Hero 6, 8, 9: the D6 that picks the characteristic.")
    choice = serializers.CharField(
        required=False, allow_null=True, max_length=60,
        help_text="The characteristic (WS or BS on a 7; a henchman's 6 or 7) or the new "
        "skill (a skill of the hero's own lists).",
    )
    spell = serializers.CharField(required=False, allow_null=True, max_length=60)
    rerolled = serializers.ListField(child=WholeNumberField(), required=False, max_length=20)
    result = serializers.CharField(required=False, allow_null=True, max_length=32)
    skill_lists = serializers.ListField(
        child=serializers.CharField(max_length=32), required=False, allow_null=True,
        max_length=2, help_text="The lad's got talent: the new hero's two skill lists.",
    )
    promotion = PromotionInSerializer(
        required=False, allow_null=True, help_text="The lad's got talent: his hero roll."
    )
    rest = RestInSerializer(
        required=False, allow_null=True, help_text="The lad's got talent: the rest's roll."
    )
    name = serializers.CharField(required=False, allow_null=True, max_length=60)
    promoted_entry_id = _id(required=False, allow_null=True,
                            help_text="Given by the server to a promoted henchman.")


class ExplorationInSerializer(NoUnknownFields):
    dice = serializers.ListField(
        child=_die(6), required=False, allow_null=True, max_length=13,
        help_text="The exploration dice, one per hero not out of action, +1 for the winner."
        " Left out: rolled.",
    )
    extra_dice = WholeNumberField(required=False, min_value=0, max_value=6)
    rerolls = serializers.ListField(child=serializers.DictField(), required=False,
                                    allow_null=True, max_length=6)
    discard = serializers.ListField(
        child=WholeNumberField(min_value=0, max_value=12), required=False, allow_null=True,
        max_length=7, help_text="More than 6 dice: the indexes of those dropped.",
    )
    location = serializers.DictField(
        required=False, allow_null=True,
        help_text="The location's own rolls and choices (as a previous answer gave them).",
    )


class PurchaseInSerializer(NoUnknownFields):
    item = serializers.CharField(max_length=100, help_text="An item key of the game data.")
    entry_id = _id(allow_null=True, help_text="Who gets it; null: into the stash.")
    rarity = WholeNumberField(required=False, allow_null=True, min_value=2, max_value=20,
                              help_text="A rare item: Rare N from your rulebook.")
    roll = WholeNumberField(required=False, allow_null=True, min_value=2, max_value=12,
                            help_text="A rare item: the searcher's 2D6. Left out: rolled.")
    searcher = _id(required=False, allow_null=True,
                   help_text="A rare item: the hero who searches (default: who gets it).")
    modifiers = serializers.ListField(
        child=serializers.CharField(max_length=32), required=False, max_length=5,
        help_text="A rare item: streetwise, marienburg, jewelsmith_gems.",
    )
    found = TrueFalseField(required=False, help_text="Answered: the search found it.")
    price_dice = serializers.ListField(
        child=_die(6), required=False, allow_null=True, max_length=10,
        help_text="An item whose chart price has dice (\"100+D6×10\"), bought off the "
        "fighter's own list: the D6 faces of its price. Left out: rolled.",
    )
    of = serializers.CharField(
        required=False, allow_null=True, max_length=100,
        help_text="An item priced as a multiple of a weapon (a Gromril weapon: 4× the "
        "weapon's price): the item key of that close combat weapon.",
    )
    price = WholeNumberField(required=False, min_value=0, max_value=100_000,
                             help_text="Answered: what it cost, as paid (with its dice). A "
                             "record kept before the item's price had dice names what it "
                             "paid without them.")


class SaleInSerializer(NoUnknownFields):
    item = serializers.CharField(max_length=100)
    entry_id = _id(allow_null=True, help_text="Whose item; null: from the stash.")
    gold = WholeNumberField(required=False, min_value=0, max_value=100_000,
                            help_text="Answered: what it fetched.")


class RecruitInSerializer(NoUnknownFields):
    card = serializers.CharField(required=False, allow_null=True, max_length=100)
    name = serializers.CharField(required=False, allow_null=True, max_length=60)
    join_entry_id = _id(required=False, allow_null=True,
                        help_text="New members of this henchman group.")
    size = WholeNumberField(required=False, min_value=1, max_value=5)
    items = serializers.ListField(child=serializers.CharField(max_length=100),
                                  required=False, max_length=20)
    entry_id = _id(required=False, allow_null=True, help_text="Given by the server.")
    cost = WholeNumberField(required=False, min_value=0, max_value=100_000,
                            help_text="Answered: what the recruits cost.")


class HireInSerializer(NoUnknownFields):
    """A hired sword hired in the trading step: his hire fee is paid from the treasury;
    the warband after hiring must keep the rules of hired swords (who may hire him,
    conflicts, one of each) and its maximum size. His upkeep is due from the next
    battle on."""

    card = serializers.CharField(max_length=100,
                                 help_text="A hired sword's card (the catalogue's "
                                 "\"hired_sword\": true cards).")
    name = serializers.CharField(required=False, allow_null=True, max_length=60,
                                 help_text="His name; null: the card's.")
    entry_id = _id(required=False, allow_null=True, help_text="Given by the server.")
    fee = WholeNumberField(required=False, min_value=0, max_value=100_000,
                           help_text="Answered: the hire fee paid.")


class DismissalInSerializer(NoUnknownFields):
    """A hired sword the warband lets go in the trading step: he leaves, his upkeep no
    longer due."""

    entry_id = _id(help_text="A hired sword of the warband.")


class MoveInSerializer(NoUnknownFields):
    item = serializers.CharField(max_length=100)
    from_entry_id = _id(allow_null=True, help_text="null: from the stash.")
    to_entry_id = _id(allow_null=True, help_text="null: into the stash.")


class UpkeepInSerializer(NoUnknownFields):
    entry_id = _id(help_text="A hired sword of the warband.")
    pay = TrueFalseField(required=False, default=True,
                         help_text="false: let him go instead of paying his upkeep.")
    paid = WholeNumberField(required=False, min_value=0, max_value=100_000,
                            help_text="Answered: the upkeep paid.")
    leaves = TrueFalseField(required=False, help_text="Answered: he left the warband.")


class VeteransInSerializer(NoUnknownFields):
    dice = serializers.ListField(child=_die(6), min_length=2, max_length=2)


class NewBattleSerializer(NoUnknownFields):
    """One battle's post-battle sequence. Every roll left out is rolled by the server and
    stored; choices (a skill, WS or BS...) are never made for you. A battle's answered
    ``input`` (from a dry run) is a valid body: its fields marked "Answered" are checked
    against the rules again, not trusted."""

    won = TrueFalseField(help_text="The warband won the battle.")
    opponent_rating = WholeNumberField(
        required=False, allow_null=True, min_value=0, max_value=100_000,
        help_text="The opponent's rating: the underdog bonus when it is higher.",
    )
    old_wound_rolls = serializers.DictField(
        child=_die(6), required=False, help_text="entry_id -> D6 of an old battle wound."
    )
    injuries = InjuryInSerializer(many=True, required=False, max_length=MAX_ROWS)
    captured = CapturedInSerializer(many=True, required=False, max_length=6)
    enemies_out_of_action = CountInSerializer(many=True, required=False, max_length=MAX_ROWS)
    experience = AmountInSerializer(many=True, required=False, max_length=MAX_ROWS)
    advances = AdvanceInSerializer(many=True, required=False, max_length=100)
    exploration = ExplorationInSerializer(required=False, allow_null=True)
    sell_shards = WholeNumberField(required=False, allow_null=True, min_value=0, max_value=99)
    purchases = PurchaseInSerializer(many=True, required=False, max_length=MAX_TRADES)
    sales = SaleInSerializer(many=True, required=False, max_length=MAX_TRADES)
    recruits = RecruitInSerializer(many=True, required=False, max_length=20)
    moves = MoveInSerializer(many=True, required=False, max_length=MAX_TRADES)
    dismissals = DismissalInSerializer(
        many=True, required=False, max_length=MAX_ROWS,
        help_text="Hired swords let go in the trading step (before any hire).")
    hires = HireInSerializer(
        many=True, required=False, max_length=10,
        help_text="Hired swords hired in the trading step, for their hire fee.")
    veterans = VeteransInSerializer(required=False, allow_null=True)
    upkeep = UpkeepInSerializer(
        many=True, required=False, max_length=MAX_ROWS,
        help_text="Hired swords' upkeep after trading: each one left out is paid from the "
        "treasury when it can, and leaves the warband when it cannot.",
    )
    dry_run = TrueFalseField(
        required=False, default=False,
        help_text="Record nothing: answer 200 with the battle as it would be (its dice "
        "rolled; send its input back to keep them) and the choices still pending.",
    )

    def validate_old_wound_rolls(self, value):
        if len(value) > MAX_ROWS or any(len(str(k)) > 32 for k in value):
            raise serializers.ValidationError(f"at most {MAX_ROWS} fighters, ids of 32")
        return value


def without_nulls(value):
    """The body as the campaign rules take it: nulls left out."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value
