"""Boarding Action's text export: the role, every unit with its type, base and wargear,
and (beside the total) the special actions' points split into the free and the paid part.
The special actions themselves, with their uses, are the writer's own section."""

from django.utils.translation import gettext as _

from armylists.presenters.text_layout import TextSection, entry_line


def text_sections(presenter, catalogue, entries) -> list[TextSection]:
    if not entries:
        return []
    lines = []
    for e in entries:
        if e.card is not None:
            unit_type, base = e.card.attributes.get("unit_type"), e.card.base_mm
            wargear = [w.replace("_", " ") for w in e.card.attributes.get("wargear") or ()]
        elif e.custom is not None:
            unit_type, base, wargear = e.custom.unit_type, e.custom.base_mm, list(e.custom.wargear)
        else:
            unit_type, base, wargear = None, None, []
        extra = [presenter.unit_type_label(unit_type)] if unit_type else []
        if base:
            extra.append(_("%(mm)s mm base") % {"mm": base})
        if e.custom is not None:
            extra.append(_("custom unit"))
        extra += wargear
        lines.append(entry_line(catalogue, e, *extra))
    return [TextSection(_("Units"), tuple(lines))]


def text_facts(presenter, document, summary) -> list[str]:
    facts = []
    if document.role:
        facts.append(f"{_('Role')}: {presenter.role_label(document.role)}")
    if summary.get("special_actions"):
        facts.append(
            _(
                "special actions %(all)s (%(free)s of %(limit)s free, %(paid)s paid)"
            )
            % {
                "all": summary["special_actions"],
                "free": summary["free_used"],
                "limit": summary["free"],
                "paid": summary["paid"],
            }
        )
    return facts
