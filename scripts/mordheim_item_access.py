"""Who may buy an item of the Mordheim trading chart, as data.

The Mordheim-Roster-Builder chart (data/equipment.json, CATALOG ``wb``) says it in short
words ("Skaven only", "not Undead/Carnival", "Kislevite Heroes only"). ``BUYERS`` reads
each wording the chart uses into the warbands it names (the data's warband keys; a
Mercenary city as "merc/<city>"): ``only`` (no other warband may buy it), ``except``
(every warband but these), ``heroes_only``. A wording that narrows within a warband
("Dark Elf Beastmaster only") names the warband; the wording itself stays with the item
(``available_to``) for the reader. Wordings that only change an item's rarity for some
("Rare 6 for Warrior-Priests/Sisters") or name no warband ("cavalry only") restrict no
warband. A wording not in the table stops the transcription, so a new one is read before
it ships.
"""

from __future__ import annotations

GOBLINS = ["orcmob", "forestgoblins", "nightgoblins"]
CHAOS_DWARFS = ["sonsofhashut", "blackdwarfs"]
ELVES = ["woodelf", "darkelves", "shadowwarriors"]
PIRATES = ["pirates"]
ANYONE: dict = {}
HUMANS = "human"  # every warband whose race is human (the data's WBRACE)

BUYERS: dict[str, dict] = {
    "": ANYONE,
    "1st free": ANYONE,
    "(Arabian/Khemri)": {"only": ["arabian", "tombguardians"]},
    "Amazons (Lustria) Piranha Warrior only": {"only": ["amazonslustria"]},
    "Amazons (Lustria) only": {"only": ["amazonslustria"]},
    "Amazons (Mordheim) only": {"only": ["amazons"]},
    "Amazons (Mordheim), Norse, Pit Fighters only": {"only": ["amazons", "norse",
                                                               "pitfighters"]},
    "Amazons only (Rare 11 for Lustria)": {"only": ["amazons", "amazonslustria"]},
    "Arabian Tomb Raiders only": {"only": ["arabian"]},
    "Battle Monks": {"only": ["battlemonks"]},
    "Black Dwarfs (Gaolers) only": {"only": ["blackdwarfs"]},
    "Black Dwarfs (Sorcerer) only": {"only": ["blackdwarfs"]},
    "Bretonnian Warhorses only": {"only": ["bretonnian", "bretchapel"]},
    "Cathay / Emissary": {"only": ["battlemonks", "caravans"]},
    "Cavalcade": {"only": ["cavalcade"]},
    "Cavalcade (Aristocrat)": {"only": ["cavalcade"]},
    "Cavalcade (Fighting Ape)": {"only": ["cavalcade"]},
    "Cavalcade (Twisted Scholar)": {"only": ["cavalcade"]},
    "Chaos Dwarfs only": {"only": CHAOS_DWARFS},
    "Common for Amazons (Lustria)": ANYONE,
    "Common if warband includes Goblins": ANYONE,
    "Dark Elf Beastmaster only": {"only": ["darkelves"]},
    "Dark Elves Heroes & Corsairs only": {"only": ["darkelves"]},
    "Dark Elves Heroes only (upgrades sword or dagger; +15 gc at recruitment, +20 gc later)":
        {"only": ["darkelves"], "heroes_only": True},
    "Dwarfs only": {"only": ["dwarftreasure", "dwarfrangers"]},
    "Forest & Night Goblins only": {"only": ["forestgoblins", "nightgoblins"]},
    "Forest Goblins only": {"only": ["forestgoblins"]},
    "Goblins only": {"only": GOBLINS},
    "Gunnery School of Nuln only": {"only": ["gunnery"]},
    "Gunnery School of Nuln only (also Maneaters)": {"only": ["gunnery", "maneaters"]},
    "Heroes only (Outlaws)": {"only": ["outlaws"], "heroes_only": True},
    "Hochland Bandits only": {"only": ["hochland"]},
    "Horned Hunters only": {"only": ["hornedhunters"]},
    "Humans only": {"only": HUMANS},
    "Kislevite Heroes only": {"only": ["kislev"], "heroes_only": True},
    "Lizardmen, Amazons (Lustria) only": {"only": ["lizardmen", "amazonslustria"]},
    "Maneaters": {"only": ["maneaters"]},
    "Maneaters (Guide)": {"only": ["maneaters"]},
    "Marauders of Chaos (1 Hero) only": {"only": ["maraudersofchaos"]},
    "Marauders of Chaos (Chosen of Chaos) only": {"only": ["maraudersofchaos"]},
    "Marauders, Norse, Beastmen, Chaos Dwarfs, Possessed, Carnival only":
        {"only": ["maraudersofchaos", "norse", "beastmen", *CHAOS_DWARFS, "possessed",
                  "carnival"]},
    "Middenheimers, Norse Explorers and Marauders only":
        {"only": ["merc/midd", "norse", "maraudersofchaos"]},
    "Mootlanders only": {"only": ["mootlanders"]},
    "Night Goblins (Fanatic)": {"only": ["nightgoblins"]},
    "Not for Beastmen": {"except": ["beastmen"]},
    "Ostlanders only": {"only": ["ostlander"]},
    "Pirate Captain & Mates only": {"only": PIRATES, "heroes_only": True},
    "Pirate Gunners only (max 1 per warband)": {"only": PIRATES},
    "Pirate Heroes only": {"only": PIRATES, "heroes_only": True},
    "Pirates only": {"only": PIRATES},
    "Pit Fighters only": {"only": ["pitfighters"]},
    "Rare 6 for Warrior-Priests/Sisters": ANYONE,
    "Reavers (Conqueror start)": {"only": ["reavers"]},
    "Reavers (Saurus Slayer)": {"only": ["reavers"]},
    "Reavers (Trapmaster start)": {"only": ["reavers"]},
    "Reiklanders, Marienburgers, Tileans, Hochland only":
        {"only": ["merc/reik", "merc/mari", "tileans", "hochland"]},
    "Shadow Warrior Weavers only": {"only": ["shadowwarriors"]},
    "Shadow Warriors only": {"only": ["shadowwarriors"]},
    "Shadow Warriors only (only at warband creation)": {"only": ["shadowwarriors"]},
    "Sisters of Sigmar & Chaos Dwarfs only": {"only": ["sos", *CHAOS_DWARFS]},
    "Sisters of Sigmar only": {"only": ["sos"]},
    "Skaven of Clan Pestilens only": {"only": ["skavenpest"]},
    "Skaven only": {"only": ["skaven", "skavenpest"]},
    "Skaven, Lizardmen, Forest Goblins only (Common for Forest Goblins)":
        {"only": ["skaven", "skavenpest", "lizardmen", "forestgoblins"]},
    "Skink Henchmen only": {"only": ["lizardmen"]},
    "Swivel-Gun ammo (per game)": {"only": PIRATES},
    "Tileans only": {"only": ["tileans"]},
    "Tomb Guardians Liche Priest only": {"only": ["tombguardians"]},
    "Tomb Guardians Tomb Lord only": {"only": ["tombguardians"]},
    "Tomb Guardians only": {"only": ["tombguardians"]},
    "Vampires and Necromancers only": {"only": ["undead", "restless"]},
    "Warhorses only": ANYONE,
    "Warrior-Priests & Sisters of Sigmar only": {"only": ["wh", "sos"]},
    "Witch Hunters only": {"only": ["wh"]},
    "cavalry only": ANYONE,
    "not Elves": {"except": ELVES},
    "not Possessed/Undead": {"except": ["possessed", "undead"]},
    "not Undead": {"except": ["undead"]},
    "not Undead (Common for Warrior-Priests/Sisters)": {"except": ["undead"]},
    "not Undead/Carnival": {"except": ["undead", "carnival"]},
    "not WH/WP/Sisters (Rare 6 Dark Elves/Lizardmen)": {"except": ["wh", "sos"]},
    "not WH/WP/Sisters (Rare 7 Skaven/Lizardmen)": {"except": ["wh", "sos"]},
    "not Witch Hunters/Sisters": {"except": ["wh", "sos"]},
    "spellcasters only (any warband)": ANYONE,
}


def buyers(wording: str | None, warband_races: dict[str, str]) -> dict:
    """The warbands the chart's wording lets buy an item: ``{}`` (any), ``{"only": [...]}``
    or ``{"except": [...]}``, and ``heroes_only``; ``warband_races`` (the data's WBRACE)
    resolves "Humans only"."""
    wording = (wording or "").strip()
    if wording not in BUYERS:
        raise ValueError(f"who may buy: the chart's wording {wording!r} is not read yet "
                         "(add it to BUYERS in scripts/mordheim_item_access.py)")
    out = dict(BUYERS[wording])
    if out.get("only") == HUMANS:
        out["only"] = sorted(k for k, race in warband_races.items() if race == "human")
    return out
