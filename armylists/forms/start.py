"""Step one of a new list."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from armylists.presenters.base import Presenter
from armylists.presenters.names import local_name
from rules.engine import Catalogue
from rules.engine.document import MAX_POINTS


class StartForm(forms.Form):
    """Faction (if the game has factions), role (if it has roles), battle size, name."""

    faction = forms.ChoiceField(widget=forms.RadioSelect)
    role = forms.ChoiceField(label=_("Role"), widget=forms.RadioSelect)
    battle_size = forms.IntegerField(min_value=1, max_value=MAX_POINTS)
    name = forms.CharField(label=_("Name"), max_length=200, required=False)
    # Which game data judges the list: "" the official data, else "<pack id>:<version>"
    # (the newest version of a pack the player can use, when the page was shown).
    pack = forms.ChoiceField(label=_("Game data"), required=False, widget=forms.RadioSelect)

    def __init__(
        self, *args, catalogue: Catalogue, presenter: Presenter, packs=(), **kwargs
    ):
        super().__init__(*args, **kwargs)
        self._packs(packs)
        words = presenter.words
        if catalogue.factions:
            self.fields["faction"].label = words["faction"]
            self.fields["faction"].choices = [
                (f.key, local_name(f)) for f in catalogue.factions.values()
            ]
        else:
            del self.fields["faction"]
        roles = presenter.roles(catalogue)
        if roles:
            self.fields["role"].choices = [(r, presenter.role_label(r)) for r in roles]
        else:
            del self.fields["role"]
        size = self.fields["battle_size"]
        size.label = words["start_limit"]
        if not presenter.battle_size_required(catalogue):
            size.required = False
            size.help_text = words["start_limit_help"]
        else:
            size.initial = presenter.default_battle_size(catalogue)

    def _packs(self, packs) -> None:
        """``packs``: (id, name, newest version, whose) of the players' packs this player
        can use; the choice is offered only when there is any."""
        if not packs:
            del self.fields["pack"]
            return
        self.fields["pack"].choices = [("", _("official data"))] + [
            (f"{pack_id}:{version}", f"{name} · v{version} · {whose}")
            for pack_id, name, version, whose in packs
        ]

    def chosen_pack(self) -> dict | None:
        """The pack version chosen, as the document names it (None: the official data)."""
        # Without the field (no packs offered) a posted "pack" is never in cleaned_data.
        value = self.cleaned_data.get("pack") or ""
        pack_id, _sep, version = value.rpartition(":")
        return {"id": pack_id, "version": int(version)} if pack_id else None

    def clean_name(self):
        name = self.cleaned_data["name"]
        if "\x00" in name:
            raise forms.ValidationError(_("This text contains a character that cannot be stored."))
        return name.strip()
