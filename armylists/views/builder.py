"""The builder: a new list's first step, the draft, and a saved list being edited.

Every builder request is one post to the page, read as edits by entry id
(``forms.builder``) and applied to the list's workspace on the server
(``services.workspaces``): with htmx the answer is the builder fragment, without
JavaScript the whole page. Nothing is kept in the page but what it shows, so leaving it
loses nothing, and the address always names the list on screen.
"""

from __future__ import annotations

import codecs

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods

from armylists.forms.start import StartForm
from armylists.lists import documents, scoring, selectors, stamps
from armylists.lists import services as lists
from armylists.lists.import_words import in_player_words
from armylists.lists.lookups import owned_or_404
from armylists.lists.readonly import readonly_context
from armylists.packs import selectors as pack_selectors
from armylists.presenters import presenter_of
from armylists.services import workspaces
from armylists.views import builder_post, undo_labels
from armylists.views.builder_context import builder_context
from armylists.web import sessions
from armylists.web.page_cache import kept_page, render_and_keep
from armylists.web.pages import catalogue_or_404, go, whole_number
from rules import selectors as rules_selectors
from rules.engine import DocumentError
from rules.engine.document import MAX_BODY_BYTES


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
            messages.success(request, _("Your draft is back."))
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
            return _("yours")
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


@require_http_methods(["GET", "POST"])
def draft_builder(request, system):
    """Template: builder.html (_builder.html for htmx). The list being built, not saved.

    A post with a ``document`` (a list file's JSON, action ``load``) puts that list on the
    page; it is checked, bounds first, before anything else happens.
    """
    catalogue = catalogue_or_404(system)
    if request.method == "POST" and "document" in request.POST:
        return _load(request, catalogue=catalogue)
    holder = sessions.holder_of(request.session, create=False)
    if request.method == "GET":
        return _get_draft(request, official=catalogue, holder=holder)
    workspace = workspaces.draft_get(holder=holder, system=system)
    if workspace is None:
        return go(request, reverse("system-start", args=[system]))
    pack = workspaces.draft_pack(workspace)
    catalogue = _draft_catalogue(request, pack=pack, official=catalogue)
    return _post(request, catalogue=catalogue, workspace=workspace)


def _get_draft(request, *, official, holder):
    """The draft's page: its stamp and pack in one small query, then the page as kept
    (or a save that waited for a login, or the start page when there is no draft)."""
    found = stamps.draft_stamp(holder=holder, key=workspaces.draft_key(official.system))
    catalogue = _draft_catalogue(request, pack=found[1] if found else None, official=official)
    saved = _save_after_login(request, catalogue=catalogue, holder=holder)
    if saved is not None:
        return saved
    if found is None:
        return go(request, reverse("system-start", args=[official.system]))
    return _show_draft(request, catalogue=catalogue, holder=holder, stamp=found[0])


def _draft_catalogue(request, *, pack: dict | None, official):
    """The data a draft on ``pack`` is judged by: that pack version, if this player may
    still use it, else the official data (saving then names the problem)."""
    if pack is None:
        return official
    try:
        document = documents.document_new(
            system=official.system, faction=None, battle_size=None, pack=pack
        )
        return documents.catalogue_of(document, reader=request.user)
    except (DocumentError, TypeError, ValueError):
        return official


def _load(request, *, catalogue):
    """A builder post with a list file's JSON (action ``load``)."""
    body = request.POST["document"].encode("utf-8", "surrogatepass")
    return open_document(request, body=body, system=catalogue.system)


