"""Mordheim's text export: heroes by name with their equipment, then henchman groups with
their size and equipment, in gold (gc), with the warband rating. A warband with a campaign
adds what the campaign made of each fighter: experience, injuries, whether he is still
with the warband, his equipment now, and the fighters who joined since."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from armylists.presenters.text_layout import TextLine, TextSection, chosen_names, entry_label


def _models(n: int) -> str:
    return ngettext("%(n)s model", "%(n)s models", n) % {"n": n}


def _campaign_notes(fighter: dict, starting_items: tuple[str, ...]) -> tuple[str, ...]:
    notes = [_("experience %(n)s") % {"n": fighter["experience"]}]
    if fighter["injury_names"]:
        notes.append(_("injuries: %(list)s") % {"list": ", ".join(fighter["injury_names"])})
    if not fighter["in_warband"]:
        notes.append(fighter["status_label"])
    if tuple(fighter["item_names"]) != starting_items:
        notes.append(
            _("equipment now: %(list)s") % {"list": ", ".join(fighter["item_names"]) or "–"}
        )
    return tuple(notes)


def text_sections(catalogue, entries, extras) -> list[TextSection]:
    now = extras.get("campaign_now")
    fighters = {}
    if now:
        fighters = {f["entry_id"]: f for f in now["active"] + now["gone"] if f["entry_id"]}
    heroes, henchmen, swords, unknown = [], [], [], []
    for e in entries:
        items = chosen_names(catalogue, e)
        fighter = fighters.get(e.id)
        notes = _campaign_notes(fighter, items) if fighter else ()
        if e.card is None:
            unknown.append(TextLine(entry_label(e), e.points, items, notes))
        elif e.facts.get("fighter") == "hero":
            heroes.append(TextLine(entry_label(e), e.points, items, notes))
        elif e.facts.get("fighter") == "hired_sword":  # one model of his own, no group
            swords.append(TextLine(entry_label(e), e.points, items, notes))
        else:
            size = (e.facts.get("models") or 0) // max(e.count, 1)
            henchmen.append(TextLine(entry_label(e), e.points, (_models(size), *items), notes))
    sections = [
        (_("Heroes"), heroes),
        (_("Henchmen"), henchmen),
        (_("Hired swords"), swords),
        (_("Unknown fighters"), unknown),
    ]
    if now:
        sections.append((_("Joined during the campaign"), _joined(now, entries)))
    return [TextSection(title, tuple(lines)) for title, lines in sections if lines]


def _joined(now: dict, entries) -> list[TextLine]:
    """The fighters the campaign added (not in the list as it was bought)."""
    listed = {e.id for e in entries}
    return [
        TextLine(
            f"{f['name']} ({f['card_name']})" if f["name"] else f["card_name"],
            None,
            (*([] if f["hero"] else [_models(f["models"])]), *f["item_names"]),
            _campaign_notes(f, tuple(f["item_names"])),
        )
        for f in now["active"] + now["gone"]
        if f["entry_id"] not in listed
    ]


def text_facts(document, summary, extras) -> list[str]:
    now = extras.get("campaign_now")
    if not now:
        return [_("warband rating %(n)s") % {"n": summary.get("rating", 0)}]
    state = now["state"]
    facts = [_("warband rating %(n)s") % {"n": state["rating"]}]
    if state["battles_recorded"]:
        battles = state["battles_recorded"]
        after = ngettext("after %(n)s battle", "after %(n)s battles", battles)
        facts.append(after % {"n": battles})
    facts.append(_("treasury %(n)s gc") % {"n": state["treasury"]})
    return facts
