"""Post-battle step 5 (docs/rules/mordheim.md): trading, in the order of the rules.

- ``sales``: an item of a fighter (a henchman group sells every model's) or of the
  stash, at half its price (rounded down, unverified).
- ``purchases``: an item for a fighter (from his own equipment list at its price, every
  model of a group; a hero also any miscellaneous item) or for the stash, of those his
  warband may buy (the item's ``buyers``). An item off the fighter's list costs the
  trading chart's price (``mordheim_prices``): its dice (``price_dice``, typed or
  rolled), or a multiple of the weapon it is made of (``of``). ``price`` answers what
  was paid; a record kept before its price had dice names it without them, and that is
  what it paid. A rare item needs a hero who fought and was not taken out of action to
  find it first (``searcher``, one roll each): 2D6 (``roll``, typed or rolled) +
  ``modifiers`` >= ``rarity``, the item's rarity in the game data (typed by the player
  only for an item it gives none). A failed search buys nothing.
- ``recruits``: new fighters or new members of a group (``mordheim_sequence_recruit``).
- ``dismissals`` and ``hires``: hired swords let go and hired (``mordheim_sequence_hire``).
- ``moves``: equipment between fighters and the stash (a group carries one per model).

Recruits, hiring and upkeep have modules of their own.

Gold the treasury does not have refuses the battle (``not_enough_gold``). Hired swords'
upkeep follows trading (``mordheim_sequence_upkeep``).
"""

from __future__ import annotations

from dataclasses import replace

from rules.engine.violations import N_, Phrase
from rules.systems.mordheim.dice import (
    MAX_GOLD,
    CampaignError,
    Rolls,
    fail,
    join_path,
    spec_of,
    whole,
)
from rules.systems.mordheim.hired_swords import is_hired_sword
from rules.systems.mordheim.prices import (
    buyable_by,
    dice_of,
    heroes_only,
    later_base,
    multiple,
    multiple_of,
    price_words,
)
from rules.systems.mordheim.roster import Fighter
from rules.systems.mordheim.sequence import MAX_RECRUITS, MAX_TRADES, PostBattle, repath, rows
from rules.systems.mordheim.sequence_hire import hiring
from rules.systems.mordheim.sequence_recruit import Veterans, only, pay, recruit
from rules.systems.mordheim.trading import rare_item_roll, sell_price

SALE_FIELDS = ("item", "entry_id", "gold")
PURCHASE_FIELDS = ("item", "entry_id", "rarity", "roll", "searcher", "modifiers", "found",
                   "price", "price_dice", "of")
MOVE_FIELDS = ("item", "from_entry_id", "to_entry_id")


def trading(ps: PostBattle) -> None:
    sales = [_sell(ps, row, f"sales[{k}]")
             for k, row in enumerate(rows(ps.spec, "sales", MAX_TRADES))]
    purchases = [_buy(ps, row, f"purchases[{k}]")
                 for k, row in enumerate(rows(ps.spec, "purchases", MAX_TRADES))]
    veterans = Veterans(ps)
    recruits = [recruit(ps, row, f"recruits[{k}]", veterans)
                for k, row in enumerate(rows(ps.spec, "recruits", MAX_RECRUITS))]
    hired = hiring(ps)
    moves = [_move(ps, row, f"moves[{k}]")
             for k, row in enumerate(rows(ps.spec, "moves", MAX_TRADES))]
    ps.resolved.update(sales=sales, purchases=purchases, recruits=recruits, moves=moves)
    if veterans.dice is not None:
        ps.resolved["veterans"] = {"dice": veterans.dice}
    rare = [{k: p[k] for k in ("item", "searcher", "rarity", "roll", "modifiers", "found")}
            for p in purchases if "searcher" in p]
    ps.step("trading", {"rare": rare, "veterans": veterans.dice}, {
        "sales": sales, "purchases": purchases, "recruits": recruits, "moves": moves, **hired})


# -- helpers --------------------------------------------------------------------------


def _item(ps: PostBattle, key, path: str):
    """The item ``key`` names (an old key of an item renamed since: the item now)."""
    if isinstance(key, str) and key not in ps.catalogue.items:
        key = ps.catalogue.current_key("item", key) or key
    if not isinstance(key, str) or key not in ps.catalogue.items:
        fail(path, f"the game data has no item {key!r}",
             "required" if key is None else "unknown_key")
    return ps.catalogue.items[key]


def _without(items: tuple[str, ...], key: str, times: int = 1) -> tuple[str, ...]:
    out = list(items)
    for _ in range(times):
        out.remove(key)
    return tuple(out)


def _card(ps: PostBattle, f: Fighter):
    return ps.catalogue.cards[f.card]


def _copies(f: Fighter) -> int:
    """How many of one item a fighter carries: one per model of a group."""
    return 1 if f.hero else f.models


