"""The Exploration chart's 36 locations as structured effects (for make_mordheim_pack.py).

mordheim-campaign.json gives each location's reward as short prose-like values; the
engine needs structure. ``LOCATIONS`` restates them in the effect grammar of
rules/systems/mordheim/exploration.py; ``locations()`` checks every name, item and
dice expression against the JSON (so a corrected JSON that disagrees fails loudly),
adds the pack item key of each item the pack knows, and marks disputed rewards.
"""

from __future__ import annotations

import json
import re

GROUPS = ("doubles", "triples", "four_of_a_kind", "five_of_a_kind", "six_of_a_kind")


def item(name: str, count=None, **more) -> dict:
    out = {"name": name}
    if count is not None:
        out["count"] = count
    out.update(more)
    return out


def items(*names) -> dict:
    return {"items": [n if isinstance(n, dict) else item(n) for n in names]}


def d6(*rows) -> dict:
    """``d6("1-2", effect, "3", effect, ...)``: a D6 sub-roll choosing an effect."""
    out = []
    for text, then in zip(rows[::2], rows[1::2], strict=True):
        low, _, high = text.partition("-")
        out.append({"min": int(low), "max": int(high or low), "then": then})
    return {"d6": out}


def find(minimum, then) -> dict:
    """One find of a per-item list: a D6 of ``minimum``+ (None: no roll) gets ``then``."""
    return {"min": minimum, "then": then}


NEXT_BATTLE_HIRED_SWORD = (
    "one Hired Sword free for the next battle, then he leaves or is kept on upkeep"
)

LOCATIONS: dict[tuple[int, int], tuple[str, dict]] = {
    (2, 1): ("Well", {"test": {
        "dice": "D6", "stat": "T", "who": "hero",
        "pass": {"shards": 1}, "fail": {"misses_games": 1},
    }}),
    (2, 2): ("Shop", {"gold": "D6", "if_gold_roll": {"equals": 1, "then": items("Lucky Charm")}}),
    (2, 3): ("Corpse", d6("1-2", {"gold": "D6"}, "3", items("Dagger"), "4", items("Axe"),
                          "5", items("Sword"), "6", items("Light armour"))),
    (2, 4): ("Straggler", {"by_warband": {
        "skaven": {"gold": "2D6"},
        "possessed": {"leader_xp": 1},
        "undead": {"zombies": 1},
        "others": {"flag": "straggler",
                   "note": "next exploration: roll one extra die and discard one"},
    }}),
    (2, 5): ("Overturned Cart", d6(
        "1-2", items("Mordheim Map"),
        "3-4", {"gold": "2D6"},
        "5-6", {**items(item("Jewelled sword", sell_multiplier=2),
                        item("Jewelled dagger", sell_multiplier=2)),
                "note": "sold at twice the normal selling price", "unverified": ["items"]},
    )),
    (2, 6): ("Ruined Hovels", {"gold": "D6"}),
    (3, 1): ("Tavern", {"test": {
        "dice": "2D6", "stat": "Ld", "who": "leader", "auto_pass": ["undead"],
        "pass": {"gold": "4D6"}, "fail": {"gold": "D6"},
    }}),
    (3, 2): ("Smithy", d6("1", items("Sword"), "2", items("Double-handed weapon"),
                          "3", items("Flail"), "4", items(item("Halberd", "D3")),
                          "5", items("Lance"), "6", {"gold": "2D6"})),
    (3, 3): ("Prisoners", {"by_warband": {
        "possessed": {"heroes_xp": "D3"},
        "undead": {"zombies": "D3"},
        "skaven": {"gold": "3D6"},
        "others": {"gold": "2D6",
                   "note": "one prisoner may join a human henchman group (pay his equipment)"},
    }}),
    (3, 4): ("Fletcher", d6("1-2", items(item("Short bow", "D3")), "3", items(item("Bow", "D3")),
                            "4", items(item("Long bow", "D3")),
                            "5", items("Quiver of hunting arrows"),
                            "6", items(item("Crossbow", "D3")))),
    (3, 5): ("Market Hall", {"gold": "2D6"}),
    (3, 6): ("Returning a Favour", {"flag": "returning_a_favour",
                                    "note": NEXT_BATTLE_HIRED_SWORD}),
    (4, 1): ("Gunsmith", d6("1", items("Blunderbuss"), "2", items("Brace of pistols"),
                            "3", items("Brace of duelling pistols"),
                            "4", items(item("Handgun", "D3")),
                            "5", items(item("Flask of superior blackpowder", "D3")),
                            "6", items("Hochland long rifle"))),
    (4, 2): ("Shrine", {"gold": "3D6"}),
    (4, 3): ("Townhouse", {"gold": "3D6"}),
    (4, 4): ("Armourer", d6(
        "1-2", {"choose": {"shields": items(item("Shield", "D3")),
                           "bucklers": items(item("Buckler", "D3"))}},
        "3", items(item("Helmet", "D3")), "4", items(item("Light armour", "D3")),
        "5", items(item("Heavy armour", "D3")), "6", items("Ithilmar armour"),
    )),
    (4, 5): ("Graveyard", {"choose": {
        "loot": {"gold": "D6x10",
                 "note": "next game against Sisters of Sigmar or Witch Hunters: they hate you"},
        "leave": {},
    }}),
    (4, 6): ("Catacombs", {"flag": "catacombs",
                           "note": "next battle: up to 3 fighters (not Rat Ogres or Possessed) "
                                   "may set up at ground level more than 8\" from enemies at the "
                                   "end of your first turn"}),
    (5, 1): ("Moneylender's House", {"gold": "D6x10"}),
    (5, 2): ("Alchemist's Laboratory", {"gold": "3D6", **items("Notebook"),
                                        "note": "one Hero may also choose Academic skills"}),
    (5, 3): ("Jewelsmith", {**d6("1-2", items(item("Quartz", worth="D6x5")),
                                 "3-4", items(item("Amethyst", worth=20)),
                                 "5", items(item("Necklace", worth=50)),
                                 "6", items(item("Ruby", worth="D6x15"))),
                            "note": "a Hero who keeps the gems gets +1 to rare-item rolls"}),
    (5, 4): ("Merchant's House", {"gold": "2D6x5", "if_gold_double": {
        **items("Order of Freetraders symbol"), "note": "its holder gains the Haggle skill"}}),
    (5, 5): ("Shattered Building", {"shards": "D3", "test": {
        "dice": "2D6", "stat": "Ld", "who": "leader", "pass": items("War dog"), "fail": {},
    }}),
    (5, 6): ("Entrance to the Catacombs", {"flag": "catacombs_entrance",
                                           "note": "re-roll one exploration die from now on "
                                                   "(further entrances add nothing)"}),
    (6, 1): ("The Pit", {"choose": {
        "search": {**d6("1", {"hero_lost": True}, "2-6", {"shards": "D6+1"}),
                   "note": "one Hero searches the pit"},
        "leave": {},
    }}),
    (6, 2): ("Hidden Treasure", {"finds": [
        find(4, {"shards": "D3"}), find(None, {"gold": "5D6x5"}),
        find(5, items("Holy relic")), find(5, items("Heavy armour")),
        find(4, items(item("Gem", "D3", worth=10))), find(5, items("Elven cloak")),
        find(5, items("Holy tome")), find(5, {"artefact": True}),
    ]}),
    (6, 3): ("Dwarf Smithy", d6("1", items(item("Double-handed axe", "D3")),
                                "2", items(item("Heavy armour", "D3")),
                                "3", items("Gromril axe"), "4", items("Gromril hammer"),
                                "5", items("Double-handed gromril axe"),
                                "6", items("Gromril armour"))),
    (6, 4): ("Slaughtered Warband", {"finds": [
        find(None, {"gold": "3D6x5"}), find(4, items(item("Light armour", "D3"))),
        find(5, items("Heavy armour")), find(None, items(item("Dagger", "D6"))),
        find(4, items("Mordheim Map")), find(5, items(item("Halberd", "D3"))),
        find(3, items(item("Sword", "D3"))), find(2, items(item("Shield", "D3"))),
        find(4, items(item("Bow", "D3"))), find(2, items(item("Helmet", "D3"))),
    ]}),
    (6, 5): ("Fighting Arena", {"choose": {
        "sell": {"gold": 100},
        "keep": {**items("Training manual"),
                 "note": "one Hero gains Combat skills and +1 to his racial maximum WS"},
    }}),
    (6, 6): ("Noble's Villa", d6("1-2", {"gold": "D6x10"},
                                 "3-4", items(item("Crimson Shade", "D6")),
                                 "5-6", {"artefact": True})),
}


