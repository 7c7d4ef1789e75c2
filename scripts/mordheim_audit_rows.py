"""The comparisons of the Mordheim self-audit (mordheim_audit.py): one function per kind of
row, each reading the pack's row and its source row (the transcription in
fixtures/sources/mordheim-roster-builder.json) and yielding ``(field, pack value, source
value)`` for every field both describe. Written apart from the pack script on purpose:
it reads the source's own fields (the data's race for a fighter, its list's chart row,
its price text), so a slip of the pack script shows up as a difference.
"""

from __future__ import annotations

import re

STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
OFFICIAL = ("core", "1a", "1b")
STANDARD = ("combat", "shooting", "academic", "strength", "speed")


def bare(name: str) -> str:
    """A pack name without the label it carries as unofficial."""
    return re.sub(r" \((unofficial|inoffiziell)(, [^)]*)?\)$", "", name)


def list_key(source_key: str) -> str:
    """The pack's key of the data's skill list (the scheme docs/mordheim-sources.md
    describes)."""
    if source_key in STANDARD:
        return source_key
    stem = source_key[: -len("Skills")] if source_key.endswith("Skills") else source_key
    if stem == "cavalry":
        return "cavalry"
    return re.sub(r"(?<!^)([A-Z])", r"_\1", stem).lower() + "_special"


def race(source_race):
    return {"gor": "beastman_gor"}.get(source_race, source_race)


def _stats(pack: dict, source: dict):
    for stat in STATS:
        yield f"stats.{stat}", (pack or {}).get(stat), (source or {}).get(stat)


def warband(faction: dict, wb: dict, subtype: dict | None, hire: dict):
    a = faction["attributes"]
    terms = hire.get(wb["key"]) or {"alignment": "neutral", "tags": []}
    yield "hire", a.get("hire"), {**terms, "warband": wb["key"],
                                  "subtype": subtype["key"] if subtype else None}
    yield "grade", a.get("grade"), wb["grade"]
    yield "official", a.get("official"), wb["grade"] in OFFICIAL
    if subtype is None:
        yield "name", bare(faction["name"]), wb["name"]
    yield "starting_gold", a.get("starting_gold"), (subtype or wb)["gold"]
    yield "min_size", a.get("min_size"), wb["min"]
    yield "max_size", a.get("max_size"), wb["max"]
    yield "race", a.get("race"), race(wb["race"])
    options = (a.get("choices") or {}).get("options") or []
    yield "choices", [(o["key"], o["starting_gold"], o.get("max_size")) for o in options], [
        (s["key"], s["gold"], s.get("max_size")) for s in ([] if subtype else wb["subtypes"])]


def _hero_lists(wb: dict, u: dict, lists: list[str]) -> list[str]:
    keys = list(lists)
    if wb["special_skills"] and not u["no_warband_skills"] and wb["special_skills"] not in keys:
        keys.append(wb["special_skills"])
    return [list_key(k) for k in keys]


def _by_choice(wb: dict, u: dict, hero: bool) -> dict:
    out: dict = {}
    for sub, lists in u["skills_by_subtype"].items():
        if hero:
            out.setdefault(sub, {})["skill_lists"] = _hero_lists(wb, u, lists)
    for sub, bonus in u["stats_by_subtype"].items():
        out.setdefault(sub, {})["stat_bonus"] = dict(bonus)
    return out


def fighter(card: dict, u: dict, wb: dict, city: str | None):
    """A fighter; ``city``: the Mercenary city his faction is (its lists are his own)."""
    a = card["attributes"]
    hero = u["kind"] == "hero"
    if city is not None:
        by_city = u["skills_by_subtype"].get(city)
        u = {**u, "skills": by_city or u["skills"], "skills_by_subtype": {},
             "stats_by_subtype": {}}
    gains = not u["no_experience"]
    yield "name", card["name"], u["name"]
    yield "fighter", a.get("fighter"), u["kind"]
    yield "points", card["points"], u["cost"]
    yield "starting_experience", a.get("starting_experience"), u["exp"] if hero else 0
    yield "type_limit", a.get("type_limit"), u["max"]
    yield "group_max", a.get("group_max"), None if hero else min(u["max"] or 5, 5)
    yield "leader", a.get("leader"), bool(u["required"] and hero)
    yield "large", bool(a.get("large")), u["large"]
    yield "gains_experience", a.get("gains_experience"), gains
    yield "race", a.get("race"), race(u["race"]) if gains else None
    if hero:
        yield "skill_lists", a.get("skill_lists"), (
            _hero_lists(wb, u, u["skills"]) if u["skills"] else [])
    yield "by_choice", a.get("by_choice") or {}, _by_choice(wb, u, hero)
    yield "equipment_list", a.get("equipment_list"), u["equipment_list"]
    yield from _limits(card, u, hero)
    yield from _stats(card["stats"], u["profile"])