def _may_carry(ps: PostBattle, f: Fighter, item, path: str) -> None:
    """From his own list; a hero who buys equipment may also carry any miscellaneous item
    (the trading chart's rule), a henchman and a hired sword only their list's."""
    card = _card(ps, f)
    if item.key in card.allowed_items:
        return
    if f.hero and item.kind == "miscellaneous" and card.takes_items and not is_hired_sword(
            card):
        return
    fail(path, f"{f.name} may not carry {item.name}: it is not on his equipment list",
         "equipment_not_allowed")


def _may_buy(ps: PostBattle, f: Fighter | None, item, path: str) -> None:
    """The warband may buy the item (its ``buyers``), a hero-only item goes to a hero;
    an item on the fighter's own list he may always buy."""
    if f is not None and item.key in _card(ps, f).allowed_items:
        return
    if not buyable_by(item, ps.roster.faction):
        fail(path, f"{item.name} is not for this warband ({item.attributes.get('available_to')})",
             "not_for_this_warband")
    if heroes_only(item) and f is not None and not f.hero:
        fail(path, f"{item.name} is for heroes only", "heroes_only")


# -- selling and buying ---------------------------------------------------------------


def _sell(ps: PostBattle, row, at: str) -> dict:
    spec_of(row, at, SALE_FIELDS)
    item = _item(ps, row.get("item"), join_path(at, "item"))
    who = row.get("entry_id")
    if who is None:
        if item.key not in ps.roster.stash:
            fail(join_path(at, "item"), f"the stash holds no {item.name}", "not_held")
        price, count = item.points, 1
        ps.roster = replace(ps.roster, stash=_without(ps.roster.stash, item.key))
        name = None
    else:
        f = ps.target(who, join_path(at, "entry_id"))
        if item.key not in f.items:
            fail(join_path(at, "item"), f"{f.name} has no {item.name}", "not_held")
        price, count = ps.catalogue.item_points(_card(ps, f), item.key), _copies(f)
        ps.put(replace(f, items=_without(f.items, item.key)))
        name = f.name
    gold = sell_price(ps.tables, price, count)
    ps.gold(gold)
    ps.lines.append(Phrase(N_("Sold: {item} of {who} for {gold} gc"),
                           {"item": item.name, "who": name or Phrase(N_("the stash")),
                            "gold": gold}))
    return {"item": item.key, "entry_id": who, "gold": gold}


def _buy(ps: PostBattle, row, at: str) -> dict:
    spec_of(row, at, PURCHASE_FIELDS)
    item = _item(ps, row.get("item"), join_path(at, "item"))
    who = row.get("entry_id")
    f = ps.target(who, join_path(at, "entry_id")) if who is not None else None
    if f is not None:
        _may_carry(ps, f, item, join_path(at, "item"))
    _may_buy(ps, f, item, join_path(at, "item"))
    out: dict = {"item": item.key, "entry_id": who}
    if item.attributes.get("rare"):
        out.update(_search(ps, row, at, item, who))
        if not out["found"]:
            ps.lines.append(Phrase(N_("Rare item not found: {item} (2D6 {roll})"),
                                   {"item": item.name, "roll": out["roll"]}))
            return out
    count = _copies(f) if f is not None else 1
    each, paid_as, how = _unit_price(ps, row, at, item, f)
    price = each * count
    if row.get("price") is not None and paid_as and price != row["price"]:
        fail(join_path(at, "price"), f"{row['price']!r} is not what {item.name} costs with "
             f"these dice ({price} gc)")
    pay(ps, price, join_path(at, "item"))
    if f is None:
        ps.roster = replace(ps.roster, stash=ps.roster.stash + (item.key,))
    else:
        ps.put(replace(f, items=f.items + (item.key,)))
    out.update(paid_as)
    out["price"] = price
    who_name = f.name if f else Phrase(N_("the stash"))
    if how is None:
        ps.lines.append(Phrase(N_("Bought: {item} for {who}, {price} gc"),
                               {"item": item.name, "who": who_name, "price": price}))
    else:
        ps.lines.append(Phrase(N_("Bought: {item} for {who}, {price} gc ({how})"),
                               {"item": item.name, "who": who_name, "price": price,
                                "how": how}))
    return out


def _no_price_fields(row, at: str, item, on_list: bool) -> None:
    """Dice only for a price with dice, ``of`` only for a multiple, neither for a list's
    fixed price."""
    takes = {"price_dice": not on_list and dice_of(item) is not None,
             "of": not on_list and bool(multiple_of(item))}
    for key, allowed in takes.items():
        if row.get(key) is not None and not allowed:
            fail(join_path(at, key), f"{item.name} costs a fixed price here: it takes no "
                 f"{key!r}")


