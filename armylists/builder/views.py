"""The builder's pages: the draft and a saved list being edited (the first step of a new
list: ``start``; a list file opened: ``opening``).

Every builder request is one post to the page, read as edits by entry id (``forms``) and
applied to the list's workspace on the server (``workspaces``) by ``post``, which answers
with a redirect or the page to show again (``saving.Shown``), drawn here; a GET only reads
and draws. With htmx the answer is the builder fragment, without JavaScript the whole
page. Nothing is kept in the page but what it shows, so leaving it loses nothing, and the
address always names the list on screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from armylists.builder import opening, post, saving, workspaces
from armylists.builder.context import builder_context
from armylists.lists import documents, scoring, selectors
from armylists.lists import services as lists
from armylists.lists.lookups import owned_or_404
from armylists.lists.readonly import readonly_context
from armylists.presenters import presenter_of
from armylists.web import sessions
from armylists.web.conditional import conditional_page, kept, render_kept
from armylists.web.pages import catalogue_or_404, go, whole_number
from rules import selectors as rules_selectors
from rules.engine import DocumentError


def _draft_shown(request, system):
    """What the draft page shows, for its ETag and kept copy: the game data's stamp and
    the draft's (None: no draft, a save waiting for the login, or data without a stamp)."""
    _holder, found, catalogue = _draft_read(request, official=_official(request, system))
    if found is None or saving.save_waits(request):
        return None
    return _state(catalogue, found[0], None, [])


@require_http_methods(["GET", "POST"])
@conditional_page(_draft_shown)
def draft_builder(request, system):
    """Template: builder.html (_builder.html for htmx). The list being built, not saved.

    A post with a ``document`` (a list file's JSON, action ``load``) puts that list on the
    page; it is checked, bounds first, before anything else happens.
    """
    catalogue = _official(request, system)
    if request.method == "POST":
        return _draft_post(request, official=catalogue)
    return _draft_page(request, official=catalogue)


def _official(request, system):
    """The game's official data (404: no such game), read once a request (the ETag reads
    it first; inside a transaction each read is a query)."""
    found = getattr(request, "_official", None)
    if found is None:
        found = request._official = catalogue_or_404(system)
    return found


def _draft_read(request, *, official):
    """This browser's holder, its draft's stamp and pack (one small query; None: no
    draft) and the data that judges it; read once a request (the ETag reads it first)."""
    read = getattr(request, "_draft_read", None)
    if read is None:
        holder = sessions.holder_of(request.session, create=False)
        found = selectors.draft_stamp(holder=holder, key=workspaces.draft_key(official.system))
        pack = found[1] if found else None
        read = (holder, found, _draft_catalogue(request, pack=pack, official=official))
        request._draft_read = read
    return read


def _draft_page(request, *, official):
    """A GET of the draft: the page as kept (or a save that waited for a login, or the
    start page when there is no draft)."""
    holder, found, catalogue = _draft_read(request, official=official)
    saved = saving.save_after_login(request, catalogue=catalogue, holder=holder)
    if saved is not None:
        return _drawn(request, saved)
    if found is None:
        return go(request, reverse("system-start", args=[official.system]))
    return _show_draft(request, catalogue=catalogue, holder=holder)


def _draft_post(request, *, official):
    if "document" in request.POST:
        return opening.load(request, catalogue=official)
    holder = sessions.holder_of(request.session, create=False)
    workspace = workspaces.draft_get(holder=holder, system=official.system)
    if workspace is None:
        return go(request, reverse("system-start", args=[official.system]))
    pack = workspaces.draft_pack(workspace)
    catalogue = _draft_catalogue(request, pack=pack, official=official)
    return _post(request, catalogue=catalogue, workspace=workspace)


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


def _list_shown(request, list_id):
    """What the owner's list page shows, for its ETag and kept copy: the game data's
    stamp, the list's and its workspace's, its campaign records and snapshots (None: a
    list on a pack its owner lost, drawn each time). Someone else's list: 404."""
    read = _list_read(request, list_id)
    if read.lost is not None:
        return None
    return _state(
        read.catalogue,
        selectors.workspace_stamp(read.workspace),
        selectors.list_stamp(read.army_list),
        sorted(read.history.items()),
        _snapshot_codes(read.army_list),
    )


@login_required
@require_http_methods(["GET", "POST"])
@conditional_page(_list_shown)
def list_detail(request, list_id):
    """Template: builder.html. The owner's saved list: edit, save, share, export."""
    if request.method == "POST":
        return _list_post(request, list_id)
    return _list_page(request, list_id)


