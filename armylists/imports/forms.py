"""Importing a list file."""

from __future__ import annotations

import codecs

from django import forms
from django.utils.translation import gettext_lazy as _

from armylists.imports.rosters import importable_systems
from armylists.packs.listings import packs_of_member
from rules.engine.document import MAX_BODY_BYTES


class ImportForm(forms.Form):
    """A list file, uploaded or pasted as text (one of the two); ``cleaned_data["file"]`` is
    its bytes either way."""

    file = forms.FileField(
        required=False,
        label=_("List file (.json, .ros, .rosz)"),
        help_text=_(
            "A list exported from Muster (format muster-list/1), or a BattleScribe / New "
            "Recruit roster (.ros or .rosz)."
        ),
    )
    text = forms.CharField(
        required=False,
        strip=False,
        max_length=MAX_BODY_BYTES,
        label=_("Or paste the list's text"),
        help_text=_("The text of a list exported from Muster (JSON), or of a .ros roster."),
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )
    # Rosters only: the game, when the roster's game system does not tell.
    system = forms.ChoiceField(
        label=_("Game of a roster"),
        required=False,
        help_text=_("Leave it to the roster unless it names no game we know."),
    )

    # Rosters only: one of the player's packs to build it on (its latest version).
    pack = forms.ChoiceField(
        label=_("Pack of a roster"),
        required=False,
        help_text=_("A pack made from the roster's BattleScribe catalogue turns its units "
                    "into the pack's cards."),
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        importable = importable_systems()
        self.fields["system"].choices = [("", _("from the roster"))] + [
            (key, catalogue.name) for key, catalogue in sorted(importable.items())
        ]
        mine = packs_of_member(user=user) if user is not None and user.is_authenticated else []
        self.fields["pack"].choices = [("", _("the game's official data"))] + [
            (pack.id, f"{pack.name} ({pack.system}, v{pack.latest_version})")
            for pack in mine if pack.system in importable and pack.latest_version
        ]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data.get("file") is None:
            text = data.get("text") or ""
            if "\x00" in text:
                self.add_error("text", _("This text contains a character that cannot be stored."))
            elif not text.strip():
                raise forms.ValidationError(
                    _("Choose a list file, or paste the list's text."), code="required"
                )
            else:
                data["file"] = text.encode("utf-8", "surrogatepass").removeprefix(
                    codecs.BOM_UTF8
                )
        return data

    def clean_file(self) -> bytes | None:
        """The file's bytes (the document service reads and checks them)."""
        upload = self.cleaned_data["file"]
        if upload is None:
            return None
        if upload.size > MAX_BODY_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(mb)s MB."), params={"mb": MAX_BODY_BYTES // 1_000_000}
            )
        data = upload.read()
        # Editors on Windows like to start UTF-8 files with a byte-order mark.
        return data[3:] if data.startswith(codecs.BOM_UTF8) else data
