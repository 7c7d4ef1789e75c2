"""What a list is compared with (the compare page's query): one of its versions, another
of the owner's lists, or a list shared by link (the link pasted whole, or its token)."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

MAX_VERSION = 2**31 - 1
# A share link as the list page shows it (any host), or the token alone.
SHARE_LINK = re.compile(r"(?:.*/s/)?([A-Za-z0-9_-]{1,64})/?")


class CompareForm(forms.Form):
    version = forms.IntegerField(required=False, min_value=1, max_value=MAX_VERSION)
    to = forms.IntegerField(required=False, min_value=1, max_value=MAX_VERSION)
    against = forms.IntegerField(
        required=False, min_value=1, max_value=10**18 - 1, label=_("One of my lists")
    )
    shared = forms.CharField(required=False, max_length=300, strip=True, label=_("or a share link"))

    def clean_shared(self) -> str:
        value = self.cleaned_data["shared"]
        if not value:
            return ""
        found = SHARE_LINK.fullmatch(value.split("?", 1)[0].split("#", 1)[0])
        if found is None:
            raise forms.ValidationError(
                _("This is not a share link (…/s/<token>/)."), code="invalid"
            )
        return found[1]

    def clean(self):
        data = super().clean()
        given = [name for name in ("version", "against", "shared") if data.get(name)]
        if len(given) > 1:
            raise forms.ValidationError(
                _("Choose one list to compare with: one of yours or a share link."),
                code="one_of",
            )
        return data

    def choice(self) -> tuple[str, object] | None:
        """("version", n), ("against", id), ("shared", token), or None (nothing chosen)."""
        if not self.is_bound or not self.is_valid():
            return None
        for name in ("version", "against", "shared"):
            if self.cleaned_data.get(name):
                return name, self.cleaned_data[name]
        return None
