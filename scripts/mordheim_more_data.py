"""The part of the Mordheim pack beyond the six warbands of mordheim-facts.json: every
other warband with its fighters and its choices (a Tilean city, a Marauder tribe), from
the facts transcribed by transcribe_mordheim_roster_builder.py (fixtures/sources/
mordheim-roster-builder.json). make_mordheim_pack.py calls these functions; the hired
swords are mordheim_hired_data.py, the items mordheim_pack_items.py.

Grades: "core" is the rulebook, 1a the official supplements, 1b the official Town Cryer
and annual material; 1c (semi-official) and 2a (fan-made) are carried but marked
``official: false``, named "(unofficial)" and, for 2a, with their grade.
German names: warbands, fighters and hired swords in our own rendering (GERMAN_* in
mordheim_more_german.py), to correct when someone has the German books at hand; a name
missing there leaves the English one.
"""

from __future__ import annotations

import re

from mordheim_more_german import GERMAN_CHOICE_LABELS, GERMAN_FIGHTERS, GERMAN_WARBANDS
from mordheim_pack_items import list_row_key

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
    "2a": "unofficial, fan-made (grade 2a)",
}
# How a name says it is not official: 1c "(unofficial)", 2a with its grade too.
UNOFFICIAL_LABEL = {"1c": ("unofficial", "inoffiziell"),
                    "2a": ("unofficial, grade 2a", "inoffiziell, Grad 2a")}
STANDARD_LISTS = ("combat", "shooting", "academic", "strength", "speed")
# The data's race keys that the campaign tables name otherwise.
RACE_KEYS = {"gor": "beastman_gor"}
# Where the data's race of a fighter contradicts the data itself (it has a row of racial
# maximums for his race that it never gives him): (warband, fighter id) -> the race.
# Each is listed with its reason in fixtures/sources/mordheim-audit-differences.json.
RACE_CORRECTIONS = {
    ("averland", "halfling"): "halfling",  # a Halfling Scout, not a human
    ("beastmen", "ungor"): "ungor",
    ("beastmen", "centigor"): "centigor",
    ("beastmen", "minotaur"): "minotaur",
    ("norse", "wulfen"): "werecreature",
    ("skavenpest", "*"): "skavenpest",  # every Skaven of Clan Pestilens
    ("hired", "chameleonskink"): "skink",
    ("hired", "blackorcoverseer"): "blackorc",
    ("hired", "ungortrapper"): "ungor",
}
GROUP_MAX = 5


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def race_key(race: str | None) -> str | None:
    return RACE_KEYS.get(race, race) if race else None


def race_of(group: str, key: str, race: str | None) -> str | None:
    """A fighter's (``group``: his warband's data key, or "hired") race as the pack keys
    it: the data's, unless RACE_CORRECTIONS sets it right."""
    corrected = RACE_CORRECTIONS.get((group, key))
    if corrected is None and race is not None:
        corrected = RACE_CORRECTIONS.get((group, "*"))
    return race_key(corrected or race)


def skill_list_key(source_key: str) -> str:
    """The pack's key of a skill list: the five standard lists as they are; a warband's
    own list by its name in the data ("bretSkills" -> "bret_special"; the Skaven's is
    "skaven_special", the campaign tables' key); the riding skills "cavalry"."""
    if source_key in STANDARD_LISTS:
        return source_key
    stem = re.sub(r"Skills$", "", source_key)
    if stem == "cavalry":
        return "cavalry"
    return re.sub(r"(?<!^)([A-Z])", r"_\1", stem).lower() + "_special"


def label(name: str, grade: str, language: int = 0) -> str:
    """A name with its "(unofficial...)" label when the grade is not an official one."""
    words = UNOFFICIAL_LABEL.get(grade)
    return f"{name} ({words[language]})" if words else name


def warband_key(data_key: str, name: str) -> str:
    return slug(re.sub(r"\(|\)", "", name))


def source_note(facts: dict, grade: str, publication: str | None = None) -> str:
    where = publication or PUBLICATION_OF_GRADE[grade]
    return f"{where}; {SOURCE_FILE} ({facts['source'].split(':')[0]})"


def hire_facts(facts: dict, data_key: str, subtype: str | None) -> dict:
    """Who this warband may hire: the data's alignment, tags and lists, plus its key."""
    rule = dict(facts["hire"].get(data_key) or {"alignment": "neutral", "tags": []})
    return {**rule, "warband": data_key, "subtype": subtype}


