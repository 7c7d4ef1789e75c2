"""The warband as its campaign left it, as the pages show it: one row per fighter (stats
beside the card's, skills, advances, games to miss, injuries), for the campaign page and
for the current roster beside the starting list on the builder, shared and print pages.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from armylists.games.mordheim.campaign_facts import card_facts
from armylists.games.mordheim.services import campaign
from armylists.presenters.names import item_names, local_name, stat_labels
from rules.systems.mordheim.campaign import HATRED_OF, LABELS, STATUSES, TRAITS
from rules.systems.mordheim.choices import card_stats


def local_fighter_name(fighter: dict, catalogue) -> str:
    """A fighter (a henchman group, or a hero) still called by his card's name is called by
    the card's name in the reader's language ("Söldner", not "Mercenary Warriors")."""
    card = catalogue.cards.get(fighter["card"]) if fighter.get("card") else None
    if card is not None and fighter["name"] == card.name:
        return local_name(card)
    return fighter["name"]


def local_fighters(fighters: list[dict], catalogue) -> list[dict]:
    return [{**f, "name": local_fighter_name(f, catalogue)} for f in fighters]


def _notes(fighter: dict) -> list[str]:
    """What the roster says of him besides his profile: games to miss, traits, hatred,
    models lost, when he joined."""
    notes = []
    if fighter["misses_games"] == 1:
        notes.append(_("misses the next game"))
    elif fighter["misses_games"] > 1:
        notes.append(_("misses the next %(n)s games") % {"n": fighter["misses_games"]})
    notes += [_(TRAITS.get(t, t)) for t in fighter["traits"]]
    notes += [_(HATRED_OF.get(h, h)) for h in fighter["hatred"]]
    if fighter["lost_models"]:
        notes.append(_("%(n)s lost") % {"n": fighter["lost_models"]})
    if fighter["joined"]:
        notes.append(_("joined after battle %(n)s") % {"n": fighter["joined"]})
    return notes


def fighter_row(fighter: dict, catalogue, choice: str | None = None) -> dict:
    """``choice``: the warband's (a Tilean city): his profile as it made it is his base, so
    a Remas hero's Leadership is not shown raised by an advance."""
    card = catalogue.cards.get(fighter["card"]) if fighter["card"] else None
    base = card_stats(card, choice) if card is not None else {}
    labels = stat_labels(catalogue)
    stats = [
        {"name": name, "label": labels.get(name, name), "value": value,
         "lowered": value < base.get(name, value), "raised": value > base.get(name, value)}
        for name, value in fighter["stats"].items()
    ]
    unverified = list(card.attributes.get("unverified") or []) if card else []
    notes = _notes(fighter)
    return {
        **fighter,
        "name": local_fighter_name(fighter, catalogue),
        "card_name": local_name(card, fighter["card"] or "?"),
        # a hired sword is one model of his own, never a group
        "hired_sword": bool(card is not None and card.attributes.get("hired_sword")),
        "stat_cells": stats,
        "item_names": item_names(catalogue, fighter["items"]),
        "notes": notes,
        "injury_names": [_(LABELS.get(i, i)) for i in fighter["injuries"]],
        "status_label": _(STATUSES.get(fighter["status"], fighter["status"])),
        # facts of his card resting on one source or disputed (e.g. his skill lists, a
        # number BSData gives differently): the keys, and the words the page shows
        "unverified": unverified,
        "unverified_facts": card_facts(
            unverified, card.attributes.get("bsdata") if card else None, labels),
    }


def current_roster(*, army_list, catalogue) -> dict | None:
    """The campaign's warband now, for the list pages (None before the first record:
    the list is the warband then)."""
    state = campaign.campaign_state(army_list=army_list)
    if not state["events"] and not state["battles"]:
        return None
    choice = state["roster"].get("choice")
    rows = [fighter_row(f, catalogue, choice) for f in state["roster"]["fighters"]]
    return {
        "state": state,
        "active": [r for r in rows if r["in_warband"]],
        "gone": [r for r in rows if not r["in_warband"]],
        "stash_names": item_names(catalogue, state["stash"]),
    }
