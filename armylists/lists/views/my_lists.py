"""My lists: the owner's lists found by name, game, tag and legality, in the order he
picks, and the form that edits a list's tags."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from armylists.lists import selectors
from armylists.lists import services as lists
from armylists.lists.lookups import owned_or_404
from armylists.lists.tags import TagError, list_set_tags, tag_normal, tag_problem, tags_from_text
from armylists.presenters import presenter_of
from rules import selectors as rules_selectors

PAGE_SIZE = 25
# Orders by today's total: the totals are worked out, not stored, so these (and the
# legality filter) read every list the other filters leave, then page the result.
POINT_ORDERS = {"points": False, "-points": True}  # key -> most points first
LEGAL_CHOICES = ("", "yes", "no")


def _sorts() -> list[tuple[str, str]]:
    return [
        ("saved", _("Last saved first")),
        ("oldest", _("First saved first")),
        ("name", _("Name A–Z")),
        ("-name", _("Name Z–A")),
        ("-points", _("Most points first")),
        ("points", _("Fewest points first")),
    ]


def _row(army_list) -> dict:
    words = presenter_of(rules_selectors.catalogue_for(system=army_list.system)).words
    return {**lists.list_overview(army_list=army_list), "words": words}


def _tag_asked(request) -> str:
    given = request.GET.get("tag", "")[:200]
    return "" if tag_problem(given) else tag_normal(given)


def _page(request, found, *, legal: str, sort: str):
    """The page asked for and its rows (each list's overview)."""
    if not legal and sort not in POINT_ORDERS:
        page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
        return page, [_row(a) for a in page.object_list]
    rows = [_row(a) for a in found]
    if legal:
        rows = [r for r in rows if bool(r["valid"]) == (legal == "yes")]
    if sort in POINT_ORDERS:
        rows.sort(key=lambda r: (r["total"], r["army_list"].id), reverse=POINT_ORDERS[sort])
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    return page, list(page.object_list)


@login_required
def list_index(request):
    """Template: lists.html. The user's lists, searchable by name, game, tag and
    legality, a page at a time: each with its total against its limit, legal or not,
    game, faction and tags."""
    query = request.GET.get("q", "").replace("\x00", "").strip()[:200]
    system = request.GET.get("system", "")[:64]
    tag = _tag_asked(request)
    legal = request.GET.get("legal", "")
    legal = legal if legal in LEGAL_CHOICES else ""
    sort = request.GET.get("sort", "saved")
    known = set(selectors.LIST_ORDERS) | set(POINT_ORDERS)
    sort = sort if sort in known else "saved"  # an unknown order: the default
    found = selectors.list_search(
        owner=request.user, query=query, system=system, order=sort, tag=tag
    )
    page, rows = _page(request, found, legal=legal, sort=sort)
    offered = selectors.list_system_keys(owner=request.user)
    filters = {"q": query, "system": system, "tag": tag, "legal": legal, "sort": sort}
    return render(
        request,
        "lists.html",
        {
            "page": page,
            "rows": rows,
            **filters,
            "filtered": bool(query or system or tag or legal),
            "filters": urlencode(filters),
            "sorts": _sorts(),
            "tags": selectors.list_tags_in_use(owner=request.user),
            # Only games with lists are offered (and the one filtered by, to show it).
            "systems": [
                s for s in rules_selectors.system_list() if s.key in offered or s.key == system
            ],
        },
    )


@login_required
@require_POST
def list_tags(request, list_id):
    """From My lists: the list's tags, typed comma-separated; back to the overview."""
    army_list = owned_or_404(request, list_id)
    try:
        tags = tags_from_text(request.POST.get("tags", "")[:2000])
    except TagError as exc:
        messages.error(request, _("The tags were not saved: %(why)s.") % {"why": exc})
        return redirect("list-index")
    list_set_tags(army_list=army_list, tags=tags)
    messages.success(
        request, _("Tags of %(name)s saved.") % {"name": army_list.name or "–"}
    )
    return redirect("list-index")
