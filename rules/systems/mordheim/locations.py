"""Mordheim exploration locations (post-battle step 3, docs/rules/mordheim.md): what
the location the dice name gives, its own rolls and choices resolved, and what the whole
resolved tree sums to. The dice and the look-ups around it are ``exploration``.

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

from collections.abc import Mapping

from rules.systems.mordheim.dice import Rolls, fail, in_band, join_path, text, whole


class Context:
    """What every part of an effect reads: the game's tables, the warband's key, the
    artefacts found so far (one more with each find) and the dice."""

    def __init__(self, tables, warband, artefacts, rolls: Rolls):
        self.tables, self.warband, self.artefacts, self.rolls = tables, warband, artefacts, rolls


PASS_THROUGH = ("misses_games", "hero_lost", "flag", "note", "unverified")
DICE_KEYS = ("gold", "shards", "leader_xp", "heroes_xp", "zombies")


def resolve_effect(effect: Mapping, given, ctx: Context, path: str) -> dict:
    """Resolve one effect: its rolls (typed in ``given`` or rolled) and choices."""
    if given is None:
        given = {}
    elif not isinstance(given, Mapping):
        fail(path, "must be an object")
    at = lambda name: join_path(path, name)  # noqa: E731
    out: dict = {key: effect[key] for key in PASS_THROUGH if key in effect}
    for key in DICE_KEYS:
        if key in effect:
            out[key] = ctx.rolls.expr(effect[key], given.get(key), at(key))
    _gold_rolls(effect, given, ctx, path, out)
    for key, part in _PARTS:
        if (effect.get(key) if key in _FLAGS else key in effect):
            out[key] = part(effect, given, ctx, at(key))
    return out


def _gold_rolls(effect: Mapping, given: Mapping, ctx: Context, path: str, out: dict) -> None:
    """What the gold dice themselves give: an extra reward when they total a number, or
    another reward instead of the gold when the two dice match."""
    at = lambda name: join_path(path, name)  # noqa: E731
    gold = out.get("gold")
    if "if_gold_roll" in effect and sum(gold["dice"]) == effect["if_gold_roll"]["equals"]:
        out["if_gold_roll"] = resolve_effect(effect["if_gold_roll"]["then"],
                                             given.get("if_gold_roll"), ctx, at("if_gold_roll"))
    if "if_gold_double" in effect and len(gold["dice"]) == 2 and len(set(gold["dice"])) == 1:
        # the double gives the other reward instead of the gold
        out["gold"] = {**gold, "value": 0, "instead": True}
        out["if_gold_double"] = resolve_effect(effect["if_gold_double"],
                                               given.get("if_gold_double"), ctx,
                                               at("if_gold_double"))


def _items_part(effect: Mapping, given: Mapping, ctx: Context, path: str) -> list[dict]:
    return _items(effect["items"], given.get("items"), ctx.rolls, path)


def _artefact_part(effect: Mapping, given: Mapping, ctx: Context, path: str) -> dict:
    return _artefact(given.get("artefact"), ctx, path)


def _d6_part(effect: Mapping, given: Mapping, ctx: Context, path: str) -> dict:
    """A sub-roll: the row of ``effect["d6"]`` the D6 lands in."""
    sub = given.get("d6") or {}
    roll = ctx.rolls.die(sub.get("roll"), 6, join_path(path, "roll"))
    row = in_band(effect["d6"], roll)
    return {"roll": roll, "then": resolve_effect(row["then"], sub.get("then"), ctx,
                                                 join_path(path, "then"))}


def _by_warband_part(effect: Mapping, given: Mapping, ctx: Context, path: str) -> dict:
    key = ctx.warband if ctx.warband in effect["by_warband"] else "others"
    sub = given.get("by_warband") or {}
    return {"warband": key, "then": resolve_effect(
        effect["by_warband"][key], sub.get("then"), ctx, join_path(path, "then"))}


def _test_part(effect: Mapping, given: Mapping, ctx: Context, path: str) -> dict:
    return _test(effect["test"], given.get("test") or {}, ctx, path)


def _choose_part(effect: Mapping, given: Mapping, ctx: Context, path: str) -> dict:
    """The player's pick among the options; none yet: pending."""
    sub = given.get("choose") or {}
    option = ctx.rolls.choose(sub.get("option"), list(effect["choose"]),
                              join_path(path, "option"))
    return {"option": option, "then": None if option is None else resolve_effect(
        effect["choose"][option], sub.get("then"), ctx, join_path(path, "then"))}


def _finds_part(effect: Mapping, given: Mapping, ctx: Context, path: str) -> list[dict]:
    return _finds(effect["finds"], given.get("finds"), ctx, path)


# The parts of an effect that resolve further, in the order a resolved effect lists them.
_PARTS = (
    ("items", _items_part),
    ("artefact", _artefact_part),
    ("d6", _d6_part),
    ("by_warband", _by_warband_part),
    ("test", _test_part),
    ("choose", _choose_part),
    ("finds", _finds_part),
)
# Parts that are a flag: resolved only when true, not whenever present.
_FLAGS = frozenset({"artefact"})


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


def _artefact(given, ctx: Context, path: str) -> dict:
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


def _test(test: Mapping, given: Mapping, ctx: Context, path: str) -> dict:
    at = lambda name: join_path(path, name)  # noqa: E731
    out: dict = {"stat": test["stat"], "who": test["who"]}
    if ctx.warband in (test.get("auto_pass") or ()):
        out.update(auto_pass=True, passed=True,
                   then=resolve_effect(test["pass"], given.get("then"), ctx, at("then")))
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
    out.update(roll=roll, passed=passed, then=resolve_effect(
        test["pass" if passed else "fail"], given.get("then"), ctx, at("then")))
    return out


def _finds(finds, given, ctx: Context, path: str) -> list[dict]:
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
        then = (resolve_effect(find["then"], sub.get("then"), ctx, join_path(at, "then"))
                if found else None)
        out.append({"roll": roll, "needs": find["min"], "found": found, "then": then})
    return out


def found_in(resolved: Mapping | None) -> dict:
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


