"""The post-battle campaign tables of the Mordheim pack, from mordheim-campaign.json.

Used by make_mordheim_pack.py; writes ``system.attributes.campaign`` and each fighter
card's ``race``, ``gains_experience``, ``skill_lists`` (and ``wizard``).

Each fact of the JSON is ``{"value": ..., "source": [...], "confidence": "multi"|"single"}``,
sometimes with ``"disputed"``. The pack keeps numbers and short names only (no sources);
a mapping's ``unverified`` list names those of its keys whose value rests on a single
source or on a disputed reading (the JSON's trusted value is the one shipped).

Tables read straight from the JSON: thresholds, both advance tables, racial maximums and
each fighter's race, skill lists (standard lists and per hero), shards by dice total,
the wyrdstone sale table, the underdog table, trading and rating numbers. The
exploration locations' rewards are prose-like in the JSON, so ``LOCATIONS`` below
restates each as structured effects (see rules/systems/mordheim/exploration.py for the
grammar); ``check_locations`` makes sure every name and number still agrees with the JSON.
"""

from __future__ import annotations

import re

from mordheim_exploration_data import locations
from mordheim_more_data import RACE_KEYS
from mordheim_more_data import skill_list_key as SOURCE_SKILL_LIST_KEY

STATS = ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"]

# The JSON names warbands its own way; pack faction keys on the right.
RACE_MAP_GROUPS = {
    "reikland_middenheim_marienburg": ("reikland", "middenheim", "marienburg"),
    "skaven_clan_eshin": ("skaven",),
    "undead": ("undead",),
    "cult_of_the_possessed": ("possessed",),
}
SKILL_GROUPS = {
    "reikland": "reikland", "middenheim": "middenheim", "marienburg": "marienburg",
    "skaven_clan_eshin": "skaven", "undead": "undead", "cult_of_the_possessed": "possessed",
}
SKILL_LIST_NAMES = {
    "combat": "Combat", "shooting": "Shooting", "academic": "Academic",
    "strength": "Strength", "speed": "Speed", "skaven_special": "Skaven Special",
}
# Spell casters of the six warbands (their advance table lets them take a spell instead
# of a skill). Not in the JSON: public warband-list facts, shipped as unverified.
WIZARDS = {("skaven", "Eshin Sorcerer"), ("undead", "Necromancer"), ("possessed", "Magister")}
# The 2005 Rules Review lets Haggle lower a price to at least 1 gc; the JSON gives only
# "-2D6 gc", so the floor is shipped as unverified.
HAGGLE_MIN_PRICE = 1


def unverified(fact) -> bool:
    return isinstance(fact, dict) and (
        fact.get("confidence") == "single" or "disputed" in fact or "note_disputed" in fact
    )


def _flagged(out: dict, facts: dict[str, object]) -> dict:
    """``out`` with an ``unverified`` list naming the keys whose fact is unverified."""
    keys = [key for key, fact in facts.items() if unverified(fact)]
    if keys:
        out["unverified"] = keys
    return out


def band(text: str) -> dict:
    """"1-5" -> {min: 1, max: 5}; "36+" -> {min: 36, max: None}; "6" -> {min: 6, max: 6}."""
    match = re.fullmatch(r"(\d+)(?:-(\d+)|(\+))?", text.strip())
    if match is None:
        raise ValueError(f"not a range: {text!r}")
    low = int(match[1])
    return {"min": low, "max": None if match[3] else int(match[2] or low)}


def _stat(text: str) -> str:
    match = re.fullmatch(r"\+1 (\w+)", text)
    if match is None or match[1] not in STATS:
        raise ValueError(f"not a characteristic increase: {text!r}")
    return match[1]


