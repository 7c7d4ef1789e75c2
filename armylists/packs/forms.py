"""Forms of the pack pages: fork, settings, upload, publish, a row of the editor (its
fields made from the game's columns), and a pack made from a BattleScribe catalogue (the
catalogue, its game system (optional), the pack's name (a new pack) and, when several
games make packs from catalogues, the game; the files' contents are checked by the
catalogue reader, here only their presence and size)."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from armylists.battlescribe.catalogues import MAX_XML_BYTES
from armylists.packs.drafts import RefKeys
from armylists.packs.models import Pack
from armylists.presenters.pack_columns import BOOL, INT, KEYS, WORDS, Column
from rules.engine.pack_rows import NULL

MAX_FILE = 2_000_000
KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,99}$")
KEY_HELP = _("Lower-case letters, digits, hyphens and underscores, at most 100.")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


def clean_text(value: str) -> str:
    if _CONTROL.search(value or ""):
        raise forms.ValidationError(_("This text contains a character that cannot be stored."))
    return value


def clean_key(value: str) -> str:
    if not KEY_PATTERN.match(value or ""):
        raise forms.ValidationError(_("Not a key: %(help)s") % {"help": KEY_HELP})
    return value


class ForkForm(forms.Form):
    name = forms.CharField(label=_("Name of your pack"), max_length=100, validators=[clean_text])


class PackSettingsForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100, validators=[clean_text])
    description = forms.CharField(
        label=_("Description"),
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        validators=[clean_text],
    )
    visibility = forms.ChoiceField(
        label=_("Who sees it"), choices=Pack.VISIBILITY_CHOICES, widget=forms.RadioSelect
    )
    editors = forms.CharField(
        label=_("Editors (user names, comma-separated)"),
        help_text=_("They may publish new versions; only you change these settings."),
        max_length=2000,
        required=False,
    )

    def clean_editors(self):
        names = [n.strip() for n in self.cleaned_data["editors"].split(",") if n.strip()]
        if len(names) > 50:
            raise forms.ValidationError(_("At most 50 editors."))
        if any(len(n) > 150 or _CONTROL.search(n) for n in names):
            raise forms.ValidationError(_("That is not a user name."))
        return names


class UploadForm(forms.Form):
    """A pack file: as a new pack (name and game) or as the next version (note)."""

    file = forms.FileField(label=_("Pack file (.yaml or .json)"))
    note = forms.CharField(label=_("Note"), max_length=500, required=False, validators=[clean_text])

    def __init__(self, *args, systems=None, new_pack=True, **kwargs):
        super().__init__(*args, **kwargs)
        if new_pack:
            self.fields["name"] = forms.CharField(
                label=_("Name of the new pack"), max_length=100, validators=[clean_text]
            )
            self.fields["system"] = forms.ChoiceField(label=_("Game"), choices=systems or [])

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE:
            raise forms.ValidationError(_("A pack file has at most 2 MB."))
        return upload


class PublishForm(forms.Form):
    note = forms.CharField(
        label=_("What changed (the version's note)"),
        max_length=500,
        validators=[clean_text],
    )


def _field(column: Column):
    label = str(column.label)
    if column.kind == INT:
        return forms.IntegerField(
            label=label, required=False, min_value=-(10**6), max_value=10**6,
            widget=forms.NumberInput(attrs={"class": "narrow"}),
        )  # fmt: skip
    if column.kind == BOOL:
        return forms.BooleanField(label=label, required=False)
    if column.path == "key":
        return forms.CharField(label=label, max_length=100, validators=[clean_key])
    return forms.CharField(
        label=label, required=False, max_length=2000 if column.kind in (KEYS, WORDS) else 500,
        validators=[clean_text],
    )  # fmt: skip


class RowForm(forms.Form):
    """One row of a section, its fields named after the columns' paths."""

    def __init__(self, *args, columns: list[Column], **kwargs):
        super().__init__(*args, **kwargs)
        self.columns = columns
        for column in columns:
            self.fields[column.field_name] = _field(column)

    def values(self) -> dict:
        """Path -> value for the service: blank is absent (null in a nullable column),
        ``keys`` as ``RefKeys``, ``words`` as a list; a column's ``clears`` marker false."""
        values = {
            column.path: self._value(column, self.cleaned_data.get(column.field_name))
            for column in self.columns
            if column.path != "key"
        }
        # Saving a checked value clears its marker, whatever the marker's box said.
        for column in self.columns:
            if column.clears and values.get(column.path) not in (None, NULL):
                values[column.clears] = False
        return values

    @staticmethod
    def _value(column: Column, value):
        if column.kind in (KEYS, WORDS):
            words = [k.strip() for k in (value or "").split(",") if k.strip()]
            return RefKeys(words) if column.kind == KEYS else words
        if column.kind == BOOL:
            return bool(value)
        if value == "" or value is None:
            return NULL if column.nullable else None
        return value


# --- a pack from a BattleScribe catalogue ---------------------------------------------

# A zipped file is smaller than its XML; unpacked, the reader bounds it.
MAX_CATALOGUE_FILE = MAX_XML_BYTES


def _sized(upload):
    if upload is not None and upload.size > MAX_CATALOGUE_FILE:
        raise forms.ValidationError(
            _("A file here has at most %(mb)s MB.") % {"mb": MAX_CATALOGUE_FILE // 1_000_000}
        )
    return upload


class CatalogueImportForm(forms.Form):
    catalogue = forms.FileField(
        label=_("Catalogue (.cat or .catz)"),
        help_text=_("The codex, as BattleScribe data holds it."),
    )
    game_system = forms.FileField(
        label=_("Game system (.gst or .gstz, optional)"),
        help_text=_("The catalogue's game system file, for the costs and categories it shares."),
        required=False,
    )

    def __init__(self, *args, systems=(), new_pack=True, **kwargs):
        super().__init__(*args, **kwargs)
        if new_pack:
            self.fields["name"] = forms.CharField(
                label=_("Name of the new pack"), max_length=100, validators=[clean_text]
            )
            if len(systems) > 1:
                self.fields["system"] = forms.ChoiceField(label=_("Game"), choices=systems)

    def clean_catalogue(self):
        return _sized(self.cleaned_data.get("catalogue"))

    def clean_game_system(self):
        return _sized(self.cleaned_data.get("game_system"))