def open_document(request, *, body: bytes, system: str | None = None):
    """Open a list document in the builder as this browser's draft of its game (the one
    there is replaced, as an undoable step). It is checked first, bounds first: a refused
    one changes nothing and leaves nothing behind, not even a session."""
    try:
        document = documents.document_read(body=body)
        catalogue = documents.catalogue_of(document, reader=request.user)
        if system is not None and document.system != system:
            message = _("This is a list of another game (%(system)s).") % {
                "system": document.system
            }
            raise DocumentError([builder_post.problem(message)])
    except DocumentError as exc:
        problems = in_player_words(exc.errors, body=body)
        return render(request, "open.html", {"problems": problems, "text": ""}, status=400)
    holder = sessions.holder_of(request.session)
    workspace = workspaces.draft_get(holder=holder, system=catalogue.system)
    if workspace is None:
        workspaces.draft_start(holder=holder, document=document)
    else:
        workspaces.workspace_change(
            workspace=workspace,
            edits=[{"op": "replace", "document": document.to_dict()}],
            catalogue=catalogue,
            label=undo_labels.label(
                gettext_noop("open %(name)s"),
                name=document.name or {"text": gettext_noop("a list file")},
            ),
        )
    return go(request, reverse("draft-builder", args=[catalogue.system]))


@require_http_methods(["GET", "POST"])
def list_open(request):
    """Template: open.html. A list file (uploaded or pasted) opened in the builder, without
    saving it and without an account."""
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is not None:
            if upload.size > MAX_BODY_BYTES:
                problem = builder_post.problem(
                    _("The file is larger than %(n)s bytes.") % {"n": MAX_BODY_BYTES}
                )
                return render(request, "open.html", {"problems": [problem]}, status=400)
            body = upload.read().removeprefix(codecs.BOM_UTF8)
        else:
            body = request.POST.get("document", "").encode("utf-8", "surrogatepass")
        return open_document(request, body=body)
    return render(request, "open.html", {})


@login_required
@require_http_methods(["GET", "POST"])
def list_detail(request, list_id):
    """Template: builder.html. The owner's saved list: edit, save, share, export."""
    army_list = owned_or_404(request, list_id, with_snapshot_codes=True)
    holder = sessions.holder_of(request.session, create=request.method == "POST")
    workspace = selectors.list_workspace(holder=holder, army_list=army_list)
    catalogue = builder_post.shown_catalogue(army_list, workspace)
    lost = _lost_pack(request, army_list, workspace)
    if lost is not None and request.POST.get("action") not in ON_LOST_PACK:
        return _lost_pack_page(request, pack=lost, army_list=army_list, workspace=workspace)
    if request.method == "POST":
        if workspace is None:
            # The page's first edit starts from the version the page showed: saving it
            # after the list moved on elsewhere is a conflict, never a silent overwrite.
            shown = whole_number(request.POST.get("base_version"), army_list.version)
            workspace = workspaces.list_workspace_open(
                holder=holder, army_list=army_list, version=shown
            )
        answer = _post(request, catalogue=catalogue, workspace=workspace, army_list=army_list)
        if request.POST.get("action") in BACK_TO_SAVED and _lost_pack(
            request, army_list, selectors.list_workspace(holder=holder, army_list=army_list)
        ):  # back on the lost pack: its page, not a builder of its cards
            return go(request, reverse("list-detail", args=[army_list.id]))
        return answer
    return _render(request, catalogue=catalogue, workspace=workspace, army_list=army_list)


# What a list on a pack its owner may no longer use still takes: leaving it for the
# official data (an undoable edit, saved with Save), or dropping unsaved edits.
ON_LOST_PACK = ("pack_leave", "revert")
# What may bring the list on screen back to the pack it was saved on.
BACK_TO_SAVED = ("undo", "redo", "revert")


def _lost_pack(request, army_list, workspace):
    """The pack the list on screen (its unsaved edits, else as saved) is pinned to, when
    this player may no longer use it (``pinning.lost_pack``), else None."""
    shown = workspaces.document_of(workspace) if workspace is not None else None
    return lists.list_pack_lost(army_list=army_list, user=request.user, document=shown)


def _lost_pack_page(request, *, pack, army_list, workspace):
    """Template: list_lost_pack.html. The list as it was saved, read-only (nothing of the
    pack beyond what the list holds is shown), with the way out; any edit posted is
    refused with the same words (409)."""
    unsaved = workspace is not None and selectors.is_unsaved(workspace=workspace)
    data = workspaces.document_of(workspace).to_dict() if unsaved else None
    values = readonly_context(army_list=army_list, document_data=data)
    values.update(
        lost_pack=pack, unsaved=unsaved, refused=request.method == "POST",
        text_url=reverse("list-text", args=[army_list.id]),
        snapshots=selectors.snapshots_of_list(army_list=army_list),
    )  # fmt: skip
    return render(request, "list_lost_pack.html", values, status=409 if values["refused"] else 200)


