"""The part of the Mordheim pack beyond the six warbands of mordheim-facts.json: every
other warband, the hired swords, the whole equipment chart with rarity, from the facts
transcribed by transcribe_mordheim_roster_builder.py (fixtures/sources/
mordheim-roster-builder.json). make_mordheim_pack.py calls these functions.

Grades: "core" is the rulebook, 1a the official supplements, 1b the official Town Cryer
and annual material; 1c is community material, carried but marked ``official: false``.
German names: the equipment chart's own; warbands, fighters and hired swords in our own
rendering (GERMAN_* in mordheim_more_german.py), to correct when someone has the German
books at hand; a name missing here leaves the English one.
"""

from __future__ import annotations

import re

from mordheim_more_german import GERMAN_FIGHTERS, GERMAN_HIRED_SWORDS, GERMAN_WARBANDS

SOURCE_FILE = "fixtures/sources/mordheim-roster-builder.json"
OFFICIAL_GRADES = ("core", "1a", "1b")
# The six warbands of mordheim-facts.json: their keys stay ours; the transcribed data
# names them by these keys (and the Mercenaries' cities by subtype).
EXISTING = {
    "reikland": ("merc", "reik"),
    "middenheim": ("merc", "midd"),
    "marienburg": ("merc", "mari"),
    "skaven": ("skaven", None),
    "undead": ("undead", None),
    "possessed": ("possessed", None),
}
PUBLICATION_OF_GRADE = {
    "core": "Mordheim rulebook",
    "1a": "official supplement (grade 1a)",
    "1b": "official Town Cryer / annual (grade 1b)",
    "1c": "unofficial (grade 1c)",
}

SKILL_LIST_KEYS = {"combat", "shooting", "academic", "strength", "speed"}
GROUP_MAX = 5


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# Chart names of items the pack already has under another key.
ITEM_KEYS = {
    "Weeping blades": "weeping-blades-pair",
    "Fighting claws": "fighting-claws-pair",
    "Throwing knives/stars": "throwing-stars",
    "Hunting rifle (Hochland long rifle)": "hochland-long-rifle",
}


def item_key(name: str) -> str:
    return ITEM_KEYS.get(name) or slug(name)


def warband_key(data_key: str, name: str) -> str:
    return slug(re.sub(r"\(|\)", "", name))


def source_note(facts: dict, grade: str, publication: str | None = None) -> str:
    where = publication or PUBLICATION_OF_GRADE[grade]
    return f"{where}; {SOURCE_FILE} ({facts['source'].split(':')[0]})"


def hire_facts(facts: dict, data_key: str, subtype: str | None) -> dict:
    """Who this warband may hire: the data's alignment, tags and lists, plus its key."""
    rule = dict(facts["hire"].get(data_key) or {"alignment": "neutral", "tags": []})
    return {**rule, "warband": data_key, "subtype": subtype}


def chart_items(facts: dict, known: dict) -> dict[str, dict]:
    """Every row of the equipment chart as a pack item (key: slug of its English name);
    an item the pack already has keeps its key, name, kind and price, and gains the
    chart's rarity, price dice and availability."""
    items: dict[str, dict] = {}
    for row in facts["equipment"]:
        key = item_key(row["name"])
        extra = {
            "rarity": row["rarity"],
            "price_dice": row["dice"],
            "available_to": row["available_to"],
            "source": SOURCE_FILE + " (equipment chart)",
        }
        if row["price_text"]:
            extra["price_text"] = row["price_text"]
        if key in known:
            known[key]["attributes"].update(
                {k: v for k, v in extra.items() if k not in known[key]["attributes"]}
            )
            continue
        if key in items:
            continue  # the chart lists a few items twice (e.g. as weapon and as pair)
        items[key] = {
            "key": key,
            "name": row["name"],
            "names": {"de": row["name_de"]} if row["name_de"] != row["name"] else {},
            "kind": row["kind"],
            "points": row["base"],
            "attributes": {"rare": row["rarity"] is not None, **extra},
        }
    return items


def list_items(facts: dict, known: dict) -> dict[str, dict]:
    """Items that appear only on a warband's equipment list (not in the chart)."""
    items: dict[str, dict] = {}
    for rows in facts["equipment_lists"].values():
        for row in rows:
            key = item_key(row["item"])
            if key in known or key in items:
                continue
            items[key] = {
                "key": key,
                "name": row["item"],
                "names": {"de": row["item_de"]} if row["item_de"] != row["item"] else {},
                "kind": row["kind"],
                "points": row["cost"],
                "attributes": {
                    "rare": False, "rarity": None, "source": SOURCE_FILE + " (equipment lists)",
                    "unverified": ["rarity"],
                },
            }
    return items


def _card_items(price_list: list[dict]) -> list[dict]:
    """The fighter's equipment list as item keys and prices."""
    seen, items = set(), []
    for row in price_list:
        key = item_key(row["item"])
        if key not in seen:  # a list naming an item twice keeps its first price
            seen.add(key)
            items.append({"key": key, "points": row["cost"]})
    return items


