"""The Mordheim pack's hired swords (make_mordheim_pack.py calls ``hired_swords``), from
the transcription in fixtures/sources/mordheim-roster-builder.json: one card each, no
warband of his own (``faction`` null), his hire fee as his cost; upkeep, rating, race,
skill lists, who may hire him, his conflicts and his equipment as attributes.

His equipment (``attributes.equipment``) is what he comes with, piece by piece as the
data's equipment line names it: ``{"name", "item", "count", "counts_as", "choice"}``,
``item``/``counts_as`` the pack item the piece is (or counts as) where the chart has
one, ``choice`` the number of a pick among pieces ("two axes or a double-handed axe").
"""

from __future__ import annotations

from mordheim_more_data import (
    OFFICIAL_GRADES,
    label,
    race_of,
    skill_list_key,
    slug,
    source_note,
)
from mordheim_more_german import GERMAN_EQUIPMENT, GERMAN_HIRED_SWORDS


def hired_sword_key(data_key: str, name: str) -> str:
    return "hired-" + slug(name)


def _word(text: str) -> str:
    """A name for matching: no case, hyphens, "and" or plural s ("Rope and Hook" is the
    chart's "Rope & hook", "Longbow" its "Long bow")."""
    return slug(text).replace("-and-", "-").replace("-", "").removesuffix("s")


def _item_index(items: dict) -> dict[str, str]:
    """Words a piece of equipment may be named by -> item key: each item's key, aliases
    and name, without "(unofficial)"."""
    index: dict[str, str] = {}
    for key, item in items.items():
        name = item["name"].removesuffix(" (unofficial)")
        for word in (key, *item.get("aliases", ()), name):
            index.setdefault(_word(word), key)
    return index


def _find(name: str | None, index: dict[str, str]) -> str | None:
    return index.get(_word(name)) if name else None


def equipment(pieces: list[dict], items: dict) -> list[dict]:
    index = _item_index(items)
    out = []
    for p in pieces:
        item = _find(p["name"], index)
        german = GERMAN_EQUIPMENT.get(p["name"]) if item is None else None
        out.append({"name": p["name"], "item": item, "count": p["count"],
                    "counts_as": _find(p["counts_as"], index), "choice": p["choice"],
                    **({"names": {"de": german}} if german else {})})
    return out


def hired_swords(facts: dict, items: dict) -> list[dict]:
    """One card per hired sword (see the module docstring)."""
    keys = {h["key"]: hired_sword_key(h["key"], h["name"]) for h in facts["hired_swords"]}
    cards = []
    for h in facts["hired_swords"]:
        official = h["grade"] in OFFICIAL_GRADES
        german = GERMAN_HIRED_SWORDS.get(h["key"])
        cards.append({
            "key": keys[h["key"]],
            "name": label(h["name"], h["grade"]),
            "names": {"de": label(german, h["grade"], 1)} if german else {},
            "faction": None,
            "kind": "model",
            "warlord": False,
            "points": h["hire_fee"],
            "stats": dict(h["profile"]),
            "items": [],
            "attributes": {
                "source_key": h["key"],
                "fighter": "hired_sword",
                "hired_sword": True,
                "hire_fee": h["hire_fee"],
                "upkeep": h["upkeep"],
                "rating_value": h["rating"],
                "grade": h["grade"],
                "official": official,
                "source": source_note(facts, h["grade"], h["publication"]),
                "leader": False,
                "starting_experience": 0,
                "race": race_of("hired", h["key"], h["race"]),
                "gains_experience": not h["no_experience"],
                "skill_lists": [skill_list_key(s) for s in h["skills"]],
                "starting_skills": list(h["fixed_skills"]),
                "equipment": equipment(h["equipment"], items),
                "hire_rule": h["hire_rule"],
                "conflicts": [keys[k] for k in h["conflicts"] if k in keys],
                "grudge": h["grudge"],
                "size_bonus": h["size_bonus"],
                "slot": h["slot"],
                **({"no_armour": True} if h["no_armour"] else {}),
            },
        })
    return cards
