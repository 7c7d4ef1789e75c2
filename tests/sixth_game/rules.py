"""Border Raid, a made-up skirmish game for the tests: models bought with points up to a
battle size, one leader, items from the model's own list."""

from rules.engine.common import ExactlyOneValidator, OverLimitValidator, UnknownKeyValidator
from rules.engine.params import number, shape
from rules.engine.validation import SystemRules, register, registered_systems
from rules.engine.violations import N_

SYSTEM = "border-raid"


def price_entry(catalogue, document, entry):
    card = catalogue.cards.get(entry.card) if entry.card else None
    if card is None:
        return 0
    items = sum(catalogue.item_points(card, key) for key in entry.items)
    return entry.count * (card.points + items)


def limit(catalogue, document):
    if document.battle_size is not None:
        return document.battle_size
    return catalogue.params_for("raid_size").get("default")


class RaidSizeValidator(OverLimitValidator):
    """`raid_size`: the models' points stay within the raid's size."""

    code = "raid_size"
    message = N_("{total} points, {over} more than the raid's {limit}")


class ChieftainValidator(ExactlyOneValidator):
    """`chieftain`: exactly one chieftain leads the raid."""

    code = "chieftain"
    message = N_("A raid needs exactly one chieftain; it has none")
    too_many = N_("A raid needs exactly one chieftain; it has {count}")

    def counts(self, card):
        return card.warlord


def install():
    """Register the game with the engine (once per test run)."""
    if SYSTEM not in registered_systems():
        register(
            SystemRules(
                key=SYSTEM,
                validators={
                    v.code: v for v in (UnknownKeyValidator, RaidSizeValidator, ChieftainValidator)
                },
                price_entry=price_entry,
                limit=limit,
                # What its pack's validators take (rules/engine/params.py).
                params={"raid_size": shape(default=number(1))},
            )
        )
