"""The matchup page's form: a plain GET form (it changes nothing, so the address is the
question and can be shared). Two sides, each a card with what it bought and the
wounds taken; what else a game asks (weapon, modifiers) its subclass adds. The form
reads the request into the API's shape, so page and API ask the engine the same."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from armylists.presenters.names import local_name
from rules.engine import Card, Catalogue
from rules.systems.matchup import MAX_ATTACKS, SIDES

SIDE_LABELS = {"attacker": _("Attacker"), "defender": _("Defender")}
MAX_WOUNDS = 99


class MatchupForm(forms.Form):
    """Subclasses set ``EXTRAS`` ("items" or "options": what a side buys) and its labels,
    add their fields in ``add_game_fields`` and their part of the request in
    ``game_request``."""

    EXTRAS = "items"
    EXTRAS_LABEL = _("Items")
    WOUNDS_LABEL = _("Wounds taken")
    WOUNDS_HELP = ""
    ATTACKS_LABEL = _("Attacks")
    ATTACKS_HELP = ""

    def __init__(self, data=None, *, catalogue: Catalogue, initial=None):
        super().__init__(data, initial=initial)
        self.catalogue = catalogue
        cards = [("", _("Choose a card")), *self.card_choices()]
        for side in SIDES:
            card = self.chosen(side)
            self.fields[side] = forms.ChoiceField(label=SIDE_LABELS[side], choices=cards)
            self.fields[f"{side}_{self.EXTRAS}"] = forms.MultipleChoiceField(
                label=self.EXTRAS_LABEL,
                required=False,
                widget=forms.CheckboxSelectMultiple,
                choices=self.extra_choices(card),
            )
            self.fields[f"{side}_wounds"] = forms.IntegerField(
                label=self.WOUNDS_LABEL, help_text=self.WOUNDS_HELP,
                min_value=0, max_value=MAX_WOUNDS, initial=0, required=False,
            )
        self.add_game_fields(self.chosen("attacker"))
        self.fields["attacks"] = forms.IntegerField(
            label=self.ATTACKS_LABEL, help_text=self.ATTACKS_HELP,
            min_value=1, max_value=MAX_ATTACKS, initial=1, required=False,
        )

    # -- what the game says ------------------------------------------------------------

    def card_choices(self) -> list:
        """Every card, by faction where the game has factions (option groups)."""
        cat = self.catalogue
        groups: dict = {}
        for card in cat.cards.values():
            faction = cat.factions.get(card.faction)
            groups.setdefault(local_name(faction, ""), []).append((card.key, local_name(card)))
        if list(groups) == [""]:
            return groups[""]
        return [(name, cards) for name, cards in groups.items()]

    def extra_choices(self, card: Card | None) -> list:
        """What the chosen card may buy (a side shows the list of its card)."""
        if card is None:
            return []
        allowed = card.allowed_items if self.EXTRAS == "items" else card.allowed_options
        return [(k, local_name(self.catalogue.items[k])) for k in allowed
                if k in self.catalogue.items]

    def add_game_fields(self, attacker: Card | None) -> None:
        pass

    def game_request(self, data: dict) -> dict:
        return {}

    # -- reading -----------------------------------------------------------------------

    def chosen(self, side: str) -> Card | None:
        """The card a side names in the query (bound) or the first visit's values."""
        source = self.data if self.is_bound else (self.initial or {})
        return self.catalogue.cards.get(str(source.get(side) or ""))

    def to_request(self) -> dict:
        """The request in the API's shape (call after is_valid)."""
        data = self.cleaned_data
        request = {
            side: {
                "card": data[side],
                self.EXTRAS: list(data[f"{side}_{self.EXTRAS}"]),
                "wounds_taken": data[f"{side}_wounds"] or 0,
            }
            for side in SIDES
        }
        request["attacks"] = data["attacks"] or 1
        request.update(self.game_request(data))
        return request

    def field_for(self, path: str) -> str | None:
        """The field of an engine path ("attacker.items[1]", "modifiers.style" ...)."""
        head, _dot, rest = path.partition(".")
        head = head.split("[", 1)[0]
        rest = rest.split("[", 1)[0].split(".", 1)[0]
        if head in SIDES:
            name = {"card": head, "card_values": head, "wounds_taken": f"{head}_wounds"}.get(
                rest, f"{head}_{rest}"
            )
        elif head == "modifiers":
            name = rest
        else:
            name = head
        return name if name in self.fields else None

    def side_fields(self, side: str) -> list:
        return [self[side], self[f"{side}_{self.EXTRAS}"], self[f"{side}_wounds"]]

    def other_fields(self) -> list:
        sides = {n for side in SIDES for n in (side, f"{side}_{self.EXTRAS}", f"{side}_wounds")}
        return [self[name] for name in self.fields if name not in sides]
