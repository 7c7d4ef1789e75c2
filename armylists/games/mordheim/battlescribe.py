"""A BattleScribe / New Recruit roster as a Mordheim warband (issue 12).

- The warband: the first faction whose name or one of its ``battlescribe.factions``
  words is in a force's catalogue name, the force's name or the roster's name.
- Every selection at the top of a force is a fighter, matched by name (``NameIndex``:
  case, plurals, punctuation, "&", hyphens; then the pack's ``battlescribe.aliases``)
  among the warband's fighters first, then all. A hero keeps his custom name; a henchman
  group gets its size from its models (``number`` of its model selections, else its own).
- Everything selected under a fighter but its models is equipment, matched the same way
  against the items. A hero's equipment counts ``number`` times; a group's is per model.
- What does not match is kept under its roster name (a fighter as the entry's card, an
  item as an item key), so ``unknown_key`` reports it and nothing is dropped.

Pure: no Django, no database.
"""

from __future__ import annotations

from armylists.battlescribe.names import NameIndex, fold_name
from armylists.battlescribe.rosters import Mapped, Roster, Selection
from rules.engine.catalogue import Catalogue
from rules.engine.document import MAX_COUNT, MAX_KEYS, new_id


def _settings(catalogue: Catalogue) -> dict:
    return dict(catalogue.attributes.get("battlescribe") or {})


def faction_of(roster: Roster, catalogue: Catalogue) -> str | None:
    """The warband the roster's catalogue, force or own name names; None if none does."""
    words = _settings(catalogue).get("factions") or {}
    places = [fold_name(p) for p in [*roster.catalogue_names(),
                                     *(f.name for f in roster.all_forces()), roster.name] if p]
    for key, faction in catalogue.factions.items():
        names = [faction.name, *(words.get(key) or ())]
        folded = [fold_name(n) for n in names if isinstance(n, str) and fold_name(n)]
        if any(n in place for place in places for n in folded):
            return key
    return None


def _indexes(catalogue: Catalogue, faction: str | None) -> tuple[NameIndex, NameIndex]:
    aliases = _settings(catalogue).get("aliases") or {}
    cards = sorted(catalogue.cards.values(), key=lambda c: c.faction != faction)
    fighters = NameIndex(((c.key, c.name) for c in cards), aliases)
    items = NameIndex(((i.key, i.name) for i in catalogue.items.values()), aliases)
    return fighters, items


def group_size(selection: Selection) -> int:
    models = sum(s.number for s in selection.selections if s.type == "model")
    return max(1, min(models or selection.number, MAX_COUNT))


def _equipment(selection: Selection):
    """(selection, how many) of everything under the fighter but its models."""
    stack = [(s, 1) for s in reversed(selection.selections)]
    while stack:
        node, times = stack.pop()
        if node.type == "model":
            stack.extend((s, 1) for s in reversed(node.selections))
            continue
        yield node, times * node.number
        stack.extend((s, 1) for s in reversed(node.selections))


def import_roster(roster: Roster, catalogue: Catalogue) -> Mapped:
    faction = faction_of(roster, catalogue)
    fighters, items = _indexes(catalogue, faction)
    mapped = Mapped(
        document={
            "format": "muster-list/1",
            "system": catalogue.system,
            "name": (roster.name or "BattleScribe roster")[:200],
            "faction": faction,
            "battle_size": None,
            "role": None,
            "entries": [],
            "special_actions": [],
        }
    )
    for force in roster.all_forces():
        for selection in force.selections:
            mapped.document["entries"].append(
                _fighter(selection, catalogue, fighters, items, mapped)
            )
    return mapped


def _fighter(selection, catalogue, fighters, items, mapped: Mapped) -> dict:
    key = fighters.find(selection.name)
    card = catalogue.cards.get(key) if key else None
    entry_id = new_id()
    entry: dict = {"id": entry_id, "card": key or selection.name[:100]}
    size = group_size(selection)
    if card is not None and card.kind == "unit":
        entry["size"] = size
        became = f"henchman group {card.name} ({key}) of {size}"
    elif card is not None:
        entry["count"] = max(1, min(selection.number, MAX_COUNT))
        became = f"hero {card.name} ({key})"
    else:
        if size > 1:
            entry["size"] = size
        became = f"unknown fighter '{entry['card']}', kept for unknown_key"
    if selection.custom_name:
        entry["name"] = selection.custom_name[:200]
    mapped.report.append({
        "selection": selection.label, "became": became, "matched": card is not None,
        "kind": "fighter", "entry_id": entry_id, "key": key, "size": entry.get("size"),
    })
    entry["items"] = _equipment_keys(selection, card, entry, size, catalogue, items, mapped)
    return entry


def _equipment_keys(selection, card, entry: dict, size: int, catalogue, items,
                    mapped: Mapped) -> list[str]:
    """The fighter's equipment as item keys (a group's bought once per model; unknown
    names kept for unknown_key), each reported."""
    keys: list[str] = []
    owner = card.name if card is not None else entry["card"]
    for node, times in _equipment(selection):
        item = items.find(node.name)
        per_model = times // size if card is not None and card.kind == "unit" else times
        for _ in range(max(1, min(per_model, 10))):
            if len(keys) < MAX_KEYS:
                keys.append(item or node.name[:100])
        mapped.report.append({
            "selection": node.name,
            "became": (f"item {catalogue.items[item].name} ({item}) of {owner}" if item
                       else f"unknown item '{node.name[:100]}' of {owner}, kept for unknown_key"),
            "matched": item is not None, "kind": "item", "entry_id": entry["id"], "key": item,
        })
    return keys
