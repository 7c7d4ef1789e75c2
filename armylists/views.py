"""HTML pages. Thin: they read forms, call services and selectors, and render.

Every builder action is a plain form post; with htmx the same post answers with the
builder fragment only, so the page updates without a reload.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from rules import selectors as rules_selectors
from rules.engine import DocumentError

from . import selectors, services
from .forms import BattleForm, BuilderForm, ImportForm, SignupForm, StartForm

DRAFTS = "drafts"  # session: {system key: list document}


def _catalogue_or_404(system: str):
    catalogue = rules_selectors.catalogue_get(key=system)
    if catalogue is None:
        raise Http404
    return catalogue


def _owned_or_404(request, list_id):
    army_list = selectors.list_get_for_owner(owner=request.user, list_id=list_id)
    if army_list is None:
        raise Http404
    return army_list


def _shared_or_404(token):
    army_list = selectors.list_get_shared(token=token)
    if army_list is None:
        raise Http404
    return army_list


def _redirect(request, url):
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def home(request):
    """Template: home.html. Context: game systems, and the user's latest lists."""
    recent = selectors.list_search(owner=request.user)[:5] if request.user.is_authenticated else []
    return render(
        request, "home.html", {"systems": rules_selectors.system_list(), "recent": recent}
    )


def system_start(request, system):
    """Template: system_start.html. Step one of a new list: faction and battle size."""
    catalogue = _catalogue_or_404(system)
    form = StartForm(request.POST or None, catalogue=catalogue)
    if request.method == "POST" and form.is_valid():
        document = services.document_new(
            system=system,
            faction=form.cleaned_data["faction"],
            battle_size=form.cleaned_data["battle_size"],
            name=form.cleaned_data["name"],
        )
        _store_draft(request, document)
        return redirect("draft-builder", system=system)
    draft = request.session.get(DRAFTS, {}).get(system)
    return render(
        request,
        "system_start.html",
        {
            "catalogue": catalogue,
            "form": form,
            "draft": draft,
            "battle_sizes": catalogue.attributes.get("battle_sizes", []),
        },
    )


def _store_draft(request, document):
    drafts = request.session.get(DRAFTS, {})
    drafts[document["system"]] = document
    request.session[DRAFTS] = drafts


def draft_builder(request, system):
    """Template: builder.html (or _builder.html for htmx). The unsaved list in the session."""
    catalogue = _catalogue_or_404(system)
    document = request.session.get(DRAFTS, {}).get(system)
    if document is None:
        return redirect("system-start", system=system)
    if request.method != "POST":
        return _render_builder(request, catalogue=catalogue, document=document)
    form, document, action = _apply_builder_post(request, catalogue, document)
    _store_draft(request, document)
    if action == "save" and form is None:
        if not request.user.is_authenticated:
            # The draft stays in the session; login keeps the session's data.
            messages.info(request, _("Log in or sign up to save your list; it is kept meanwhile."))
            return _redirect(request, f"{reverse('login')}?next={request.path}")
        try:
            army_list = services.list_create(owner=request.user, data=document)
        except DocumentError as exc:
            return _render_builder(
                request, catalogue=catalogue, document=document, problems=exc.errors
            )
        drafts = request.session.get(DRAFTS, {})
        drafts.pop(system, None)
        request.session[DRAFTS] = drafts
        messages.success(request, _("Saved."))
        return _redirect(request, reverse("list-detail", args=[army_list.id]))
    if action == "discard":
        drafts = request.session.get(DRAFTS, {})
        drafts.pop(system, None)
        request.session[DRAFTS] = drafts
        return _redirect(request, reverse("system-start", args=[system]))
    return _render_builder(request, catalogue=catalogue, document=document, form=form)


def _apply_builder_post(request, catalogue, document):
    """Apply the posted form and action to the document.

    Returns (bound form with errors or None, new document, action). With errors the
    document is unchanged: bad input changes nothing.
    """
    action = request.POST.get("action", "")
    form = BuilderForm(request.POST, catalogue=catalogue, document=document)
    if not form.is_valid():
        return form, form.document, action
    document = form.cleaned_document()
    verb, _sep, arg = action.partition(":")
    if verb == "add" and arg:
        document = services.document_add_entry(document=document, card=arg, catalogue=catalogue)
    elif verb == "remove" and arg.isdigit():
        document = services.document_remove_entry(document=document, index=int(arg))
    return None, document, verb


def _render_builder(
    request,
    *,
    catalogue,
    document,
    form=None,
    army_list=None,
    base_version=None,
    conflict=None,
    problems=None,
    status=200,
):
    try:
        checked = services.list_check(data=document)
    except DocumentError as exc:
        checked, problems = None, (problems or []) + exc.errors
    form = form or BuilderForm(catalogue=catalogue, document=document)
    context = {
        "catalogue": catalogue,
        "document": document,
        "document_json": json.dumps(document),
        "form": form,
        "rows": _rows(catalogue, document, form, checked),
        "checked": checked,
        "result": services.result_payload(checked=checked) if checked else None,
        "groups": _card_groups(catalogue, document.get("faction")),
        "army_list": army_list,
        "base_version": base_version,
        "conflict": conflict,
        "problems": problems or [],
        "unsaved": army_list is not None and document != army_list.document,
        "data_changes": (
            services.list_data_changes(army_list=army_list, checked=checked)
            if army_list is not None and checked is not None
            else None
        ),
    }
    template = "_builder.html" if request.htmx else "builder.html"
    return render(request, template, context, status=status)


