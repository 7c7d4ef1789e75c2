"""Mordheim exploration and wyrdstone sale (post-battle steps 3 and 4, docs/rules/mordheim.md).

Public functions, in the order the API calls them once per post-battle sequence:

1. ``exploration_dice(tables, heroes_not_out_of_action=..., won=..., extra_dice=...,
   straggler=...)``: how many dice to roll and keep (one per hero who fought and was
   not taken out of action, +1 for the winner, extra dice from skills and items; keep 6
   at most; a Straggler found last time adds a die to discard).
2. ``explore(tables, roll=..., keep=..., warband=..., spec=..., rng=...)``: the dice
   (re-rolls and discards are the player's choices), shards by the dice total, the most
   numerous set of multiples (equal sets: the highest face, unverified) and its
   location with the reward resolved. ``found`` sums what the roster gains: gold,
   shards, items (pack item ``key`` where the pack has the item), experience, zombies,
   flags for lasting effects and notes for what the engine does not apply.
3. ``sell_wyrdstone(tables, shards=..., warband_size=..., held=..., sales_so_far=...)``:
   the gold of one sale by the sale table (once per sequence); ``sale_warband_size``
   counts the warriors (hired swords are not counted).

``shards_for_total``, ``multiples`` and ``location`` are the table look-ups on their own.

Location effects (``tables["exploration"]["locations"][n]["effect"]``) are mappings of:
``gold``/``shards`` (a dice expression such as "2D6x5" or "D6+1", or a number), ``items``
(``name``, ``key``, ``count``, ``worth``, ``sell_multiplier``), ``artefact`` (a D6 on the
artefact table, duplicates re-rolled), ``d6`` (a sub-roll: rows of ``min``/``max``/``then``),
``by_warband`` (by warband key, else ``others``), ``test`` (``dice`` <= a characteristic
the player gives, of a ``who``: hero or leader; ``auto_pass`` warbands; ``pass``/``fail``),
``choose`` (the player picks an option), ``finds`` (per find a D6 of ``min``+; None: no
roll), ``if_gold_roll`` (extra when the gold dice total ``equals``), ``if_gold_double``
(instead of the gold when its two dice match), ``misses_games`` and ``hero_lost`` (the
tested or searching hero), ``leader_xp``, ``heroes_xp``, ``zombies``, ``flag``, ``note``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .dice import (
    MAX_COUNT,
    Rolls,
    fail,
    flag,
    in_band,
    is_int,
    join_path,
    spec_of,
    text,
    whole,
)

EXPLORE_INPUTS = ("rolled", "rerolls", "discard", "location")
EXPLORE_DERIVED = ("dice", "total", "shards", "multiple", "found", "pending")


def exploration_dice(
    tables: Mapping,
    *,
    heroes_not_out_of_action: int,
    won: bool,
    extra_dice: int = 0,
    straggler: bool = False,
) -> dict:
    """``{"roll": dice to roll, "keep": dice to keep}``. Heroes who missed the battle or
    went out of action roll none; henchmen never roll."""
    rules = tables["exploration"]
    heroes = whole(heroes_not_out_of_action, "heroes_not_out_of_action", 0, 6)
    extra = whole(extra_dice, "extra_dice", 0, 6)
    usual = heroes * rules["per_hero"] + (rules["won"] if flag(won, "won") else 0) + extra
    keep = min(usual, rules["keep_at_most"])
    return {"roll": usual + (1 if flag(straggler, "straggler") else 0), "keep": keep}


def shards_for_total(tables: Mapping, total: int) -> int:
    """Wyrdstone shards found for a dice total."""
    total = whole(total, "total", 1, 36)
    return in_band(tables["exploration"]["shards"], total)["shards"]


def multiples(dice: Sequence[int]) -> dict | None:
    """The set of equal dice to look up: the most numerous, equal sets by the highest
    face (``{"count", "face"}``), None without two equal dice."""
    counts = Counter(dice)
    if not counts:
        return None
    face, count = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
    return {"count": count, "face": face} if count >= 2 else None


def location(tables: Mapping, count: int, face: int) -> Mapping:
    for row in tables["exploration"]["locations"]:
        if row["count"] == count and row["face"] == face:
            return row
    fail("multiple", f"no location for {count} x {face}")


def explore(
    tables: Mapping,
    *,
    roll: int,
    keep: int,
    warband: str,
    rerolls_allowed: int = 0,
    artefacts_found: Iterable[str] = (),
    spec: Mapping | None = None,
    rng=None,
    path: str = "",
) -> dict:
    """Roll ``roll`` dice, keep ``keep`` of them, and find what they give.

    ``spec``: ``rolled`` (the dice), ``rerolls`` (up to ``rerolls_allowed`` of
    ``{"die": index, "roll": new}``, each die once; ``[]`` for none), ``discard`` (the
    indexes of the ``roll - keep`` dice dropped), ``location`` (the location's own rolls
    and choices). ``warband``: the pack faction key (warband-specific rewards).
    ``artefacts_found``: magical artefacts the campaign already has (each appears once).
    """
    rolls = Rolls(rng)
    spec = spec_of(spec, path, EXPLORE_INPUTS + EXPLORE_DERIVED)
    at = lambda name: join_path(path, name)  # noqa: E731
    roll = whole(roll, "roll", 0, 13)
    keep = whole(keep, "keep", 0, tables["exploration"]["keep_at_most"])
    if keep > roll:
        fail("keep", f"cannot keep {keep} of {roll} dice")
    allowed = whole(rerolls_allowed, "rerolls_allowed", 0, 6)
    rolled = rolls.dice(spec.get("rolled"), roll, 6, at("rolled"))
    out: dict = {"rolled": rolled, "rerolls": None, "discard": None, "dice": None, "total": 0,
                 "shards": 0, "multiple": None, "location": None, "found": None}
    dice = list(rolled)
    if allowed and roll:
        out["rerolls"] = _rerolls(spec.get("rerolls"), dice, allowed, rolls, at("rerolls"))
        if out["rerolls"] is None:
            return rolls.finish(out)
    elif spec.get("rerolls"):
        fail(at("rerolls"), "this warband has no exploration re-roll", "not_allowed")
    drop = _discard(spec.get("discard"), roll - keep, roll, rolls, at("discard"))
    if drop is None:
        return rolls.finish(out)
    out["discard"] = drop
    kept = [d for k, d in enumerate(dice) if k not in drop]
    out["dice"] = kept
    if not kept:
        out["found"] = _found(None)
        return rolls.finish(out)
    out["total"] = sum(kept)
    out["shards"] = shards_for_total(tables, out["total"])
    found_set = multiples(kept)
    if found_set is None:
        if spec.get("location"):
            fail(at("location"), "no multiples: no location to search")
        out["found"] = _found(None)
        return rolls.finish(out)
    place = location(tables, found_set["count"], found_set["face"])
    doubts = list(place.get("unverified") or [])
    if sum(1 for n in Counter(kept).values() if n == found_set["count"]) > 1:
        # two sets of the same size: the highest face is looked up (a single source)
        doubts += [k for k in tables["exploration"].get("unverified", []) if k == "equal_sets"]
    out["multiple"] = {**found_set, "name": place["name"], "unverified": doubts}
    ctx = _Context(tables, warband, list(artefacts_found), rolls)
    out["location"] = _effect(place["effect"], spec.get("location"), ctx, at("location"))
    out["found"] = _found(out["location"])
    return rolls.finish(out)


def _rerolls(given, dice: list[int], allowed: int, rolls: Rolls, path: str):
    """Apply the re-rolls to ``dice`` (in place); None while the player has not decided."""
    if given is None:
        rolls.pending.append({"path": path, "options": list(range(len(dice))),
                              "up_to": allowed})
        return None
    if not isinstance(given, list) or len(given) > allowed:
        fail(path, f"must be a list of at most {allowed} re-rolls")
    out, seen = [], set()
    for k, entry in enumerate(given):
        at = f"{path}[{k}]"
        entry = spec_of(entry, at, ("die", "was", "roll"))
        die = whole(entry.get("die"), join_path(at, "die"), 0, len(dice) - 1)
        if die in seen:
            fail(join_path(at, "die"), f"die {die} is already re-rolled")
        seen.add(die)
        new = rolls.die(entry.get("roll"), 6, join_path(at, "roll"))
        out.append({"die": die, "was": dice[die], "roll": new})
        dice[die] = new
    return out


def _discard(given, count: int, roll: int, rolls: Rolls, path: str):
    if count == 0:
        if given:
            fail(path, "all dice are kept")
        return []
    if given is None:
        rolls.pending.append({"path": path, "options": list(range(roll)), "choose": count})
        return None
    if (not isinstance(given, list) or len(given) != count or len(set(given)) != count
            or not all(is_int(i) and 0 <= i < roll for i in given)):
        fail(path, f"must list {count} different dice (indexes 0 to {roll - 1})")
    return sorted(given)


# -- location effects -----------------------------------------------------------------


class _Context:
    def __init__(self, tables, warband, artefacts, rolls: Rolls):
        self.tables, self.warband, self.artefacts, self.rolls = tables, warband, artefacts, rolls


PASS_THROUGH = ("misses_games", "hero_lost", "flag", "note", "unverified")
DICE_KEYS = ("gold", "shards", "leader_xp", "heroes_xp", "zombies")


def _effect(effect: Mapping, given, ctx: _Context, path: str) -> dict:
    """Resolve one effect: its rolls (typed in ``given`` or rolled) and choices."""
    if given is None:
        given = {}
    elif not isinstance(given, Mapping):
        fail(path, "must be an object")
    at = lambda name: join_path(path, name)  # noqa: E731
    rolls = ctx.rolls
    out: dict = {key: effect[key] for key in PASS_THROUGH if key in effect}
    for key in DICE_KEYS:
        if key in effect:
            out[key] = rolls.expr(effect[key], given.get(key), at(key))
    gold = out.get("gold")
    if "if_gold_roll" in effect and sum(gold["dice"]) == effect["if_gold_roll"]["equals"]:
        out["if_gold_roll"] = _effect(effect["if_gold_roll"]["then"], given.get("if_gold_roll"),
                                      ctx, at("if_gold_roll"))
    if "if_gold_double" in effect and len(gold["dice"]) == 2 and len(set(gold["dice"])) == 1:
        # the double gives the other reward instead of the gold
        out["gold"] = {**gold, "value": 0, "instead": True}
        out["if_gold_double"] = _effect(effect["if_gold_double"], given.get("if_gold_double"),
                                        ctx, at("if_gold_double"))
    if "items" in effect:
        out["items"] = _items(effect["items"], given.get("items"), rolls, at("items"))
    if effect.get("artefact"):
        out["artefact"] = _artefact(given.get("artefact"), ctx, at("artefact"))
    if "d6" in effect:
        sub = given.get("d6") or {}
        roll = rolls.die(sub.get("roll"), 6, join_path(at("d6"), "roll"))
        row = in_band(effect["d6"], roll)
        out["d6"] = {"roll": roll, "then": _effect(row["then"], sub.get("then"), ctx,
                                                    join_path(at("d6"), "then"))}
    if "by_warband" in effect:
        key = ctx.warband if ctx.warband in effect["by_warband"] else "others"
        sub = given.get("by_warband") or {}
        out["by_warband"] = {"warband": key, "then": _effect(
            effect["by_warband"][key], sub.get("then"), ctx, join_path(at("by_warband"), "then"))}
    if "test" in effect:
        out["test"] = _test(effect["test"], given.get("test") or {}, ctx, at("test"))
    if "choose" in effect:
        sub = given.get("choose") or {}
        option = rolls.choose(sub.get("option"), list(effect["choose"]),
                              join_path(at("choose"), "option"))
        out["choose"] = {"option": option, "then": None if option is None else _effect(
            effect["choose"][option], sub.get("then"), ctx, join_path(at("choose"), "then"))}
    if "finds" in effect:
        out["finds"] = _finds(effect["finds"], given.get("finds"), ctx, at("finds"))
    return out


def _items(items, given, rolls: Rolls, path: str) -> list[dict]:
    given = given if isinstance(given, list) else []
    out = []
    for k, item in enumerate(items):
        sub = given[k] if k < len(given) and isinstance(given[k], Mapping) else {}
        at = f"{path}[{k}]"
        count = rolls.expr(item.get("count", 1), sub.get("count_dice"), join_path(at, "count"))
        entry = {"name": item["name"], "key": item.get("key"), "count": count["value"],
                 "count_dice": count["dice"]}
        if "worth" in item:
            entry["worth"] = rolls.expr(item["worth"], sub.get("worth"), join_path(at, "worth"))
        if "sell_multiplier" in item:
            entry["sell_multiplier"] = item["sell_multiplier"]
        out.append(entry)
    return out


def _artefact(given, ctx: _Context, path: str) -> dict:
    names = ctx.tables["exploration"]["artefacts"]
    given = given if isinstance(given, Mapping) else {}
    taken = set(ctx.artefacts)
    rerolled = list(given.get("rerolled") or [])
    for k, old in enumerate(rerolled):
        ctx.rolls.die(old, 6, f"{join_path(path, 'rerolled')}[{k}]")
        if names[old - 1] not in taken:
            fail(f"{join_path(path, 'rerolled')}[{k}]", f"{names[old - 1]} is not found yet: "
                 "it is not re-rolled")
    if taken >= set(names):
        return {"roll": None, "rerolled": rerolled, "name": None,
                "note": "every magical artefact is already found"}
    roll = given.get("roll")
    if roll is not None:
        ctx.rolls.die(roll, 6, join_path(path, "roll"))
        if names[roll - 1] in taken:
            fail(join_path(path, "roll"), f"{names[roll - 1]} is already found: re-roll it",
                 "rerolled")
    while roll is None:
        roll = ctx.rolls.die(None, 6, join_path(path, "roll"))
        if names[roll - 1] in taken:
            rerolled.append(roll)
            roll = None
    ctx.artefacts.append(names[roll - 1])
    return {"roll": roll, "rerolled": rerolled, "name": names[roll - 1]}


def _test(test: Mapping, given: Mapping, ctx: _Context, path: str) -> dict:
    at = lambda name: join_path(path, name)  # noqa: E731
    out: dict = {"stat": test["stat"], "who": test["who"]}
    if ctx.warband in (test.get("auto_pass") or ()):
        out.update(auto_pass=True, passed=True,
                   then=_effect(test["pass"], given.get("then"), ctx, at("then")))
        return out
    value = given.get("value")
    if value is None:
        ctx.rolls.pending.append({"path": at("value"), "options": [],
                                  "stat": test["stat"], "who": test["who"]})
        out.update(value=None, passed=None, then=None)
        return out
    out["value"] = whole(value, at("value"), 0, 10)
    if given.get("fighter") is not None:
        out["fighter"] = text(given["fighter"], at("fighter"))
    roll = ctx.rolls.expr(test["dice"], given.get("roll"), at("roll"))
    passed = roll["value"] <= out["value"]
    out.update(roll=roll, passed=passed, then=_effect(
        test["pass" if passed else "fail"], given.get("then"), ctx, at("then")))
    return out


def _finds(finds, given, ctx: _Context, path: str) -> list[dict]:
    given = given if isinstance(given, list) else []
    out = []
    for k, find in enumerate(finds):
        sub = given[k] if k < len(given) and isinstance(given[k], Mapping) else {}
        at = f"{path}[{k}]"
        if find["min"] is None:
            roll, found = None, True
        else:
            roll = ctx.rolls.die(sub.get("roll"), 6, join_path(at, "roll"))
            found = roll >= find["min"]
        out.append({"roll": roll, "needs": find["min"], "found": found,
                    "then": _effect(find["then"], sub.get("then"), ctx, join_path(at, "then"))
                    if found else None})
    return out


def _found(resolved: Mapping | None) -> dict:
    """What a resolved location gives the warband, summed over its whole tree."""
    total: dict = {"gold": 0, "shards": 0, "items": [], "leader_xp": 0, "heroes_xp": 0,
                   "zombies": 0, "misses_games": 0, "hero_lost": False, "flags": [], "notes": [],
                   "unverified": False}

    def walk(node):
        if not isinstance(node, Mapping):
            return
        for key in DICE_KEYS:
            if key in node:
                total[key] += node[key]["value"]
        total["items"].extend({k: v for k, v in i.items() if k != "count_dice"}
                              for i in node.get("items", []))
        if node.get("artefact", {}).get("name"):
            total["items"].append({"name": node["artefact"]["name"], "key": None, "count": 1,
                                   "artefact": True})
        total["misses_games"] = max(total["misses_games"], node.get("misses_games", 0))
        total["hero_lost"] = total["hero_lost"] or bool(node.get("hero_lost"))
        if "flag" in node:
            total["flags"].append(node["flag"])
        if "note" in node:
            total["notes"].append(node["note"])
        total["unverified"] = total["unverified"] or bool(node.get("unverified"))
        for key in ("if_gold_roll", "if_gold_double"):
            walk(node.get(key))
        for key in ("d6", "by_warband", "test", "choose"):
            if node.get(key):
                walk(node[key].get("then"))
        for find in node.get("finds", []):
            walk(find["then"])

    walk(resolved)
    return total


# -- selling wyrdstone ----------------------------------------------------------------


def sale_warband_size(tables: Mapping, fighters: Iterable[Mapping]) -> int:
    """Warriors counted for the sale table: every model on the roster, hired swords
    (and, per an unverified ruling, warhounds) not counted. Each fighter:
    ``{"models": n, "hired_sword": bool, "warhound": bool}``."""
    rules = tables["wyrdstone"]
    size = 0
    for k, fighter in enumerate(fighters):
        models = whole(fighter.get("models", 1), f"fighters[{k}].models", 0, MAX_COUNT)
        if fighter.get("hired_sword") and not rules["hired_swords_count"]:
            continue
        if fighter.get("warhound") and not rules["warhounds_count"]:
            continue
        size += models
    return size


def sell_wyrdstone(
    tables: Mapping,
    *,
    shards: int,
    warband_size: int,
    held: int | None = None,
    sales_so_far: int = 0,
) -> dict:
    """The gold for selling ``shards`` at once (8 or more: the last row) by a warband of
    ``warband_size`` warriors; refused beyond ``held`` shards or a second sale."""
    rules = tables["wyrdstone"]
    shards = whole(shards, "shards", 1, MAX_COUNT)
    size = whole(warband_size, "warband_size", 1, MAX_COUNT)
    if held is not None and shards > whole(held, "held", 0, MAX_COUNT):
        fail("shards", f"the warband has {held} shards, not {shards}", "not_enough_shards")
    if whole(sales_so_far, "sales_so_far", 0, MAX_COUNT) >= rules["sales_per_sequence"]:
        fail("shards", "wyrdstone is sold once per post-battle sequence", "already_sold")
    row = rules["shards"].index(in_band(rules["shards"], shards))
    column = rules["warband_sizes"].index(in_band(rules["warband_sizes"], size))
    return {"shards": shards, "warband_size": size, "row": row, "column": column,
            "gold": rules["gold"][row][column]}
