"""A roster built by our evaluator as the ``state`` answer of battlescribe-spec's adapter
protocol (docs/adapter-protocol.md, "state"): forces, selections (effective names,
hidden states, costs, categories, profiles, rules), the roster's costs and limits.
Used by ``bs_spec_adapter.py``."""

from __future__ import annotations

import re
from decimal import Decimal

from rules.engine.battlescribe.editor import Editor
from rules.engine.battlescribe.effective import nodes_of
from rules.engine.battlescribe.model import ZERO
from rules.engine.battlescribe.roster import Force, Selection


def infos_state(editor: Editor, nodes, ctx) -> tuple[list[dict], list[dict]]:
    ev = editor.evaluator
    profiles, rules = [], []
    for info, carriers in ev.infos(nodes, ctx):
        shown = {"name": ev.info_name(info, carriers, ctx),
                 "hidden": ev.info_hidden(info, carriers, ctx)}
        if info.page:
            shown["page"] = info.page
        if info.kind == "profile":
            shown.update(typeId=info.type_id, typeName=info.type_name or _type_name(editor, info))
            shown["characteristics"] = [
                {"name": c.name, "typeId": c.type_id,
                 "value": ev.characteristic(info, carriers, c.type_id, c.value, ctx)}
                for c in info.characteristics
            ]
            profiles.append(shown)
        else:
            shown["description"] = ev.description(info, carriers, ctx)
            rules.append(shown)
    return profiles, rules


def _type_name(editor: Editor, info) -> str:
    return info.type_name


def natural(text: str) -> tuple:
    """A name's sort key, digits as numbers ("Unit 2" before "Unit 10")."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", text) if part)


def ordered(states: list[tuple[Selection, dict]], editor: Editor, force: Force | None
            ) -> list[dict]:
    """BattleScribe's order: a force's selections by its categories' order, then by name;
    a selection's children by name; equal ones in the order they were added."""
    names = sorted((natural(editor.index.category_name(c.target_id, c.name)), c.target_id)
                   for c in force.entry.categories) if force else []
    order = {target: i for i, (_name, target) in enumerate(names)}

    def key(pair):
        selection, state = pair
        primary = editor.evaluator.categories(selection)[1] if force else None
        category = order.get(primary, len(order))  # uncategorised last
        return category, natural(state["name"]), natural(selection.entry.name)

    return [state for _selection, state in sorted(states, key=key)]


def categories_state(editor: Editor, selection: Selection) -> list[dict]:
    ids, primary = editor.evaluator.categories(selection)
    index = editor.index
    return [{"name": index.category_name(c, c), "entryId": c, "primary": c == primary}
            for c in editor.evaluator.category_order(selection)]


def selection_state(editor: Editor, selection: Selection, costs) -> dict:
    ev = editor.evaluator
    ctx = ev.ctx(selection, None)
    nodes = nodes_of(selection)
    profiles, rules = infos_state(editor, nodes, ctx)
    state = {
        "name": ev.name(nodes, ctx),
        "entryId": selection.entry_id,
        "type": selection.entry.type,
        "number": selection.number,
        "hidden": ev.hidden(nodes, ctx),
        "costs": costs(selection.costs),
        "categories": categories_state(editor, selection),
        "profiles": profiles,
        "rules": rules,
        "children": ordered([(c, selection_state(editor, c, costs)) for c in selection.children],
                            editor, None),
    }
    if selection.group_id:
        state["entryGroupId"] = selection.group_id
    page = ev.page(nodes, ctx)
    if page:
        state["page"] = page
    return state


def force_state(editor: Editor, force: Force, costs) -> dict:
    index = editor.index
    return {
        "name": force.entry.name,
        "entryId": force.entry.id,
        "catalogueId": force.catalogue.id if force.catalogue else "",
        "catalogueName": force.catalogue.name if force.catalogue else "",
        "hidden": force.entry.hidden,
        "selections": ordered([(s, selection_state(editor, s, costs)) for s in force.selections],
                              editor, force),
        "childForces": [force_state(editor, f, costs) for f in force.forces],
        "categories": [{"name": index.category_name(c.target_id, c.name), "entryId": c.target_id,
                        "primary": c.primary} for c in force.entry.categories],
    }


def roster_state(editor: Editor, costs) -> dict:
    roster, index = editor.roster, editor.index
    totals: dict[str, Decimal] = {}
    for selection in roster.all_selections():
        for type_id, value in selection.costs.items():
            totals[type_id] = totals.get(type_id, ZERO) + value
    system = index.game_system
    return {
        "type": "state",
        "name": roster.name,
        "gameSystemId": system.id if system else "",
        "gameSystemName": system.name if system else "",
        "forces": sorted((force_state(editor, f, costs) for f in roster.forces),
                         key=lambda f: natural(f["name"])),
        "costs": costs(totals),
        "costLimits": costs({t: v for t, v in roster.cost_limits.items() if v >= 0}),
    }
