"""Godslayer's card blocks on the cards print sheet: the model's type, base and hit
points (a track of boxes to tick, its severely wounded part marked), tactics and talents
with their action cost. Weapons, the stat line with armour and shields, and items come
from the generic block (``presenters.print_cards``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from armylists.presenters.print_cards import section


def tactic_line(tactic) -> str:
    if not isinstance(tactic, dict):
        return str(tactic)
    parts = [str(tactic.get("name") or "?")]
    details = []
    if tactic.get("type"):
        details.append(str(tactic["type"]))
    if tactic.get("act") is not None:
        details.append(f"ACT {tactic['act']}")
    return f"{parts[0]} ({', '.join(details)})" if details else parts[0]


def _facts(card, hit_points: int) -> list[tuple]:
    """Type, base, AAL, hit points and (a unit) the crew it comes with."""
    attributes = card.attributes
    facts = []
    if attributes.get("type"):
        facts.append((_("Type"), attributes["type"]))
    if card.base_mm:
        facts.append((_("Base"), f"{card.base_mm} mm"))
    if card.aal is not None:
        facts.append(("AAL", card.aal))
    if hit_points:
        facts.append((_("Hit points"), hit_points))
    crew = [
        label
        for key, label in (("leader", _("leader")), ("musician", _("musician")))
        if attributes.get(key)
    ]
    if crew and card.is_unit:
        facts.append((_("With"), ", ".join(str(c) for c in crew)))
    return facts


def print_card(block: dict, *, row: dict, catalogue) -> dict:
    card = row["card"]
    if card is None:
        return block
    attributes = card.attributes
    hit_points = int(attributes.get("hit_points") or 0)
    block["facts"] = _facts(card, hit_points)
    orange_from = int(attributes.get("orange_from") or 0)
    # Box n is the n-th hit point left; the orange ones: severely wounded.
    block["hit_track"] = [
        {"left": n, "orange": n <= orange_from} for n in range(hit_points, 0, -1)
    ]
    block["sections"] = [
        s
        for s in (
            section(_("Tactics"), [tactic_line(t) for t in attributes.get("tactics") or ()]),
            section(_("Talents"), [tactic_line(t) for t in attributes.get("talents") or ()]),
        )
        if s
    ]
    return block