def hero_advances(rows: list) -> list[dict]:
    out = []
    for fact in rows:
        row = fact["value"]
        entry = band(row["roll"])
        if row["result"] == "New Skill":
            entry["result"] = "skill"
        else:
            entry["result"] = "characteristic"
            if "choice" in row:
                entry["choose"] = [_stat(s) for s in row["choice"]]
            else:
                entry["d6"] = [{**band(r), "stat": _stat(s)}
                               for r, s in row["subroll_table"].items()]
        out.append(entry)
    return out


def henchman_advances(rows: list) -> list[dict]:
    out = []
    for fact in rows:
        row = fact["value"]
        entry = band(row["roll"])
        text = row["result"]
        if text == "The Lad's Got Talent":
            entry["result"] = "lads_got_talent"
        elif text.startswith("choose "):
            entry.update(result="characteristic", choose=re.findall(r"\+1 (\w+)", text))
        else:
            entry.update(result="characteristic", stat=_stat(text))
        out.append(entry)
    return out


def races(maxima: dict) -> tuple[dict, dict]:
    """Racial maximums by race, and (faction, fighter name) -> race (None: gains no XP)."""
    table = {race: dict(fact["value"]) for race, fact in maxima.items()
             if race not in ("not_applicable", "unit_race_map")}
    by_fighter: dict[tuple[str, str], tuple[str | None, bool]] = {}
    for group, fact in maxima["unit_race_map"].items():
        for faction in RACE_MAP_GROUPS[group]:
            for name, race in fact["value"].items():
                if race != "n/a" and race not in table:
                    raise ValueError(f"{name}: no maximums for race {race!r}")
                # a disputed map names the fighters in dispute in its alternative
                doubted = unverified(fact) and name in fact.get("disputed", {}).get(
                    "alt_value", {name: None})
                by_fighter[(faction, name)] = (None if race == "n/a" else race, doubted)
    return table, by_fighter


def skill_lists(facts: dict) -> tuple[dict, dict, dict]:
    """Standard lists, (faction, hero name) -> (list keys, unverified), special list by
    faction."""
    lists = {key: {"name": SKILL_LIST_NAMES[key], "skills": list(fact["value"])}
             for key, fact in facts["standard_lists"].items()}
    heroes = {}
    for group, by_hero in facts["per_warband_hero"].items():
        for name, fact in by_hero.items():
            heroes[(SKILL_GROUPS[group], name)] = (list(fact["value"]), unverified(fact))
    special = {SKILL_GROUPS[group]: key
               for group, key in facts["warband_special_lists_in_scope"]["value"].items() if key}
    return lists, heroes, special


def underdog(facts: dict) -> dict:
    rows = [{**band(r["rating_difference"]), "xp": r["xp_bonus"]}
            for r in facts["table"]["value"]]
    return _flagged({"table": rows, "scope": "surviving_warriors"},
                    {"table": facts["table"], "scope": facts["per_model_scope"]})


def wyrdstone(facts: dict) -> dict:
    columns = facts["columns_warband_size"]
    rows = [fact["value"] for fact in facts["table"]]
    return _flagged({
        "warband_sizes": [band(c) for c in columns],
        "shards": [band(row["shards_sold"]) for row in rows],
        # gold for the whole batch: row = shards sold, column = warband size band
        "gold": [[row["gc_by_warband_size"][c] for c in columns] for row in rows],
        "sales_per_sequence": facts["sales_per_post_battle_sequence"]["value"],
        "hired_swords_count": False,
        "warhounds_count": facts["warhounds_count_for_size"]["value"],
        "may_keep_shards": facts["not_obliged_to_sell_all"]["value"],
    }, {
        "sales_per_sequence": facts["sales_per_post_battle_sequence"],
        "hired_swords_count": facts["warband_size_counts"],
        "warhounds_count": facts["warhounds_count_for_size"],
        "may_keep_shards": facts["not_obliged_to_sell_all"],
    })


