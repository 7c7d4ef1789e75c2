"""A hand-built Mordheim catalogue with round numbers (the engine tests hold whatever the
shipped pack says), and the card makers it is built with."""

from rules.engine import Card, Catalogue, Faction, Item, ValidatorSpec

PROFILE = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}


MERC_LIST = {"dagger": 2, "sword": 10, "halberd": 10, "armour": 20, "pistol": 15}


SHOOTER_LIST = {"dagger": 2, "sword": 10, "longbow": 15}


def hero(key, name, points, *, faction="mercs", exp=0, limit=None, leader=False,
         items=MERC_LIST, **attrs):
    return Card(key=key, name=name, faction=faction, points=points, warlord=leader,
                stats=PROFILE, allowed_items=items,
                attributes={"fighter": "hero", "leader": leader, "starting_experience": exp,
                            "type_limit": limit, **attrs})


def henchman(key, name, points, *, faction="mercs", limit=None, group_max=5, items=MERC_LIST,
             **attrs):
    return Card(key=key, name=name, faction=faction, kind="unit", points=points,
                core_points=points, soldier_points=points, core_size=1, max_size=group_max,
                stats=PROFILE, allowed_items=items,
                attributes={"fighter": "henchman", "type_limit": limit, "group_max": group_max,
                            **attrs})


CATALOGUE = Catalogue(
    system="mordheim",
    name="Mordheim",
    data_version="test",
    factions={
        "mercs": Faction("mercs", "Mercenaries", {"starting_gold": 500, "min_size": 3,
                                                  "max_size": 15}),
        "rich": Faction("rich", "Rich Mercenaries", {"starting_gold": 600, "min_size": 3,
                                                     "max_size": 15}),
        "rats": Faction("rats", "Rats", {"starting_gold": 500, "min_size": 3, "max_size": 20}),
        # a warband type that chooses its city when it is founded (the Tileans)
        "cities": Faction("cities", "City Mercenaries", {
            "starting_gold": 500, "min_size": 3, "max_size": 15,
            "choices": {"label": "City", "options": [
                {"key": "plain", "name": "Plain", "starting_gold": 500},
                {"key": "wealthy", "name": "Wealthy", "starting_gold": 600},
                {"key": "small", "name": "Small", "starting_gold": 500, "max_size": 12},
            ]}}),
    },
    cards={
        "captain": hero("captain", "Captain", 60, exp=20, limit=1, leader=True),
        "champion": hero("champion", "Champion", 35, exp=8, limit=2),
        "youngblood": hero("youngblood", "Youngblood", 15, limit=2),
        "sergeant": hero("sergeant", "Sergeant", 20),  # no maximum of its own
        "warrior": henchman("warrior", "Warrior", 25),
        "marksman": henchman("marksman", "Marksman", 25, limit=7, items=SHOOTER_LIST),
        "swordsman": henchman("swordsman", "Swordsman", 35, limit=5),
        "brute": henchman("brute", "Brute", 45, limit=3, group_max=3),
        "zombie": henchman("zombie", "Zombie", 15, items={}),
        "rich-captain": hero("rich-captain", "Rich Captain", 60, faction="rich", exp=20,
                             limit=1, leader=True),
        "rich-warrior": henchman("rich-warrior", "Rich Warrior", 25, faction="rich"),
        "rat-leader": hero("rat-leader", "Rat Leader", 60, faction="rats", exp=20, limit=1,
                           leader=True),
        "rat-ogre": henchman("rat-ogre", "Rat Ogre", 210, faction="rats", limit=1,
                             group_max=1, items={}, large=True),
        "city-captain": hero("city-captain", "City Captain", 60, faction="cities", exp=20,
                             limit=1, leader=True, skill_lists=["combat", "shooting"],
                             by_choice={"wealthy": {"stat_bonus": {"Ld": 1}}}),
        "city-champion": hero("city-champion", "City Champion", 35, faction="cities",
                              limit=2, skill_lists=[], by_choice={
                                  "plain": {"skill_lists": ["combat"]},
                                  "wealthy": {"skill_lists": ["academic"],
                                              "stat_bonus": {"Ld": 1}}}),
        "city-warrior": henchman("city-warrior", "City Warrior", 25, faction="cities"),
    },
    items={
        "dagger": Item("dagger", "Dagger", "close_combat", 2, attributes={"first_free": True}),
        "sword": Item("sword", "Sword", "close_combat", 10),
        "halberd": Item("halberd", "Halberd", "close_combat", 10),
        "armour": Item("armour", "Light armour", "armour", 20),
        "longbow": Item("longbow", "Long bow", "missile", 15),
        # The general price list differs from the fighters' list: the list price applies.
        "pistol": Item("pistol", "Pistol", "missile", 40),
    },
    validators=tuple(
        ValidatorSpec(code, params)
        for code, params in [
            ("unknown_key", {}), ("faction", {}), ("warband_choice", {}),
            ("gold_budget", {"default": 500}),
            ("warband_size", {"min": 3, "max": 15}), ("leader", {}), ("hero_limit", {"max": 6}),
            ("type_limit", {}), ("henchman_group", {"min": 1, "max": 5}),
            ("equipment_not_allowed", {}),
        ]
    ),
)
