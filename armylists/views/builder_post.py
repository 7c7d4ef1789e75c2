"""A builder post, answered: its fields read as edits (``forms.builder``), the button it
names made one more edit (or a question first), the edits applied to the workspace, then
undo, redo, save, discard or revert, and the page shown again.

The page itself is drawn by ``views.builder``, which hands its ``render`` in: this module
decides what happens, that one how the page looks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib import messages
from django.urls import reverse
from django.utils.translation import gettext as _

from armylists.forms.builder import read_builder_post
from armylists.lists import services as lists
from armylists.presenters import presenter_for, presenter_of
from armylists.services import workspaces
from armylists.views.builder_edits import action_edit, refused_addition
from armylists.views.undo_labels import edit_label
from armylists.web.pages import go
from rules.engine import DocumentError, ProblemAt

# A "Save" pressed while logged out: the draft it names is saved on the way back from the
# login (or sign-up), set only by that post (CSRF-checked) and used once.
SAVE_AFTER_LOGIN = "save_after_login"


@dataclass
class _Page:
    """The page to show again: what it shows (catalogue, workspace, list) as the post
    changes it, and how it is drawn."""

    request: object
    render: Callable
    shows: dict = field(default_factory=dict)

    def show(self, **extra):
        return self.render(self.request, **self.shows, **extra)


@dataclass
class _Plan:
    """What a post asks: its edits and their undo label, a question to ask first, or why
    its button is refused."""

    edits: list
    label: dict | None = None
    confirm: dict | None = None
    refused: str | None = None
    added_custom: bool = False


def shown_catalogue(army_list, workspace):
    """The data the list on screen is judged by: the pack version its edits are on (the
    one it was saved on, or a newer one of the same pack after an update), else today's."""
    document = workspaces.document_of(workspace) if workspace is not None else None
    return lists.list_catalogue(army_list=army_list, document=document)


def problem(message) -> ProblemAt:
    return ProblemAt("", message)


def answer_post(request, *, catalogue, workspace, army_list=None, render: Callable):
    """The answer to one builder post (``render`` draws the builder page)."""
    document = workspaces.document_of(workspace)
    post = read_builder_post(
        request.POST, document=document, catalogue=catalogue, presenter=presenter_of(catalogue)
    )
    page = _Page(request, render, {"catalogue": catalogue, "workspace": workspace,
                                   "army_list": army_list})
    if post.errors:
        return page.show(errors=post.errors, status=400)
    # An undo or redo takes back the step its page offered (named by id), or none; read
    # before this post's own edits make a new top step.
    stack = "redo" if post.action == "redo" else "undo"
    shown = request.POST.get(f"{stack}_step")
    moved_on = shown is not None and shown != (workspaces.top_step(workspace, stack) or "")
    plan = _plan(request, post, document, catalogue, army_list)
    if plan.refused:
        return page.show(problems=[problem(plan.refused)], status=400)
    if plan.edits:
        try:
            change = workspaces.workspace_change(
                workspace=workspace, edits=plan.edits, catalogue=catalogue, label=plan.label
            )
        except DocumentError as exc:
            return page.show(problems=exc.errors, status=400)
        page.shows["workspace"] = change.workspace
    if post.action in ("undo", "redo"):
        refused = _replay(page, post.action, shown=shown, moved_on=moved_on)
        if refused is not None:
            return refused
    else:
        done = _finish(page, post.action)
        if done is not None:
            return done
    _follow_the_pack(page.shows)
    return page.show(confirm=plan.confirm, carry=not plan.added_custom)


def _plan(request, post, document, catalogue, army_list) -> _Plan:
    edits = list(post.edits)
    plan = _Plan(edits, label=edit_label(edits, document, catalogue) if edits else None)
    action = action_edit(post.action, post.arg, post, document)
    if action is None:
        return plan
    plan.refused = refused_addition(action, catalogue, request.user)
    if plan.refused:
        return plan
    plan.confirm = _needs_confirmation(action, post.arg, army_list, document)
    if plan.confirm is None:
        edits.append(action)
        plan.label = edit_label([action], document, catalogue)
    plan.added_custom = action["op"] == "add_custom"
    return plan


