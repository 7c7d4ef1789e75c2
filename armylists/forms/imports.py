"""Importing a list file."""

from __future__ import annotations

import codecs

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.engine.document import MAX_BODY_BYTES

from ..services.imports_rosters import importable_systems


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("List file (.json, .ros, .rosz)"),
        help_text=_(
            "A list exported from Muster (format muster-list/1), or a BattleScribe / New "
            "Recruit roster (.ros or .rosz)."
        ),
    )
    # Rosters only: the game, when the roster's game system does not tell.
    system = forms.ChoiceField(
        label=_("Game of a roster"),
        required=False,
        help_text=_("Leave it to the roster unless it names no game we know."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = [("", _("from the roster"))] + [
            (key, catalogue.name) for key, catalogue in sorted(importable_systems().items())
        ]

    def clean_file(self) -> bytes:
        """The file's bytes (the document service reads and checks them)."""
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BODY_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(mb)s MB."), params={"mb": MAX_BODY_BYTES // 1_000_000}
            )
        data = upload.read()
        # Editors on Windows like to start UTF-8 files with a byte-order mark.
        return data[3:] if data.startswith(codecs.BOM_UTF8) else data