def _unit_price(ps: PostBattle, row, at: str, item, f: Fighter | None):
    """What one of the item costs: his list's price, else the chart's (its dice typed or
    rolled, or the multiple of the weapon it is made of); what the row keeps of how it
    was paid; the words that explain it (None: a plain price)."""
    card = _card(ps, f) if f is not None else None
    on_list = card is not None and item.key in card.allowed_items
    _no_price_fields(row, at, item, on_list)
    if on_list:
        return card.allowed_items[item.key], {}, None
    if multiple_of(item):
        weapon = _item(ps, row.get("of"), join_path(at, "of"))
        each = multiple(item, weapon, join_path(at, "of"))
        return each, {"of": weapon.key}, Phrase(N_("{times} × {weapon}"), {
            "times": multiple_of(item), "weapon": weapon.name})
    dice = dice_of(item)
    if dice is None:
        return later_base(item), {}, None
    if row.get("price_dice") is None and row.get("price") is not None:
        # a record kept before this item's price had dice: what it paid is the price
        return whole(row["price"], join_path(at, "price"), 0, MAX_GOLD), {}, None
    faces = Rolls(ps.rng).dice(row.get("price_dice"), dice["count"], 6,
                               join_path(at, "price_dice"))
    each = later_base(item) + sum(faces) * dice["times"]
    return each, {"price_dice": faces}, Phrase(N_("{price}: rolled {faces}"), {
        "price": price_words(item), "faces": " + ".join(str(face) for face in faces)})


def _search(ps: PostBattle, row, at: str, item, who) -> dict:
    path = join_path(at, "searcher")
    searcher = row.get("searcher") or who
    if searcher is None:
        fail(path, f"{item.name} is rare: name the hero who searches for it", "required")
    hero = ps.target(searcher, path, fought=True, hero=True)
    if searcher not in ps.fought_as_heroes:
        fail(path, f"{hero.name} did not fight this battle as a hero", "not_allowed")
    if searcher in ps.out_of_action:
        fail(path, f"{hero.name} was taken out of action: he may not search", "not_allowed")
    if searcher in ps.searched:
        fail(path, f"{hero.name} has already searched for a rare item", "already_searched")
    ps.searched.add(searcher)
    # the pack's rarity; typed only for an item the game data gives none
    rarity = item.attributes.get("rarity")
    if rarity is None:
        rarity = row.get("rarity")
    if rarity is None:
        fail(join_path(at, "rarity"), f"{item.name} is rare: type its rarity (Rare N in your "
             "rulebook; the game data has none)", "required")
    modifiers = row.get("modifiers") or []
    if not isinstance(modifiers, list) or len(modifiers) > 5:
        fail(join_path(at, "modifiers"), "must be a list of at most 5 modifiers")
    try:
        roll = rare_item_roll(ps.tables, rarity=rarity, modifiers=modifiers,
                              spec=only(row, "roll"), rng=ps.rng, path=at)
    except CampaignError as error:
        raise repath(error, {"rarity": join_path(at, "rarity"),
                             "modifiers": join_path(at, "modifiers")}) from None
    return {"searcher": searcher, "rarity": roll["rarity"], "roll": roll["roll"],
            "modifiers": list(roll["modifiers"]), "found": roll["found"]}


# -- equipment between fighters and the stash -----------------------------------------


def _move(ps: PostBattle, row, at: str) -> dict:
    spec_of(row, at, MOVE_FIELDS)
    item = _item(ps, row.get("item"), join_path(at, "item"))
    src, dst = row.get("from_entry_id"), row.get("to_entry_id")
    if src == dst:
        fail(join_path(at, "to_entry_id"), "from and to are the same")
    target = ps.target(dst, join_path(at, "to_entry_id")) if dst is not None else None
    if target is not None:
        _may_carry(ps, target, item, join_path(at, "item"))
    need = _copies(target) if target is not None else None
    if src is None:
        copies = need
        if ps.roster.stash.count(item.key) < copies:
            fail(join_path(at, "item"), f"the stash holds {ps.roster.stash.count(item.key)} "
                 f"{item.name}, {copies} are needed", "not_held")
        ps.roster = replace(ps.roster, stash=_without(ps.roster.stash, item.key, copies))
    else:
        source = ps.target(src, join_path(at, "from_entry_id"))
        if item.key not in source.items:
            fail(join_path(at, "item"), f"{source.name} has no {item.name}", "not_held")
        copies = _copies(source)
        if need is not None and need != copies:
            fail(join_path(at, "to_entry_id"), f"{source.name} gives {copies} {item.name}, "
                 f"{target.name} needs {need} (one per model)", "invalid")
        ps.put(replace(source, items=_without(source.items, item.key)))
    if target is None:
        ps.roster = replace(ps.roster, stash=ps.roster.stash + (item.key,) * copies)
    else:
        target = ps.fighter(target.entry_id)
        ps.put(replace(target, items=target.items + (item.key,)))
    stash = Phrase(N_("the stash"))
    ps.lines.append(Phrase(N_("Moved: {item} from {source} to {target}"), {
        "item": item.name if copies == 1 else f"{copies} x {item.name}",
        "source": stash if src is None else ps.fighter(src).name,
        "target": stash if target is None else target.name}))
    return {"item": item.key, "from_entry_id": src, "to_entry_id": dst}

