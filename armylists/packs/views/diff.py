"""What changed between two versions of a pack, as a page: rows added, removed, renamed,
each changed field old -> new (``rules/engine/pack_diff.py`` through the pack service)."""

from __future__ import annotations

import json

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from armylists.packs import selectors as pack_selectors
from armylists.packs import services as service
from armylists.packs.views.access import readable_or_404, token_of, version_or_404

KINDS = {
    "system": _("Game"),
    "faction": _("Faction"),
    "item": _("Item"),
    "card": _("Card"),
    "special_action": _("Special action"),
    "validator": _("Rule"),
}
CHANGES = {
    "added": _("added"),
    "removed": _("removed"),
    "renamed": _("renamed"),
    "changed": _("changed"),
}


def _shown(value) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _field_rows(name: str, before, after) -> list[tuple[str, str | None, str | None]]:
    """A changed field as rows; a mapping changed in part (a stat line, the names) as
    one row per changed entry (``stats.AAL``), so each shows old -> new."""
    if isinstance(before, dict) and isinstance(after, dict):
        rows = []
        for sub in list(before) + [k for k in after if k not in before]:
            if before.get(sub) != after.get(sub):
                rows += _field_rows(f"{name}.{sub}", before.get(sub), after.get(sub))
        return rows
    return [(name, _shown(before), _shown(after))]


def _number(text, default):
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) < 10:
        return int(text)
    return default


def pack_diff(request, pack_id):
    """Template: packs/diff.html. ``?from=N&to=M``; by default the latest version
    against the one before it."""
    pack = readable_or_404(request, pack_id)
    numbers = [v.number for v in pack_selectors.pack_versions(pack=pack)]
    latest = numbers[-1]
    after = version_or_404(pack, _number(request.GET.get("to"), latest))
    before = version_or_404(pack, _number(request.GET.get("from"), max(after.number - 1, 1)))
    changes = [
        {
            **change,
            "kind_label": KINDS.get(change["kind"], change["kind"]),
            "change_label": CHANGES.get(change["change"], change["change"]),
            "rows": [
                row
                for name, field in change["fields"].items()
                for row in _field_rows(name, field["before"], field["after"])
            ],
        }
        for change in service.pack_diff(before=before, after=after)
    ]
    return render(
        request,
        "packs/diff.html",
        {
            "pack": pack,
            "before": before,
            "after": after,
            "numbers": numbers,
            "changes": changes,
            "token": token_of(request),
        },
    )
