"""The cards print sheet, generic part: one block per profile card of a checked list, as a
player needs it at the table: the stat line (effective values, from the engine's result,
beside the printed value where an item changes it), weapons, items and options with what
they do, notes. A game's presenter adds its own (``Presenter.print_card``) or builds its
blocks another way (``Presenter.print_cards``); this module knows no game.

A card fielded several times (an entry's count, or equal entries) prints once with its
count: blocks whose printed content is equal are merged.
"""

from __future__ import annotations

from armylists.presenters.names import local_name, readable, stat_labels

# Keys of a weapon profile shown as its name and its list of properties, not as columns.
WEAPON_TEXT_KEYS = ("name", "properties")


def signed(value) -> str:
    return f"+{value}" if isinstance(value, int) and value > 0 else str(value)


def stat_cells(catalogue, row: dict) -> list[dict]:
    """The row's effective stats (the engine's, with items applied), each with the card's
    printed value when the items change it."""
    card = row["card"]
    labels = stat_labels(catalogue)
    printed = {labels.get(k, k): v for k, v in (card.stats if card is not None else {}).items()}
    cells = []
    for label, value, explanation in row["all_stats"]:
        base = printed.get(label, value)
        cells.append(
            {
                "label": label,
                "value": value,
                "title": explanation,
                "base": base if base != value else None,
            }
        )
    return cells


def item_effect(item, catalogue) -> list[str]:
    """What an item does, from the game data: its DEF and ARM, its stat modifiers, its
    effect text. Empty when the data says nothing."""
    if item is None:
        return []
    labels = stat_labels(catalogue)
    parts = []
    if item.def_bonus:
        parts.append(f"DEF {signed(item.def_bonus)}")
    if item.arm_bonus:
        parts.append(f"ARM {signed(item.arm_bonus)}")
    for stat, delta in (item.attributes.get("modifiers") or {}).items():
        parts.append(f"{labels.get(stat, stat)} {signed(delta)}")
    effect = item.attributes.get("effect")
    if isinstance(effect, str) and effect:
        parts.append(effect)
    return parts


def item_lines(catalogue, keys) -> list[dict]:
    """One line per item key (the same item twice is one line with its count)."""
    counted: dict[str, int] = {}
    for key in keys:
        counted[key] = counted.get(key, 0) + 1
    lines = []
    for key, times in counted.items():
        item = catalogue.items.get(key)
        lines.append(
            {
                "name": local_name(item, key),
                "times": times,
                "effect": item_effect(item, catalogue),
                "known": item is not None,
            }
        )
    return lines


def _weapon_columns(profiles: list[dict]) -> list[str]:
    """Every profile's numeric columns, in the order they first appear."""
    columns: list[str] = []
    for profile in profiles:
        columns += [k for k in profile if k not in WEAPON_TEXT_KEYS and k not in columns]
    return columns


def _column_label(column: str, labels: dict) -> str:
    """The game's label, else a long key made readable, else a short one upper-cased."""
    if column in labels:
        return str(labels[column])
    return readable(column) if len(column) > 3 else column.upper()


def weapon_table(profiles: list, labels: dict | None = None) -> dict | None:
    """Weapon profiles as a table: the columns every profile has, in their order, named
    by ``labels`` where the game gives one."""
    labels = labels or {}
    profiles = [p for p in profiles if isinstance(p, dict)]
    if not profiles:
        return None
    columns = _weapon_columns(profiles)
    return {
        "columns": [_column_label(c, labels) for c in columns],
        "rows": [
            {
                "name": p.get("name") or "?",
                "cells": [p.get(c, "–") for c in columns],
                "properties": list(p.get("properties") or ()),
            }
            for p in profiles
        ],
    }


def weapons_of(card, entry, catalogue) -> list:
    """The card's own weapons and those of the items the entry bought."""
    profiles = list(card.weapons) if card is not None else []
    for key in dict.fromkeys(entry.items):
        item = catalogue.items.get(key)
        weapon = item.attributes.get("weapon") if item is not None else None
        if isinstance(weapon, dict):
            profiles.append(weapon)
    return profiles


def row_block(row: dict, catalogue, weapon_labels: dict | None = None) -> dict:
    """The generic block of one entry row (see ``armylists.lists.rows.entry_rows``)."""
    entry, card = row["entry"], row["card"]
    count = max(1, entry.count)
    points = row["points"]
    return {
        "key": entry.card or "custom",
        "title": row["title"],
        "name": row["name"] if row["title"] != row["name"] else "",
        "custom": row["custom"] is not None,
        "count": count,
        "each": points // count if isinstance(points, int) else None,
        "size": row["size"] if card is not None and card.is_unit else None,
        "stats": stat_cells(catalogue, row),
        "stat_rows": None,
        "weapons": weapon_table(weapons_of(card, entry, catalogue), weapon_labels),
        "items": item_lines(catalogue, entry.items),
        "options": item_lines(catalogue, entry.options),
        "facts": [],  # (label, value) under the title
        "sections": [],  # {"title", "lines": [str]}: tactics, skills, injuries...
        "notes": entry.notes or "",
        "violations": [v["message"] for v in row["violations"] if v["severity"] == "error"],
    }


def merge_repeats(blocks: list[dict]) -> list[dict]:
    """Blocks whose printed content is equal become one, their counts added (and their
    violations: the second of two equal entries may be the one over a limit)."""
    merged: dict[str, dict] = {}
    for block in blocks:
        key = repr({k: v for k, v in block.items() if k not in ("count", "violations")})
        if key in merged:
            merged[key]["count"] += block["count"]
            merged[key]["violations"] += [
                v for v in block["violations"] if v not in merged[key]["violations"]
            ]
        else:
            merged[key] = {**block, "violations": list(block.get("violations") or ())}
    out = list(merged.values())
    for number, block in enumerate(out, start=1):
        block["number"] = number
        block["total"] = None if block["each"] is None else block["each"] * block["count"]
    return out


def generic_blocks(presenter, context: dict) -> list[dict]:
    catalogue = context["catalogue"]
    blocks = [
        presenter.print_card(
            row_block(row, catalogue, presenter.WEAPON_LABELS), row=row, catalogue=catalogue
        )
        for row in context["rows"]
    ]
    return merge_repeats(blocks)


def section(title, lines, kind: str = "") -> dict | None:
    """A titled list of lines on a card (None when it has none); ``kind`` names it for
    readers of the page (``data-testid="card-section-<kind>"``)."""
    lines = [str(line) for line in lines if line]
    return {"title": str(title), "lines": lines, "kind": kind} if lines else None
