"""Post-battle step 5 (docs/rules/mordheim.md): trading, in the order of the rules.

- ``sales``: an item of a fighter (a henchman group sells every model's) or of the
  stash, at half its price (rounded down, unverified).
- ``purchases``: an item for a fighter (from his own equipment list, every model of a
  group) or for the stash (the price list). A rare item needs a hero who fought and was
  not taken out of action to find it first (``searcher``, one roll each): 2D6
  (``roll``, typed or rolled) + ``modifiers`` >= ``rarity``, the item's rarity in the
  game data (typed by the player only for an item it gives none). A failed search buys
  nothing.
- ``recruits``: a new hero or henchman group (``card``, ``size``, ``items``: common items
  only) at its cost, within the warband's limits (one leader, six heroes, the type's
  maximum, the warband's size); or new members of an existing group (``join_entry_id``)
  at base cost + the group's equipment + 2 gc per experience point, as far as the
  veterans available (2D6 once per sequence, ``veterans.dice``) allow.
- ``dismissals`` and ``hires``: hired swords let go and hired (``mordheim_sequence_hire``).
- ``moves``: equipment between fighters and the stash (a group carries one per model).

Kept whole just past 400 lines: the four kinds of trade share one treasury and one
order (the rules'), which reads best in one place; hiring and upkeep are apart.

Gold the treasury does not have refuses the battle (``not_enough_gold``). Hired swords'
upkeep follows trading (``mordheim_sequence_upkeep``).
"""

from __future__ import annotations

from dataclasses import replace

from rules.engine.document import Entry
from rules.engine.violations import N_, Phrase
from rules.systems.mordheim import (
    group_limits,
    is_hero,
    is_large,
    is_leader,
    model_price,
    size_limits,
    starting_experience,
)
from rules.systems.mordheim.dice import CampaignError, fail, join_path, spec_of, text, whole
from rules.systems.mordheim.roster import Fighter
from rules.systems.mordheim.sequence import MAX_RECRUITS, MAX_TRADES, PostBattle, repath, rows
from rules.systems.mordheim.sequence_hire import hiring, roster_document
from rules.systems.mordheim.trading import (
    join_group_cost,
    rare_item_roll,
    recruit_cost,
    sell_price,
    veterans_available,
)

SALE_FIELDS = ("item", "entry_id", "gold")
PURCHASE_FIELDS = ("item", "entry_id", "rarity", "roll", "searcher", "modifiers", "found",
                   "price")
RECRUIT_FIELDS = ("card", "name", "join_entry_id", "size", "items", "entry_id", "cost")
MOVE_FIELDS = ("item", "from_entry_id", "to_entry_id")
MAX_ITEMS = 20
# the words of lines recorded before a recruit's cost was explained: stored campaigns
# still say them, so they stay translated
STORED_WORDS = (N_("Hired: {name} ({card}, {size}), {cost} gc"),
                N_("Hired: {size} more for {name}, {cost} gc"))


def trading(ps: PostBattle) -> None:
    sales = [_sell(ps, row, f"sales[{k}]")
             for k, row in enumerate(rows(ps.spec, "sales", MAX_TRADES))]
    purchases = [_buy(ps, row, f"purchases[{k}]")
                 for k, row in enumerate(rows(ps.spec, "purchases", MAX_TRADES))]
    veterans = _Veterans(ps)
    recruits = [_recruit(ps, row, f"recruits[{k}]", veterans)
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
    if not isinstance(key, str) or key not in ps.catalogue.items:
        fail(path, f"the game data has no item {key!r}",
             "required" if key is None else "unknown_key")
    return ps.catalogue.items[key]


def _pay(ps: PostBattle, amount: int, path: str) -> None:
    if amount > ps.roster.treasury:
        fail(path, f"costs {amount} gc, the treasury has {ps.roster.treasury} gc",
             "not_enough_gold")
    ps.gold(-amount)


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
    if item.key not in _card(ps, f).allowed_items:
        fail(path, f"{f.name} may not carry {item.name}: it is not on his equipment list",
             "equipment_not_allowed")


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
    out: dict = {"item": item.key, "entry_id": who}
    if item.attributes.get("rare"):
        out.update(_search(ps, row, at, item, who))
        if not out["found"]:
            ps.lines.append(Phrase(N_("Rare item not found: {item} (2D6 {roll})"),
                                   {"item": item.name, "roll": out["roll"]}))
            return out
    count = _copies(f) if f is not None else 1
    price = ps.catalogue.item_points(_card(ps, f) if f else None, item.key) * count
    _pay(ps, price, join_path(at, "item"))
    if f is None:
        ps.roster = replace(ps.roster, stash=ps.roster.stash + (item.key,))
    else:
        ps.put(replace(f, items=f.items + (item.key,)))
    out["price"] = price
    ps.lines.append(Phrase(N_("Bought: {item} for {who}, {price} gc"),
                           {"item": item.name, "who": f.name if f else Phrase(N_("the stash")),
                            "price": price}))
    return out


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
                              spec=_only(row, "roll"), rng=ps.rng, path=at)
    except CampaignError as error:
        raise repath(error, {"rarity": join_path(at, "rarity"),
                             "modifiers": join_path(at, "modifiers")}) from None
    return {"searcher": searcher, "rarity": roll["rarity"], "roll": roll["roll"],
            "modifiers": list(roll["modifiers"]), "found": roll["found"]}


