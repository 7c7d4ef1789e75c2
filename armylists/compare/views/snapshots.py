"""Tournament snapshots in the pages: the owner freezes a list (from its page); anyone with
the code opens ``/t/<code>/``; an organiser checks a list file on ``/t/verify/``."""

from __future__ import annotations

import codecs
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from armylists.compare import snapshots
from armylists.compare.views.snapshot_rows import snapshot_context
from armylists.lists import selectors
from armylists.lists.documents import document_read
from armylists.lists.lookups import owned_or_404
from rules.engine import DocumentError, ProblemAt
from rules.engine.document import MAX_BODY_BYTES


@login_required
@require_POST
def list_freeze(request, list_id):
    """Freeze the list's saved version; to its snapshot's page."""
    army_list = owned_or_404(request, list_id)
    snapshot, created = snapshots.snapshot_create(army_list=army_list)
    if created:
        messages.success(request, _("Frozen as %(code)s.") % {"code": snapshot.code})
    else:
        messages.info(
            request,
            _("This list was frozen with this data before: %(code)s.") % {"code": snapshot.code},
        )
    return redirect("snapshot", code=snapshot.code)


def _found_or_404(code: str):
    snapshot = selectors.snapshot_get(code=code)
    if snapshot is None:
        raise Http404
    return snapshot


def snapshot_page(request, code):
    """Template: snapshot.html. The frozen list as checked then, whether it is still legal
    with today's data and what changed, the full hash. For anyone with the code."""
    snapshot = _found_or_404(code)
    return render(request, "snapshot.html", snapshot_context(snapshot))


def snapshot_download(request, code):
    """The frozen document with its data version: the file that verifies."""
    snapshot = _found_or_404(code)
    body = json.dumps(snapshots.snapshot_export(snapshot=snapshot), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="snapshot-{snapshot.code}.muster.json"'
    return response


@require_http_methods(["GET", "POST"])
def snapshot_verify_page(request):
    """Template: snapshot_verify.html. A list file (uploaded or pasted) matched against
    every snapshot: exactly one, or none."""
    if request.method != "POST":
        return render(request, "snapshot_verify.html", {})
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size > MAX_BODY_BYTES:
            problem = ProblemAt(
                "", _("The file is larger than %(n)s bytes.") % {"n": MAX_BODY_BYTES}
            )
            return _verify_refused(request, [problem])
        body = upload.read().removeprefix(codecs.BOM_UTF8)
    else:
        body = request.POST.get("document", "").encode("utf-8", "surrogatepass")
    if not body.strip():
        return _verify_refused(request, [ProblemAt("", _("Choose a file or paste a list."))])
    try:
        document = document_read(body=body)
    except DocumentError as exc:
        return _verify_refused(request, exc.errors)
    found = snapshots.snapshot_verify(document=document)
    return render(
        request, "snapshot_verify.html", {"checked": True, "match": found, "name": document.name}
    )


def _verify_refused(request, problems):
    return render(request, "snapshot_verify.html", {"problems": problems}, status=400)
