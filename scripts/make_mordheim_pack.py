"""Write fixtures/mordheim.yaml from the public reference numbers: mordheim-facts.json for
the six warbands we began with, mordheim-campaign.json for the post-battle campaign
tables, and the transcription fixtures/sources/mordheim-roster-builder.json for every
other warband, the hired swords, the trading chart, the skill lists and the races.

    .venv/bin/python scripts/make_mordheim_pack.py [FACTS_JSON] [OUT_YAML] [CAMPAIGN_JSON]
        [TRANSCRIPTION_JSON] [BSDATA_JSON]

Defaults: /work/shared/data/mordheim-facts.json and mordheim-campaign.json, the files in
fixtures/sources/ -> fixtures/mordheim.yaml. The output is deterministic, so re-running
it on the same facts changes nothing; commit its output. The campaign tables
(``system.attributes.campaign``
and the cards' ``race``, ``gains_experience``, ``skill_lists``, ``wizard``) are built by
mordheim_campaign_data.py; a mapping's ``unverified`` list names its keys whose value
rests on one source or a disputed reading.

What the script adds to the facts (all public Mordheim facts, not in the JSON):
- pack keys: the JSON's warband keys ("merc:reik") are not valid pack keys, so each
  warband gets a readable one (REIKLAND -> "reikland") and each fighter the warband key
  plus the slug of its name ("reikland-mercenary-captain");
- the large-creature flag (warband rating 20 instead of 5): the Skaven Rat Ogre;
- German names (``names: {de: ...}``) of the six warbands and their fighters, and the
  German stat labels (``stat_labels_by_language``), from GERMAN below (items take the
  chart's German names).

Items (prices as data, one key per item, who may buy what) are mordheim_pack_items.py;
the other warbands mordheim_more_data.py; hired swords mordheim_hired_data.py. The
self-audit (mordheim_audit.py, run by tests/packs/test_mordheim_audit.py) compares the
written pack with the transcription field by field.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import mordheim_more_data as more
import yaml
from mordheim_bsdata_marks import bsdata_note, mark_disagreements
from mordheim_campaign_data import campaign, card_attributes
from mordheim_hired_data import hired_swords
from mordheim_pack_items import items as pack_items

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FACTS = Path("/work/shared/data/mordheim-facts.json")
DEFAULT_OUT = ROOT / "fixtures" / "mordheim.yaml"
DEFAULT_CAMPAIGN = Path("/work/shared/data/mordheim-campaign.json")
DEFAULT_MORE = ROOT / more.SOURCE_FILE
# Where the BSData catalogues disagree with our numbers (written by mordheim_bsdata.py).
DEFAULT_BSDATA = ROOT / "fixtures" / "sources" / "mordheim-bsdata-disagreements.json"

DATA_VERSION = "2027.1.1"

WARBAND_KEYS = {
    "merc:reik": "reikland",
    "merc:midd": "middenheim",
    "merc:mari": "marienburg",
    "skaven": "skaven",
    "undead": "undead",
    "possessed": "possessed",
}
# Fighter types that count as large creatures for the warband rating.
LARGE = {("skaven", "ogre")}

# German names, keyed by our warband keys and by the fighter's slug (the same in every
# warband that has him); items take the chart's (mordheim_pack_items.py). The terms of
# the German edition where they are established (Hauptmann, Jungblut,
# Schwertkämpfer, Hellebarde, Klan Eshin...); the
# marked ones are our own rendering of a term whose German edition name is not known to
# us, to correct when someone has the German book at hand.
GERMAN_WARBANDS = {
    "reikland": "Reikländer Söldner",
    "middenheim": "Middenheimer Söldner",
    "marienburg": "Marienburger Söldner",
    "skaven": "Skaven (Klan Eshin)",
    "undead": "Untote",
    "possessed": "Kult der Besessenen",
}
GERMAN_FIGHTERS = {
    "mercenary-captain": "Hauptmann",
    "champion": "Champion",
    "youngblood": "Jungblut",
    "warrior": "Krieger",
    "marksman": "Schütze",
    "swordsman": "Schwertkämpfer",
    "assassin-adept": "Assassinen-Adept",
    "eshin-sorcerer": "Eshin-Hexer",  # ours
    "black-skaven": "Schwarzer Skaven",
    "night-runner": "Nachtläufer",
    "verminkin": "Klanratte",  # ours
    "giant-rat": "Riesenratte",
    "rat-ogre": "Rattenoger",
    "vampire": "Vampir",
    "necromancer": "Nekromant",
    "dreg": "Knecht",  # ours
    "zombie": "Zombie",
    "ghoul": "Ghul",
    "dire-wolf": "Fluchwolf",
    "magister": "Magister",
    "possessed": "Besessener",
    "mutant": "Mutant",
    "brethren": "Brüder",  # ours
    "beastman": "Tiermensch",
    "darksoul": "Dunkle Seele",  # ours
}
# The German edition's profile: B(ewegung), K(ampf)G(eschick), B(allistische)
# F(ertigkeit), S(tärke), W(iderstand), L(eben)P(unkte), I(nitiative), A(ttacken),
# M(oral)W(ert), the same letters as the rout test page's "MW".
STAT_LABELS_BY_LANGUAGE = {
    "de": {"M": "B", "WS": "KG", "BS": "BF", "S": "S", "T": "W", "W": "LP", "I": "I",
           "A": "A", "Ld": "MW"},
}


def german(table: dict, key: str) -> dict:
    """``names`` of a row: its German name; a key the table lacks is an error, so a new
    warband, fighter or item in the facts cannot go out without one."""
    return {"de": table[key]}
RATING = {"per_fighter": 5, "per_large_creature": 20}
MAX_HEROES = 6
GROUP_SIZE = (1, 5)

# Roster import from BattleScribe / New Recruit (armylists/games/mordheim/
# battlescribe.py): the words of a gameSystemName that make a roster a Mordheim one, the
# cost names of gold, words of a catalogue name that name each warband, and roster names
# that spelling rules alone do not bring to ours (roster name -> our name).
BATTLESCRIBE = {
    "game_systems": ["mordheim"],
    "cost_names": ["gc", "gold crowns", "gold"],
    "factions": {
        "reikland": ["Reikland"],
        "middenheim": ["Middenheim"],
        "marienburg": ["Marienburg"],
        "skaven": ["Skaven", "Clan Eshin"],
        "undead": ["Undead", "Vampire Courts"],
        "possessed": ["Possessed"],
    },
    "aliases": {
        "Captain": "Mercenary Captain",
        "Free Dagger": "Dagger",
        "Light Armor": "Light armour",
        "Heavy Armor": "Heavy armour",
        "Clan Eshin Sorcerer": "Eshin Sorcerer",
        "Two-handed weapon": "Double-handed weapon",
    },
}

HEADER = """\
# Mordheim game-data pack (muster-pack/1): warband rosters. GENERATED, do not edit:
#   .venv/bin/python scripts/make_mordheim_pack.py
# Numbers transcribed from public data (see system.description); correct the facts or
# the transcription script and re-run the script, then bump DATA_VERSION in the script.
#
# Factions are warbands (starting gold, size limits, rating rules, choices such as a
# Tilean city). Cards are fighters: heroes are models (one entry each), henchmen are
# units (one entry per group, `size` models), hired swords models of no warband. Card
# `items` are the fighter's own equipment list with that list's prices; item `points`
# are the trading chart's price (its base when the price has dice: `attributes.price`).
"""


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _faction(facts: dict, more_facts: dict, warband: dict, wkey: str) -> dict:
    data_key, subtype = more.EXISTING[wkey]
    return {
        "key": wkey,
        "name": warband["name"],
        "names": german(GERMAN_WARBANDS, wkey),
        "attributes": {
            "source_key": warband["key"],
            "starting_gold": warband["starting_gold"],
            "min_size": warband["min_size"],
            "max_size": warband["max_size"],
            "rating": dict(RATING),
            "grade": "core",
            "official": True,
            "source": f"Mordheim rulebook; {facts['source'].split(':')[0]}",
            "race": more.race_key(next(w["race"] for w in more_facts["warbands"]
                                       if w["key"] == data_key)),
            "hire": more.hire_facts(more_facts, data_key, subtype),
        },
    }


def _fighter_card(campaign_facts: dict, warband: dict, wkey: str, f: dict) -> dict:
    """One fighter of a rulebook warband: a hero is a model, a henchman group a unit."""
    hero = f["kind"] == "hero"
    large = (warband["key"], f["key"]) in LARGE
    group_max = None if hero else min(f["group_max"] or GROUP_SIZE[1], GROUP_SIZE[1])
    price_list = warband["equipment_lists"].get(f["equipment_list"] or "", [])
    card = {
        "key": f"{wkey}-{slug(f['name'])}",
        "name": f["name"],
        "names": german(GERMAN_FIGHTERS, slug(f["name"])),
        "faction": wkey,
        "kind": "model" if hero else "unit",
        "warlord": bool(f["required"] and hero),
        "points": f["cost_gc"],
    }
    if not hero:
        card.update(
            core_points=f["cost_gc"], soldier_points=f["cost_gc"],
            core_size=1, max_size=group_max,
        )
    card["stats"] = dict(f["profile"])
    card["items"] = [{"key": slug(e["item"]), "points": e["cost_gc"]} for e in price_list]
    card["attributes"] = {
        "source_key": f["key"],
        "fighter": f["kind"],
        "leader": bool(f["required"] and hero),
        "starting_experience": f["starting_exp"] if hero else 0,
        "type_limit": f["max"],
        "group_max": group_max,
        "large": large,
        "equipment_list": f["equipment_list"],
        "skills": list(f["skills"]),
        **card_attributes(campaign_facts, wkey, f["name"], hero, f["skills"]),
    }
    return card


def _users(cards: list[dict]) -> dict[str, set]:
    """Item key -> the pack factions whose fighters' lists carry it."""
    out: dict[str, set] = {}
    for card in cards:
        for item in card["items"]:
            out.setdefault(item["key"], set()).add(card["faction"])
    return out


