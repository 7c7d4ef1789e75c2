"""Catalogue helpers over real HTTP: a system's catalogue (checking every card and faction
carries the fields each game contributes), rows by key, a list document."""

# Read from card.attributes on every card of every system (null or [] when absent).
NEW_CARD_FIELDS = {
    "unit_type", "base_mm", "wargear", "alignment", "mook", "sorcery", "options", "stat_rows",
    "fighter", "type_limit", "group_max", "starting_experience",
}
NEW_FACTION_FIELDS = {"starting_gold", "min_size", "max_size"}


def catalogue(api, key):
    r = api.get(f"/api/v1/systems/{key}/")
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["key"] == key
    for card in data["cards"]:
        assert NEW_CARD_FIELDS <= set(card), card["key"]
    for faction in data["factions"]:
        assert NEW_FACTION_FIELDS <= set(faction), faction["key"]
    return data


def by_key(rows):
    return {row["key"]: row for row in rows}


def doc(system, *entries, faction=None, battle_size=None, role=None, special_actions=()):
    return {"format": "muster-list/1", "system": system, "name": f"{system} test",
            "faction": faction, "battle_size": battle_size, "role": role,
            "entries": list(entries), "special_actions": list(special_actions)}
