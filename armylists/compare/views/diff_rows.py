"""A diff as the page shows it: names in the reader's language, each change as a line of
words ("Count: 3 → 2", "Items: + Chainmail, − Round shield"), the points with signs."""

from __future__ import annotations

from django.utils.translation import gettext as _

from armylists.compare.diff import Diff
from armylists.presenters import presenter_of
from armylists.presenters.names import item_names, local_name


def diff_context(diff: Diff) -> dict:
    payload = diff.payload
    before, after = diff.before.catalogue, diff.after.catalogue
    words = presenter_of(after).words
    entries, picks = payload["entries"], payload["special_actions"]
    return {
        "diff": payload,
        "words": words,
        "header_changes": _header_lines(diff, words),
        "added": [_entry_row(row, after) for row in entries["added"]],
        "removed": [_entry_row(row, before) for row in entries["removed"]],
        "changed": [_changed_row(row, after, before, words) for row in entries["changed"]],
        "picks_added": [_pick_row(row, after) for row in picks["added"]],
        "picks_removed": [_pick_row(row, before) for row in picks["removed"]],
        "picks_changed": [_changed_row(row, after, before, words) for row in picks["changed"]],
        "gained": payload["violations"]["gained"],
        "lost": payload["violations"]["lost"],
    }


def _entry_label(row: dict, catalogue) -> str:
    if row.get("custom"):
        return row["custom"]["name"]
    return local_name(catalogue.cards.get(row.get("card")), row.get("label") or "?")


def _entry_row(row: dict, catalogue) -> dict:
    return {
        "id": row["id"],
        "label": _entry_label(row, catalogue),
        "name": row.get("name"),
        "count": row["count"],
        "size": row.get("size"),
        "items": item_names(catalogue, [*row.get("items", ()), *row.get("options", ())]),
        "points": row["points"],
    }


def _pick_row(row: dict, catalogue) -> dict:
    action = catalogue.special_actions.get(row["action"])
    return {
        "id": row["id"],
        "label": local_name(action, row["label"]),
        "name": row.get("variant"),
        "count": row["count"],
        "size": None,
        "items": [],
        "points": row["points"],
    }


def _changed_row(row: dict, after, before, words) -> dict:
    if "action" in row:
        label = local_name(after.special_actions.get(row["action"]), row["label"])
    else:
        label = local_name(after.cards.get(row.get("card")), row["label"])
    lines = [
        _field_line(name, pair, row, after, before, words) for name, pair in row["fields"].items()
    ]
    # Every key the row template reads, so none falls through to a dict method
    # ({{ row.items }} would be dict.items).
    return {
        "id": row["id"],
        "label": label,
        "name": None,
        "count": None,
        "size": None,
        "items": [],
        "lines": lines,
        "points": row["points"],
    }


def _field_labels(words) -> dict:
    return {
        "card": _("Card"),
        "custom": _("Custom unit"),
        "count": words["count"],
        "size": words["size"],
        "name": _("Name"),
        "items": words["items"],
        "options": _("Options"),
        "notes": _("Notes"),
        "action": _("Special action"),
        "variant": _("Variant"),
    }


def _field_line(name: str, pair: list, row: dict, after, before, words) -> str:
    label = _field_labels(words).get(name, name)
    old, new = pair
    if name in ("items", "options"):
        came = item_names(after, row[name]["added"])
        went = item_names(before, row[name]["removed"])
        signs = [f"+ {n}" for n in came] + [f"− {n}" for n in went]
        return f"{label}: {', '.join(signs)}"
    if name == "card":
        old = local_name(before.cards.get(old), old or "–")
        new = local_name(after.cards.get(new), new or "–")
    elif name == "custom":
        old = _custom_text(old)
        new = _custom_text(new)
    return f"{label}: {_shown(old)} → {_shown(new)}"


def _custom_text(custom) -> str:
    if not custom:
        return "–"
    return f"{custom['name']} ({custom['points']})"


def _shown(value) -> str:
    return "–" if value in (None, "") else str(value)


def _header_lines(diff: Diff, words) -> list[str]:
    before, after = diff.before.catalogue, diff.after.catalogue
    presenter = presenter_of(after)
    labels = {
        "system": _("Game"),
        "name": _("Name"),
        "faction": words["faction"],
        "battle_size": words["limit"],
        "role": _("Role"),
        "notes": _("Notes"),
    }
    lines = []
    for name, (old, new) in diff.payload["header"].items():
        if name == "faction":
            old = local_name(before.factions.get(old), old or "–") if old else None
            new = local_name(after.factions.get(new), new or "–") if new else None
        elif name == "role":
            old = presenter.role_label(old) if old else None
            new = presenter.role_label(new) if new else None
        elif name == "system":
            old, new = local_name(before, old), local_name(after, new)
        lines.append(f"{labels[name]}: {_shown(old)} → {_shown(new)}")
    return lines
