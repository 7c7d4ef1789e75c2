"""HTML forms. The builder form turns a posted page back into a list document."""

from __future__ import annotations

import json

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from rules.engine import Catalogue
from rules.systems import mordheim
from rules.systems.boarding_action import list_roles


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


# --- labels of game-data keys (the packs give keys; the page shows words) ------------

UNIT_TYPE_LABELS = {
    "infantry": _("Infantry"),
    "walker": _("Walker"),
    "vehicle": _("Vehicle"),
    "monstrous_creature": _("Monstrous creature"),
    "bike": _("Bike"),
    "jetbike": _("Jetbike"),
    "beast": _("Beast"),
    "swarm": _("Swarm"),
}
UNIT_TYPE_GROUP_LABELS = {
    "infantry": _("Infantry"),
    "walker": _("Walkers"),
    "vehicle": _("Vehicles"),
    "monstrous_creature": _("Monstrous creatures"),
    "bike": _("Bikes"),
    "jetbike": _("Jetbikes"),
    "beast": _("Beasts"),
    "swarm": _("Swarms"),
}
ROLE_LABELS = {"attacker": _("Attacker"), "defender": _("Defender")}
ALIGNMENT_LABELS = {"good": _("Good"), "evil": _("Evil"), "neutral": _("Neutral")}
KIND_LABELS = {
    # Trupp options
    "equipment": _("Equipment"),
    "ability": _("Abilities"),
    "spell": _("Spells"),
    "veteran": _("Veteran variants"),
    # Mordheim equipment
    "close_combat": _("Close combat weapons"),
    "missile": _("Missile weapons"),
    "armour": _("Armour"),
}


def label_for(labels: dict, key) -> str:
    """The word for a data key: a known label, else the key made readable."""
    if key is None:
        return "?"
    return labels.get(key) or str(key).replace("_", " ").replace("-", " ").capitalize()


def item_names(catalogue: Catalogue, keys) -> list[str]:
    """The names of item keys; a key the game data does not know stands as itself."""
    return [getattr(catalogue.items.get(k), "name", k) for k in keys or ()]


def is_warband(catalogue: Catalogue) -> bool:
    """Mordheim: the faction is the warband, and the limit is its gold."""
    return catalogue.system == mordheim.SYSTEM


def default_battle_size(catalogue: Catalogue) -> int | None:
    params = catalogue.params_for("battle_size")
    return params.get("default") or params.get("limit")


class StartForm(forms.Form):
    """Step one of a new list: faction (if the system has factions), role, battle size."""

    faction = forms.ChoiceField(label=_("Faction"), widget=forms.RadioSelect)
    role = forms.ChoiceField(label=_("Role"), widget=forms.RadioSelect)
    battle_size = forms.IntegerField(label=_("Battle size (points)"), min_value=1, max_value=100000)
    name = forms.CharField(label=_("Name"), max_length=200, required=False)

    def __init__(self, *args, catalogue: Catalogue, **kwargs):
        super().__init__(*args, **kwargs)
        if catalogue.factions:
            self.fields["faction"].choices = [(f.key, f.name) for f in catalogue.factions.values()]
        else:
            del self.fields["faction"]  # Boarding Action, Trupp: no factions
        roles = list_roles(catalogue)
        if roles:
            self.fields["role"].choices = [(r, label_for(ROLE_LABELS, r)) for r in roles]
        else:
            del self.fields["role"]
        if is_warband(catalogue):
            self.fields["faction"].label = _("Warband")
            size = self.fields["battle_size"]
            size.label = _("Gold (gc)")
            size.required = False
            size.help_text = _("Leave empty to use the warband's starting gold.")
        default = default_battle_size(catalogue)
        if default and not is_warband(catalogue):
            self.fields["battle_size"].initial = default


# --- the builder -----------------------------------------------------------------------


class TagsField(forms.CharField):
    """Comma-separated words in a text field, a list of them in the document."""

    def prepare_value(self, value):
        if isinstance(value, (list, tuple)):
            return ", ".join(value)
        return value

    def to_python(self, value):
        text = super().to_python(value)
        return list(dict.fromkeys(t.strip() for t in text.split(",") if t.strip()))

    def validate(self, value):
        super().validate(value)
        if len(value) > 50:
            raise forms.ValidationError(_("At most 50 wargear keywords."))
        if any(len(t) > 100 for t in value):
            raise forms.ValidationError(_("A wargear keyword has at most 100 characters."))


def custom_unit_fields(catalogue: Catalogue) -> dict[str, forms.Field]:
    """The fields of a custom unit (Boarding Action: a unit from the player's own codex)."""
    types = list(catalogue.attributes.get("unit_types") or UNIT_TYPE_LABELS)
    return {
        "name": forms.CharField(label=_("Name"), max_length=200),
        "points": forms.IntegerField(label=_("Points"), min_value=0, max_value=100000),
        "unit_type": forms.ChoiceField(
            label=_("Unit type"), choices=[(t, label_for(UNIT_TYPE_LABELS, t)) for t in types]
        ),
        "base_mm": forms.IntegerField(
            label=_("Base (mm)"), min_value=1, max_value=500, required=False
        ),
        "wargear": TagsField(
            label=_("Wargear"),
            required=False,
            help_text=_("Keywords, separated by commas (e.g. jump pack, power sword)."),
        ),
    }


