"""The owner's pack pages: settings (name, description, who sees it, the link, editors),
delete with confirmation; and uploading a pack file, as a new pack or as the next
version of one's own. Thin: forms check the input, the pack service writes."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from armylists.packs import files as pack_files
from armylists.packs import selectors as pack_selectors
from armylists.packs import services as service
from armylists.packs.forms import PackSettingsForm, UploadForm
from armylists.packs.views.access import managed_or_404, pack_url, publishable_or_404
from rules import selectors as rules_selectors


def _settings_initial(pack) -> dict:
    return {
        "name": pack.name,
        "description": pack.description,
        "visibility": pack.visibility,
        "editors": ", ".join(pack_selectors.pack_editor_names(pack=pack)),
    }


def _render_settings(request, pack, form, status=200):
    share = request.build_absolute_uri(reverse("pack-shared", args=[pack.share_token]))
    return render(
        request, "packs/settings.html", {"pack": pack, "form": form, "share_url": share},
        status=status,
    )  # fmt: skip


@login_required
@require_http_methods(["GET", "POST"])
def pack_settings(request, pack_id):
    """Template: packs/settings.html. The owner's only; everyone else: 404."""
    pack = managed_or_404(request, pack_id)
    if request.method == "GET":
        return _render_settings(request, pack, PackSettingsForm(initial=_settings_initial(pack)))
    form = PackSettingsForm(request.POST)
    if not form.is_valid():
        return _render_settings(request, pack, form, status=400)
    try:
        service.pack_update(pack=pack, **form.cleaned_data)
    except service.PackRefused as refused:
        for problem in refused.problems:
            form.add_error("editors", problem.message)
        return _render_settings(request, pack, form, status=400)
    messages.success(request, _("Settings saved."))
    return redirect(reverse("pack-settings", args=[pack.id]))


@login_required
@require_POST
def pack_link(request, pack_id):
    """Renew the link (the old one stops working) or revoke it (back to private)."""
    pack = managed_or_404(request, pack_id)
    if pack.visibility != pack.LINK:
        messages.error(
            request, _("This pack is not shared by link: there is no link to renew or revoke.")
        )
    elif request.POST.get("action") == "revoke":
        service.pack_update(pack=pack, visibility=pack.PRIVATE, renew_token=True)
        messages.success(request, _("The link no longer works; the pack is private."))
    else:
        service.pack_update(pack=pack, renew_token=True)
        messages.success(request, _("A new link: the old one no longer works."))
    return redirect(reverse("pack-settings", args=[pack.id]))


@login_required
@require_http_methods(["GET", "POST"])
def pack_delete(request, pack_id):
    """Template: packs/delete.html. Asks first; lists pinned to it still read it."""
    pack = managed_or_404(request, pack_id)
    if request.method == "POST":
        service.pack_delete(pack=pack)
        messages.success(request, _("Pack deleted."))
        return redirect(reverse("my-packs"))
    return render(request, "packs/delete.html", {"pack": pack})


def _systems():
    return [(s.key, s.name) for s in rules_selectors.system_list()]


def _upload_page(request, form, pack=None, problems=(), status=200):
    context = {"form": form, "pack": pack, "problems": problems}
    return render(request, "packs/upload.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def pack_upload(request, pack_id=None):
    """Template: packs/upload.html. A pack file as a new pack, or (``pack_id``) as the
    next version of a pack one may publish to; refused whole, every problem by path."""
    pack = publishable_or_404(request, pack_id) if pack_id else None
    new_pack = pack is None
    options = {"systems": _systems(), "new_pack": new_pack}
    if request.method == "GET":
        return _upload_page(request, UploadForm(**options), pack)
    form = UploadForm(request.POST, request.FILES, **options)
    if not form.is_valid():
        return _upload_page(request, form, pack, status=400)
    data = form.cleaned_data
    try:
        document = pack_files.pack_file_read(data["file"].read(), data["file"].name)
        if new_pack:
            pack = service.pack_import(
                user=request.user, system=data["system"], name=data["name"],
                document=document, note=data["note"],
            )  # fmt: skip
        else:
            latest = pack_selectors.pack_latest_number(pack=pack)
            service.pack_publish(
                pack=pack, user=request.user, document=document,
                note=data["note"] or _("uploaded"), base_version=latest,
            )  # fmt: skip
    except service.PackRefused as refused:
        return _upload_page(request, form, None if new_pack else pack, refused.problems, 400)
    except service.StaleBase:
        form.add_error(None, _("Someone published a version meanwhile; upload again."))
        return _upload_page(request, form, pack, status=409)
    messages.success(request, _("Pack file loaded."))
    return redirect(pack_url(pack))
