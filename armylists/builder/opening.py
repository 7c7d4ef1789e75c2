"""A list file opened in the builder as this browser's draft of its game, without saving
it and without an account: uploaded or pasted on the open page (``list_open``), posted to
a draft's page (``load``), or a roster the import page mapped (``open_document``)."""

from __future__ import annotations

import codecs

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods

from armylists.builder import undo_labels, workspaces
from armylists.lists import documents
from armylists.lists.import_words import in_player_words
from armylists.web import sessions
from armylists.web.pages import go
from rules.engine import DocumentError, ProblemAt
from rules.engine.document import MAX_BODY_BYTES


def load(request, *, catalogue):
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
            raise DocumentError([ProblemAt("", message)])
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
                problem = ProblemAt(
                    "", _("The file is larger than %(n)s bytes.") % {"n": MAX_BODY_BYTES}
                )
                return render(request, "open.html", {"problems": [problem]}, status=400)
            body = upload.read().removeprefix(codecs.BOM_UTF8)
        else:
            body = request.POST.get("document", "").encode("utf-8", "surrogatepass")
        return open_document(request, body=body)
    return render(request, "open.html", {})