def _check_item_keys(cards: list[dict], items: dict) -> None:
    """Every item a fighter's list names is an item of the pack (never a silent gap)."""
    for card in cards:
        for item in card["items"]:
            if item["key"] not in items:
                raise ValueError(f"{card['key']}: its list names {item['key']!r}, no item")


def description(factions: list[dict], cards: list[dict], items: dict, facts: dict,
                more_facts: dict, disagreements: dict | None) -> str:
    """What the pack holds and where its numbers come from, counted from the pack."""
    official = sum(1 for f in factions if f["attributes"]["official"])
    swords = [c for c in cards if c["attributes"].get("hired_sword")]
    swords_official = sum(1 for c in swords if c["attributes"]["official"])
    rare = sum(1 for i in items.values() if i["attributes"]["rare"])
    return (
        f"Mordheim warband rosters: {len(factions)} warbands ({official} official, "
        f"{len(factions) - official} unofficial), {len(swords)} hired swords "
        f"({swords_official} official) and the trading chart's {len(items)} items "
        f"({rare} rare). Numbers (costs, profiles, limits, equipment lists and their "
        "prices, the chart's prices with their dice, rarity, races, skill lists, hire "
        "fees and upkeep, who may hire and buy what) are public data: the Reikland, "
        "Middenheim, Marienburg, Skaven, Undead and Possessed fighters from "
        f"{facts['source'].split(':')[0]} (data/warbands.json, data/equipment.json), "
        "everything else from " + more_facts["source"].split(":")[0]
        + f" as transcribed in {more.SOURCE_FILE}; scripts/mordheim_audit.py compares the "
        "whole pack with that transcription and every difference is listed with its reason "
        "in fixtures/sources/mordheim-audit-differences.json. Limits (starting gold, size, "
        "at most 6 heroes, henchman groups of 1 to 5, first dagger free, rating 5 per "
        "fighter and 20 per large creature plus experience) are the published "
        "warband-building rules. Campaign tables (advances, racial maximums, skill lists, "
        "exploration, wyrdstone sale, trading, rating, underdog) are transcribed from "
        "public campaign references; values resting on one source or a disputed reading "
        "are listed as unverified. "
        + bsdata_note(disagreements)
        + "An item's price is the chart's; a warband's own list may ask another, which "
        "applies to that warband's fighters. Prices in gold crowns (gc)."
    )


