"""A frozen list as its page shows it: each entry with the points and violations it had
when frozen, named in the reader's language by today's data where it still knows the card,
else by the name kept when it was frozen."""

from __future__ import annotations

from armylists.compare import snapshots
from armylists.models import Snapshot
from armylists.presenters import presenter_for
from armylists.presenters.names import local_name, variant_name


def snapshot_context(snapshot: Snapshot) -> dict:
    payload = snapshots.snapshot_payload(snapshot=snapshot, today=True)
    document = snapshots.snapshot_document(snapshot=snapshot)
    catalogue = snapshots.snapshot_catalogue(snapshot)  # its pack version's, if pinned
    presenter = presenter_for(snapshot.system)
    frozen = payload["validation"]
    by_entry: dict[int, list] = {}
    for violation in frozen["violations"]:
        by_entry.setdefault(violation["entry"], []).append(violation)
    kept = snapshot.prices or {}
    rows = [
        {
            "id": entry.id,
            "name": entry.name,
            "label": _name(catalogue, "cards", kept.get("cards", {}), entry.card)
            if entry.card
            else entry.custom.name,
            "count": entry.count,
            "size": entry.size,
            "items": [
                _name(catalogue, "items", kept.get("items", {}), key)
                for key in (*entry.items, *entry.options)
            ],
            "points": frozen["points"]["entries"][i],
            "violations": by_entry.get(i, []),
            "notes": entry.notes,
        }
        for i, entry in enumerate(document.entries)
    ]
    picks = [
        {
            "label": _name(catalogue, "special_actions", {}, pick.action),
            "count": pick.count,
            "variant": _variant(catalogue, pick),
            "points": _at(frozen["points"]["special_actions"], k),
        }
        for k, pick in enumerate(document.special_actions)
    ]
    return {
        "snapshot": snapshot,
        "payload": payload,
        "document": document,
        "catalogue": catalogue,
        "game_name": local_name(catalogue, snapshot.system) if catalogue else snapshot.system,
        "faction_name": _name(catalogue, "factions", {}, document.faction)
        if document.faction
        else None,
        "role": presenter.role_label(document.role) if document.role else None,
        "words": presenter.words,
        "rows": rows,
        "picks": picks,
        "list_violations": by_entry.get(None, []),
        "today": payload["validation_today"],
        "changes": payload["data_changes"],
    }


def _name(catalogue, group: str, kept: dict, key: str) -> str:
    """Today's name of a key in the reader's language, else the name kept when frozen,
    else the key itself."""
    thing = getattr(catalogue, group).get(key) if catalogue is not None else None
    if thing is not None:
        return local_name(thing, key)
    return (kept.get(key) or {}).get("name") or key


def _at(values: list, index: int):
    return values[index] if index < len(values) else None


def _variant(catalogue, pick) -> str | None:
    """The name of the pick's variant in the reader's language, else its key as kept."""
    if pick.variant is None:
        return None
    action = catalogue.special_actions.get(pick.action) if catalogue is not None else None
    variant = action.variant(pick.variant) if action is not None else None
    return variant_name(action, variant) if variant is not None else pick.variant
