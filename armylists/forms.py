"""HTML forms. The builder form turns a posted page back into a list document."""

from __future__ import annotations

import json

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from rules.engine import Catalogue


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class StartForm(forms.Form):
    """Step one of a new list: faction and battle size."""

    faction = forms.ChoiceField(label=_("Faction"), widget=forms.RadioSelect)
    battle_size = forms.IntegerField(label=_("Battle size (points)"), min_value=1, max_value=100000)
    name = forms.CharField(label=_("Name"), max_length=200, required=False)

    def __init__(self, *args, catalogue: Catalogue, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [(f.key, f.name) for f in catalogue.factions.values()]
        default = catalogue.params_for("battle_size").get("default")
        if default:
            self.fields["battle_size"].initial = default


class EntryForm(forms.Form):
    card = forms.CharField(widget=forms.HiddenInput, required=False)
    count = forms.IntegerField(label=_("Count"), min_value=1, max_value=1000, initial=1)
    size = forms.IntegerField(label=_("Models"), min_value=1, max_value=1000, required=False)
    items = forms.MultipleChoiceField(
        label=_("Items"), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, catalogue: Catalogue, entry: dict, **kwargs):
        super().__init__(*args, **kwargs)
        card = catalogue.cards.get(entry.get("card") or "")
        keys = list(card.allowed_items) if card else []
        # Keep keys the list already has, even ones the card may not take: the list
        # shows them with their violation instead of silently dropping them.
        keys += [k for k in entry.get("items", []) if k not in keys]
        self.fields["items"].choices = [
            (k, catalogue.items[k].name if k in catalogue.items else k) for k in keys
        ]
        if card is None or not card.is_unit:
            self.fields["size"].widget = forms.HiddenInput()


class BuilderForm:
    """The builder page as a form: header fields plus one EntryForm per entry.

    The page also carries the whole document as JSON, so parts the form does not show
    (options, special actions, custom units) survive every round trip unchanged.
    """

    def __init__(self, data=None, *, catalogue: Catalogue, document: dict | None = None):
        self.catalogue = catalogue
        self.data = data
        if data is not None:
            document = self._posted_document(data, catalogue.system) or document
        self.document = document or {}
        entries = self.document.get("entries", [])
        self.header = forms.Form(data)
        self.header.fields["name"] = forms.CharField(
            label=_("Name"), max_length=200, required=False
        )
        self.header.fields["battle_size"] = forms.IntegerField(
            label=_("Battle size"), min_value=0, max_value=100000, required=False
        )
        self.entries = [
            EntryForm(
                data,
                prefix=f"e{i}",
                catalogue=catalogue,
                entry=entry,
                initial={
                    "card": entry.get("card"),
                    "count": entry.get("count", 1),
                    "size": entry.get("size"),
                    "items": entry.get("items", []),
                },
            )
            for i, entry in enumerate(entries)
        ]
        if data is None:
            self.header.initial = {
                "name": self.document.get("name", ""),
                "battle_size": self.document.get("battle_size"),
            }

    @staticmethod
    def _posted_document(data, system: str) -> dict | None:
        """The document the page carried, if it is one of this system's; else None."""
        try:
            document = json.loads(data.get("document") or "")
        except ValueError:
            return None
        if not isinstance(document, dict) or document.get("system") != system:
            return None
        entries = document.get("entries", [])
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            return None
        return document

    def is_valid(self) -> bool:
        return self.header.is_valid() & all([f.is_valid() for f in self.entries])

    def errors(self) -> list[str]:
        problems = [f"{k}: {' '.join(v)}" for k, v in self.header.errors.items()]
        for i, form in enumerate(self.entries):
            problems += [f"#{i + 1} {k}: {' '.join(v)}" for k, v in form.errors.items()]
        return problems

    def cleaned_document(self) -> dict:
        """The document with the posted fields applied (call after is_valid)."""
        document = dict(self.document)
        document["name"] = self.header.cleaned_data.get("name", "")
        document["battle_size"] = self.header.cleaned_data.get("battle_size")
        entries = []
        for old, form in zip(self.document.get("entries", []), self.entries, strict=True):
            entry = dict(old)
            entry["count"] = form.cleaned_data["count"]
            card = self.catalogue.cards.get(entry.get("card") or "")
            if card is not None and card.is_unit:
                entry["size"] = form.cleaned_data.get("size")
            entry["items"] = form.cleaned_data.get("items", [])
            entries.append(entry)
        document["entries"] = entries
        return document


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("List file (.json)"),
        help_text=_("A list exported from Muster (format muster-list/1)."),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > 2_000_000:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        try:
            return json.loads(upload.read().decode("utf-8-sig"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise forms.ValidationError(
                _("This is not a JSON file: %(error)s"), params={"error": exc}
            ) from exc


class BattleForm(forms.Form):
    conceded_help = _("Battle points your opponent scored from your losses are computed below.")
    scored = forms.IntegerField(
        label=_("Battle points you scored"), min_value=0, required=False, initial=0
    )