def faction_keys(wb: dict) -> list[tuple[str | None, str]]:
    """The pack factions a transcribed warband is: ``[(subtype, faction key)]`` (the
    Mercenaries are three factions, one per city)."""
    own = [(sub, key) for key, (data_key, sub) in EXISTING.items() if data_key == wb["key"]]
    return own or [(None, warband_key(wb["key"], wb["name"]))]


def hero_skill_lists(wb: dict, u: dict, lists: list[str]) -> list[str]:
    """A hero's skill lists: his own, and his warband's special list (unless he may not
    use it), as pack keys."""
    keys = list(lists)
    if wb["special_skills"] and not u["no_warband_skills"] and wb["special_skills"] not in keys:
        keys.append(wb["special_skills"])
    return [skill_list_key(k) for k in keys]


def _by_choice(wb: dict, u: dict, hero: bool) -> dict:
    """What a choice of the warband (a Tilean city) changes for this fighter: his skill
    lists, his profile."""
    out: dict = {}
    for sub, lists in u["skills_by_subtype"].items():
        if hero:
            out.setdefault(sub, {})["skill_lists"] = hero_skill_lists(wb, u, lists)
    for sub, bonus in u["stats_by_subtype"].items():
        out.setdefault(sub, {})["stat_bonus"] = dict(bonus)
    return out


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
        "race": race_of(wb["key"], u["id"], u["race"]) if gains else None,
        "gains_experience": gains,
    }
    if hero:
        attributes["skill_lists"] = (hero_skill_lists(wb, u, u["skills"])
                                     if u["skills"] else [])
    by_choice = _by_choice(wb, u, hero)
    if by_choice:
        attributes["by_choice"] = by_choice
    if u["required"] and not hero:
        attributes["type_min"] = 1
    elif u["min"]:
        attributes["type_min"] = u["min"]
    for flag in ("no_armour", "no_missile", "no_heavy_armour"):
        if u[flag]:
            attributes[flag] = True
    return attributes


def card_items(price_list: list[dict]) -> list[dict]:
    """The fighter's equipment list as item keys and that list's prices."""
    seen, items = set(), []
    for row in price_list:
        key = list_row_key(row)
        if key not in seen:  # a list naming an item twice keeps its first price
            seen.add(key)
            items.append({"key": key, "points": row["cost"]})
    return items


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
    card["items"] = card_items(price_list)
    card["attributes"] = _fighter_attributes(wb, u, hero, group_max)
    return card


def choices(wb: dict) -> dict | None:
    """The choice a warband makes when it is founded (a Tilean city, a Marauder tribe):
    each option's starting gold and, where the data gives one, its own maximum size."""
    if not wb["subtypes"]:
        return None
    label_en = wb["choice_label"] or "Choice"
    return {
        "label": label_en,
        "names": {"de": GERMAN_CHOICE_LABELS.get(label_en, label_en)},
        "options": [
            {"key": s["key"], "name": s["name"], "starting_gold": s["gold"],
             **({"max_size": s["max_size"]} if "max_size" in s else {})}
            for s in wb["subtypes"]
        ],
    }


def _faction(facts: dict, wb: dict, wkey: str, rating: dict) -> dict:
    official = wb["grade"] in OFFICIAL_GRADES
    attributes = {
        "source_key": wb["key"],
        "grade": wb["grade"],
        "official": official,
        "source": source_note(facts, wb["grade"]),
        "starting_gold": wb["gold"],
        "min_size": wb["min"],
        "max_size": wb["max"],
        "rating": dict(rating),
        "race": race_key(wb["race"]),
        "hire": hire_facts(facts, wb["key"], None),
    }
    if choices(wb):
        attributes["choices"] = choices(wb)
    return {
        "key": wkey,
        "name": label(wb["name"], wb["grade"]),
        "names": {"de": label(GERMAN_WARBANDS[wb["key"]], wb["grade"], 1)},
        "attributes": attributes,
    }


def more_warbands(facts: dict, rating: dict) -> tuple[list[dict], list[dict]]:
    """Factions and cards of every transcribed warband the six do not cover."""
    covered = {data_key for data_key, _sub in EXISTING.values()}
    factions, cards = [], []
    for wb in facts["warbands"]:
        if wb["key"] in covered:
            continue
        wkey = warband_key(wb["key"], wb["name"])
        factions.append(_faction(facts, wb, wkey, rating))
        keys = set()
        for u in wb["units"]:
            card = fighter_card(facts, wkey, wb, u)
            if card["key"] in keys:
                card["key"] += "-" + slug(u["id"])
            keys.add(card["key"])
            cards.append(card)
    return factions, cards
