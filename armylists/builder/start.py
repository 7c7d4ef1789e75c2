"""Step one of a new list: its page (``system_start``) and its form (``StartForm``)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from armylists.builder import workspaces
from armylists.lists import documents
from armylists.packs import selectors as pack_selectors
from armylists.presenters import presenter_of
from armylists.presenters.base import Presenter
from armylists.presenters.names import local_name
from armylists.web import sessions
from armylists.web.pages import catalogue_or_404
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
                (f.key, local_name(f)) for f in presenter.start_factions(catalogue)
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


@require_http_methods(["GET", "POST"])
def system_start(request, system):
    """Template: system_start.html. Step one of a new list: faction (if the game has
    factions), role (if it has roles) and battle size (or gold)."""
    catalogue = catalogue_or_404(system)
    presenter = presenter_of(catalogue)
    url_name, args = presenter.home_url()
    if url_name != "system-start":
        return redirect(url_name, *args)  # a game with no list to build (Kemet)
    holder = sessions.holder_of(request.session, create=request.method == "POST")
    if request.method == "POST" and request.POST.get("action") == "undiscard":
        if workspaces.draft_undiscard(holder=holder, system=system) is not None:
            messages.success(request, gettext("Your draft is back."))
            return redirect("draft-builder", system=system)
    form = StartForm(
        request.POST if request.method == "POST" and "action" not in request.POST else None,
        catalogue=catalogue,
        presenter=presenter,
        packs=_packs_offered(request.user, system),
    )
    draft = workspaces.draft_get(holder=holder, system=system)
    valid = form.is_bound and form.is_valid()
    # A draft with work in it is never replaced without a yes (and Undo brings it back).
    ask_replace = (
        valid and workspaces.draft_holds_work(draft) and request.POST.get("replace") != "yes"
    )
    if valid and not ask_replace:
        workspaces.draft_start(holder=holder, document=_new_document(form, system),
                               catalogue=catalogue)
        return redirect("draft-builder", system=system)
    return render(
        request,
        "system_start.html",
        {
            "catalogue": catalogue,
            "presenter": presenter,
            "words": presenter.words,
            "form": form,
            "draft": draft,
            "draft_summary": _draft_summary(draft),
            "ask_replace": ask_replace,
            "discarded": workspaces.draft_get(holder=holder, system=system, discarded=True),
            "battle_sizes": catalogue.attributes.get("battle_sizes", []),
        },
        status=400 if form.is_bound and form.errors else 200,
    )


def _new_document(form, system: str):
    """The list the start form describes, with no entries yet."""
    return documents.document_new(
        system=system,
        faction=form.cleaned_data.get("faction"),
        battle_size=form.cleaned_data.get("battle_size"),
        name=form.cleaned_data["name"],
        role=form.cleaned_data.get("role") or None,
        pack=form.chosen_pack(),
    )


def _packs_offered(user, system: str) -> list[tuple]:
    """The players' packs of this game this player can use (his own, public ones, ones he
    edits or kept from their link), newest version each: (id, name, version, whose)."""
    def whose(pack) -> str:
        if user.is_authenticated and pack.owner_id == user.pk:
            return gettext("yours")
        return getattr(pack.owner, "username", "")

    return [
        (p.id, p.name, p.latest_version, whose(p))
        for p in pack_selectors.packs_visible(user=user, system=system)
        if not p.official and p.latest_version
    ]


def _draft_summary(draft) -> dict | None:
    """What the start page says of the draft in progress: its name and how much is in it."""
    if draft is None:
        return None
    document = draft.document
    return {
        "name": document.get("name") or "",
        "entries": len(document.get("entries") or ()),
        "picks": len(document.get("special_actions") or ()),
    }