def _words(text: str) -> list[str]:
    return [w.rstrip("s") for w in re.findall(r"[a-z0-9+]+", text.lower())]


def _mentions(effect, out: list[str]) -> list[str]:
    """Every item name and every dice expression or gold number in an effect."""
    if isinstance(effect, dict):
        for key, value in effect.items():
            if key == "name":
                out.append(value)
            elif key in ("gold", "shards", "count", "worth", "heroes_xp") and value != 1:
                out.append(str(value))
            elif key not in ("note", "flag"):
                _mentions(value, out)
    elif isinstance(effect, list):
        for value in effect:
            _mentions(value, out)
    return out


def _with_keys(effect, item_keys: set[str]):
    """The effect with ``key`` (pack item key, or None) on every item."""
    if isinstance(effect, dict):
        out = {k: _with_keys(v, item_keys) for k, v in effect.items()}
        if "name" in effect and "then" not in effect:
            slug = re.sub(r"[^a-z0-9]+", "-", effect["name"].lower()).strip("-")
            out["key"] = slug if slug in item_keys else None
        return out
    if isinstance(effect, list):
        return [_with_keys(v, item_keys) for v in effect]
    return effect


def locations(facts: dict, item_keys: set[str]) -> list[dict]:
    out = []
    for group in GROUPS:
        for row in facts[group]:
            faces = [int(f) for f in row["dice"].split()]
            count, face = len(faces), faces[0]
            name, effect = LOCATIONS[(count, face)]
            if name != row["name"]:
                raise ValueError(f"{row['dice']}: the JSON says {row['name']!r}, not {name!r}")
            text = set(_words(json.dumps(row["reward"])))
            for mention in _mentions(effect, []):
                missing = [w for w in _words(mention) if w not in text]
                if missing:
                    raise ValueError(f"{name}: {mention!r} is not in the JSON reward ({missing})")
            entry = {"count": count, "face": face, "name": name,
                     "effect": _with_keys(effect, item_keys)}
            doubted = row.get("confidence") == "single" or "disputed" in row or (
                "note_disputed" in row)
            if doubted and "unverified" not in json.dumps(effect):
                entry["unverified"] = ["effect"]
            out.append(entry)
    if len(out) != len(LOCATIONS):
        raise ValueError("the JSON and LOCATIONS list different locations")
    return out
