"""What the pages show of a checked list, row by row: for the builder, the read-only list,
the print sheet. Generic: numbers come from the engine's result (points, effective stats,
the facts a game's rules add), the game's presenter adds its own badges and facts, and
every cost here is linear in the list's size (each lookup is a dict, built once).
"""

from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from armylists.presenters.base import Presenter
from armylists.presenters.names import item_names, local_name, local_variants, stat_labels
from rules.engine import Catalogue


def card_query(entry) -> str:
    """The card page's query: the items (or options) this entry bought."""
    pairs = [("items", k) for k in entry.items] + [("options", k) for k in entry.options]
    return f"?{urlencode(pairs)}" if pairs else ""


def stat_pairs(catalogue: Catalogue, stats: dict | None, glossary: dict) -> list[tuple]:
    """(label, value, explanation) of every stat the model has (a null stat it lacks is
    left out)."""
    labels = stat_labels(catalogue)
    pairs = []
    for key, value in (stats or {}).items():
        if value is None:
            continue
        label = labels.get(key, key)
        pairs.append((label, value, glossary.get(label) or glossary.get(key) or ""))
    return pairs


_PICK_PATH = re.compile(r"^special_actions\[(\d+)\]")


def pick_index(violation: dict) -> int | None:
    """The special-action purchase a list-wide violation is about, if any."""
    params = violation.get("params") or {}
    if isinstance(params.get("index"), int):
        return params["index"]
    found = _PICK_PATH.match(str(params.get("path") or ""))
    return int(found.group(1)) if found else None


def list_violations(payload: dict | None) -> list[dict]:
    """Violations about the whole list, not about one entry or one special action."""
    if not payload:
        return []
    return [v for v in payload["violations"] if v["entry"] is None and pick_index(v) is None]


class _Lookups:
    """What the rows look up by entry, each made once for the whole list (a dict each, so
    the rows cost linear in the list's size)."""

    def __init__(self, *, catalogue, payload, presenter, errors):
        payload = payload or {}
        self.violations: dict[int, list] = {}
        for v in payload.get("violations", []):
            if v["entry"] is not None:
                self.violations.setdefault(v["entry"], []).append(v)
        self.field_errors = _errors_by_id(errors)
        self.breakdown = payload.get("breakdown") or []
        self.points = payload.get("points", {}).get("entries") or []
        self.glossary = presenter.glossary(catalogue)
        self.system = catalogue.system
        self._card_urls: dict[str, str] = {}

    def card_url(self, key: str) -> str:
        """The card page's address, reversed once per card."""
        if key not in self._card_urls:
            self._card_urls[key] = reverse("card-detail", args=[self.system, key])
        return self._card_urls[key]


def _errors_by_id(errors) -> dict[str, list]:
    found: dict[str, list] = {}
    for e in errors or []:
        if e.entry_id is not None:
            found.setdefault(e.entry_id, []).append(e)
    return found


def _at(values: list, i: int, default=None):
    return values[i] if i < len(values) else default


def _entry_row(i, entry, *, catalogue, presenter, looks: _Lookups, history) -> dict:
    card = catalogue.cards.get(entry.card) if entry.card else None
    facts = _at(looks.breakdown, i, {})
    stats = stat_pairs(catalogue, facts.get("stats"), looks.glossary)
    name = local_name(card, entry.card or "?") if entry.custom is None else entry.custom.name
    violations = looks.violations.get(i, [])
    errors = looks.field_errors.get(entry.id, [])
    return {
        "index": i,
        "id": entry.id,
        "entry": entry,
        "card": card,
        "card_url": looks.card_url(card.key) if card is not None else "",
        # A name of ours, not the game's (looked up here: a template's failed lookup of a
        # missing key costs three exceptions, on every row).
        "sample_name": bool(card is not None and card.attributes.get("sample_name")),
        "custom": entry.custom,
        "name": name,
        "title": entry.name or name,
        "card_query": card_query(entry),
        "points": _at(looks.points, i),
        "facts": facts,
        "all_stats": stats,
        "stats": presenter.builder_stats([(k, v) for k, v, _t in stats]),
        "violations": violations,
        # An info note (e.g. Boarding Action's side corridors) does not mark the entry.
        "flagged": any(v["severity"] != "info" for v in violations),
        "errors": errors,
        # What was typed into a field the last post refused: shown again to correct
        # (count and size always there, so a row's template finds them without a search).
        "typed": {"count": None, "size": None}
        | {e.name.rsplit(".", 1)[-1]: e.typed for e in errors if e.typed is not None},
        "history": (history or {}).get(entry.id, 0),
        "item_names": item_names(catalogue, entry.items),
        "option_names": item_names(catalogue, entry.options),
        "size_range": (card.core_size, card.max_size) if card is not None else None,
        "size": entry.size if entry.size is not None else getattr(card, "core_size", None),
    }


def entry_rows(
    *,
    document,
    catalogue: Catalogue,
    payload: dict | None,
    presenter: Presenter,
    history: dict | None = None,
    errors: list | None = None,
    choices=None,
) -> list[dict]:
    """One row per entry: its card, points, stats, violations, the field errors of the last
    post, campaign history, what the game's presenter adds, and the item and option
    choices ``choices`` offers (the builder's; read-only pages have none)."""
    looks = _Lookups(catalogue=catalogue, payload=payload, presenter=presenter, errors=errors)
    rows = []
    for i, entry in enumerate(document.entries):
        row = _entry_row(
            i, entry, catalogue=catalogue, presenter=presenter, looks=looks, history=history
        )
        if choices is not None:
            choices.add_to(row, row["card"], entry)
        rows.append(presenter.row(row, catalogue))
    return rows


