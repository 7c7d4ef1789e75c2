"""Transcribe the numbers and names of the public Mordheim-Roster-Builder data into
fixtures/sources/mordheim-roster-builder.json, the facts make_mordheim_pack.py reads for
every warband, the hired swords, the equipment chart, the skill lists and the races, and
the rows the pack's self-audit (scripts/mordheim_audit.py) compares the pack with.

    .venv/bin/python scripts/transcribe_mordheim_roster_builder.py GIT_DIR [OUT_JSON]

GIT_DIR is a clone of github.com/hmVBfv/Mordheim-Roster-Builder (its git directory); the
script reads data/warbands.json, data/hiredswords.json, data/equipment.json,
data/skills.json and data/races.json at HEAD and names that commit in the output. Only
facts are kept: names (English, and German where the data has them), costs and prices
(read into data by mordheim_source_prices.py, the chart's text kept beside), profiles,
limits, rarity, grades, races, skill lists (their skills' names), the publication each
comes from, who may hire whom and who may buy what (mordheim_item_access.py), and a
hired sword's equipment (mordheim_hired_equipment.py). Descriptions, special-rule text
and notes are left out on purpose: cards that need one get a short one in our own words.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from mordheim_hired_equipment import equipment as hired_equipment
from mordheim_item_access import buyers
from mordheim_source_prices import check as parse_price
from mordheim_source_prices import parse_rarity

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "fixtures" / "sources" / "mordheim-roster-builder.json"
REPO = "github.com/hmVBfv/Mordheim-Roster-Builder"

# Grades we carry: the rulebook ("core"), the official supplements (1a), the official
# Town Cryer / annual warbands (1b); 1c (semi-official) and 2a (fan-made, the Wood Elves
# and twenty hired swords) too, labelled unofficial by the pack with their grade.
GRADES = ("core", "1a", "1b", "1c", "2a")
HIRED_GRADES = ("1a", "1b", "1c", "2a")

# Equipment-list names whose German name the data translates nowhere.
LIST_ITEMS_EN = {
    "Gral-Reliquie": "Grail relic",
    "Pferd": "Horse",
}
# Equipment-list names (German, as the lists write them) that are a chart row of another
# name: the chart's German name. Found by reading both; each is one item, not two.
SAME_ITEM = {
    "Superior Black Powder": "Überlegenes Schwarzpulver",
    "Tauben-Bomben": "Brieftaubenbomben",  # the Nuln lists' name of Hersten-Wenkler's
    "Doppelläufiges Jagdgewehr": "Ostländer DL-Jagdbüchse",  # the Ostlanders' list
    "Jagdgewehr": "Hochland-Langbüchse",
    "Hunting Rifle": "Hochland-Langbüchse",
    "Wurfsterne": "Wurfmesser",  # the chart's "Throwing knives/stars"
    "Warpschloss-Pistole": "Warplock-Pistole",
    "Heilige Reliquie": "Heiliges/Unheiliges Relikt",
    "Standarte von Nagarythe": "Banner von Nagarythe",
}
# A brace (pair) on a list is the chart row's "(Paar ...)" price: list name -> the row.
PAIRS = {
    "Pistolenpaar": "Pistole",
    "Duellpistolenpaar": "Duellpistole",
    "Warpschloss-Pistolenpaar": "Warplock-Pistole",
    "Doppelläufiges Pistolenpaar": "Ostländer DL-Pistole",  # the Ostlanders' list
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
STANDARD_LISTS = ("combat", "shooting", "academic", "strength", "speed")
# Skill-list keys a hired sword's data names otherwise than the skill sets do.
SKILL_SET_OF = {"cavalry": "cavalrySkills"}
# "Max. <b>12</b> warriors": a subtype's own warband size (the Hung's Disloyalty).
MAX_WARRIORS = re.compile(r"Max\.\s*<b>(\d+)</b>\s*warriors")


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


def unit(u: dict, wb_key: str, warbands: dict) -> dict:
    """One fighter type; his race is the data's for him (UNITRACE), else his warband's."""
    own = f"{wb_key}/{u['id']}"
    from_unit = own in warbands["UNITRACE"]
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
        "stats_by_subtype": u.get("profSub") or {},
        "no_warband_skills": bool(u.get("noWbSkills")),
        "race": warbands["UNITRACE"][own] if from_unit else warbands["WBRACE"].get(wb_key),
        "race_of": "fighter" if from_unit else "warband",
        "no_experience": bool(u.get("noxp")),
        "no_armour": bool(u.get("noArmour")),
        "no_missile": bool(u.get("noMissile")),
        "no_heavy_armour": bool(u.get("noHeavy")),
        "large": bool(u.get("large")),
    }


def _subtype(s: dict, wb: dict) -> dict:
    out = {"key": s["key"], "name": s["name"], "gold": s.get("gold", wb["gold"])}
    cap = MAX_WARRIORS.search(s.get("note") or "")
    if cap:
        out["max_size"] = int(cap.group(1))
    return out


def _warbands(warbands: dict, skill_sets: dict) -> tuple[list[dict], set]:
    """The warbands of the grades transcribed, and the equipment lists they use."""
    out_warbands, used_lists = [], set()
    for key, wb in warbands["WARBANDS"].items():
        if wb["grade"] not in GRADES:
            continue
        units = [unit(u, key, warbands) for u in wb["units"]]
        used_lists |= {u["equipment_list"] for u in units if u["equipment_list"]}
        special = (warbands["WBEXTRA"].get(key) or {}).get("skills")
        out_warbands.append({
            "key": key,
            "name": wb["name"],
            "grade": wb["grade"],
            "min": wb["min"],
            "max": wb["max"],
            "gold": wb["gold"],
            "race": warbands["WBRACE"].get(key),
            "special_skills": special if special in skill_sets else None,
            "choice_label": (wb.get("subtypeLabel") or "").strip(" :") or None,
            "subtypes": [_subtype(s, wb) for s in wb.get("subtypes") or []],
            "units": units,
        })
    return out_warbands, used_lists


def _list_row(item: str, cost: int, category: str, chart_de: dict, chart_en: dict,
              de_to_en: dict) -> dict:
    """One row of an equipment list, tied to its chart row where the chart has the item:
    by the list's German name, by its English one, or by SAME_ITEM; a brace to the row
    whose pair price it is (PAIRS)."""
    german = re.sub(r"\s*\(1\. gratis\)", "", item)
    english = de_to_en.get(german, german)
    row = chart_de.get(SAME_ITEM.get(german, german)) or chart_en.get(english.lower())
    pair = chart_de.get(PAIRS[german]) if german in PAIRS else None
    return {
        "item": row["en"] if row else english,
        "item_de": german,
        "list_name": english,  # the list's own English name, where it names it otherwise
        "chart": row["en"] if row else None,
        "pair_of": pair["en"] if pair else None,
        "kind": LIST_KINDS.get(category, "miscellaneous"),
        "cost": cost,
        "first_free": german != item,
    }


def _equipment_lists(equipment: dict, used_lists: set, de_to_en: dict) -> dict:
    """Each equipment list a warband uses: its items (English and German) and costs."""
    chart_de = {c["de"]: c for c in equipment["CATALOG"]}
    chart_en = {c["en"].lower(): c for c in equipment["CATALOG"]}
    lists = {}
    for name in sorted(used_lists):
        lists[name] = [
            _list_row(item, cost, category, chart_de, chart_en, de_to_en)
            for category, entries in equipment["LISTS"][name].items()
            for item, cost in entries
        ]
    return lists


def _upgrade(upgrades: dict, german: str) -> dict | None:
    """A weapon upgrade's terms (data/equipment.json UPGRADES): what it improves."""
    u = upgrades.get(german)
    if u is None:
        return None
    return {"times": u.get("mult") or None, "base": u.get("base") or None,
            "families": list(u.get("fams") or []), "heroes_only": bool(u.get("heroesOnly")),
            "warbands": list(u.get("wb") or [])}