def _limits(card: dict, u: dict, hero: bool):
    """Kind, the least a warband fields of him, what he may not carry."""
    a = card["attributes"]
    yield "kind", card["kind"], "model" if hero else "unit"
    if "type_min" in a or u["min"] or (u["required"] and not hero):
        yield "type_min", a.get("type_min"), 1 if u["required"] and not hero else u["min"]
    for flag in ("no_armour", "no_missile", "no_heavy_armour"):
        yield flag, bool(a.get(flag)), u[flag]


def list_prices(card: dict, rows: list[dict], items: dict):
    """The fighter's list: each item the data's list names, at the list's price."""
    ours = {bare(items[i["key"]]["name"]) if i["key"] in items else i["key"]: i["points"]
            for i in card["items"]}
    theirs: dict = {}
    for row in rows:
        name = row["chart"] if row["chart"] and not row["pair_of"] else row["list_name"]
        theirs.setdefault(name, row["cost"])
    for name in sorted(set(ours) | set(theirs)):
        yield f"items.{name}", ours.get(name), theirs.get(name)


def hired_sword(card: dict, h: dict, keys_of: dict, items: dict):
    a = card["attributes"]
    yield "name", bare(card["name"]), h["name"]
    for field, source_field in (("hire_fee", "hire_fee"), ("upkeep", "upkeep"),
                                ("rating_value", "rating"), ("grade", "grade"),
                                ("size_bonus", "size_bonus"), ("slot", "slot"),
                                ("grudge", "grudge"), ("hire_rule", "hire_rule")):
        yield field, a.get(field), h[source_field]
    yield "points", card["points"], h["hire_fee"]
    yield "official", a.get("official"), h["grade"] in OFFICIAL
    yield "race", a.get("race"), race(h["race"])
    yield "gains_experience", a.get("gains_experience"), not h["no_experience"]
    yield "no_armour", bool(a.get("no_armour")), h["no_armour"]
    yield "skill_lists", a.get("skill_lists"), [list_key(s) for s in h["skills"]]
    yield "starting_skills", a.get("starting_skills"), h["fixed_skills"]
    yield "conflicts", sorted(keys_of.get(k, k) for k in a.get("conflicts") or []), sorted(
        h["conflicts"])
    yield "equipment", [(p["name"], p["count"], p["choice"]) for p in a.get("equipment") or []], [
        (p["name"], p["count"], p["choice"]) for p in h["equipment"]]
    yield from _stats(card["stats"], h["profile"])


def _price_of(price: dict) -> dict:
    return {k: v for k, v in price.items() if k != "pair"}


def chart_item(item: dict, row: dict, source_keys: dict):
    a = item["attributes"]
    yield "name", bare(item["name"]), row["name"]
    yield "kind", item["kind"], row["kind"]
    yield "points", item["points"], row["price"]["base"]
    yield "price", a.get("price"), _price_of(row["price"])
    yield "price_text", a.get("price_text"), row["cost_text"].split(" (Paar")[0]
    yield "rarity", a.get("rarity"), row["rarity"]
    yield "rare", a.get("rare"), row["rarity"] is not None
    german = bare((item.get("names") or {}).get("de") or item["name"])
    yield "name_de", german, row["name_de"]
    yield "available_to", a.get("available_to"), row["available_to"]
    yield from _buyers(a.get("buyers") or {}, row["buyers"], source_keys)


def _buyers(ours: dict, theirs: dict, source_keys: dict):
    """Who may buy it, as the data's warband keys ("merc" for the three cities)."""
    for side in ("only", "except"):
        pack = sorted({source_keys.get(k, k) for k in ours.get(side) or []})
        source = sorted({k.split("/")[0] for k in theirs.get(side) or []})
        yield f"buyers.{side}", pack, source
    yield "buyers.heroes_only", bool(ours.get("heroes_only")), bool(theirs.get("heroes_only"))


def brace(item: dict, row: dict):
    """A brace: the chart row's pair price and pair rarity."""
    a = item["attributes"]
    pair = row["price"]["pair"]
    yield "points", item["points"], pair["base"]
    yield "price", a.get("price"), pair
    yield "rarity", a.get("rarity"), row.get("pair_rarity", row["rarity"])


def race_row(maxima: dict, source: dict):
    yield from _stats(maxima, source["maxima"])


def skill_list(pack: dict, source: dict):
    yield "name", pack.get("name"), source["name"]
    yield "skills", pack.get("skills"), source["skills"]