# -- rendering ----------------------------------------------------------------------------


def _render(request, *, catalogue, workspace, army_list=None, status=200, **extra):
    history = (
        presenter_of(catalogue).campaign_history(army_list=army_list)
        if army_list is not None
        else {}
    )
    # Its tournament snapshots: rows that never change, so their codes are their stamp
    # (read with the list when it was looked up for this page).
    codes = _snapshot_codes(army_list)
    template = _template(request)
    # htmx swaps only successful answers: a refused edit is shown, but as a 200 there.
    status = 200 if request.htmx else status
    state = None if extra else _state(  # the answer to a post (errors, a question): not kept
        catalogue,
        stamps.workspace_stamp(workspace),
        stamps.list_stamp(army_list),
        sorted(history.items()),
        codes,
    )
    kept = kept_page(request, template, state=state) if status == 200 else None
    if kept is not None:
        return kept
    values = _values(
        request,
        catalogue=catalogue,
        workspace=workspace,
        army_list=army_list,
        history=history,
        **extra,
    )
    if army_list is not None and codes:
        values["snapshots"] = selectors.snapshots_of_list(army_list=army_list)
    return render_and_keep(request, template, values, state=state, status=status)


def _snapshot_codes(army_list) -> tuple:
    if army_list is None:
        return ()
    codes = getattr(army_list, "snapshot_codes", None)
    if codes is None:  # a list not looked up for this page (e.g. after a conflict)
        codes = [s.code for s in selectors.snapshots_of_list(army_list=army_list)]
    return tuple(codes)


def _show_draft(request, *, catalogue, holder, stamp: tuple):
    """A GET of the draft: from its stamp alone when the page is kept, loaded and
    rendered otherwise."""
    template = _template(request)
    state = _state(catalogue, stamp, None, [])
    kept = kept_page(request, template, state=state)
    if kept is not None:
        return kept
    workspace = workspaces.draft_get(holder=holder, system=catalogue.system)
    if workspace is None:  # discarded in another tab since the stamp was read
        return go(request, reverse("system-start", args=[catalogue.system]))
    values = _values(request, catalogue=catalogue, workspace=workspace)
    return render_and_keep(request, template, values, state=state)


def _values(request, *, catalogue, workspace, army_list=None, history=None, **extra) -> dict:
    """The builder template's context."""
    if workspace is not None:
        document = workspaces.document_of(workspace)
    else:
        document = lists.list_document(army_list=army_list)
    values = builder_context(
        request=request,
        catalogue=catalogue,
        presenter=presenter_of(catalogue),
        document=document,
        workspace=workspace,
        army_list=army_list,
        history=history or {},
        **extra,
    )
    values["builder_url"] = request.path
    if army_list is not None:
        values["has_scoring"] = scoring.scoring_rules(catalogue.system) is not None
        if not request.htmx:  # the whole page: what the game shows beside the list
            values.update(values["presenter"].list_extras(army_list=army_list,
                                                          catalogue=catalogue))
            # The texts themselves: on request (views/text_export.py).
            values["text_url"] = reverse("list-text", args=[army_list.id])
    return values


def _template(request) -> str:
    return "_builder.html" if request.htmx else "builder.html"


def _state(catalogue, *rows) -> tuple | None:
    """What a builder page shows, for its key: the game data it was built from and its
    rows' stamps (None when the game data's stamp is not known: not kept)."""
    stamp = rules_selectors.catalogue_stamp(catalogue)
    return None if stamp is None else (stamp, *rows)


# -- edits: views/builder_post.py answers a post, views/builder_edits.py reads its button ----


def _post(request, *, catalogue, workspace, army_list=None):
    return builder_post.answer_post(
        request, catalogue=catalogue, workspace=workspace, army_list=army_list, render=_render
    )


def _save_after_login(request, *, catalogue, holder):
    return builder_post.save_after_login(
        request, catalogue=catalogue, holder=holder, render=_render
    )