def _rows(catalogue, document, form, checked):
    """One row per entry: its form, card, points and the violations about it."""
    violations = {}
    payload = services.result_payload(checked=checked) if checked else None
    if payload:
        for v in payload["violations"]:
            violations.setdefault(v["entry"], []).append(v)
    rows = []
    for i, (entry, entry_form) in enumerate(
        zip(document.get("entries", []), form.entries, strict=False)
    ):
        card = catalogue.cards.get(entry.get("card") or "")
        rows.append(
            {
                "index": i,
                "entry": entry,
                "form": entry_form,
                "card": card,
                "points": payload["points"]["entries"][i] if payload else None,
                "stats": payload["breakdown"][i].get("stats") if payload else None,
                "violations": violations.get(i, []),
            }
        )
    return rows


def _card_groups(catalogue, faction):
    cards = [c for c in catalogue.cards.values() if faction is None or c.faction == faction]
    return [
        (_("Warlords"), [c for c in cards if c.warlord]),
        (_("Individual models"), [c for c in cards if not c.warlord and not c.is_unit]),
        (_("Units"), [c for c in cards if c.is_unit]),
    ]


def card_detail(request, system, card):
    """Template: card.html. A profile card with effective stats for ?items=a,b."""
    catalogue = _catalogue_or_404(system)
    found = catalogue.cards.get(card)
    if found is None:
        raise Http404
    items = [k for k in request.GET.getlist("items") if k in catalogue.items]
    from rules.engine import Entry
    from rules.engine.validation import rules_for

    stats = rules_for(system).stats_for(found, Entry(card=card, items=tuple(items)), catalogue)
    return render(
        request,
        "card.html",
        {
            "catalogue": catalogue,
            "card": found,
            "stats": stats,
            "items": [catalogue.items[k] for k in items],
            "allowed": [(catalogue.items.get(k), p) for k, p in found.allowed_items.items()],
            "faction": catalogue.factions.get(found.faction),
        },
    )


@login_required
def list_index(request):
    """Template: lists.html. The user's lists, searchable by name and system."""
    query, system = request.GET.get("q", "").strip(), request.GET.get("system", "")
    lists = selectors.list_search(owner=request.user, query=query, system=system)
    return render(
        request,
        "lists.html",
        {
            "lists": lists,
            "q": query,
            "system": system,
            "systems": rules_selectors.system_list(),
        },
    )


@login_required
def list_detail(request, list_id):
    """Template: builder.html. The owner's saved list: edit, save, share, export."""
    army_list = _owned_or_404(request, list_id)
    catalogue = _catalogue_or_404(army_list.system.key)
    if request.method != "POST":
        return _render_builder(
            request,
            catalogue=catalogue,
            document=army_list.document,
            army_list=army_list,
            base_version=army_list.version,
        )
    base_version = _int(request.POST.get("base_version"), army_list.version)
    form, document, action = _apply_builder_post(request, catalogue, army_list.document)
    if form is None and action == "save":
        try:
            army_list = services.list_update(
                army_list=army_list, data=document, expected_version=base_version, user=request.user
            )
        except services.ListConflict as conflict:
            return _render_builder(
                request,
                catalogue=catalogue,
                document=document,
                army_list=conflict.army_list,
                base_version=base_version,
                conflict=conflict,
                status=409 if not request.htmx else 200,
            )
        except DocumentError as exc:
            return _render_builder(
                request,
                catalogue=catalogue,
                document=document,
                army_list=army_list,
                base_version=base_version,
                problems=exc.errors,
            )
        messages.success(
            request, _("Saved as version %(version)s.") % {"version": army_list.version}
        )
        return _redirect(request, reverse("list-detail", args=[army_list.id]))
    if form is None and action == "save_new":
        try:
            copy = services.list_create(owner=request.user, data=document)
        except DocumentError as exc:
            return _render_builder(
                request,
                catalogue=catalogue,
                document=document,
                army_list=army_list,
                base_version=base_version,
                problems=exc.errors,
            )
        messages.success(request, _("Saved as a new list."))
        return _redirect(request, reverse("list-detail", args=[copy.id]))
    return _render_builder(
        request,
        catalogue=catalogue,
        document=document,
        form=form,
        army_list=army_list,
        base_version=base_version,
    )


def _int(value, default):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


@login_required
def list_export(request, list_id):
    army_list = _owned_or_404(request, list_id)
    return _download(services.list_export(army_list=army_list), army_list)


