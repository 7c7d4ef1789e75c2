"""Mordheim warband rosters, docs/rules/mordheim.md: pricing, validators, rating, rout test.

A list document is a warband: ``faction`` is the warband type, ``battle_size`` its gold
(null: the warband's starting gold). A hero is an entry of its own (``name``, ``items``);
a henchman group is one entry of ``size`` identical models, and its ``items`` are bought
for every model of the group. The campaign log (injuries, experience) is in
``rules.systems.mordheim.campaign``.

The module stays whole past 400 lines: what a card is, pricing, the rating and the
roster's validators register together as one system (``RULES``), and the validators read
the card helpers above them; the campaign's steps live in modules of their own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

import msgspec

from rules.engine.catalogue import Card, Catalogue, Faction
from rules.engine.common import (
    ExactlyOneValidator,
    NotOnItemListValidator,
    OverLimitValidator,
    UnknownKeyValidator,
)
from rules.engine.document import Entry, ListDocument
from rules.engine.validation import Context, SystemRules, Validator, register
from rules.engine.violations import N_, Violation
from rules.systems.mordheim.choices import WarbandChoiceValidator, chosen
from rules.systems.mordheim.params import PARAMS
from rules.systems.mordheim.rout import rout_test  # noqa: F401  (a play aid of the roster, part of its API)

SYSTEM = "mordheim"
DEFAULT_STARTING_GOLD = 500
DEFAULT_MIN_SIZE, DEFAULT_MAX_SIZE = 3, 15
DEFAULT_MAX_HEROES = 6
DEFAULT_GROUP = (1, 5)
DEFAULT_RATING = {"per_fighter": 5, "per_large_creature": 20}


# -- what a card is -------------------------------------------------------------------


def is_hero(card: Card) -> bool:
    """Heroes are models of their own; henchmen come in groups (card kind "unit")."""
    return card.attributes.get("fighter", "henchman" if card.is_unit else "hero") == "hero"


def is_hired_sword(card: Card) -> bool:
    """A hired sword: no warband of his own, hired by many (mordheim_hired_swords)."""
    return bool(card.attributes.get("hired_sword"))


def is_leader(card: Card) -> bool:
    return bool(card.attributes.get("leader", card.warlord))


def is_large(card: Card) -> bool:
    return bool(card.attributes.get("large", False))


def group_size(card: Card, entry: Entry) -> int:
    """Models in one group (a hero entry is one model unless it says otherwise)."""
    return entry.size if entry.size is not None else card.core_size


def models(card: Card, entry: Entry) -> int:
    """Models an entry fields: ``count`` groups of ``size`` models."""
    return entry.count * group_size(card, entry)


def starting_experience(card: Card) -> int:
    return int(card.attributes.get("starting_experience") or 0)


def warband(catalogue: Catalogue, document: ListDocument) -> Faction | None:
    return catalogue.factions.get(document.faction) if document.faction else None


def warband_attr(catalogue: Catalogue, document: ListDocument, key: str, default):
    faction = warband(catalogue, document)
    if faction is not None and faction.attributes.get(key) is not None:
        return faction.attributes[key]
    return default


def size_limits(
    catalogue: Catalogue, document: ListDocument, params: Mapping | None = None
) -> tuple[int, int]:
    """The fewest and most fighters of the warband: its type's (its choice's maximum, the
    Hung's 12, first), else the ``warband_size`` params (``params``, default: the pack's),
    else 3 and 15."""
    if params is None:
        params = catalogue.params_for("warband_size")
    top = warband_attr(catalogue, document, "max_size", params.get("max", DEFAULT_MAX_SIZE))
    option = chosen(catalogue, document) or {}
    if option.get("max_size") is not None:
        top = option["max_size"]
    return (
        warband_attr(catalogue, document, "min_size", params.get("min", DEFAULT_MIN_SIZE)),
        top + size_bonus(catalogue, document),
    )


def size_bonus(catalogue: Catalogue, document: ListDocument) -> int:
    """Places the warband's hired swords add to its maximum size (a Halfling Scout: 1),
    once per hired sword type."""
    keys = {e.card for e in document.entries if e.card}
    return sum(int(catalogue.cards[k].attributes.get("size_bonus") or 0)
               for k in keys if k in catalogue.cards)


def group_limits(card: Card, params: Mapping) -> tuple[int, int]:
    """The smallest and largest henchman group of ``card`` (``henchman_group`` params; a
    card's ``group_max`` may be lower)."""
    high = params.get("max", DEFAULT_GROUP[1])
    return params.get("min", DEFAULT_GROUP[0]), min(high, card.attributes.get("group_max") or high)


def rating_values(catalogue: Catalogue, faction: Faction | None) -> dict:
    """Rating per fighter and per large creature: the defaults, the pack's, the warband's."""
    rating = {**DEFAULT_RATING, **catalogue.attributes.get("rating", {})}
    if faction is not None:
        rating.update(faction.attributes.get("rating") or {})
    return rating


# -- pricing --------------------------------------------------------------------------


def model_price(catalogue: Catalogue, card: Card | None, entry: Entry) -> int:
    """One model: cost plus its items; the first dagger (``first_free`` item) is free."""
    total = card.points if card is not None else 0
    free_taken: set[str] = set()
    for key in entry.items:
        item = catalogue.items.get(key)
        if item is not None and item.attributes.get("first_free") and key not in free_taken:
            free_taken.add(key)
            continue
        total += catalogue.item_points(card, key)  # its equipment list, else the price list
    return total


def price_entry(catalogue: Catalogue, document: ListDocument, entry: Entry) -> int:
    """Hero: cost + items; henchman group: size * (cost + items)."""
    card = catalogue.cards.get(entry.card) if entry.card else None
    if card is None:
        return 0
    return models(card, entry) * model_price(catalogue, card, entry)


def limit(catalogue: Catalogue, document: ListDocument) -> int | None:
    """The gold to spend: the document's, else its choice's starting gold (Trantio: 600),
    else the warband's."""
    if document.battle_size is not None:
        return document.battle_size
    option = chosen(catalogue, document) or {}
    if option.get("starting_gold") is not None:
        return option["starting_gold"]
    default = catalogue.params_for("gold_budget").get("default", DEFAULT_STARTING_GOLD)
    return warband_attr(catalogue, document, "starting_gold", default)


# -- what pages show beside the numbers -------------------------------------------------


def entry_facts(catalogue: Catalogue, document: ListDocument, entry: Entry) -> dict:
    """A fighter entry's facts: hero or henchman, leader, models, price of one model, and
    for a henchman group the sizes it may have."""
    card = catalogue.cards.get(entry.card) if entry.card else None
    if card is None:
        return {}
    facts = {
        "fighter": "hero" if is_hero(card) else (
            "hired_sword" if is_hired_sword(card) else "henchman"),
        "leader": is_leader(card),
        "models": models(card, entry),
        "model_price": model_price(catalogue, card, entry),
    }
    if not is_hero(card) and not is_hired_sword(card):
        facts["group_sizes"] = list(group_limits(card, catalogue.params_for("henchman_group")))
    return facts


def summary(catalogue: Catalogue, document: ListDocument, entry_points: Sequence[int]) -> dict:
    """The warband beside its gold: rating, fighters and their limits, starting gold."""
    low, high = size_limits(catalogue, document)
    fighters = 0
    for entry in document.entries:
        card = catalogue.cards.get(entry.card) if entry.card else None
        if card is not None:
            fighters += models(card, entry)
    return {
        "rating": warband_rating(catalogue, document),
        "fighters": fighters,
        "min_size": low,
        "max_size": high,
        "starting_gold": limit(catalogue, msgspec.structs.replace(document, battle_size=None)),
    }


# -- warband rating -------------------------------------------------------------------


def warband_rating(
    catalogue: Catalogue,
    document: ListDocument,
    experience_by_entry: Mapping[int, int] | Sequence[int] | None = None,
) -> int:
    """5 per fighter (20 per large creature) plus every fighter's experience.

    ``experience_by_entry`` gives an entry's current experience (per model of a henchman
    group); entries it leaves out have their starting experience. Unknown cards count
    nothing (they are reported as unknown_key). A hired sword counts his rating value
    (``rating_value``) instead of 5, plus the experience he gained.
    """
    if experience_by_entry is None:
        experience: Mapping[int, int] = {}
    elif isinstance(experience_by_entry, Mapping):
        experience = experience_by_entry
    else:
        experience = dict(enumerate(experience_by_entry))
    rating = rating_values(catalogue, warband(catalogue, document))
    total = 0
    for i, entry in enumerate(document.entries):
        card = catalogue.cards.get(entry.card) if entry.card else None
        if card is None:
            continue
        per_model = rating["per_large_creature"] if is_large(card) else rating["per_fighter"]
        if card.attributes.get("rating_value") is not None:
            per_model = int(card.attributes["rating_value"])
        exp = experience.get(i)
        per_model += starting_experience(card) if exp is None else exp
        total += models(card, entry) * per_model
    return total


# -- validators -----------------------------------------------------------------------


def _first_over(ctx: Context, counts, limit_of) -> dict:
    """Walk the known entries; for each key, the entry where its running count first
    exceeds its limit. ``counts(entry, card)`` yields ``(key, n)``."""
    running: Counter = Counter()
    first: dict = {}
    for i, entry, card in ctx.known_entries():
        for key, n in counts(entry, card):
            running[key] += n
            top = limit_of(key, card)
            if top is not None and running[key] > top:
                first.setdefault(key, (i, card))
    return {key: (i, card, running[key]) for key, (i, card) in first.items()}


class FactionValidator(Validator):
    """`faction`: a warband has one warband type, and hires only that type's fighters.

    Not among the original's rules for Mordheim (its fighter lists imply it): a Skaven fighter
    in a Reikland warband would otherwise pass unnoticed.
    """

    code = "faction"
    message = N_("{name} is a {card_faction} fighter, not one of the {faction}")
    no_faction = N_("Choose the warband type")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        doc, factions = ctx.document, ctx.catalogue.factions
        if doc.faction is None:
            yield self.violation(message=self.no_faction)
            return
        if doc.faction not in factions:
            return  # unknown_key says so
        for i, _entry, card in ctx.known_entries():
            if card.faction != doc.faction and not is_hired_sword(card):
                other = factions.get(card.faction)
                yield self.violation(
                    entry=i, card=card.key, name=card.name,
                    card_faction=other.name if other else str(card.faction),
                    faction=factions[doc.faction].name,
                )


class GoldBudgetValidator(OverLimitValidator):
    """`gold_budget`: the warband is bought with its starting gold (500 gc; Marienburg 600)."""

    code = "gold_budget"
    message = N_("The warband costs {total} gc, {over} gc more than its {limit} gc")


class WarbandSizeValidator(Validator):
    """`warband_size`: at least 3 fighters, at most the warband type's maximum (e.g. 15).

    Fighters are models: each hero plus every model of every henchman group.
    """

    code = "warband_size"
    message = N_("{faction}: {count} fighters, at most {max_size}")
    too_few = N_("{faction}: {count} fighters, at least {min_size}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        cat, doc = ctx.catalogue, ctx.document
        low, high = size_limits(cat, doc, self.params)
        faction = warband(cat, doc)
        name = faction.name if faction is not None else "The warband"
        count, over_at = 0, None
        for i, entry, card in ctx.known_entries():
            count += models(card, entry)
            if count > high and over_at is None:
                over_at = i
        params = dict(faction=name, count=count, min_size=low, max_size=high)
        if over_at is not None:
            yield self.violation(entry=over_at, **params)
        elif count < low:
            yield self.violation(message=self.too_few, **params)


class LeaderValidator(ExactlyOneValidator):
    """`leader`: exactly one leader (Captain, Assassin Adept, Vampire, Magister...)."""

    code = "leader"
    message = N_("A warband needs exactly one leader ({leaders}); it has none")
    too_many = N_("A warband needs exactly one leader; it has {count} ({name} is one too many)")

    def counts(self, card: Card) -> bool:
        return is_leader(card)

    def fielded(self, card: Card, entry: Entry) -> int:
        return models(card, entry)

    def none_params(self, ctx: Context) -> dict:
        faction = ctx.document.faction
        names = sorted(
            c.name for c in ctx.catalogue.cards.values()
            if is_leader(c) and (faction is None or c.faction == faction)
        )
        return {"leaders": ", ".join(dict.fromkeys(names)) or "-"}


class HeroLimitValidator(Validator):
    """`hero_limit`: at most 6 heroes, the leader included (param ``max``)."""

    code = "hero_limit"
    message = N_("{count} heroes, at most {max} including the leader")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        top = self.params.get("max", DEFAULT_MAX_HEROES)
        over = _first_over(
            ctx,
            lambda entry, card: [("heroes", models(card, entry))] if is_hero(card) else [],
            lambda _key, _card: top,
        )
        if "heroes" in over:
            i, card, count = over["heroes"]
            yield self.violation(entry=i, count=count, max=top, card=card.key, name=card.name)


class TypeLimitValidator(Validator):
    """`type_limit`: each fighter type has its own maximum in models (card ``type_limit``),
    e.g. Champion 2, Youngblood 2, Marksman 7, Swordsman 5."""

    code = "type_limit"
    message = N_("{name}: {count} models, at most {max}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        over = _first_over(
            ctx,
            lambda entry, card: [(card.key, models(card, entry))],
            lambda _key, card: card.attributes.get("type_limit"),
        )
        for key, (i, card, count) in over.items():
            yield self.violation(
                entry=i, card=key, name=card.name, count=count,
                max=card.attributes["type_limit"],
            )


class HenchmanGroupValidator(Validator):
    """`henchman_group`: henchmen come in groups of 1-5 identical models with identical
    gear (params ``min``/``max``; a card's ``group_max`` may be lower, e.g. Beastmen 3).

    One entry is one group, so its models share card and items by construction. A hero
    is never a group: a hero entry is one model.
    """

    code = "henchman_group"
    message = N_("{name}: a group of {size} models, at most {max}")
    too_small = N_("{name}: a group of {size} models, at least {min}")
    hero = N_("{name} is a hero, one model per entry, not {size}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        for i, entry, card in ctx.known_entries():
            low, top = group_limits(card, self.params)
            params = dict(card=card.key, name=card.name, min=low)
            if is_hero(card):
                if models(card, entry) != 1:
                    yield self.violation(
                        entry=i, message=self.hero, size=models(card, entry), max=1, **params
                    )
                continue
            size = group_size(card, entry)
            if size > top:
                yield self.violation(entry=i, size=size, max=top, **params)
            elif size < low:
                yield self.violation(entry=i, message=self.too_small, size=size, max=top, **params)


class EquipmentNotAllowedValidator(NotOnItemListValidator):
    """`equipment_not_allowed`: a fighter buys only from its own equipment list."""

    code = "equipment_not_allowed"
    message = N_("{name} may not buy {item}: it is not on its equipment list")
    no_list = N_("{name} buys no equipment, not {item}")
    with_path = True


VALIDATORS = (
    UnknownKeyValidator,
    FactionValidator,
    WarbandChoiceValidator,
    GoldBudgetValidator,
    WarbandSizeValidator,
    LeaderValidator,
    HeroLimitValidator,
    TypeLimitValidator,
    HenchmanGroupValidator,
    EquipmentNotAllowedValidator,
)

RULES = register(
    SystemRules(
        key=SYSTEM,
        params=PARAMS,
        validators={v.code: v for v in VALIDATORS},
        price_entry=price_entry,
        limit=limit,
        entry_facts=entry_facts,
        summary=summary,
    )
)
