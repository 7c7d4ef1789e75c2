"""Lists of every game for the print sheet's tests (pages and browser): each with an item
that changes a stat, a card fielded more than once, and what only its game prints."""

from tests.support.mordheim_battle import WARBAND

GODSLAYER = {
    "format": "muster-list/1", "system": "godslayer", "name": "Print raid",
    "faction": "nordgaard", "battle_size": 400,
    "entries": [
        # Chainmail: ARM +2 (3 on the card, 5 with it).
        {"card": "nordgaard-gestir-captain", "items": ["nordgaard-bearded-axe", "nordgaard-chainmail"]},
        {"card": "nordgaard-ravenwitch", "items": ["nordgaard-raven-staff", "nordgaard-mead-of-valour"]},
        {"card": "nordgaard-berserker"},
        {"card": "nordgaard-tundra-archers", "size": 5},
        {"card": "nordgaard-tundra-archers", "size": 5},  # equal to the one before: 2x
        {"card": "nordgaard-ogre-huscarl", "count": 2},
        {"card": "nordgaard-huscarl-shieldwall", "size": 5},
    ],
}
BOARDING_ACTION = {
    "format": "muster-list/1", "system": "boarding-action", "name": "Hold the deck",
    "role": "defender", "battle_size": 500,
    "entries": [
        {"card": "line-trooper", "count": 3},
        {"card": "boarding-walker"},
        {"custom": {"name": "Breacher squad", "points": 45, "unit_type": "infantry",
                    "base_mm": 32, "wargear": ["shotgun", "breaching_charge"]}},
    ],
    "special_actions": [
        {"action": "defender-sentry-gun", "count": 1, "variant": "heavy"},
        {"action": "defender-welded-hatch", "count": 2},
    ],
}
MORDHEIM = {**WARBAND, "entries": [*WARBAND["entries"],
                                   {"card": "reikland-warrior", "size": 3, "items": ["sword"]}]}
TRUPP = {
    "format": "muster-list/1", "system": "trupp", "name": "Wardens", "battle_size": 150,
    "entries": [
        # Rune blade: KG_N +1 and STAE +1 on every row of the sheet.
        {"card": "knight-errant", "options": ["rune-blade"]},
        {"card": "militia-spearman", "count": 3},
        {"card": "sellsword"},
    ],
}
LISTS = {
    "godslayer": GODSLAYER,
    "boarding-action": BOARDING_ACTION,
    "mordheim": MORDHEIM,
    "trupp": TRUPP,
}