def build(facts: dict, campaign_facts: dict, more_facts: dict,
          disagreements: dict | None = None) -> dict:
    factions, cards = [], []
    for warband in facts["warbands"]:
        wkey = WARBAND_KEYS[warband["key"]]
        factions.append(_faction(facts, more_facts, warband, wkey))
        cards += [_fighter_card(campaign_facts, warband, wkey, f) for f in warband["fighters"]]
    more_factions, more_cards = more.more_warbands(more_facts, RATING)
    factions += more_factions
    cards += more_cards
    official = {f["key"]: f["attributes"]["official"] for f in factions}
    items = pack_items(more_facts, more.faction_keys, _users(cards), official)
    _check_item_keys(cards, items)
    cards += hired_swords(more_facts, items)
    mark_disagreements(cards, disagreements)

    return {
        "format": "muster-pack/1",
        "system": {
            "key": "mordheim",
            "name": "Mordheim",
            "data_version": DATA_VERSION,
            "sample_data": False,
            "description": description(factions, cards, items, facts, more_facts,
                                       disagreements),
            "attributes": {
                "currency": "gc",
                "default_starting_gold": 500,
                "stat_order": ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"],
                "stat_labels_by_language": STAT_LABELS_BY_LANGUAGE,
                "rating": dict(RATING),
                "campaign": campaign(campaign_facts, set(items), more_facts),
                "battlescribe": dict(BATTLESCRIBE),
            },
        },
        "validators": [
            {"code": "unknown_key"},
            {"code": "faction"},
            {"code": "warband_choice"},
            {"code": "gold_budget", "params": {"default": 500}},
            {"code": "warband_size", "params": {"min": 3, "max": 15}},
            {"code": "leader"},
            {"code": "hero_limit", "params": {"max": MAX_HEROES}},
            {"code": "type_limit"},
            {"code": "henchman_group", "params": {"min": GROUP_SIZE[0], "max": GROUP_SIZE[1]}},
            {"code": "equipment_not_allowed"},
            {"code": "type_minimum"},
            {"code": "hired_sword_not_allowed"},
            {"code": "hired_sword_conflict"},
            {"code": "hired_sword_limit"},
        ],
        "factions": factions,
        "items": list(items.values()),
        "cards": cards,
    }


def render(pack: dict) -> str:
    body = yaml.safe_dump(
        pack, allow_unicode=True, sort_keys=False, width=100, default_flow_style=None
    )
    return HEADER + "\n" + body


def main(argv: list[str]) -> int:
    facts_path = Path(argv[1]) if len(argv) > 1 else DEFAULT_FACTS
    out_path = Path(argv[2]) if len(argv) > 2 else DEFAULT_OUT
    campaign_path = Path(argv[3]) if len(argv) > 3 else DEFAULT_CAMPAIGN
    facts = json.loads(facts_path.read_text(encoding="utf-8"))
    campaign_facts = json.loads(campaign_path.read_text(encoding="utf-8"))
    more_path = Path(argv[4]) if len(argv) > 4 else DEFAULT_MORE
    more_facts = json.loads(more_path.read_text(encoding="utf-8"))
    bsdata_path = Path(argv[5]) if len(argv) > 5 else DEFAULT_BSDATA
    disagreements = (json.loads(bsdata_path.read_text(encoding="utf-8"))
                     if bsdata_path.is_file() else None)
    pack = build(facts, campaign_facts, more_facts, disagreements)
    out_path.write_text(render(pack), encoding="utf-8")
    print(f"wrote {out_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
