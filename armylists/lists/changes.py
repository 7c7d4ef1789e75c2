"""What changed in the game data since a list was saved.

When a list is saved, the prices of its cards and items and the rules it broke are kept
beside it (``snapshot``). Read again later, ``data_changes`` compares them with today's
data: prices that moved, cards and items that are gone, violations that are new. Nothing
is ever dropped from the list: a removed card stays as an unknown_key violation; this only
explains why a total or a verdict moved.
"""

from __future__ import annotations

from armylists.lists.documents import Checked, violation_dicts
from armylists.models import ArmyList


def snapshot(*, checked: Checked) -> dict:
    """What the list's cards and items cost today, and which rules it breaks."""
    catalogue, document = checked.catalogue, checked.document
    cards, items = {}, {}
    for entry in document.entries:
        card = catalogue.cards.get(entry.card) if entry.card else None
        if card is not None:
            cards[card.key] = {
                "name": card.name,
                "points": card.points,
                "core_points": card.core_points,
                "soldier_points": card.soldier_points,
            }
        for key in entry.items:
            item = catalogue.items.get(key)
            if item is not None:
                items[key] = {"name": item.name, "points": catalogue.item_points(card, key)}
    return {
        "cards": cards,
        "items": items,
        # By entry id: an entry moved or removed since does not make an old violation new.
        "violations": sorted(
            {(v.code, _entry_id(document, v.entry)) for v in checked.result.violations},
            key=lambda ce: (ce[0], ce[1] or ""),
        ),
        "total": checked.result.points.total,
    }


def _entry_id(document, index: int | None) -> str | None:
    return document.entries[index].id if index is not None else None


_PRICES = {"card": ("points", "core_points", "soldier_points"), "item": ("points",)}


def data_changes(*, army_list: ArmyList, checked: Checked) -> dict:
    """Points that moved, keys that are gone, violations that are new since the save."""
    return data_changes_since(
        saved=army_list.data_snapshot or {},
        saved_data_version=army_list.data_version,
        checked=checked,
    )


def data_changes_since(*, saved: dict, saved_data_version: str, checked: Checked) -> dict:
    """The same against any ``snapshot`` kept earlier (a saved list's, a frozen list's)."""
    now = snapshot(checked=checked)
    changes: list[dict] = []
    for kind, fields in _PRICES.items():
        for key, before in saved.get(f"{kind}s", {}).items():
            current = now[f"{kind}s"].get(key)
            if current is None:
                changes.append(
                    {"kind": kind, "key": key, "name": before["name"], "change": "removed"}
                )
                continue
            changes += [
                {
                    "kind": kind,
                    "key": key,
                    "name": current["name"],
                    "change": "points",
                    "field": field,
                    "old": before.get(field),
                    "new": current.get(field),
                }
                for field in fields
                if before.get(field) != current.get(field)
            ]
    changes += [
        {
            "kind": rename["kind"],
            "key": rename["old"],
            "name": rename["name"],
            "change": "renamed",
            "old": rename["old"],
            "new": rename["new"],
        }
        for rename in checked.renames
    ]
    old = {tuple(v) for v in saved.get("violations", [])}
    document = checked.document
    new = [
        v
        for v in checked.result.violations
        if (v.code, _entry_id(document, v.entry)) not in old
        # Snapshots from before entry ids named the entry by its index.
        and (v.code, v.entry) not in old
    ]
    return {
        "saved_data_version": saved_data_version,
        "current_data_version": checked.catalogue.data_version,
        "changed": bool(changes or new) or saved_data_version != checked.catalogue.data_version,
        "changes": changes,
        "new_violations": violation_dicts(checked=checked, violations=new),
        "total_before": saved.get("total"),
        "total_now": now["total"],
    }
