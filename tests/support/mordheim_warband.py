"""A Reikland warband of the campaign tests, its fighters by index and its starting rating."""

CAPTAIN, CHAMPION, YOUNGBLOOD = "reikland-mercenary-captain", "reikland-champion", "reikland-youngblood"
WARRIOR, MARKSMAN, SWORDSMAN = "reikland-warrior", "reikland-marksman", "reikland-swordsman"


# 360 of 500 gc; 9 models; 20 + 8 starting experience.
WARBAND = {
    "format": "muster-list/1", "system": "mordheim", "name": "Reikland", "faction": "reikland",
    "battle_size": None,
    "entries": [
        {"card": CAPTAIN, "name": "Hans", "items": ["sword", "light-armour"]},  # 90 gc
        {"card": CHAMPION, "name": "Otto", "items": ["halberd"]},               # 45 gc
        {"card": YOUNGBLOOD, "name": "Kurt"},                                    # 15 gc
        {"card": WARRIOR, "size": 3, "items": ["sword"]},                        # 105 gc
        {"card": MARKSMAN, "size": 2, "items": ["bow"]},                         # 70 gc
        {"card": SWORDSMAN, "size": 1},                                          # 35 gc
    ],
}
HANS, OTTO, KURT, WARRIORS, MARKSMEN, SWORDSMEN = range(6)
START_RATING = 9 * 5 + 20 + 8