def custom_unit(cleaned: dict, prefix: str = "") -> dict:
    """The document's ``custom`` object from cleaned custom-unit fields."""
    return {
        "name": cleaned[f"{prefix}name"].strip(),
        "points": cleaned[f"{prefix}points"],
        "unit_type": cleaned[f"{prefix}unit_type"],
        "base_mm": cleaned.get(f"{prefix}base_mm"),
        "wargear": cleaned.get(f"{prefix}wargear") or [],
    }


class CustomUnitForm(forms.Form):
    """The small "add a custom unit" form (prefix ``custom``).

    It sits inside the builder's one <form>: no ``required`` attributes, or the browser
    would refuse every other button while it is empty. It is checked on the server, and
    only when its own button is pressed.
    """

    use_required_attribute = False

    def __init__(self, *args, catalogue: Catalogue, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields.update(custom_unit_fields(catalogue))
        self.fields["name"].widget.attrs["placeholder"] = _("e.g. Tactical Marine")


class EntryForm(forms.Form):
    card = forms.CharField(widget=forms.HiddenInput, required=False)
    count = forms.IntegerField(label=_("Count"), min_value=1, max_value=1000, initial=1)
    size = forms.IntegerField(label=_("Models"), min_value=1, max_value=1000, required=False)
    items = forms.MultipleChoiceField(
        label=_("Items"), required=False, widget=forms.CheckboxSelectMultiple
    )
    options = forms.MultipleChoiceField(
        label=_("Options"), required=False, widget=forms.CheckboxSelectMultiple
    )
    name = forms.CharField(label=_("Name"), max_length=200, required=False)

    def __init__(self, *args, catalogue: Catalogue, entry: dict, **kwargs):
        super().__init__(*args, **kwargs)
        card = catalogue.cards.get(entry.get("card") or "")
        self.card = card
        keys = list(card.allowed_items) if card else []
        # Keep keys the list already has, even ones the card may not take: the list
        # shows them with their violation instead of silently dropping them.
        keys += [k for k in entry.get("items") or [] if k not in keys]
        self.fields["items"].choices = [
            (k, catalogue.items[k].name if k in catalogue.items else k) for k in keys
        ]
        keys = list(card.allowed_options) if card else []
        keys += [k for k in entry.get("options") or [] if k not in keys]
        self.fields["options"].choices = [
            (k, catalogue.items[k].name if k in catalogue.items else k) for k in keys
        ]
        self.shows_size = card is not None and card.is_unit
        if not self.shows_size:
            self.fields["size"].widget = forms.HiddenInput()
        # A Mordheim hero is a named model of its own.
        self.shows_name = card is not None and is_warband(catalogue) and mordheim.is_hero(card)
        if self.shows_name:
            self.fields["name"].widget.attrs.update(
                {"placeholder": _("Name your hero"), "data-testid": "hero-name"}
            )
        else:
            del self.fields["name"]
        self.is_custom = isinstance(entry.get("custom"), dict)
        if self.is_custom:
            for key, field in custom_unit_fields(catalogue).items():
                self.fields[f"custom_{key}"] = field
            current = entry["custom"].get("unit_type")
            choices = self.fields["custom_unit_type"].choices
            if current and current not in dict(choices):
                self.fields["custom_unit_type"].choices = [*choices, (current, current)]

    @property
    def shows_options(self) -> bool:
        return bool(self.fields["options"].choices)

    def custom_fields(self):
        return [self[name] for name in self.fields if name.startswith("custom_")]

    def apply(self, entry: dict) -> dict:
        """A copy of ``entry`` with this form's shown fields applied (after is_valid)."""
        entry = dict(entry)
        data = self.cleaned_data
        entry["count"] = data["count"]
        if self.shows_size:
            entry["size"] = data.get("size")
        entry["items"] = data.get("items", [])
        if self.shows_options:
            entry["options"] = data.get("options", [])
        if self.shows_name:
            entry["name"] = data.get("name", "").strip() or None
        if self.is_custom:
            entry["custom"] = custom_unit(data, prefix="custom_")
        return entry


class SpecialActionForm(forms.Form):
    """One special-action purchase: how many uses, and which variant (sentry gun weapon)."""

    count = forms.IntegerField(label=_("Uses"), min_value=1, max_value=1000, initial=1)
    variant = forms.ChoiceField(label=_("Variant"), required=False)

    def __init__(self, *args, catalogue: Catalogue, pick: dict, **kwargs):
        super().__init__(*args, **kwargs)
        action = catalogue.special_actions.get(pick.get("action") or "")
        choices = [(v.key, f"{v.name} ({v.points})") for v in (action.variants if action else ())]
        current = pick.get("variant")
        if current and current not in dict(choices):
            choices.append((current, current))  # unknown: kept and reported, not dropped
        if choices:
            self.fields["variant"].choices = [("", _("– choose –")), *choices]
        else:
            del self.fields["variant"]

    def apply(self, pick: dict) -> dict:
        pick = dict(pick)
        pick["count"] = self.cleaned_data["count"]
        if "variant" in self.fields:
            pick["variant"] = self.cleaned_data.get("variant") or None
        return pick


def _entry_initial(entry: dict) -> dict:
    custom = entry.get("custom") if isinstance(entry.get("custom"), dict) else {}
    return {
        "card": entry.get("card"),
        "count": entry.get("count", 1),
        "size": entry.get("size"),
        "items": entry.get("items", []),
        "options": entry.get("options", []),
        "name": entry.get("name") or "",
        **{f"custom_{k}": v for k, v in custom.items()},
    }


class BuilderForm:
    """The builder page as a form: header fields, one EntryForm per entry, one
    SpecialActionForm per bought special action, and the add-a-custom-unit form.

    The page also carries the whole document as JSON, so parts the form does not show
    survive every round trip unchanged. The custom-unit form is checked only when its
    button is pressed (``action="add_custom"``); otherwise what was typed into it is
    carried into the next page (``carry``), so other edits do not wipe it.
    """

    CUSTOM = ("name", "points", "unit_type", "base_mm", "wargear")

    def __init__(
        self,
        data=None,
        *,
        catalogue: Catalogue,
        document: dict | None = None,
        action: str = "",
        carry=None,
    ):
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
        roles = list_roles(catalogue)
        if roles:
            current = self.document.get("role")
            choices = [(r, label_for(ROLE_LABELS, r)) for r in roles]
            if current and current not in roles:
                choices.append((current, current))
            self.header.fields["role"] = forms.ChoiceField(
                label=_("Role"),
                choices=[("", _("– choose –")), *choices],
                required=False,
                widget=forms.Select(attrs={"class": "role", "data-testid": "role"}),
            )
        self.entries = [
            EntryForm(
                data,
                prefix=f"e{i}",
                catalogue=catalogue,
                entry=entry,
                initial=_entry_initial(entry),
            )
            for i, entry in enumerate(entries)
        ]
        picks = self.document.get("special_actions") or []
        self.actions = [
            SpecialActionForm(
                data,
                prefix=f"a{k}",
                catalogue=catalogue,
                pick=pick if isinstance(pick, dict) else {},
                initial={
                    "count": pick.get("count", 1),
                    "variant": pick.get("variant") or "",
                }
                if isinstance(pick, dict)
                else {},
            )
            for k, pick in enumerate(picks)
        ]
        self.custom = None
        if catalogue.attributes.get("custom_units"):
            bound = data is not None and action == "add_custom"
            source = data if data is not None else carry
            initial = {}
            if source is not None and not bound:
                initial = {
                    k: source.get(f"custom-{k}") for k in self.CUSTOM if source.get(f"custom-{k}")
                }
            self.custom = CustomUnitForm(
                data if bound else None, prefix="custom", catalogue=catalogue, initial=initial
            )
        if data is None:
            self.header.initial = {
                "name": self.document.get("name", ""),
                "battle_size": self.document.get("battle_size"),
                "role": self.document.get("role") or "",
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
        picks = document.get("special_actions", [])
        if not isinstance(picks, list) or not all(isinstance(p, dict) for p in picks):
            return None
        return document

    def is_valid(self) -> bool:
        valid = self.header.is_valid() & all([f.is_valid() for f in self.entries])
        valid &= all([f.is_valid() for f in self.actions])
        if self.custom is not None and self.custom.is_bound:
            valid &= self.custom.is_valid()
        return valid

    def errors(self) -> list[str]:
        """Problems with the list's fields (the custom-unit form shows its own)."""
        problems = [f"{k}: {' '.join(v)}" for k, v in self.header.errors.items()]
        for i, form in enumerate(self.entries):
            problems += [f"#{i + 1} {k}: {' '.join(v)}" for k, v in form.errors.items()]
        for k, form in enumerate(self.actions):
            problems += [
                f"{_('Special action')} #{k + 1} {f}: {' '.join(v)}" for f, v in form.errors.items()
            ]
        return problems

    def cleaned_document(self) -> dict:
        """The document with the posted fields applied (call after is_valid)."""
        document = dict(self.document)
        document["name"] = self.header.cleaned_data.get("name", "")
        document["battle_size"] = self.header.cleaned_data.get("battle_size")
        if "role" in self.header.fields:
            document["role"] = self.header.cleaned_data.get("role") or None
        document["entries"] = [
            form.apply(old)
            for old, form in zip(self.document.get("entries", []), self.entries, strict=True)
        ]
        if self.actions:
            document["special_actions"] = [
                form.apply(old)
                for old, form in zip(
                    self.document.get("special_actions", []), self.actions, strict=True
                )
            ]
        return document

    def custom_entry(self) -> dict | None:
        """The entry the custom-unit form describes (after is_valid), else None."""
        if self.custom is None or not self.custom.is_bound:
            return None
        return {
            "custom": custom_unit(self.custom.cleaned_data),
            "count": 1,
            "size": None,
            "items": [],
            "options": [],
        }


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
