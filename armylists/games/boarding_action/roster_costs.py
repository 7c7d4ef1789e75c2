"""A roster imported onto a pack made from its codex (issue 30): the roster's own cost of
each unit that became a card entry, beside what the pack's rules count for that entry
(its card's points with the options taken, the codex's rules evaluated against the whole
list, rules/systems/boarding_action), and the difference per unit in the report.

A difference is information, not an error: a roster may field more models than the
card's minimum unit, a unit's price may have changed since the roster was saved, or the
roster tool may price a condition differently. Pure: no Django, no database.
"""

from __future__ import annotations

from armylists.battlescribe.rosters import Mapped
from rules.engine.catalogue import Catalogue
from rules.engine.document import DocumentError, parse
from rules.systems.boarding_action import unit_of


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else round(value, 2)


def compare_costs(mapped: Mapped, catalogue: Catalogue) -> None:
    """Add ``points`` (ours) and ``points_difference`` (ours minus the roster's) to each
    report row of a card entry that carries the roster's ``roster_points``."""
    rows = [r for r in mapped.report if r.get("kind") == "card" and "roster_points" in r]
    if not rows:
        return
    try:
        document = parse(mapped.document)
    except DocumentError:
        return  # the document service reports what is wrong with the list itself
    by_id = {e.id: e for e in document.entries}
    for row in rows:
        entry = by_id.get(row["entry_id"])
        unit = unit_of(entry, catalogue, document) if entry is not None else None
        if unit is None:
            continue
        ours = unit.points * entry.count
        row["points"] = ours
        row["points_difference"] = _number(ours - row["roster_points"])
        if row["points_difference"]:
            row["became"] += (f"; the roster counts {_number(row['roster_points'])} points, "
                              f"this pack {ours}")
