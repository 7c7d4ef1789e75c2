"""Godslayer's card blocks on the cards print sheet: the model's type, base and hit
points (a track of boxes to tick, its severely wounded part marked), tactics and talents
with their action cost. Weapons, the stat line with armour and shields, and items come
from the generic block (``presenters.print_cards``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from armylists.presenters.names import local_text
from armylists.presenters.play_cards import number_track, track
from armylists.presenters.print_cards import section


def tactic_line(tactic) -> str:
    """A tactic or talent as one line: its name, type and ACT cost, and what it does when
    the pack gives a text for it (``text``, ``texts`` by language)."""
    if not isinstance(tactic, dict):
        return str(tactic)
    line = str(tactic.get("name") or "?")
    details = []
    if tactic.get("type"):
        details.append(str(tactic["type"]))
    if tactic.get("act") is not None:
        details.append(f"ACT {tactic['act']}")
    if details:
        line = f"{line} ({', '.join(details)})"
    text = local_text(tactic)
    return f"{line}: {text}" if text else line


def play_tracks(block: dict, *, row: dict) -> list:
    """Per model at the table: its hit points (box n: the n-th point lost), its action
    tokens for the round (as many as its effective ACT; "new round" clears them)."""
    card = row["card"]
    hit_points = int(card.attributes.get("hit_points") or 0) if card is not None else 0
    stats = (row.get("facts") or {}).get("stats") or {}
    return [
        number_track("hit-points", _("Hit points lost"), hit_points),
        number_track("actions", _("Action tokens spent"), stats.get("ACT"), per_round=True),
        track("out", _("Out"), [_("out")]),
    ]


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
