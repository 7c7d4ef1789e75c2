"""The pack pages everyone may reach: my packs, a game's directory of public packs, a
pack's page (also as ``/p/<token>/`` for a pack shared by link), fork, downloads.
Thin: the pack selectors read, the pack service writes."""

from __future__ import annotations

import json

import yaml
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from armylists.packs import listings as pack_listings
from armylists.packs import selectors as pack_selectors
from armylists.packs import services as service
from armylists.packs.forms import ForkForm
from armylists.packs.views.access import pack_url, readable_or_404, token_of, version_or_404
from rules import selectors as rules_selectors

PAGE_SIZE = 25
DOWNLOAD_FORMATS = {"yaml": "application/yaml", "json": "application/json"}


def _systems():
    return {s.key: s for s in rules_selectors.system_list()}


@login_required
def my_packs(request):
    """Template: packs/mine.html. The packs I own or edit, and where to find others."""
    systems = _systems()
    packs = list(pack_listings.packs_of_member(user=request.user))
    for pack in packs:  # named by its game's name, never its key
        pack.game = systems.get(pack.system)
    return render(request, "packs/mine.html", {"packs": packs, "systems": list(systems.values())})


def directory(request, system):
    """Template: packs/directory.html. A game's official and public packs, searchable by
    name, with how many forks each has and how many lists use it."""
    game = rules_selectors.system_get(key=system)
    if game is None:
        raise Http404
    query = request.GET.get("q", "").replace("\x00", "").strip()[:100]
    found = pack_listings.packs_directory(system=system, query=query)
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "packs/directory.html", {"game": game, "page": page, "q": query})


def _page(request, pack, token: str | None, *, shared_link: bool = False):
    user = request.user
    versions = list(pack_selectors.pack_versions(pack=pack))
    can_manage = pack_selectors.pack_can_manage(pack=pack, user=user)
    can_publish = pack_selectors.pack_can_publish(pack=pack, user=user)
    return render(
        request,
        "packs/detail.html",
        {
            "pack": pack,
            "game": _systems().get(pack.system),
            "versions": list(reversed(versions)),
            "latest": versions[-1] if versions else None,
            "token": token,
            "can_manage": can_manage,
            "can_publish": can_publish,
            "editors": pack_selectors.pack_editor_names(pack=pack) if can_publish else [],
            "forks": pack_listings.pack_forks_count(pack=pack),
            "lists": pack_listings.pack_lists_count(pack=pack),
            "fork_form": ForkForm(initial={"name": _("%(name)s (my copy)") % {"name": pack.name}}),
            # Opened from its link: it can be kept for one's lists from here.
            "shared_link": shared_link,
            "kept": shared_link and pack_selectors.pack_kept(pack=pack, user=user),
        },
    )


def pack_detail(request, pack_id):
    """Template: packs/detail.html. Name, game, owner, who sees it, where it was forked
    from, its versions (note, author, time, downloads, differences), Fork."""
    pack = readable_or_404(request, pack_id)
    return _page(request, pack, token_of(request) if pack.visibility == pack.LINK else None)


def pack_shared(request, token):
    """``/p/<token>/``: the page of a pack shared by link, for anyone with the link."""
    pack = pack_selectors.pack_get_by_token(token=token)
    if pack is None:
        raise Http404
    return _page(request, pack, token, shared_link=True)


@login_required
@require_POST
def pack_keep(request, token):
    """"Use this pack for my lists" (``keep=1``) or stop (``keep=0``), from its link."""
    pack = pack_selectors.pack_get_by_token(token=token)
    if pack is None:
        raise Http404
    if request.POST.get("keep") == "0":
        service.pack_forget(pack=pack, user=request.user)
        messages.success(request, _("This pack is no longer among yours."))
    elif service.pack_keep(pack=pack, user=request.user):
        messages.success(
            request, _("You can now build lists on “%(name)s”: choose it on the start page.")
            % {"name": pack.name},
        )
    return redirect("pack-shared", token=token)


@login_required
@require_POST
def pack_fork(request, pack_id):
    """A private copy of the chosen version (the latest when none is named)."""
    pack = readable_or_404(request, pack_id)
    if pack.deleted_at is not None:
        raise Http404
    number = request.POST.get("version", "")
    number = int(number) if number.isascii() and number.isdigit() and len(number) < 10 else None
    if number is None:
        number = pack_selectors.pack_latest_number(pack=pack)
    source = version_or_404(pack, number)
    form = ForkForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give your pack a name (at most 100 characters)."))
        return redirect(pack_url(pack, token_of(request)))
    mine = service.pack_fork(user=request.user, source=source, name=form.cleaned_data["name"])
    messages.success(request, _("Forked: this pack is yours, private until you share it."))
    return redirect(pack_url(mine))


def pack_download(request, pack_id, number):
    """A version as a pack file (``manage.py loadpack`` reads it): YAML or JSON."""
    pack = readable_or_404(request, pack_id)
    version = version_or_404(pack, number)
    fmt = request.GET.get("format", "yaml")
    if fmt not in DOWNLOAD_FORMATS:
        raise Http404
    if fmt == "json":
        text = json.dumps(version.document, ensure_ascii=False, indent=2) + "\n"
    else:
        text = yaml.safe_dump(version.document, allow_unicode=True, sort_keys=False)
    response = HttpResponse(text, content_type=f"{DOWNLOAD_FORMATS[fmt]}; charset=utf-8")
    filename = f"{pack.system}-{pack.id[:12]}-v{version.number}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
