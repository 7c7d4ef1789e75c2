"""A BattleScribe / New Recruit roster as a Boarding Action list (issue 12).

Each unit of the roster becomes a custom unit, judged by the validators like any other:
- name: its custom name, else its entry name; points: the roster's cost of the unit with
  everything selected under it (``battlescribe.cost_names``); a unit of n models whose
  cost divides by n becomes n models at cost/n (each acts alone, docs/rules/boarding_action.md),
  otherwise one entry at the whole cost;
- unit type: from its categories, through the pack's table ``battlescribe.unit_types``
  (folded category name -> our type); when several categories name types (a Dreadnought
  is "Vehicle" and "Walker"), ``battlescribe.type_precedence`` decides;
- wargear: the names of the selections nested under it (a "Jump Pack" there is caught
  by ``forbidden_wargear``);
- base: the roster has none, so the pack's ``battlescribe.default_base_mm`` for the type,
  reported as a default for the player to correct.

On a list pinned to a pack made from the same catalogue (``pack``), a unit that matches
one of the pack's cards (by catalogue entry id, then by name: ``roster_cards``) becomes
an entry of that card with the options it took, instead of a custom unit; its options
cost what the pack's evaluated codex says, and the roster's own cost of the unit is
compared with ours (``roster_costs``: a difference is reported per unit).

Top-level selections that cost nothing and are not units (battle size, detachment) are
roster settings: reported, not added. Pure: no Django, no database.
"""

from __future__ import annotations

from armylists.battlescribe.names import fold_name
from armylists.battlescribe.rosters import Mapped, Roster, Selection
from armylists.games.boarding_action.roster_cards import CardIndex
from armylists.games.boarding_action.roster_costs import compare_costs
from rules.engine.catalogue import Catalogue
from rules.engine.document import MAX_COUNT, MAX_POINTS, new_id

MAX_WARGEAR = 50


def _settings(catalogue: Catalogue) -> dict:
    return dict(catalogue.attributes.get("battlescribe") or {})


def unit_type_of(selection: Selection, settings: dict) -> str | None:
    """Our unit type from the selection's categories (None: no category names one)."""
    table = {fold_name(k): v for k, v in (settings.get("unit_types") or {}).items()}
    found = {table[fold_name(c.name)] for c in selection.categories if fold_name(c.name) in table}
    found.discard(None)
    if not found:
        return None
    order = list(settings.get("type_precedence") or ())
    return min(found, key=lambda t: (order.index(t) if t in order else len(order), t))


def wargear_of(selection: Selection) -> list[str]:
    """The names of everything selected under the unit but its models, once each."""
    names: list[str] = []
    stack = list(reversed(selection.selections))
    while stack:
        node = stack.pop()
        if node.type != "model":
            name = node.name[:100]
            if name and name not in names:
                names.append(name)
        stack.extend(reversed(node.selections))
    return names[:MAX_WARGEAR]


def models_in(selection: Selection) -> int:
    """How many models the unit has: its model selections' numbers, else its own."""
    models = sum(s.number for s in selection.selections if s.type == "model")
    if models:
        return models
    return selection.number if selection.type == "model" else 1


def _is_setting(selection: Selection, settings: dict, costs: tuple[str, ...]) -> bool:
    return (
        selection.type not in ("unit", "model")
        and selection.total_cost(costs) == 0
        and unit_type_of(selection, settings) is None
    )


def import_roster(roster: Roster, catalogue: Catalogue) -> Mapped:
    settings = _settings(catalogue)
    # Only a pack made from a catalogue has cards for a roster's units (they carry the
    # catalogue's entry ids); the sample cards of other packs are no roster's units.
    cards = CardIndex(catalogue)
    cards = cards if cards.by_id else None
    costs = tuple(settings.get("cost_names") or ("pts", "points"))
    bases = settings.get("default_base_mm") or {}
    battle = catalogue.params_for("battle_size")
    mapped = Mapped(
        document={
            "format": "muster-list/1",
            "system": catalogue.system,
            "name": (roster.name or "BattleScribe roster")[:200],
            "faction": None,
            "battle_size": battle.get("limit"),
            "role": None,
            "entries": [],
            "special_actions": [],
        }
    )
    for force in roster.all_forces():
        for selection in force.selections:
            if _is_setting(selection, settings, costs):
                mapped.report.append({
                    "selection": selection.label, "became": "nothing: a roster setting, not a unit",
                    "matched": False, "kind": "setting", "entry_id": None,
                })
                continue
            card, how = cards.match(selection) if cards is not None else (None, "")
            if card is not None:
                mapped.document["entries"].append(_card_entry(selection, card, how, cards, mapped))
                mapped.report[-1]["roster_points"] = selection.total_cost(costs)
                continue
            mapped.document["entries"].append(_entry(selection, settings, costs, bases, mapped))
    compare_costs(mapped, catalogue)
    return mapped


def _entry(selection, settings, costs, bases, mapped: Mapped) -> dict:
    unit_type = unit_type_of(selection, settings)
    total = min(round(selection.total_cost(costs)), MAX_POINTS)
    models = min(models_in(selection), MAX_COUNT)
    count, points = (models, total // models) if models > 1 and total % models == 0 else (1, total)
    base = bases.get(unit_type) if unit_type else None
    name = (selection.custom_name or selection.name)[:200]
    entry_id = new_id()
    custom = {"name": name, "points": points, "base_mm": base, "wargear": wargear_of(selection)}
    if unit_type:
        custom["unit_type"] = unit_type
    if base is not None:
        mapped.default_bases = True
    described = unit_type.replace("_", " ") if unit_type else "no unit type"
    base_text = f", {base} mm base (default)" if base is not None else ", no base"
    mapped.report.append({
        "selection": selection.label,
        "became": f"custom unit {name} ({described}{base_text}), {count} x {points} points",
        "matched": unit_type is not None,
        "kind": "custom_unit",
        "entry_id": entry_id,
        "unit_type": unit_type,
        "categories": [c.name for c in selection.categories][:20],
        "base_mm": base,
        "base_mm_default": base is not None,
    })
    return {"id": entry_id, "custom": custom, "count": count}


def _card_entry(selection: Selection, card, how: str, cards: CardIndex, mapped: Mapped) -> dict:
    options, others = cards.options_of(card, selection)
    entry_id = new_id()
    mapped.report.append({
        "selection": selection.label,
        "became": f"card {card.key}: {card.name} (matched by {how})"
                  + (f", options {', '.join(options)}" if options else ""),
        "matched": True,
        "kind": "card",
        "entry_id": entry_id,
        "card": card.key,
        "matched_by": how,
        "options": options,
        "not_options": others[:MAX_WARGEAR],
    })
    entry = {"id": entry_id, "card": card.key, "count": 1, "options": options}
    if selection.custom_name and selection.custom_name != selection.name:
        entry["name"] = selection.custom_name[:200]
    return entry