def _replay(page: _Page, verb: str, *, shown, moved_on: bool):
    """Undo or redo the step the page offered (None: done; else the answer refusing it)."""
    stack = "redo" if verb == "redo" else "undo"
    replay = workspaces.workspace_undo if verb == "undo" else workspaces.workspace_redo
    workspace = page.shows["workspace"]
    try:
        if moved_on:
            raise workspaces.WorkspaceMoved(workspace, shown)
        # This post's own edits (if any) are the newest step now: expect theirs.
        expected = None if shown is None else workspaces.top_step(workspace, stack)
        page.shows["workspace"] = replay(
            workspace=workspace, catalogue=page.shows["catalogue"], step=expected
        ).workspace
    except workspaces.WorkspaceMoved as moved:
        page.shows["workspace"] = moved.workspace
        return page.show(moved=verb, status=409)
    return None


def _finish(page: _Page, verb: str):
    """Save, save as new, discard (a draft) or revert (a saved list's edits): the answer,
    or None when the page is shown again as it is now."""
    request, army_list = page.request, page.shows["army_list"]
    workspace, catalogue = page.shows["workspace"], page.shows["catalogue"]
    if verb in ("save", "save_new"):
        return save(page, as_new=verb != "save")
    if verb == "discard" and army_list is None:
        workspaces.draft_discard(workspace=workspace)
        messages.info(request, _("Draft discarded."))
        return go(request, reverse("system-start", args=[catalogue.system]))
    if verb == "revert" and army_list is not None:
        page.shows["workspace"] = workspaces.workspace_revert(
            workspace=workspace, catalogue=catalogue
        ).workspace
    return None


def _follow_the_pack(shows: dict) -> None:
    """An edit, undo or redo may have moved a saved list to another version of its pack:
    the page shows it judged by that one."""
    army_list = shows["army_list"]
    if army_list is not None:
        shows["catalogue"] = shown_catalogue(army_list, shows["workspace"])


def _needs_confirmation(action, arg, army_list, document) -> dict | None:
    """A fighter with a campaign history is removed only after a yes (``remove:<id>:yes``):
    his history stays his, but the player should know it leaves the roster with him."""
    if action["op"] != "remove" or army_list is None or arg.endswith(":yes"):
        return None
    presenter = presenter_for(army_list.system.key)
    events = presenter.campaign_history(army_list=army_list).get(action["entry"], 0)
    if not events:
        return None
    entry = next((e for e in document.entries if e.id == action["entry"]), None)
    return {"id": action["entry"], "events": events, "name": entry.name if entry else None}


def save_after_login(request, *, catalogue, holder, render: Callable):
    """The save a logged-out "Save" asked for, done now that the player is logged in (None:
    there is none to do)."""
    if not request.user.is_authenticated or SAVE_AFTER_LOGIN not in request.session:
        return None
    key = request.session.pop(SAVE_AFTER_LOGIN)
    workspace = workspaces.draft_get(holder=holder, system=catalogue.system)
    if workspace is None or key != workspace.key:
        return None
    shows = {"catalogue": catalogue, "workspace": workspace, "army_list": None}
    return save(_Page(request, render, shows), as_new=False)


def save(page: _Page, *, as_new: bool):
    request, workspace = page.request, page.shows["workspace"]
    if not request.user.is_authenticated:
        # The draft stays on the server, in this browser's session: logging in keeps it,
        # and the save pressed is done on the way back.
        request.session[SAVE_AFTER_LOGIN] = workspace.key
        messages.info(request, _("Log in or sign up to save your list; it is kept meanwhile."))
        return go(request, f"{reverse('login')}?next={request.path}")
    try:
        saved = _saved(request, workspace, as_new=as_new)
    except lists.ListConflict as conflict:
        page.shows["army_list"] = conflict.army_list
        return page.show(conflict=conflict, status=409)
    except DocumentError as exc:
        return page.show(problems=exc.errors, status=400)
    except lists.ArmyList.DoesNotExist:
        messages.error(
            request, _("This list was deleted meanwhile; save your edits as a new list.")
        )
        return go(request, reverse("list-index"))
    return go(request, reverse("list-detail", args=[saved.id]))


def _saved(request, workspace, *, as_new: bool):
    """The list saved (as a new one, or the one being edited), said in a message."""
    if as_new:
        saved = workspaces.workspace_save_as_new(workspace=workspace, user=request.user)
        messages.success(request, _("Saved as a new list: %(name)s.") % {"name": saved.name})
        return saved
    was_draft = workspace.army_list_id is None
    saved = workspaces.workspace_save(workspace=workspace, user=request.user)
    if was_draft:
        messages.success(request, _("Saved."))
    else:
        messages.success(request, _("Saved as version %(version)s.") % {"version": saved.version})
    return saved

