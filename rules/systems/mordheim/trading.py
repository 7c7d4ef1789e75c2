"""Mordheim trading, recruits, rating and the underdog bonus (post-battle steps 5 and 6,
docs/rules/mordheim.md).

Public functions, in the order the API calls them (after selling wyrdstone):

1. ``veterans_available(tables, spec, rng)``: 2D6 = experience worth of veterans willing
   to join existing henchman groups this sequence.
2. ``rare_item_roll(tables, rarity=..., modifiers=..., spec=..., rng=...)`` once per hero
   who fought and was not taken out of action (``check_rare_searchers`` refuses a second
   roll for the same hero, henchmen and hired swords); on success, ``purchase`` it.
3. ``purchase(tables, treasury=..., price=..., count=..., haggle=..., spec=..., rng=...)``
   for each item bought (``common_item_price`` gives a fighter's price for a common item
   of its list; Haggle takes 2D6 gc off one item per sequence), ``sell_price`` for each
   item sold (half price, rounded down).
4. ``recruit_cost(catalogue, card_key, items, models)`` for a new hero or group,
   ``join_group_cost(...)`` for new members of a group (base cost + the group's
   equipment + 2 gc per experience point, within the veterans available), both paid
   with ``purchase``.
5. ``hired_sword_upkeep(treasury=..., upkeep=..., pay=...)`` for each hired sword who
   fought.
6. ``warband_rating(tables, fighters, hired_swords)``, then ``underdog_bonus(tables,
   rating=..., opponent_rating=...)`` for the next battle.

``tables`` is ``mordheim_dice.campaign_tables(catalogue)``; impossible input (gold the
treasury does not have, a group over 5...) raises ``CampaignError`` (path, message, code).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rules.engine.catalogue import Catalogue
from rules.engine.document import Entry
from rules.systems.mordheim import is_hero, model_price
from rules.systems.mordheim.dice import (
    MAX_COUNT,
    MAX_GOLD,
    Rolls,
    fail,
    flag,
    in_band,
    join_path,
    spec_of,
    whole,
)

# -- rare items -----------------------------------------------------------------------


def rare_item_roll(
    tables: Mapping,
    *,
    rarity: int,
    modifiers: Iterable[str] = (),
    spec: Mapping | None = None,
    rng=None,
    path: str = "",
) -> dict:
    """One hero's search for a rare item: 2D6 + modifiers >= ``rarity`` finds it.

    ``modifiers``: keys of ``tables["trading"]["rare_modifiers"]`` that apply (the hero
    has Streetwise, the warband is from Marienburg, the hero keeps Jewelsmith gems).
    """
    rules = tables["trading"]
    rolls = Rolls(rng)
    spec = spec_of(spec, path, ("roll", "rarity", "modifiers", "total", "found", "pending"))
    rarity = whole(rarity, "rarity", 2, 20)
    bonus = {}
    for k, key in enumerate(modifiers):
        if key not in rules["rare_modifiers"]:
            fail(f"modifiers[{k}]", f"unknown modifier {key!r}; known: "
                 f"{', '.join(rules['rare_modifiers'])}", "unknown_key")
        bonus[key] = rules["rare_modifiers"][key]
    roll = rolls.two_d6(spec.get("roll"), join_path(path, "roll"))
    total = roll + sum(bonus.values())
    return rolls.finish({"rarity": rarity, "roll": roll, "modifiers": bonus, "total": total,
                         "found": total >= rarity})


def check_rare_searchers(
    tables: Mapping, searchers: Sequence[str], able_heroes: Iterable[str]
) -> list[str]:
    """``searchers`` (one fighter id per rare-item roll) unless one is not a hero who
    fought without going out of action (``able_heroes``) or searches twice."""
    able, seen = set(able_heroes), set()
    per_hero = tables["trading"]["rare_rolls_per_hero"]
    for k, who in enumerate(searchers):
        if who not in able:
            fail(f"searchers[{k}]", f"{who} may not search: only heroes who fought and were "
                 "not taken out of action do (not henchmen or hired swords)", "not_allowed")
        if who in seen and per_hero == 1:
            fail(f"searchers[{k}]", f"{who} has already searched for a rare item",
                 "already_searched")
        seen.add(who)
    return list(searchers)


# -- buying and selling ---------------------------------------------------------------


def spend(treasury: int, amount: int, path: str = "price") -> int:
    """The treasury after paying ``amount``; refused when it holds less."""
    treasury = whole(treasury, "treasury", 0, MAX_GOLD)
    amount = whole(amount, path, 0, MAX_GOLD)
    if amount > treasury:
        fail(path, f"costs {amount} gc, the treasury has {treasury} gc", "not_enough_gold")
    return treasury - amount


def purchase(
    tables: Mapping,
    *,
    treasury: int,
    price: int,
    count: int = 1,
    haggle: bool = False,
    spec: Mapping | None = None,
    rng=None,
    path: str = "",
) -> dict:
    """Pay ``count`` times ``price`` (one item, or one per model of a henchman group).
    ``haggle``: the Haggle skill takes 2D6 gc off one item's price (to at least 1 gc)."""
    rules = tables["trading"]
    rolls = Rolls(rng)
    spec = spec_of(spec, path, ("haggle_dice", "price", "count", "paid", "treasury", "pending"))
    price = whole(price, "price", 0, MAX_GOLD)
    count = whole(count, "count", 1, MAX_COUNT)
    out: dict = {"price": price, "count": count, "haggle_dice": None}
    total = price * count
    if flag(haggle, "haggle"):
        dice = rolls.dice(spec.get("haggle_dice"), rules["haggle_dice"], 6,
                          join_path(path, "haggle_dice"))
        off = min(sum(dice), max(0, price - rules["haggle_min_price"]))
        out["haggle_dice"] = dice
        total -= off
    elif spec.get("haggle_dice") is not None:
        fail(join_path(path, "haggle_dice"), "no Haggle on this purchase")
    out["paid"] = total
    out["treasury"] = spend(treasury, total)
    return rolls.finish(out)


