"""The page "Import a BattleScribe catalogue": a pack made from a codex catalogue, as a
new private pack or as the next version of one's own. Thin: the same service as
``POST /api/v1/packs/import/battlescribe/`` reads, maps and stores; the answer is the
import report (what each entry became, what was skipped and why, every modifier not
evaluated)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from armylists.packs import catalogue_import as pack_catalogues
from armylists.packs import selectors as pack_selectors
from armylists.packs.forms import CatalogueImportForm
from armylists.packs.services import PackRefused, StaleBase
from armylists.packs.views.access import pack_url, publishable_or_404
from armylists.presenters import presenter_for
from armylists.presenters.names import local_name
from rules import selectors as rules_selectors


def _systems() -> list[tuple[str, str]]:
    importable = set(pack_catalogues.catalogue_systems())
    return [(s.key, local_name(s)) for s in rules_selectors.system_list() if s.key in importable]


def _game(system: str | None):
    """The game by its key, for its name in the reader's language (never the key)."""
    return rules_selectors.system_get(key=system) if system else None


def _form_page(request, form, pack, problems=(), status=200, system=None):
    context = {"form": form, "pack": pack, "problems": problems, "game": _game(system)}
    return render(request, "packs/catalogue_import.html", context, status=status)


def _chosen_system(request, systems) -> str | None:
    """The game named by the form (several games) or the one game that imports."""
    wanted = (request.POST.get("system") or request.GET.get("system") or "")[:64]
    keys = [key for key, _name in systems]
    if wanted and wanted not in keys:
        raise Http404
    return wanted or (keys[0] if len(keys) == 1 else None)


def _import(request, form, pack, system):
    data = form.cleaned_data
    game_system = data.get("game_system")
    return pack_catalogues.pack_from_catalogue(
        user=request.user,
        catalogue=data["catalogue"].read(),
        game_system=game_system.read() if game_system else None,
        name=data.get("name") or pack.name,
        system=data.get("system") or system,
        pack=pack,
    )


@login_required
@require_http_methods(["GET", "POST"])
def catalogue_import(request, pack_id=None):
    """Template: packs/catalogue_import.html, and packs/catalogue_report.html once the
    pack is stored. Owner and editors for a next version; a pack one may not publish to
    is a 404."""
    pack = publishable_or_404(request, pack_id) if pack_id else None
    systems = _systems()
    if pack is not None and pack.system not in {key for key, _name in systems}:
        raise Http404
    system = pack.system if pack is not None else _chosen_system(request, systems)
    options = {"systems": systems, "new_pack": pack is None}
    if request.method == "GET":
        form = CatalogueImportForm(initial={"system": system}, **options)
        return _form_page(request, form, pack, system=system)
    form = CatalogueImportForm(request.POST, request.FILES, **options)
    if not form.is_valid():
        return _form_page(request, form, pack, status=400, system=system)
    try:
        done = _import(request, form, pack, system)
    except PackRefused as refused:
        return _form_page(request, form, pack, refused.problems, status=400, system=system)
    except StaleBase:
        form.add_error(None, _("Someone published a version meanwhile; import again."))
        return _form_page(request, form, pack, status=409, system=system)
    context = {
        "pack": done.pack,
        "game": _game(done.pack.system),
        "version": done.version,
        # The game words its report (what each entry became) in the reader's language;
        # the API answers the report as stored.
        "report": presenter_for(done.pack.system).catalogue_report_shown(done.report),
        "pack_url": pack_url(done.pack),
        "can_publish": pack_selectors.pack_can_publish(pack=done.pack, user=request.user),
    }
    return render(request, "packs/catalogue_report.html", context, status=201)
