"""The report of a catalogue imported as a Boarding Action pack (``catalogue_pack``) as
the pages show it: what each entry became and why an entry was skipped, worded in the
reader's language from the report's own fields. The stored report (and the API's
answer) keeps its English ``became`` and ``reason``; the page's copy replaces them."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

SKIPPED = {
    "hidden": lambda row: _("hidden in the catalogue"),
    "hidden_by_modifier": lambda row: _(
        "hidden in the catalogue (by a modifier that holds for the unit alone)"),
    "not_a_unit": lambda row: _(
        "an entry of type “%(type)s” at the top level, not a unit or model"
    ) % {"type": row.get("entry_type", "")},
    "no_entry": lambda row: _(
        "a top-level link to no entry of this catalogue or its game system"),
}


def _base(row: dict) -> str:
    base = row.get("base_mm")
    if not base:
        return _("no base")
    if row.get("base_mm_default"):
        return _("%(mm)s mm base (default, not from the catalogue)") % {"mm": base}
    return _("%(mm)s mm base (confirmed)") % {"mm": base}


def _limit(row: dict) -> str:
    limit, alone = row.get("limit"), row.get("limit_alone")
    if limit is not None and limit > 0:
        return _("at most %(n)s per list") % {"n": limit}
    if limit is not None:
        return _("max 0 per roster in the catalogue (not applied: a modifier usually "
                 "raises it)")
    if alone is not None:
        return _("at most %(n)s per list on its own (a rule of the codex changes it with "
                 "the rest of the list)") % {"n": alone}
    return ""


def became(row: dict, unit_type_label) -> str:
    """A report row's ``became`` in the reader's language: the card, its unit type and
    base, points, options, limit and the rules kept."""
    unit_type = row.get("unit_type")
    parts = [
        _("card %(key)s: %(name)s (%(type)s, %(base)s)") % {
            "key": row["card"], "name": row["entry"],
            "type": unit_type_label(unit_type) if unit_type else _("no unit type"),
            "base": _base(row),
        },
        ngettext("%(points)s points for %(n)s model", "%(points)s points for %(n)s models",
                 row["models"]) % {"points": row["points"], "n": row["models"]},
        ngettext("%(n)s option", "%(n)s options", row["options"]) % {"n": row["options"]},
    ]
    limit = _limit(row)
    if limit:
        parts.append(limit)
    if row.get("rules"):
        parts.append(ngettext("%(n)s rule evaluated against the list",
                              "%(n)s rules evaluated against the list",
                              row["rules"]) % {"n": row["rules"]})
    return ", ".join(parts)


def report_shown(report: dict, unit_type_label) -> dict:
    """A copy of ``report`` with ``became`` and each skipped entry's ``reason`` in the
    reader's language (a row from before these fields were kept stays as it is)."""
    entries = [
        {**row, "became": became(row, unit_type_label)} if "limit" in row else row
        for row in report.get("entries", [])
    ]
    skipped = [
        {**row, "reason": SKIPPED[row["code"]](row)} if row.get("code") in SKIPPED else row
        for row in report.get("skipped", [])
    ]
    return {**report, "entries": entries, "skipped": skipped}