def common_item_price(
    catalogue: Catalogue, card_key: str, item_key: str, path: str = "item"
) -> int:
    """What a fighter pays for a common item of its own list (rare items need a roll)."""
    card = catalogue.cards.get(card_key)
    if card is None:
        fail("card", f"the game data has no fighter {card_key!r}", "unknown_key")
    if item_key not in card.allowed_items:
        fail(path, f"{card.name} may not buy {item_key!r}: not on its list",
             "equipment_not_allowed")
    item = catalogue.items.get(item_key)
    if item is not None and item.attributes.get("rare"):
        fail(path, f"{item.name} is rare: roll for it first (rare_item_roll)", "rare_item")
    return catalogue.item_points(card, item_key)


def sell_price(tables: Mapping, price: int, count: int = 1, sell_multiplier: int = 1) -> int:
    """Gold for selling ``count`` items bought at ``price`` (the fixed part of a variable
    price): half, rounded down (rounding unverified); ``sell_multiplier`` for finds that
    sell at more (jewelled weapons: 2)."""
    rules = tables["trading"]
    price = whole(price, "price", 0, MAX_GOLD)
    count = whole(count, "count", 1, MAX_COUNT)
    times = whole(sell_multiplier, "sell_multiplier", 1, 10)
    return count * times * (price * rules["sell_percent"] // 100)


# -- recruits -------------------------------------------------------------------------


def veterans_available(tables: Mapping, spec: Mapping | None = None, rng=None,
                       path: str = "") -> dict:
    """2D6: the experience worth of recruits willing to join existing groups."""
    rolls = Rolls(rng)
    spec = spec_of(spec, path, ("dice", "experience", "pending"))
    dice = rolls.dice(spec.get("dice"), tables["trading"]["veterans_dice"], 6,
                      join_path(path, "dice"))
    return rolls.finish({"dice": dice, "experience": sum(dice)})


def recruit_cost(catalogue: Catalogue, card_key: str, items: Sequence[str] = (),
                 models: int = 1) -> dict:
    """A new hero or henchman group: cost and items per model (first dagger free)."""
    card = catalogue.cards.get(card_key)
    if card is None:
        fail("card", f"the game data has no fighter {card_key!r}", "unknown_key")
    models = whole(models, "models", 1, 1 if is_hero(card) else MAX_COUNT)
    for k, key in enumerate(items):
        # new recruits buy common items only; rare ones come from the stash
        common_item_price(catalogue, card_key, key, f"items[{k}]")
    per_model = model_price(catalogue, card, Entry(card=card_key, items=tuple(items)))
    return {"card": card_key, "models": models, "per_model": per_model,
            "total": per_model * models}


def join_group_cost(
    tables: Mapping,
    *,
    base_cost: int,
    equipment_cost: int,
    group_experience: int,
    group_models: int,
    joining: int = 1,
    group_max: int = 5,
    veterans: int | None = None,
) -> dict:
    """New members of an existing henchman group: each costs its base cost, the group's
    equipment and 2 gc per experience point of the group, and joins with that
    experience. ``veterans``: the experience available (``veterans_available``; None:
    not checked; a group without experience needs none)."""
    per_xp = tables["trading"]["recruit_gc_per_xp"]
    base = whole(base_cost, "base_cost", 0, MAX_GOLD)
    gear = whole(equipment_cost, "equipment_cost", 0, MAX_GOLD)
    xp = whole(group_experience, "group_experience", 0, 999)
    models = whole(group_models, "group_models", 1, MAX_COUNT)
    joining = whole(joining, "joining", 1, MAX_COUNT)
    top = whole(group_max, "group_max", 1, MAX_COUNT)
    if models + joining > top:
        fail("joining", f"the group has {models} models: at most {top - models} more may join",
             "henchman_group")
    if veterans is not None and joining * xp > whole(veterans, "veterans", 0, 12):
        fail("joining", f"{joining} recruits of {xp} experience need {joining * xp} "
             f"experience of veterans, {veterans} are available", "no_veterans")
    per_model = base + gear + per_xp * xp
    return {"per_model": per_model, "joining": joining, "total": per_model * joining,
            "experience": xp}


def hired_sword_upkeep(*, treasury: int, upkeep: int, pay: bool) -> dict:
    """After each battle a hired sword fought, his upkeep is paid or he leaves (his
    experience lost)."""
    upkeep = whole(upkeep, "upkeep", 0, MAX_GOLD)
    if flag(pay, "pay"):
        return {"paid": upkeep, "treasury": spend(treasury, upkeep, "upkeep"), "leaves": False}
    return {"paid": 0, "treasury": whole(treasury, "treasury", 0, MAX_GOLD), "leaves": True}


# -- rating and underdog --------------------------------------------------------------


def warband_rating(
    tables: Mapping, fighters: Iterable[Mapping], hired_swords: Iterable[Mapping] = ()
) -> dict:
    """5 per warrior (20 per large creature) + all experience (a group's once per model)
    + each hired sword's rating and experience. Fighters: ``{"models", "experience"
    (per model), "large"}`` (those missing a game still count); hired swords:
    ``{"rating", "experience"}``."""
    rules = tables["rating"]
    warriors = large = experience = hired = 0
    for k, f in enumerate(fighters):
        at = f"fighters[{k}]"
        models = whole(f.get("models", 1), f"{at}.models", 0, MAX_COUNT)
        if f.get("large"):
            large += models
        else:
            warriors += models
        experience += models * whole(f.get("experience", 0), f"{at}.experience", 0, 999)
    for k, h in enumerate(hired_swords):
        at = f"hired_swords[{k}]"
        hired += whole(h.get("rating"), f"{at}.rating", 0, 999)
        hired += whole(h.get("experience", 0), f"{at}.experience", 0, 999)
    rating = (warriors * rules["per_warrior"] + large * rules["per_large_creature"]
              + experience + hired)
    return {"warriors": warriors, "large_creatures": large, "experience": experience,
            "hired_swords": hired, "rating": rating}


def underdog_bonus(tables: Mapping, *, rating: int, opponent_rating: int) -> dict:
    """Extra experience for each surviving warrior of the lower-rated warband, by the
    rating gap (0 for the higher-rated one)."""
    rules = tables["underdog"]
    rating = whole(rating, "rating", 0, MAX_GOLD)
    other = whole(opponent_rating, "opponent_rating", 0, MAX_GOLD)
    gap = max(0, other - rating)
    return {"difference": gap, "xp": in_band(rules["table"], gap)["xp"],
            "unverified": list(rules.get("unverified") or [])}
