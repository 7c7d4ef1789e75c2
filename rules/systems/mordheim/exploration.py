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

The location effects (what a location gives, resolved) are ``locations``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from rules.systems.mordheim.dice import (
    MAX_COUNT,
    Rolls,
    fail,
    flag,
    in_band,
    is_int,
    join_path,
    spec_of,
    whole,
)
from rules.systems.mordheim.locations import Context, found_in, resolve_effect

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
    roll, keep, allowed = _dice_counts(tables, roll, keep, rerolls_allowed)
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
    out["dice"] = [d for k, d in enumerate(dice) if k not in drop]
    ctx = Context(tables, warband, list(artefacts_found), rolls)
    _search(out, spec.get("location"), ctx, at("location"))
    return rolls.finish(out)


def _dice_counts(tables: Mapping, roll, keep, rerolls_allowed) -> tuple[int, int, int]:
    """The dice rolled, kept and re-rollable, each checked."""
    roll = whole(roll, "roll", 0, 13)
    keep = whole(keep, "keep", 0, tables["exploration"]["keep_at_most"])
    if keep > roll:
        fail("keep", f"cannot keep {keep} of {roll} dice")
    return roll, keep, whole(rerolls_allowed, "rerolls_allowed", 0, 6)


def _search(out: dict, given, ctx: Context, path: str) -> None:
    """The kept dice searched: shards by their total, the location their most numerous
    set of multiples names, and what it gives (into ``out``)."""
    kept = out["dice"]
    if not kept:
        out["found"] = found_in(None)
        return
    out["total"] = sum(kept)
    out["shards"] = shards_for_total(ctx.tables, out["total"])
    found_set = multiples(kept)
    if found_set is None:
        if given:
            fail(path, "no multiples: no location to search")
        out["found"] = found_in(None)
        return
    place = location(ctx.tables, found_set["count"], found_set["face"])
    doubts = list(place.get("unverified") or [])
    if sum(1 for n in Counter(kept).values() if n == found_set["count"]) > 1:
        # two sets of the same size: the highest face is looked up (a single source)
        doubts += [k for k in ctx.tables["exploration"].get("unverified", [])
                   if k == "equal_sets"]
    out["multiple"] = {**found_set, "name": place["name"], "unverified": doubts}
    out["location"] = resolve_effect(place["effect"], given, ctx, path)
    out["found"] = found_in(out["location"])


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