def _list_page(request, list_id):
    """A GET of the owner's saved list: the list on screen (its unsaved edits, else as
    saved), or the read-only page of a list on a pack its owner lost."""
    read = _list_read(request, list_id)
    if read.lost is not None:
        return _lost_pack_page(
            request, pack=read.lost, army_list=read.army_list, workspace=read.workspace
        )
    return _render(request, catalogue=read.catalogue, workspace=read.workspace,
                   army_list=read.army_list, history=read.history)  # fmt: skip


@dataclass(frozen=True)
class _ListRead:
    army_list: object
    workspace: object
    catalogue: object
    lost: object
    history: dict


def _list_read(request, list_id) -> _ListRead:
    """The owner's list as its page shows it, read once a request (the ETag reads it
    first): the list, its workspace in this browser, the data that judges it, the pack
    it lost (None) and its campaign records."""
    read = getattr(request, "_list_read", None)
    if read is None:
        army_list = owned_or_404(request, list_id, with_snapshot_codes=True)
        holder = sessions.holder_of(request.session, create=False)
        workspace = selectors.list_workspace(holder=holder, army_list=army_list)
        catalogue = workspaces.shown_catalogue(army_list, workspace)
        lost = _lost_pack(request, army_list, workspace)
        history = {} if lost is not None else _history(catalogue, army_list)
        read = _ListRead(army_list, workspace, catalogue, lost, history)
        request._list_read = read
    return read


def _history(catalogue, army_list) -> dict:
    if army_list is None:
        return {}
    return presenter_of(catalogue).campaign_history(army_list=army_list)


def _list_post(request, list_id):
    army_list = owned_or_404(request, list_id, with_snapshot_codes=True)
    holder = sessions.holder_of(request.session, create=True)
    workspace = selectors.list_workspace(holder=holder, army_list=army_list)
    catalogue = workspaces.shown_catalogue(army_list, workspace)
    lost = _lost_pack(request, army_list, workspace)
    if lost is not None and request.POST.get("action") not in ON_LOST_PACK:
        return _lost_pack_page(request, pack=lost, army_list=army_list, workspace=workspace)
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


def _render(request, *, catalogue, workspace, army_list=None, status=200, history=None,
            **extra):  # fmt: skip
    if history is None:
        history = _history(catalogue, army_list)
    template = _template(request)
    # htmx swaps only successful answers: a refused edit is shown, but as a 200 there.
    status = 200 if request.htmx else status
    # Kept: a GET of the page (its state read for the ETag, ``_list_shown``); never the
    # answer to a post (errors, a question).
    page = kept(request, template) if status == 200 and not extra else None
    if page is not None:
        return page
    values = _values(
        request,
        catalogue=catalogue,
        workspace=workspace,
        army_list=army_list,
        history=history,
        **extra,
    )
    if army_list is not None and _snapshot_codes(army_list):
        values["snapshots"] = selectors.snapshots_of_list(army_list=army_list)
    if extra:
        return render(request, template, values, status=status)
    return render_kept(request, template, values, status=status)


def _snapshot_codes(army_list) -> tuple:
    """Its tournament snapshots: rows that never change, so their codes are their stamp
    (read with the list when it was looked up for this page)."""
    if army_list is None:
        return ()
    codes = getattr(army_list, "snapshot_codes", None)
    if codes is None:  # a list not looked up for this page (e.g. after a conflict)
        codes = [s.code for s in selectors.snapshots_of_list(army_list=army_list)]
    return tuple(codes)


def _show_draft(request, *, catalogue, holder):
    """A GET of the draft: from its stamp alone when the page is kept, loaded and
    rendered otherwise."""
    template = _template(request)
    page = kept(request, template)
    if page is not None:
        return page
    workspace = workspaces.draft_get(holder=holder, system=catalogue.system)
    if workspace is None:  # discarded in another tab since the stamp was read
        return go(request, reverse("system-start", args=[catalogue.system]))
    values = _values(request, catalogue=catalogue, workspace=workspace)
    return render_kept(request, template, values)


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
            # The texts themselves: on request (lists/views/text.py).
            values["text_url"] = reverse("list-text", args=[army_list.id])
    return values


def _template(request) -> str:
    return "_builder.html" if request.htmx else "builder.html"


def _state(catalogue, *rows) -> tuple | None:
    """What a builder page shows, for its ETag and key: the game data it was built from
    and its rows' stamps (None when the game data's stamp is not known: not kept)."""
    stamp = rules_selectors.catalogue_stamp(catalogue)
    return None if stamp is None else (stamp, *rows)


# -- a post: builder/post.py decides what happens, and the page is drawn here ----------------


def _post(request, *, catalogue, workspace, army_list=None):
    answer = post.answer_post(
        request, catalogue=catalogue, workspace=workspace, army_list=army_list
    )
    return _drawn(request, answer)


def _drawn(request, answer):
    """A post's answer: a response as it is, a page to show again drawn."""
    if isinstance(answer, saving.Shown):
        return _render(request, **answer.shows, **answer.extra)
    return answer
