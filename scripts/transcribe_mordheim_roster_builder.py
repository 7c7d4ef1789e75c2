"""Transcribe the numbers and names of the public Mordheim-Roster-Builder data into
fixtures/sources/mordheim-roster-builder.json, the facts make_mordheim_pack.py reads for
every warband beyond the six of mordheim-facts.json, the hired swords and the equipment
chart.

    .venv/bin/python scripts/transcribe_mordheim_roster_builder.py GIT_DIR [OUT_JSON]

GIT_DIR is a clone of github.com/hmVBfv/Mordheim-Roster-Builder (its git directory); the
script reads data/warbands.json, data/hiredswords.json and data/equipment.json at HEAD
and names that commit in the output. Only facts are kept: names (English, and German
where the data has them), costs, profiles, limits, rarity, grades, the publication each
comes from, and who may hire whom. Descriptions, special-rule text and notes are left
out on purpose: cards that need one get a short one in our own words.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "fixtures" / "sources" / "mordheim-roster-builder.json"
REPO = "github.com/hmVBfv/Mordheim-Roster-Builder"

# Grades we carry: the rulebook ("core"), the official supplements (1a) and the official
# Town Cryer / annual warbands (1b); 1c is kept too, labelled unofficial by the pack.
# Grade 2a (the Wood Elves' provisional list) is left out.
GRADES = ("core", "1a", "1b", "1c")
HIRED_GRADES = ("1a", "1b", "1c")

# Equipment-list names whose German name the data's item chart does not translate.
LIST_ITEMS_EN = {
    "Gral-Reliquie": "Grail relic",
    "Pferd": "Horse",
}
LIST_KINDS = {
    "Nahkampf": "close_combat",
    "Fernkampf": "missile",
    "Rüstung": "armour",
    "Besonderes": "miscellaneous",
}
CATEGORY_KINDS = {
    "cc": "close_combat",
    "missile": "missile",
    "bp": "missile",  # blackpowder weapons are missile weapons
    "armour": "armour",
    "misc": "miscellaneous",
}
# The app's own classification of warbands for hiring (human / chaos), as data.
HUMAN = [
    "merc", "wh", "sos", "averland", "kislev", "ostlander", "ostermark", "bretonnian",
    "bretchapel", "hochland", "gunnery", "outriders", "outlaws", "pirates", "tileans", "norse",
    "arabian", "reavers", "caravans", "battlemonks", "pitfighters", "maraudersofchaos",
    "cavalcade",
]
CHAOS = [
    "possessed", "carnival", "beastmen", "hornedhunters", "maraudersofchaos", "sonsofhashut",
    "blackdwarfs", "cppleasures", "cavalcade",
]


def read(git_dir: str, path: str) -> dict:
    out = subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
        check=True, capture_output=True, text=True,
    )
    return json.loads(out.stdout)


def commit_of(git_dir: str) -> str:
    out = subprocess.run(
        ["git", "--git-dir", git_dir, "rev-parse", "HEAD"],
        check=True, capture_output=True, text=True,
    )
    return out.stdout.strip()


def price(cost) -> dict:
    """``10+1D6`` -> base 10, dice "D6"; ``30 (Paar 60)`` -> base 30; ``4× Preis`` (a
    multiple of the weapon's price) -> base 0 with the original kept as ``price_text``."""
    if isinstance(cost, int):
        return {"base": cost, "dice": None, "price_text": None}
    text = str(cost)
    if "×" in text:  # a multiple of the base weapon's price: no price of its own
        return {"base": 0, "dice": None, "price_text": text}
    base = re.match(r"^\s*(\d+)", text)
    dice = re.match(r"^\s*\d*\s*\+\s*(\d?D6)", text)
    return {
        "base": int(base.group(1)) if base else 0,
        "dice": dice.group(1).replace("1D6", "D6") if dice else None,
        "price_text": text,
    }


def rarity(text: str) -> int | None:
    """``Rare 9`` -> 9; ``Common`` (and the chart's blanks) -> None."""
    found = re.match(r"^\s*Rare\s+(\d+)", text or "")
    return int(found.group(1)) if found else None


def unit(u: dict) -> dict:
    return {
        "id": u["id"],
        "kind": "hero" if u["t"] == "hero" else "henchman",
        "name": u["name"],
        "cost": u["cost"],
        "exp": u["exp"],
        "max": u["max"],
        "min": u.get("min"),
        "required": bool(u.get("req")),
        "profile": u["profile"] or {},
        "equipment_list": u["eq"],
        "skills": u.get("sk") or [],
        "skills_by_subtype": u.get("skSub") or {},
        "no_experience": bool(u.get("noxp")),
        "no_armour": bool(u.get("noArmour")),
        "no_missile": bool(u.get("noMissile")),
        "no_heavy_armour": bool(u.get("noHeavy")),
        "large": bool(u.get("large")),
    }


def _warbands(warbands: dict) -> tuple[list[dict], set]:
    """The warbands of the grades transcribed, and the equipment lists they use."""
    out_warbands, used_lists = [], set()
    for key, wb in warbands["WARBANDS"].items():
        if wb["grade"] not in GRADES:
            continue
        units = [unit(u) for u in wb["units"]]
        used_lists |= {u["equipment_list"] for u in units if u["equipment_list"]}
        out_warbands.append({
            "key": key,
            "name": wb["name"],
            "grade": wb["grade"],
            "min": wb["min"],
            "max": wb["max"],
            "gold": wb["gold"],
            "race": warbands["WBRACE"].get(key),
            "subtypes": [
                {"key": s["key"], "name": s["name"], "gold": s.get("gold", wb["gold"])}
                for s in wb.get("subtypes") or []
            ],
            "units": units,
        })
    return out_warbands, used_lists


def _equipment_lists(equipment: dict, used_lists: set, de_to_en: dict) -> dict:
    """Each equipment list a warband uses: its items (English and German) and costs."""
    lists = {}
    for name in sorted(used_lists):
        rows = []
        for category, entries in equipment["LISTS"][name].items():
            for item, cost in entries:
                german = re.sub(r"\s*\(1\. gratis\)", "", item)
                rows.append({
                    "item": de_to_en.get(german, german),
                    "item_de": german,
                    "kind": LIST_KINDS.get(category, "miscellaneous"),
                    "cost": cost,
                })
        lists[name] = rows
    return lists


def _equipment_chart(equipment: dict) -> list[dict]:
    """The trading chart: every item with its price, rarity and who may buy it."""
    chart = []
    for c in equipment["CATALOG"]:
        chart.append({
            "name": c["en"],
            "name_de": c["de"],
            "kind": CATEGORY_KINDS[c["cat"]],
            **price(c["cost"]),
            "rarity": rarity(c["rare"]),
            "rarity_text": c["rare"] or None,
            "available_to": c["wb"] or None,
        })
    return chart


def _hired_swords(hired: dict) -> list[dict]:
    """The hired swords of the grades transcribed, with their hiring rules."""
    out_hired = []
    for key, hs in hired["HIREDSWORDS"].items():
        if hs["grade"] not in HIRED_GRADES:
            continue
        out_hired.append({
            "key": key,
            "name": hs["name"],
            "grade": hs["grade"],
            "publication": hs.get("src"),
            "hire_fee": hs["hire"],
            "upkeep": hs["upkeep"],
            "rating": hs["rating"],
            "race": hs.get("race"),
            "profile": hs.get("profile") or {},
            "skills": hs.get("sk") or [],
            "hire_rule": hs.get("rule") or {"type": "any"},
            "conflicts": hs.get("conflict") or [],
            "grudge": (
                {"tag": hs["grudge"]["tag"], "upkeep": hs["grudge"]["upkeep"]}
                if hs.get("grudge") else None
            ),
            "size_bonus": hs.get("sizeBonus") or 0,
            "no_experience": bool(hs.get("noXP")),
            "no_armour": bool(hs.get("noArmour")),
            "slot": hs.get("slot"),
        })
    return out_hired


def _hire(hired: dict) -> dict:
    """What each warband's hiring terms say (alignment, tags, its own lists)."""
    hire = {}
    for key, rule in hired["WBHIRE"].items():
        hire[key] = {
            "alignment": rule.get("align", "neutral"),
            "tags": rule.get("tags") or [],
            "only": rule.get("only"),
            "except": rule.get("except") or [],
            "none": bool(rule.get("none")),
            "elf": bool(rule.get("elf")),
            "dwarf": bool(rule.get("dwarf")),
            "no_elf_hired_swords": bool(rule.get("noElfHS")),
            "no_chaos_hired_swords": bool(rule.get("noChaosHS")),
            "human": key in HUMAN,
            "chaos": key in CHAOS,
        }
    return hire


def transcribe(git_dir: str) -> dict:
    warbands = read(git_dir, "data/warbands.json")
    hired = read(git_dir, "data/hiredswords.json")
    equipment = read(git_dir, "data/equipment.json")
    de_to_en = {c["de"]: c["en"] for c in equipment["CATALOG"]}
    de_to_en.update(equipment["EQEN"])
    de_to_en.update(LIST_ITEMS_EN)
    out_warbands, used_lists = _warbands(warbands)
    lists = _equipment_lists(equipment, used_lists, de_to_en)
    chart = _equipment_chart(equipment)
    out_hired = _hired_swords(hired)
    hire = _hire(hired)

    return {
        "source": f"{REPO}@{commit_of(git_dir)}: data/warbands.json (WARBANDS, WBRACE), "
        "data/hiredswords.json (HIREDSWORDS, WBHIRE), data/equipment.json (CATALOG, LISTS, "
        "EQEN)",
        "warbands": out_warbands,
        "equipment_lists": lists,
        "equipment": chart,
        "hired_swords": out_hired,
        "hire": hire,
    }


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    out = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    facts = transcribe(argv[1])
    out.write_text(json.dumps(facts, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
