"""What a Mordheim fighter's card says beyond his profile, in the reader's words, for the
card page and the print sheet: his race (for his characteristic maximums), the skill
lists he learns from, and a hired sword's terms and the equipment he comes with."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from armylists.presenters.names import language, local_name

# The rulebook's five skill lists, and the riding skills, in the reader's words (a
# warband's own list keeps the name the data gives it).
LIST_NAMES = {
    "combat": pgettext_lazy("skill list", "Combat"),
    "shooting": pgettext_lazy("skill list", "Shooting"),
    "academic": pgettext_lazy("skill list", "Academic"),
    "strength": pgettext_lazy("skill list", "Strength"),
    "speed": pgettext_lazy("skill list", "Speed"),
    "cavalry": pgettext_lazy("skill list", "Riding"),
}


def _table(catalogue, name: str) -> dict:
    return (catalogue.attributes.get("campaign") or {}).get(name) or {}


def race_name(catalogue, card) -> str | None:
    race = card.attributes.get("race")
    if not race:
        return None
    found = _table(catalogue, "races").get(race)
    if not isinstance(found, dict):
        return race
    return (found.get("names") or {}).get(language()) or found.get("name") or race


def skill_list_names(catalogue, keys) -> list[str]:
    """The skill lists' names (a key the tables lack stands as itself)."""
    lists = _table(catalogue, "skill_lists")
    return [str(LIST_NAMES[key]) if key in LIST_NAMES else lists.get(key, {}).get("name", key)
            for key in keys or ()]


def equipment_lines(catalogue, card) -> list[str]:
    """A hired sword's equipment, piece by piece: "2 × Axe or Double-handed axe",
    "Cloak (as Buckler)"; a piece of the chart in the reader's language."""
    lines: list[str] = []
    choices: dict[int, list[str]] = {}
    for piece in card.attributes.get("equipment") or ():
        item = catalogue.items.get(piece.get("item") or "")
        own = (piece.get("names") or {}).get(language()) or piece.get("name", "?")
        text = local_name(item) if item is not None else own
        if piece.get("count") and piece["count"] > 1:
            text = f"{piece['count']} × {text}"
        counts_as = catalogue.items.get(piece.get("counts_as") or "")
        if counts_as is not None:
            text = _("%(piece)s (as %(item)s)") % {"piece": text, "item": local_name(counts_as)}
        if piece.get("choice"):
            if piece["choice"] not in choices:
                choices[piece["choice"]] = []
                lines.append(piece["choice"])  # its place, filled in below
            choices[piece["choice"]].append(text)
        else:
            lines.append(text)
    return [(_(" or ").join(choices[line]) if isinstance(line, int) else line)
            for line in lines]


def card_facts(catalogue, card) -> dict:
    """Race, skill lists (names) and, for a hired sword, his equipment and terms."""
    hired = bool(card.attributes.get("hired_sword"))
    return {
        "hired_sword": hired,
        "race_name": race_name(catalogue, card),
        "skill_list_names": skill_list_names(catalogue, card.attributes.get("skill_lists")),
        "equipment_lines": equipment_lines(catalogue, card) if hired else [],
        "upkeep": card.attributes.get("upkeep") if hired else None,
        "rating_value": card.attributes.get("rating_value") if hired else None,
    }