def _only(row, *keys) -> dict:
    return {k: row[k] for k in keys if row.get(k) is not None}


# -- recruits -------------------------------------------------------------------------


class _Veterans:
    """2D6 of veterans' experience, rolled once per sequence, when a group with
    experience takes new members."""

    def __init__(self, ps: PostBattle):
        self.ps, self.dice, self.left = ps, None, 0

    def take(self, experience: int, path: str) -> None:
        if self.dice is None:
            rolled = veterans_available(self.ps.tables, _only(self.ps.spec.get("veterans") or {},
                                                              "dice"),
                                        rng=self.ps.rng, path="veterans")
            self.dice, self.left = rolled["dice"], rolled["experience"]
        if experience > self.left:
            fail(path, f"these recruits need {experience} experience of veterans, "
                 f"{self.left} are left this time (2D6 {sum(self.dice)})", "no_veterans")
        self.left -= experience


def _room(ps: PostBattle, card, size: int, path: str, card_path: str) -> None:
    """The limits with ``size`` more of ``card`` (the size as its hired swords raise it)."""
    active = ps.roster.active()
    _low, top = size_limits(ps.catalogue, roster_document(ps))
    members = sum(f.models for f in active)
    if members + size > top:
        fail(path, f"the warband has {members} fighters: at most {top}", "warband_size")
    most = card.attributes.get("type_limit")
    same = sum(f.models for f in active if f.card == card.key)
    if most is not None and same + size > most:
        fail(card_path, f"{card.name}: {same + size} models, at most {most}", "type_limit")


def _recruit(ps: PostBattle, row, at: str, veterans: _Veterans) -> dict:
    spec_of(row, at, RECRUIT_FIELDS)
    size = whole(row.get("size") or 1, join_path(at, "size"), 1, 5)
    items = row.get("items") or []
    if not isinstance(items, list) or len(items) > MAX_ITEMS:
        fail(join_path(at, "items"), f"must be a list of at most {MAX_ITEMS} item keys")
    if row.get("join_entry_id") is not None:
        return _join(ps, row, at, size, items, veterans)
    card = _recruit_card(ps, row.get("card"), join_path(at, "card"))
    hero = is_hero(card)
    _may_recruit(ps, card, size, at)
    try:
        cost = recruit_cost(ps.catalogue, card.key, items, models=size)
    except CampaignError as error:
        raise repath(error, {"card": join_path(at, "card"), "models": join_path(at, "size")},
                     prefix=at) from None
    _pay(ps, cost["total"], join_path(at, "card"))
    new_id = ps.new_entry_id(row.get("entry_id"), join_path(at, "entry_id"))
    name = text(row["name"], join_path(at, "name")) if row.get("name") else card.name
    ps.add(Fighter(
        entry=None, entry_id=new_id, card=card.key, name=name, hero=hero, models=size,
        items=tuple(items), stats=dict(card.stats),
        experience=starting_experience(card) if hero else 0, large=is_large(card),
        leader=is_leader(card), joined=ps.number,
        skill_lists=tuple(card.attributes.get("skill_lists") or ()) if hero else (),
    ))
    ps.lines.append(Phrase(N_("Hired: {name} ({card}, {size}), {cost}"),
                           {"name": name, "card": card.name, "size": size,
                            "cost": _recruit_sum(card.points, cost["per_model"] - card.points,
                                                 0, size, cost["total"])}))
    return {"card": card.key, "name": row.get("name"), "size": size, "items": list(items),
            "join_entry_id": None, "entry_id": new_id, "cost": cost["total"]}


