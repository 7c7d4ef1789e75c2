"""What changed between two versions of a pack, as a page: rows added, removed, renamed,
each changed field old -> new (``rules/engine/pack_diff.py`` through the pack service);
rows by their names in the reader's language, fields by the labels of the game's editor
columns (the keys and paths beside them, for whoever edits the file)."""

from __future__ import annotations

import json

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from armylists.packs import selectors as pack_selectors
from armylists.packs import services as service
from armylists.packs.views.access import readable_or_404, token_of, version_or_404
from armylists.presenters import presenter_for
from armylists.presenters.names import language

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


# The section of the pack a kind of row lives in (rules/engine/pack_diff.py).
SECTION_OF = {"faction": "factions", "item": "items", "card": "cards",
              "special_action": "special_actions"}
# Fields every row may have that the editor's columns do not show.
FIELD_LABELS = {
    "key": _("Key"),
    "name": _("Name (English)"),
    "names": _("Names"),
    "aliases": _("Former keys"),
    "description": _("Description"),
    "options": _("Options it may take"),
    "attributes": _("Other data"),
    "params": _("Parameters"),
}


def _row_names(document: dict) -> dict[tuple[str, str], str]:
    """{(kind, key): the row's name in the reader's language}."""
    found = {}
    for kind, section in SECTION_OF.items():
        for row in document.get(section) or []:
            if isinstance(row, dict) and isinstance(row.get("key"), str):
                names = row.get("names") if isinstance(row.get("names"), dict) else {}
                name = names.get(language()) or row.get("name")
                if isinstance(name, str) and name:
                    found[(kind, row["key"])] = name
    return found


def _field_labels(system: str) -> dict[str, dict[str, str]]:
    """{kind: {field path: its label}}: the game's columns of the editor, then the
    fields every row may have."""
    presenter = presenter_for(system)
    return {
        kind: {**FIELD_LABELS, **{c.path: c.label for c in presenter.pack_columns(section)}}
        for kind, section in SECTION_OF.items()
    }


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
    # Rows by their names, fields by the editor's labels (issue 32); keys stay beside.
    names = {**_row_names(before.document), **_row_names(after.document)}
    labels = _field_labels(pack.system)
    changes = [
        {
            **change,
            "kind_label": KINDS.get(change["kind"], change["kind"]),
            "change_label": CHANGES.get(change["change"], change["change"]),
            "name": names.get((change["kind"], change["key"])),
            "rows": [
                (path, labels.get(change["kind"], {}).get(path), old, new)
                for name, field in change["fields"].items()
                for path, old, new in _field_rows(name, field["before"], field["after"])
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
