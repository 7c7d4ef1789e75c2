"""A list of every game for the text export's tests (API, pages, browser)."""

GODSLAYER = {
    "format": "muster-list/1", "system": "godslayer", "name": "Nordgaard raid",
    "faction": "nordgaard", "battle_size": 160,
    "entries": [
        {"card": "nordgaard-berserker"},
        {"card": "nordgaard-gestir-captain", "name": "Thorvald",
         "items": ["nordgaard-chainmail", "nordgaard-round-shield"]},
        {"card": "nordgaard-huscarl-shieldwall", "size": 5},
    ],
}
# A typical 160-point list (156): a Warlord with all his kit, a caster with hers, a
# berserker and a unit of archers, every model named.
TYPICAL_GODSLAYER = {
    "format": "muster-list/1", "system": "godslayer", "name": "The Jarl's hearth guard",
    "faction": "nordgaard", "battle_size": 160,
    "entries": [
        {"card": "nordgaard-gestir-captain", "name": "Jarl Thorvald Ironbeard",
         "items": ["nordgaard-bearded-axe", "nordgaard-chainmail", "nordgaard-round-shield",
                   "nordgaard-mead-of-valour"]},
        {"card": "nordgaard-ravenwitch", "name": "Sigrun of the Ravens",
         "items": ["nordgaard-raven-staff"]},
        {"card": "nordgaard-berserker", "name": "Bjorn the Unbroken"},
        {"card": "nordgaard-tundra-archers", "name": "The frost-bow sisters", "size": 3},
    ],
}
BOARDING = {
    "format": "muster-list/1", "system": "boarding-action", "name": "Hull breachers",
    "role": "defender",
    "entries": [
        {"card": "line-trooper", "count": 5},
        {"custom": {"name": "Our own dreadnought", "points": 150, "unit_type": "walker",
                    "base_mm": 60, "wargear": ["heavy flamer"]}},
    ],
    "special_actions": [
        {"action": "defender-sentry-gun", "variant": "heavy"},
        {"action": "defender-welded-hatch", "count": 2},
    ],
}
MORDHEIM = {
    "format": "muster-list/1", "system": "mordheim", "name": "Reikland", "faction": "reikland",
    "entries": [
        {"card": "reikland-mercenary-captain", "name": "Hans",
         "items": ["sword", "light-armour"]},
        {"card": "reikland-youngblood", "name": "Kurt"},
        {"card": "reikland-warrior", "size": 3, "items": ["sword"]},
    ],
}
TRUPP = {
    "format": "muster-list/1", "system": "trupp", "name": "The lantern watch",
    "entries": [
        {"card": "knight-errant", "options": ["rune-blade"]},
        {"card": "hedge-witch", "options": ["firebolt"]},
    ],
}
KEMET = {"format": "muster-list/1", "system": "kemet", "name": "No list to build"}
DOCUMENTS = {
    "godslayer": GODSLAYER, "boarding-action": BOARDING, "mordheim": MORDHEIM, "trupp": TRUPP,
    "kemet": KEMET,
}
FORMATS = ("text", "markdown", "compact")

# What each game's text must say, whatever the format: its layout's words and numbers.
EXPECTED = {
    "godslayer": ["Warlord", "Thorvald (Gestir Captain)", "Chainmail", "Individual models",
                  "Units", "5 models", "/ 160 pts", "Godslayer", "sample data"],
    "boarding-action": ["Role: Defender", "5× Line Trooper", "Infantry", "25 mm base",
                        "Our own dreadnought", "Walker", "60 mm base", "custom unit",
                        "heavy flamer", "Special actions", "Heavy 4 (twin-linked)",
                        "2 uses", "free", "paid"],
    "mordheim": ["Heroes", "Hans (Mercenary Captain)", "Light armour", "Henchmen",
                 "3 models", "gc", "warband rating"],
    "trupp": ["Good", "Knight Errant", "Rune Blade", "Hedge Witch", "Firebolt"],
    "kemet": ["No list to build", "Kemet"],
}