def _recruit_card(ps: PostBattle, key, path: str):
    """The card of a new fighter: one the game data knows, of this warband."""
    card = ps.catalogue.cards.get(key) if isinstance(key, str) else None
    if card is None:
        fail(path, f"the game data has no fighter {key!r}",
             "required" if key is None else "unknown_key")
    if card.faction != ps.roster.faction:
        fail(path, f"{card.name} is not a fighter of this warband", "faction")
    return card


def _may_recruit(ps: PostBattle, card, size: int, at: str) -> None:
    """A hero alone, a group within its size; the warband's heroes, leader and limits."""
    hero = is_hero(card)
    if hero and size != 1:
        fail(join_path(at, "size"), f"{card.name} is a hero: one model", "henchman_group")
    if not hero and size > group_limits(card, ps.catalogue.params_for("henchman_group"))[1]:
        fail(join_path(at, "size"), f"a group of {card.name} is too large", "henchman_group")
    most = ps.catalogue.params_for("hero_limit").get("max", ps.tables["advance_rules"]
                                                    ["max_heroes"])
    if hero and ps.heroes() + 1 > most:
        fail(join_path(at, "card"), f"the warband has {ps.heroes()} heroes: at most {most}",
             "hero_limit")
    if is_leader(card) and any(f.leader for f in ps.roster.active()):
        fail(join_path(at, "card"), "the warband has its leader", "leader")
    _room(ps, card, size, join_path(at, "size"), join_path(at, "card"))


def _join(ps: PostBattle, row, at: str, size: int, items, veterans: _Veterans) -> dict:
    group = ps.target(row["join_entry_id"], join_path(at, "join_entry_id"), hero=False)
    card = _card(ps, group)
    if row.get("card") not in (None, card.key):
        fail(join_path(at, "card"), f"new members of {group.name} are {card.name}s")
    if items:
        fail(join_path(at, "items"), "new members of a group carry the group's equipment")
    gear = model_price(ps.catalogue, card, Entry(card=card.key, items=group.items)) - card.points
    _room(ps, card, size, join_path(at, "size"), join_path(at, "join_entry_id"))
    try:
        cost = join_group_cost(
            ps.tables, base_cost=card.points, equipment_cost=max(gear, 0),
            group_experience=group.experience, group_models=group.models, joining=size,
            group_max=group_limits(card, ps.catalogue.params_for("henchman_group"))[1])
    except CampaignError as error:
        raise repath(error, {"joining": join_path(at, "size")}) from None
    if group.experience:
        veterans.take(size * group.experience, join_path(at, "size"))
    _pay(ps, cost["total"], join_path(at, "join_entry_id"))
    ps.put(replace(group, models=group.models + size))
    ps.lines.append(Phrase(N_("Hired: {size} more for {name}, {cost}"),
                           {"size": size, "name": group.name,
                            "cost": _recruit_sum(card.points, max(gear, 0), cost["experience"],
                                                 size, cost["total"])}))
    return {"card": card.key, "name": None, "size": size, "items": [],
            "join_entry_id": group.entry_id, "entry_id": None, "cost": cost["total"]}


def _recruit_sum(base: int, gear: int, experience: int, models: int, total: int) -> Phrase:
    """A recruit's cost explained: the fighter's cost, his equipment and, joining a group
    with experience, the gold per experience point, per model and times the models."""
    parts = [Phrase(N_("{gc} cost"), {"gc": base})]
    if gear:
        parts.append(Phrase(N_("{gc} equipment"), {"gc": gear}))
    if experience:
        parts.append(Phrase(N_("{gc} for {xp} experience"),
                            {"gc": (total // models) - base - gear, "xp": experience}))
    if len(parts) == 1 and models == 1:
        return Phrase(N_("{total} gc"), {"total": total})  # his cost alone: nothing to explain
    return Phrase(N_("{total} gc ({parts})") if models == 1
                  else N_("{total} gc ({models} x ({parts}))"),
                  {"total": total, "models": models, "parts": _joined(parts)})


def _joined(parts: list[Phrase]) -> Phrase:
    """Phrases joined with " + " (a list param is joined with "; ")."""
    out = parts[0]
    for part in parts[1:]:
        out = Phrase(N_("{a} + {b}"), {"a": out, "b": part})
    return out


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

