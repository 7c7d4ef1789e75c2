"""The form of the page that makes a pack from a BattleScribe catalogue: the catalogue,
its game system (optional), the pack's name (a new pack) and, when several games make
packs from catalogues, the game. The files' contents are checked by the catalogue reader;
here only their presence and size."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from armylists.battlescribe.catalogues import MAX_XML_BYTES
from armylists.forms.packs import clean_text

# A zipped file is smaller than its XML; unpacked, the reader bounds it.
MAX_FILE = MAX_XML_BYTES


def _sized(upload):
    if upload is not None and upload.size > MAX_FILE:
        raise forms.ValidationError(
            _("A file here has at most %(mb)s MB.") % {"mb": MAX_FILE // 1_000_000}
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