def abbreviated(word: str, glossary: dict):
    """``word``, with its explanation as a title when the glossary has one."""
    title = glossary.get(word)
    return format_html('<abbr title="{}">{}</abbr>', title, word) if title else word


def _pick_violations(payload: dict | None) -> dict[int, list]:
    """The list-wide violations about one bought special action, by its index."""
    found: dict[int, list] = {}
    for v in (payload or {}).get("violations", []):
        k = pick_index(v) if v["entry"] is None else None
        if k is not None:
            found.setdefault(k, []).append(v)
    return found


def _role_facts(action, document, presenter) -> dict:
    """The action's role in the reader's words, and whether it is another role's."""
    role = action.role if action is not None else None
    return {
        "role_label": presenter.role_label(role) if role else None,
        "other_role": bool(role is not None and document.role is not None
                           and role != document.role),
    }


def pick_rows(*, document, catalogue: Catalogue, payload: dict | None, presenter, errors=None):
    """One row per bought special action: its uses, price, variant and violations."""
    violations = _pick_violations(payload)
    field_errors = _errors_by_id(errors)
    prices = (payload or {}).get("points", {}).get("special_actions") or []
    rows = []
    for k, pick in enumerate(document.special_actions):
        action = catalogue.special_actions.get(pick.action)
        variants = local_variants(action)
        points = _at(prices, k)
        rows.append(
            {
                "index": k,
                "id": pick.id,
                "pick": pick,
                "action": action,
                "name": local_name(action, pick.action),
                **_role_facts(action, document, presenter),
                "variants": variants,
                "unknown_variant": pick.variant is not None
                and pick.variant not in [v["key"] for v in variants],
                "each": points // pick.count if points is not None else None,
                "points": points,
                "violations": violations.get(k, []),
                "errors": field_errors.get(pick.id, []),
            }
        )
    return rows


def action_shop(*, catalogue: Catalogue, role, presenter: Presenter) -> list[dict]:
    """The game's special actions by role, the list's own role first."""
    if not catalogue.special_actions:
        return []
    roles = sorted(presenter.roles(catalogue), key=lambda r: r != role)
    groups = []
    for r in [*roles, None]:
        actions = [a for a in catalogue.special_actions.values() if a.role == r]
        if actions:
            groups.append(
                {
                    "role": r,
                    "label": presenter.role_label(r) if r else _("Either role"),
                    "own": r is None or r == role,
                    "actions": actions,
                }
            )
    return groups


def catalogue_groups(*, catalogue: Catalogue, document, presenter: Presenter) -> list[dict]:
    """The cards a list may add, in the game's groups, each with how often the list fields
    it, whether that is its limit (AAL) and by how many it is over."""
    fielded = Counter()
    for entry in document.entries:
        if entry.card:
            fielded[entry.card] += entry.count
    groups = []
    for label, cards in presenter.card_groups(catalogue, document.faction):
        if cards:
            groups.append(
                {
                    "label": label,
                    "cards": [
                        {
                            "card": c,
                            "name": local_name(c),
                            "fielded": fielded[c.key],
                            "at_limit": c.aal is not None and fielded[c.key] >= c.aal,
                            # past the limit the catalogue says by how much, not "at its limit"
                            "over_by": max(0, fielded[c.key] - c.aal) if c.aal is not None else 0,
                            "unit_type_label": presenter.unit_type_label(c.attributes["unit_type"])
                            if c.attributes.get("unit_type")
                            else None,
                        }
                        for c in cards
                    ],
                }
            )
    return groups


def error_summary(*, payload: dict | None, rows: list[dict], picks: list[dict]) -> dict:
    """Errors and warnings counted, each with where it is (a link target on the page).

    A list-wide one is counted but not listed: the list's own violations stand right
    under the summary, and one problem is said once."""
    items = []
    for v in list_violations(payload):
        items.append({"violation": v, "target": "list-violations", "name": "", "listed": False})
    for row in rows:
        for v in row["violations"]:
            name = "" if row["title"] in v["message"] else row["title"]
            items.append({"violation": v, "target": f"entry-{row['id']}", "name": name})
    for pick in picks:
        for v in pick["violations"]:
            name = "" if pick["name"] in v["message"] else pick["name"]
            items.append({"violation": v, "target": f"pick-{pick['id']}", "name": name})
    return {
        "errors": sum(1 for i in items if i["violation"]["severity"] == "error"),
        "warnings": sum(1 for i in items if i["violation"]["severity"] == "warning"),
        "items": [
            i for i in items if i["violation"]["severity"] != "info" and i.get("listed", True)
        ],
    }


def row_words() -> dict:
    """What every entry's row says, translated once for the page (a translation on each of
    thousands of rows is most of a big list's rendering)."""
    return {
        "add_equipment": _("Add equipment"),
        "more": _("More"),
        "notes": _("Notes"),
        "custom_unit": _("custom unit"),
        "first_one_free": _("first one free"),
        "sample_name": _("sample name"),
        "sample_name_title": _("A name of ours, not a model of the game"),
        "duplicate": _("Duplicate"),
        "move_down": _("Move down"),
        "move_up": _("Move up"),
        "remove": _("Remove"),
        "has_history": _("has campaign history"),
        "options": _("Options"),
        "models": _("models"),
    }