def trading(facts: dict) -> dict:
    rare, selling = facts["rare_items"], facts["selling"]
    joining, hired = facts["joining_existing_henchman_group"], facts["hired_swords"]
    mods = rare["modifiers"]
    out = {
        "rare_dice": 2,
        "rare_rolls_per_hero": rare["items_per_successful_roll"]["value"],
        "rare_modifiers": {
            "streetwise": mods["streetwise_skill"]["value"],
            "marienburg": mods["marienburg_warband"]["value"],
            "jewelsmith_gems": mods["jewelsmith_gems_kept"]["value"],
        },
        "henchmen_search": rare["henchmen_search"]["value"],
        "hired_swords_search": rare["hired_swords_search"]["value"],
        "haggle_dice": 2,
        "haggle_min_price": HAGGLE_MIN_PRICE,
        "sell_percent": round(100 * selling["price_fraction"]["value"]),
        "sell_rounding": selling["rounding"]["value"],
        "veterans_dice": 2,
        "recruit_gc_per_xp": joining["gc_per_xp"]["value"],
        "hired_sword_lost_max": band(next(
            r for r, what in hired["out_of_action_roll"]["value"]["D6"].items() if what == "lost"
        ))["max"],
    }
    return _flagged(out, {
        "hired_swords_search": rare["hired_swords_search"],
        "sell_rounding": selling["rounding"],
        "haggle_min_price": {"confidence": "single"},
    })


def injuries(facts: dict) -> dict:
    wound = facts["old_battle_wound_32"]["value"]
    captured = facts["captured_61"]["value"]
    return {
        "old_battle_wound_fails_on": wound["cannot_fight_on"],
        "deep_wound_games": facts["deep_wound_35_games_missed"]["value"],
        "slaver_price": captured["slaver_price_gc"],
        "captor_options": ["ransom", "exchange", "sell", "zombie", "sacrifice"],
        "zombie_warbands": ["undead"],
        "sacrifice_warbands": ["possessed"],
        "sacrifice_leader_xp": 1,
    }


def rating(facts: dict) -> dict:
    return _flagged({
        "per_warrior": facts["per_warrior"]["value"],
        "per_large_creature": facts["per_large_creature"]["value"],
        "missing_models_count": facts["models_missing_a_game_still_count"]["value"],
    }, {"missing_models_count": facts["models_missing_a_game_still_count"]})


def experience(facts: dict) -> dict:
    scenario = facts["scenario_specific"]
    other = facts["other_sources_of_xp"]
    return {
        "survives": facts["survives"]["value"],
        "winning_leader": facts["winning_leader"]["value"],
        "per_enemy_out_of_action": facts["per_enemy_out_of_action"]["value"],
        "scenario": {
            "wyrdstone_hunt_per_counter": scenario["wyrdstone_hunt_per_counter_carried"]["value"],
            "breakthrough": scenario["breakthrough_breaking_through"]["value"],
            "street_fight_first_hero_out": scenario["street_fight_escaping_first_hero"]["value"],
            "hidden_treasure_chest": scenario["hidden_treasure_finding_chest"]["value"],
        },
        "survives_against_the_odds": other["serious_injury_66_survives_against_the_odds"]["value"],
        "pit_fight_won": other["sold_to_the_pits_win"]["value"],
    }


def _source_races(more: dict | None, maxima: dict) -> dict:
    """Every race of the transcription (fixtures/sources/mordheim-roster-builder.json):
    its name in English and German, and its maximums where the campaign facts have none
    (their ``unverified`` list names those: one source)."""
    if not more:
        return {}
    out: dict = {"unverified": []}
    for source_key, race in more["races"].items():
        key = RACE_KEYS.get(source_key, source_key)
        out[key] = {"name": race["name"],
                    "names": {"de": race["name_de"]} if race["name_de"] else {}}
        if key not in maxima:
            maxima[key] = dict(race["maxima"])
            out["unverified"].append(key)
    if not out["unverified"]:
        out.pop("unverified")
    return out


