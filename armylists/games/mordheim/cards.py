"""Mordheim's cards print sheet: a block per hero and per henchman group with the
profile, equipment, experience (a track of boxes to tick, the advance thresholds marked,
from the pack's campaign tables), skill lists, and, once the warband has a campaign, the
fighter as the campaign left him: his profile with injuries and advances, his equipment
now, his experience, skills, advances, injuries and what he must sit out. Gold, never
points."""

from __future__ import annotations

from django.utils.translation import gettext as _

from armylists.games.mordheim.card_facts import equipment_lines, skill_list_names
from armylists.presenters.names import stat_labels
from armylists.presenters.print_cards import item_lines, merge_repeats, section
from rules.systems.mordheim.dice import campaign_tables

# Ticks past the last threshold are no use on paper.
TRACKS = ("hero", "henchman")


def experience_track(catalogue, *, hero: bool, experience: int) -> list[dict]:
    """One box per experience point up to the track's last threshold, never more: ticked
    up to ``experience``, a threshold (an advance roll) marked. Experience past the end
    ticks every box; the block says so (``xp_beyond``)."""
    try:
        thresholds = list(campaign_tables(catalogue)["thresholds"][TRACKS[0 if hero else 1]])
    except (KeyError, TypeError, ValueError):
        return []
    if not thresholds:
        return []
    # Never past the track's end: a box per stored point would let one number decide the
    # page's size (the campaign refuses more than the track holds; older logs may not).
    top = max(thresholds)
    marks = set(thresholds)
    return [{"n": n, "had": n <= experience, "advance": n in marks} for n in range(1, top + 1)]


def advance_line(advance) -> str:
    what = advance.get("stat") or advance.get("skill") or advance.get("spell")
    if advance.get("stat"):
        what = f"{advance['stat']} +1"
    if not what:
        what = str(advance.get("result") or "?").replace("_", " ")
    return _("after battle %(n)s: %(what)s") % {"n": advance.get("battle", "?"), "what": what}


def stat_cells(catalogue, presenter, card, stats: dict) -> list[dict]:
    glossary = presenter.glossary(catalogue)
    labels = stat_labels(catalogue)
    printed = dict(card.stats) if card is not None else {}
    return [
        {
            "label": labels.get(name, name),
            "value": value,
            "title": glossary.get(labels.get(name, name), ""),
            "base": printed.get(name) if printed.get(name, value) != value else None,
        }
        for name, value in stats.items()
        if value is not None
    ]


def print_card(presenter, block: dict, *, row: dict, catalogue) -> dict:
    """The starting warband: the card's starting experience, skill lists."""
    card = row["card"]
    if card is None:
        return block
    hero = bool(row.get("hero"))
    experience = int(card.attributes.get("starting_experience") or 0) if hero else 0
    block.update(_fighter_parts(catalogue, card, hero=hero, leader=bool(row.get("leader")),
                                experience=experience))
    return block


def _hired(card) -> bool:
    return card is not None and bool(card.attributes.get("hired_sword"))


def _kind(card, hero: bool, leader: bool) -> str:
    if leader:
        return _("Leader")
    if hero:
        return _("Hero")
    if _hired(card):
        return _("Hired sword")
    return _("Henchmen")


def _fighter_parts(catalogue, card, *, hero, leader, experience, skill_lists=None) -> dict:
    kind = _kind(card, hero, leader)
    hired = _hired(card)
    track = (
        experience_track(catalogue, hero=hero, experience=experience)
        if card is None or card.attributes.get("gains_experience", True)
        else []
    )
    beyond = bool(track) and experience > len(track)
    facts = [(_("Type"), kind)]
    if hired:
        facts.append((_("Upkeep"), f"{card.attributes.get('upkeep')} {_('gc')}"))
    if not track:
        facts.append((_("Experience"), experience))
    if skill_lists is None and card is not None and (hero or hired):
        skill_lists = card.attributes.get("skill_lists")
    lists = skill_list_names(catalogue, skill_lists) if hero or hired else []
    sections = (section(_("Skill lists"), [", ".join(lists)], "skill-lists"),
                section(_("Equipment"), equipment_lines(catalogue, card) if hired else [],
                        "hired-sword-equipment"))
    return {
        "facts": facts,
        "experience": experience,
        "xp_track": track,
        "xp_beyond": beyond,
        "sections": [s for s in sections if s],
    }


def campaign_blocks(presenter, context: dict) -> list[dict]:
    """The warband as its campaign left it: one block per fighter still in it."""
    catalogue = context["catalogue"]
    points = {row["id"]: row["points"] for row in context["rows"]}
    notes = {row["id"]: row["entry"].notes for row in context["rows"]}
    blocks = []
    for fighter in context["campaign_now"]["active"]:
        card = catalogue.cards.get(fighter["card"]) if fighter["card"] else None
        hero = bool(fighter["hero"])
        count = max(1, int(fighter.get("count") or 1))
        paid = points.get(fighter["entry_id"])
        block = {
            "key": fighter["card"] or "?",
            "title": fighter["name"],
            "name": fighter["card_name"] if fighter["name"] != fighter["card_name"] else "",
            "custom": False,
            "count": count,
            "each": paid // count if isinstance(paid, int) else None,
            "size": None if hero or _hired(card) else fighter["models"] // count,
            "stats": stat_cells(catalogue, presenter, card, fighter["stats"]),
            "stat_rows": None,
            "weapons": None,
            "items": item_lines(catalogue, fighter["items"]),
            "options": [],
            "notes": notes.get(fighter["entry_id"]) or "",
            "violations": [],
        }
        block.update(_fighter_parts(catalogue, card, hero=hero, leader=bool(fighter["leader"]),
                                    experience=int(fighter["experience"]),
                                    skill_lists=fighter.get("skill_lists")))
        block["sections"] += [
            s
            for s in (
                section(_("Skills"), fighter["skills"], "skills"),
                section(_("Advances"), [advance_line(a) for a in fighter["advances"]], "advances"),
                section(_("Injuries"), fighter["injury_names"], "injuries"),
                section(_("Notes"), fighter["notes"]),
            )
            if s
        ]
        blocks.append(block)
    return merge_repeats(blocks)