def _download(document, army_list):
    response = HttpResponse(
        json.dumps(document, indent=2, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
    )
    filename = slugify(army_list.name) or f"list-{army_list.id}"
    response["Content-Disposition"] = f'attachment; filename="{filename}.muster.json"'
    return response


@login_required
def list_history(request, list_id):
    """Template: history.html. Every saved version, newest first."""
    army_list = _owned_or_404(request, list_id)
    return render(
        request,
        "history.html",
        {
            "army_list": army_list,
            "versions": army_list.versions.select_related("saved_by"),
        },
    )


@login_required
@require_POST
def list_share(request, list_id):
    army_list = _owned_or_404(request, list_id)
    if request.POST.get("action") == "revoke":
        services.list_share_revoke(army_list=army_list)
        messages.success(request, _("The share link is revoked; it no longer works."))
    else:
        services.list_share_renew(army_list=army_list)
        messages.success(request, _("New share link made; the old one no longer works."))
    return redirect("list-detail", list_id=army_list.id)


@login_required
def list_delete(request, list_id):
    """Template: confirm_delete.html."""
    army_list = _owned_or_404(request, list_id)
    if request.method == "POST":
        services.list_delete(army_list=army_list)
        messages.success(request, _("List deleted."))
        return redirect("list-index")
    return render(request, "confirm_delete.html", {"army_list": army_list})


@login_required
def list_import(request):
    """Template: import.html. Upload an exported list; every problem reported by path."""
    form = ImportForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            army_list = services.list_import(owner=request.user, data=form.cleaned_data["file"])
        except DocumentError as exc:
            problems = exc.errors
        else:
            messages.success(request, _("List imported."))
            return redirect("list-detail", list_id=army_list.id)
    return render(
        request,
        "import.html",
        {"form": form, "problems": problems},
        status=400 if problems else 200,
    )


def _shared_context(army_list):
    catalogue = _catalogue_or_404(army_list.system.key)
    checked = services.list_check_saved(army_list=army_list)
    form = BuilderForm(catalogue=catalogue, document=army_list.document)
    return {
        "army_list": army_list,
        "catalogue": catalogue,
        "document": army_list.document,
        "result": services.result_payload(checked=checked),
        "rows": _rows(catalogue, army_list.document, form, checked),
        "data_changes": services.list_data_changes(army_list=army_list, checked=checked),
    }


def shared_list(request, token):
    """Template: shared.html. Read-only for anyone with the link."""
    army_list = _shared_or_404(token)
    return render(request, "shared.html", _shared_context(army_list) | {"token": token})


def shared_print(request, token):
    """Template: print.html. One clean page for paper."""
    army_list = _shared_or_404(token)
    return render(request, "print.html", _shared_context(army_list) | {"token": token})


@login_required
@require_POST
def shared_copy(request, token):
    army_list = _shared_or_404(token)
    copy = services.list_copy(army_list=army_list, owner=request.user)
    messages.success(request, _("Copied to your lists."))
    return redirect("list-detail", list_id=copy.id)


def _battle(request, army_list, back_url):
    """Template: battle.html. Battle points from this list's losses, and the result."""
    if army_list.system.key != "godslayer":
        raise Http404  # battle points are a Godslayer rule
    context = _shared_context(army_list)
    form = BattleForm(request.POST or None)
    losses = []
    for row in context["rows"]:
        card, entry, i = row["card"], row["entry"], row["index"]
        if card is not None and card.is_unit:
            lost = [
                _int(request.POST.get(f"lost-{i}-{n}"), 0) for n in range(entry.get("count", 1))
            ]
            losses.append({"lost": lost})
            row["unit_slots"] = list(zip(range(entry.get("count", 1)), lost, strict=True))
        else:
            losses.append({"destroyed": _int(request.POST.get(f"destroyed-{i}"), 0)})
            row["destroyed"] = losses[-1]["destroyed"]
    score = services.list_battle_points(army_list=army_list, losses=losses)
    outcome = None
    if form.is_valid():
        outcome = services.battle_outcome(
            army_list=army_list,
            scored=form.cleaned_data.get("scored") or 0,
            conceded=score["total"],
        )
    context |= {"form": form, "score": score, "outcome": outcome, "back_url": back_url}
    return render(request, "battle.html", context)


@login_required
def list_battle(request, list_id):
    army_list = _owned_or_404(request, list_id)
    return _battle(request, army_list, reverse("list-detail", args=[list_id]))


def shared_battle(request, token):
    army_list = _shared_or_404(token)
    return _battle(request, army_list, reverse("shared", args=[token]))


def signup(request):
    """Template: registration/signup.html. A new account, logged in at once."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)  # keeps the session, and with it any draft list
        next_url = request.POST.get("next") or request.GET.get("next") or ""
        if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}):
            next_url = reverse("home")
        return redirect(next_url or "home")
    return render(
        request, "registration/signup.html", {"form": form, "next": request.GET.get("next", "")}
    )


def schema_file(request, name):
    """The JSON Schemas of the list document and of game-data packs, as published files."""
    from django.http import JsonResponse

    from rules.engine.document import list_schema
    from rules.packs import pack_schema

    schemas = {"list-document": list_schema, "pack": pack_schema}
    if name not in schemas:
        raise Http404
    return JsonResponse(schemas[name](), json_dumps_params={"indent": 2})