def _source_skill_lists(more: dict | None, lists: dict) -> None:
    """The transcription's skill lists the campaign facts lack (a warband's own list,
    the riding skills), by the pack's keys: names only."""
    for source_key, found in (more or {}).get("skill_lists", {}).items():
        lists.setdefault(SOURCE_SKILL_LIST_KEY(source_key),
                         {"name": found["name"], "skills": list(found["skills"])})


def campaign(facts: dict, item_keys: set[str], more: dict | None = None) -> dict:
    """``system.attributes.campaign`` of the pack (``more``: the transcription, for the
    races and skill lists beyond the campaign facts)."""
    maxima, _by_fighter = races(facts["characteristic_max"])
    race_names = _source_races(more, maxima)
    lists, _heroes, special = skill_lists(facts["skill_lists"])
    _source_skill_lists(more, lists)
    numbers = facts["advance_rules_of_numbers"]
    talent = facts["henchman_advance_table"][-1]["value"]["effect_facts"]
    dice = facts["exploration"]["dice"]
    return {
        "experience": experience(facts["experience"]),
        "thresholds": {
            "hero": list(facts["advance_thresholds"]["hero"]),
            "henchman": list(facts["advance_thresholds"]["henchman"]),
            # hired swords climb the henchman track but roll on the hero table
            "hired_sword_track": "henchman",
        },
        "hero_advances": hero_advances(facts["hero_advance_table"]),
        "henchman_advances": henchman_advances(facts["henchman_advance_table"]),
        "advance_rules": {
            "max_heroes": numbers["max_heroes_per_warband"]["value"],
            "henchman_increases_per_characteristic":
                numbers["henchman_max_increase_per_characteristic"]["value"],
            "lad_skill_lists": talent["skill_lists_chosen"],
            "lad_hero_rolls": talent["immediate_hero_advance_rolls"],
        },
        "stat_order": STATS,
        "maxima": maxima,
        "races": race_names,
        "skill_lists": lists,
        "special_lists": special,
        "exploration": _flagged({
            "per_hero": dice["per_hero_not_out_of_action"]["value"],
            "won": dice["extra_if_won"]["value"],
            "keep_at_most": dice["max_dice_kept"]["value"],
            "equal_sets": "highest_face",
            "shards": [{**band(r["total"]), "shards": r["shards"]}
                       for r in facts["exploration"]["shards_found_by_dice_total"]["value"]],
            "locations": locations(facts["exploration"], item_keys),
            "artefacts": [facts["exploration"]["magical_artefacts_D6"]["value"][str(n)]
                          for n in range(1, 7)],
        }, {"equal_sets": dice["equal_size_multiples"]}),
        "wyrdstone": wyrdstone(facts["wyrdstone_sale"]),
        "trading": trading(facts["trading"]),
        "injuries": injuries(facts["injury_extras"]),
        "rating": rating(facts["rating"]),
        "underdog": underdog(facts["underdog"]),
    }


def card_attributes(
    facts: dict, faction: str, name: str, hero: bool, skills: list[str] | None = None
) -> dict:
    """A fighter card's campaign attributes: race (None: gains no experience), the skill
    lists of a hero, wizard; ``unverified`` names the disputed ones."""
    _maxima, by_fighter = races(facts["characteristic_max"])
    _lists, heroes, _special = skill_lists(facts["skill_lists"])
    race, race_unverified = by_fighter[(faction, name)]
    out: dict = {"race": race, "gains_experience": race is not None}
    flags = ["race"] if race_unverified else []
    if hero:
        out["skill_lists"], lists_unverified = heroes[(faction, name)]
        if skills is not None and [SKILL_LIST_NAMES[k] for k in out["skill_lists"]] != skills:
            raise ValueError(f"{faction} {name}: the warband facts list skills {skills}, the "
                             f"campaign facts {out['skill_lists']}")
        if lists_unverified:
            flags.append("skill_lists")
        if (faction, name) in WIZARDS:
            out["wizard"] = True
            flags.append("wizard")
    if flags:
        out["unverified"] = flags
    return out
