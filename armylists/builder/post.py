"""A builder post, answered: its fields read as edits (``forms``), the button it names
made one more edit (or a question first), the edits applied to the workspace, then undo,
redo, save, discard or revert. The answer is a response (a redirect) or ``Shown``, the
page to draw again, which the view draws (``views``): this module decides what happens,
that one how the page looks.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.urls import reverse
from django.utils.translation import gettext as _

from armylists.builder import workspaces
from armylists.builder.buttons import action_edit, refused_addition
from armylists.builder.forms import read_builder_post
from armylists.builder.saving import Page, save
from armylists.builder.undo_labels import edit_label
from armylists.presenters import presenter_for, presenter_of
from armylists.web.pages import go
from rules.engine import DocumentError, ProblemAt


@dataclass
class _Plan:
    """What a post asks: its edits and their undo label, a question to ask first, or why
    its button is refused."""

    edits: list
    label: dict | None = None
    confirm: dict | None = None
    refused: str | None = None
    added_custom: bool = False


def problem(message) -> ProblemAt:
    return ProblemAt("", message)


def answer_post(request, *, catalogue, workspace, army_list=None):
    """The answer to one builder post: a response, or the page to show again (``Shown``)."""
    document = workspaces.document_of(workspace)
    post = read_builder_post(
        request.POST, document=document, catalogue=catalogue, presenter=presenter_of(catalogue)
    )
    page = Page(request, {"catalogue": catalogue, "workspace": workspace,
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


def _replay(page: Page, verb: str, *, shown, moved_on: bool):
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


def _finish(page: Page, verb: str):
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
        shows["catalogue"] = workspaces.shown_catalogue(army_list, shows["workspace"])


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