def _equipment_chart(equipment: dict, races: dict) -> list[dict]:
    """The trading chart: every item with its price, rarity and who may buy it."""
    chart = []
    for c in equipment["CATALOG"]:
        chart.append({
            "name": c["en"],
            "name_de": c["de"],
            "kind": CATEGORY_KINDS[c["cat"]],
            "cost_text": str(c["cost"]),
            "price": parse_price(c["cost"]),
            **parse_rarity(c["rare"]),
            "rarity_text": c["rare"] or None,
            "available_to": c["wb"] or None,
            "buyers": buyers(c["wb"], races),
            "upgrade": _upgrade(equipment["UPGRADES"], c["de"]),
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
            "skills": [SKILL_SET_OF.get(s, s) for s in hs.get("sk") or []],
            "fixed_skills": list(hs.get("skills") or []),
            "equipment": hired_equipment(hs.get("eq")),
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


def _skill_lists(skills: dict, warbands: list[dict], hired: list[dict]) -> dict:
    """Every skill list a transcribed fighter or hired sword learns from: its name and its
    skills' names (no descriptions)."""
    used = set(STANDARD_LISTS)
    for wb in warbands:
        used |= {wb["special_skills"]} - {None}
        for u in wb["units"]:
            used |= set(u["skills"]) | {s for lists in u["skills_by_subtype"].values()
                                        for s in lists}
    for hs in hired:
        used |= set(hs["skills"])
    out = {}
    for key in sorted(used):
        found = skills["SKILLLISTS"].get(key) or skills["SKILLSETS"].get(key)
        if found is None:
            raise ValueError(f"skill list {key!r}: the data names no such list")
        out[key] = {"name": found["name"], "skills": [s[0] for s in found["skills"]]}
    return out


def _races(races: dict, warbands: list[dict], hired: list[dict]) -> dict:
    """Every race of the data with its racial maximums (MAXPROF), and those its fighters
    and hired swords name."""
    used = {u["race"] for wb in warbands for u in wb["units"]} | {h["race"] for h in hired}
    used.discard(None)
    out = {}
    for race in sorted(used | set(races["MAXPROF"])):
        out[race] = {"name": races["RACE_EN"].get(race, race),
                     "name_de": races["RACELABEL"].get(race),
                     "maxima": races["MAXPROF"].get(race)}
    return out


def transcribe(git_dir: str) -> dict:
    warbands = read(git_dir, "data/warbands.json")
    hired = read(git_dir, "data/hiredswords.json")
    equipment = read(git_dir, "data/equipment.json")
    skills = read(git_dir, "data/skills.json")
    races = read(git_dir, "data/races.json")
    de_to_en = {c["de"]: c["en"] for c in equipment["CATALOG"]}
    de_to_en.update(equipment["EQEN"])
    de_to_en.update(LIST_ITEMS_EN)
    out_warbands, used_lists = _warbands(warbands, skills["SKILLSETS"])
    out_hired = _hired_swords(hired)
    return {
        "source": f"{REPO}@{commit_of(git_dir)}: data/warbands.json (WARBANDS, WBRACE, "
        "UNITRACE, WBEXTRA), data/hiredswords.json (HIREDSWORDS, WBHIRE), data/equipment.json "
        "(CATALOG, LISTS, EQEN, UPGRADES), data/skills.json (SKILLLISTS, SKILLSETS: names), "
        "data/races.json (MAXPROF, RACE_EN, RACELABEL)",
        "warbands": out_warbands,
        "equipment_lists": _equipment_lists(equipment, used_lists, de_to_en),
        "equipment": _equipment_chart(equipment, warbands["WBRACE"]),
        "hired_swords": out_hired,
        "hire": _hire(hired),
        "skill_lists": _skill_lists(skills, out_warbands, out_hired),
        "races": _races(races, out_warbands, out_hired),
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
