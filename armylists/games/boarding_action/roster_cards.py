"""A roster's units as cards of a pack made from the same BattleScribe catalogue (issue 20).

A card made from a catalogue keeps the catalogue's entry id (``attributes.battlescribe_id``);
a roster's selection names the entry it was made from (``entryId``; an entry reached
through a link is ``<link id>::<entry id>``). A unit is matched by that id first, then by
its name, and becomes an entry of the card; the options it took are matched to the
card's options by name. A unit that matches no card stays a custom unit. Pure: no Django,
no database.
"""

from __future__ import annotations

from armylists.battlescribe.names import fold_name
from armylists.battlescribe.rosters import Selection
from rules.engine.catalogue import Card, Catalogue


class CardIndex:
    """The pack's cards by catalogue entry id and by folded name, and each card's options
    by folded name."""

    def __init__(self, catalogue: Catalogue):
        self.by_id: dict[str, Card] = {}
        self.by_name: dict[str, Card] = {}
        for card in catalogue.cards.values():
            entry_id = (card.attributes or {}).get("battlescribe_id")
            if isinstance(entry_id, str) and entry_id:
                self.by_id.setdefault(entry_id, card)
            self.by_name.setdefault(fold_name(card.name), card)
        self.item_names = {key: fold_name(item.name) for key, item in catalogue.items.items()}

    def match(self, selection: Selection) -> tuple[Card | None, str]:
        """The card of a unit and how it was found ("entry id", "name" or "")."""
        for part in reversed(selection.entry_id.split("::")):
            if part in self.by_id:
                return self.by_id[part], "entry id"
        card = self.by_name.get(fold_name(selection.name))
        return (card, "name") if card is not None else (None, "")

    def options_of(self, card: Card, selection: Selection) -> tuple[list[str], list[str]]:
        """The card's options the unit took (by name, anywhere under it) and the names of
        what it took that the card does not offer as an option."""
        offered = {self.item_names.get(key, ""): key for key in card.allowed_options}
        taken: list[str] = []
        others: list[str] = []
        stack = list(reversed(selection.selections))
        while stack:
            node = stack.pop()
            stack.extend(reversed(node.selections))
            if node.type == "model":
                continue
            key = offered.get(fold_name(node.name))
            if key is None:
                others.append(node.name[:100])
            elif key not in taken:
                taken.append(key)
        return taken, others
