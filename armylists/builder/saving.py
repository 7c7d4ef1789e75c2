"""Saving the list on the builder page, and what a builder request answers when it shows
the page again.

A post's answer is either a response (a redirect after a save or a discard) or ``Shown``:
the page to draw again, with what it shows (catalogue, workspace, list) as the request
left it and what the answer adds (errors, a question, a conflict). This package decides
what happens; the view (``views``) draws the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.urls import reverse
from django.utils.translation import gettext as _

from armylists.builder import workspaces
from armylists.lists import services as lists
from armylists.web.pages import go
from rules.engine import DocumentError

# A "Save" pressed while logged out: the draft it names is saved on the way back from the
# login (or sign-up), set only by that post (CSRF-checked) and used once.
SAVE_AFTER_LOGIN = "save_after_login"


@dataclass
class Shown:
    """The builder page to draw again: ``shows`` (catalogue, workspace, army_list) and what
    this answer adds to it (``extra``: errors, problems, a question; ``status``)."""

    shows: dict
    extra: dict = field(default_factory=dict)


@dataclass
class Page:
    """The page a request acts on: what it shows, as the request changes it."""

    request: object
    shows: dict = field(default_factory=dict)

    def show(self, **extra) -> Shown:
        return Shown(dict(self.shows), extra)


def save_waits(request) -> bool:
    """A logged-out "Save" waits to be done now that the player is logged in."""
    return request.user.is_authenticated and SAVE_AFTER_LOGIN in request.session


def save_after_login(request, *, catalogue, holder):
    """The save a logged-out "Save" asked for, done now that the player is logged in (None:
    there is none to do)."""
    if not save_waits(request):
        return None
    key = request.session.pop(SAVE_AFTER_LOGIN)
    workspace = workspaces.draft_get(holder=holder, system=catalogue.system)
    if workspace is None or key != workspace.key:
        return None
    shows = {"catalogue": catalogue, "workspace": workspace, "army_list": None}
    return save(Page(request, shows), as_new=False)


def save(page: Page, *, as_new: bool):
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
