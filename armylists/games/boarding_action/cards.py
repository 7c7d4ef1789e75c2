"""Boarding Action's cards print sheet: a block per unit (its type, base, wargear, the
pack's note), and a block per special action bought, with its uses, price and what it
does (the pack's own wording), the sentry gun with its weapon's profile."""

from __future__ import annotations

from django.utils.translation import gettext as _

from armylists.presenters.base import readable
from armylists.presenters.names import local_effect
from armylists.presenters.print_cards import section

MAX_TICKS = 20


def print_card(presenter, block: dict, *, row: dict, catalogue) -> dict:
    facts = []
    if row.get("unit_type_label"):
        facts.append((_("Type"), row["unit_type_label"]))
    if row.get("base_mm"):
        facts.append((_("Base"), f"{row['base_mm']} mm"))
    block["facts"] = facts
    note = row["card"].attributes.get("note") if row["card"] is not None else None
    block["sections"] = [
        s
        for s in (
            section(_("Wargear"), list(row.get("wargear") or ())),
            section(_("Note"), [note] if isinstance(note, str) else ()),
        )
        if s
    ]
    return block


def profile_line(profile) -> str:
    """A weapon profile of the pack as one line: "strength 6, ap 4, rules: twin-linked"."""
    if not isinstance(profile, dict):
        return ""
    parts = []
    for key, value in profile.items():
        if isinstance(value, list | tuple):
            value = ", ".join(str(v) for v in value)
        parts.append(f"{readable(key).lower()} {value}")
    return "; ".join(parts)


def action_blocks(context: dict) -> list[dict]:
    """One block per special action bought (the same action bought twice is two
    purchases, each with its own uses)."""
    blocks = []
    for pick in context["picks"]:
        action = pick["action"]
        attributes = action.attributes if action is not None else {}
        variant_name = next(
            (v["name"] for v in pick["variants"] if v["key"] == pick["pick"].variant), None
        )
        if variant_name is None and pick["unknown_variant"]:
            variant_name = pick["pick"].variant
        profile = (attributes.get("profiles") or {}).get(pick["pick"].variant)
        blocks.append(
            {
                "id": pick["id"],
                "name": pick["name"],
                "variant": variant_name,
                "uses": pick["pick"].count,
                "points": pick["points"],
                "role": pick["role_label"],
                "effect": local_effect(action),
                # A box to tick per use at the table (a count is bounded by the document).
                "uses_range": range(min(pick["pick"].count, MAX_TICKS)),
                "profile": profile_line(profile),
                "known": action is not None,
            }
        )
    return blocks