def _fighter_attributes(wb: dict, u: dict, hero: bool, group_max: int | None) -> dict:
    gains = not u["no_experience"]
    attributes = {
        "source_key": u["id"],
        "fighter": u["kind"],
        "leader": bool(u["required"] and hero),
        "starting_experience": u["exp"] if hero else 0,
        "type_limit": u["max"],
        "group_max": group_max,
        "large": u["large"],
        "equipment_list": u["equipment_list"],
        "skills": [s for s in u["skills"]],
        "race": wb["race"] if gains else None,
        "gains_experience": gains,
    }
    if hero:
        attributes["skill_lists"] = [s for s in u["skills"] if s in SKILL_LIST_KEYS]
    if u["required"] and not hero:
        attributes["type_min"] = 1
    elif u["min"]:
        attributes["type_min"] = u["min"]
    for flag in ("no_armour", "no_missile", "no_heavy_armour"):
        if u[flag]:
            attributes[flag] = True
    return attributes


def fighter_card(facts: dict, wkey: str, wb: dict, u: dict) -> dict:
    hero = u["kind"] == "hero"
    group_max = None if hero else min(u["max"] or GROUP_MAX, GROUP_MAX)
    price_list = facts["equipment_lists"].get(u["equipment_list"] or "", [])
    card = {
        "key": f"{wkey}-{slug(u['name'])}",
        "name": u["name"],
        "names": {"de": GERMAN_FIGHTERS[u["name"]]} if u["name"] in GERMAN_FIGHTERS else {},
        "faction": wkey,
        "kind": "model" if hero else "unit",
        "warlord": bool(u["required"] and hero),
        "points": u["cost"],
    }
    if not hero:
        card.update(core_points=u["cost"], soldier_points=u["cost"], core_size=1,
                    max_size=group_max)
    card["stats"] = dict(u["profile"])
    card["items"] = _card_items(price_list)
    card["attributes"] = _fighter_attributes(wb, u, hero, group_max)
    return card


def more_warbands(facts: dict, rating: dict) -> tuple[list[dict], list[dict]]:
    """Factions and cards of every transcribed warband the six do not cover."""
    covered = {data_key for data_key, _sub in EXISTING.values()}
    factions, cards = [], []
    for wb in facts["warbands"]:
        if wb["key"] in covered:
            continue
        wkey = warband_key(wb["key"], wb["name"])
        official = wb["grade"] in OFFICIAL_GRADES
        faction = {
            "key": wkey,
            "name": wb["name"] if official else f"{wb['name']} (unofficial)",
            "names": {"de": GERMAN_WARBANDS[wb["key"]] + ("" if official else " (inoffiziell)")},
            "attributes": {
                "source_key": wb["key"],
                "grade": wb["grade"],
                "official": official,
                "source": source_note(facts, wb["grade"]),
                "starting_gold": wb["gold"],
                "min_size": wb["min"],
                "max_size": wb["max"],
                "rating": dict(rating),
                "race": wb["race"],
                "hire": hire_facts(facts, wb["key"], None),
            },
        }
        factions.append(faction)
        keys = set()
        for u in wb["units"]:
            card = fighter_card(facts, wkey, wb, u)
            if card["key"] in keys:
                card["key"] += "-" + slug(u["id"])
            keys.add(card["key"])
            cards.append(card)
    return factions, cards


def hired_sword_key(data_key: str, name: str) -> str:
    return "hired-" + slug(name)


def hired_swords(facts: dict) -> list[dict]:
    """One card per hired sword: no warband of his own (``faction`` null), his hire fee as
    his cost; upkeep, rating, who may hire him and his conflicts as attributes."""
    keys = {h["key"]: hired_sword_key(h["key"], h["name"]) for h in facts["hired_swords"]}
    cards = []
    for h in facts["hired_swords"]:
        official = h["grade"] in OFFICIAL_GRADES
        german = GERMAN_HIRED_SWORDS.get(h["key"])
        cards.append({
            "key": keys[h["key"]],
            "name": h["name"] if official else f"{h['name']} (unofficial)",
            "names": {"de": german} if german else {},
            "faction": None,
            "kind": "model",
            "warlord": False,
            "points": h["hire_fee"],
            "stats": dict(h["profile"]),
            "items": [],
            "attributes": {
                "source_key": h["key"],
                "fighter": "hired_sword",
                "hired_sword": True,
                "hire_fee": h["hire_fee"],
                "upkeep": h["upkeep"],
                "rating_value": h["rating"],
                "grade": h["grade"],
                "official": official,
                "source": source_note(facts, h["grade"], h["publication"]),
                "leader": False,
                "starting_experience": 0,
                "race": h["race"] if not h["no_experience"] else None,
                "gains_experience": not h["no_experience"],
                "skill_lists": [s for s in h["skills"] if s in SKILL_LIST_KEYS],
                "hire_rule": h["hire_rule"],
                "conflicts": [keys[k] for k in h["conflicts"] if k in keys],
                "grudge": h["grudge"],
                "size_bonus": h["size_bonus"],
                "slot": h["slot"],
                **({"no_armour": True} if h["no_armour"] else {}),
            },
        })
    return cards
