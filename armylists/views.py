"""HTML pages. Thin: they read forms, call services and selectors, and render.

Every builder action is a plain form post; with htmx the same post answers with the
builder fragment only, so the page updates without a reload.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from rules import selectors as rules_selectors
from rules.engine import DocumentError, Entry
from rules.engine.document import SpecialActionPick, list_schema
from rules.engine.validation import rules_for
from rules.packs import pack_schema
from rules.systems import boarding_action, godslayer, mordheim, trupp

from . import selectors, services
from .forms import (
    ALIGNMENT_LABELS,
    KIND_LABELS,
    ROLE_LABELS,
    UNIT_TYPE_GROUP_LABELS,
    UNIT_TYPE_LABELS,
    BattleForm,
    BuilderForm,
    ImportForm,
    SignupForm,
    StartForm,
    is_warband,
    item_names,
    label_for,
    list_roles,
)

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
    """Template: system_start.html. Step one of a new list: faction (if the system has
    factions; a Mordheim warband), role (Boarding Action) and battle size (or gold)."""
    catalogue = _catalogue_or_404(system)
    form = StartForm(request.POST or None, catalogue=catalogue)
    if request.method == "POST" and form.is_valid():
        document = services.document_new(
            system=system,
            faction=form.cleaned_data.get("faction"),
            battle_size=form.cleaned_data.get("battle_size"),
            name=form.cleaned_data["name"],
            role=form.cleaned_data.get("role") or None,
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
            "warband": is_warband(catalogue),
            "default_gold": catalogue.params_for("gold_budget").get("default"),
        },
    )


def _store_draft(request, document):
    drafts = request.session.get(DRAFTS, {})
    drafts[document["system"]] = document
    request.session[DRAFTS] = drafts


def _drop_draft(request, system):
    drafts = request.session.get(DRAFTS, {})
    drafts.pop(system, None)
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
        _drop_draft(request, system)
        messages.success(request, _("Saved."))
        return _redirect(request, reverse("list-detail", args=[army_list.id]))
    if action == "discard":
        _drop_draft(request, system)
        return _redirect(request, reverse("system-start", args=[system]))
    return _render_builder(request, catalogue=catalogue, document=document, form=form)


def _apply_builder_post(request, catalogue, document):
    """Apply the posted form and action to the document.

    Returns (bound form with errors or None, new document, action). With errors the
    document is unchanged: bad input changes nothing.

    Actions: ``add:<card>``, ``remove:<i>``, ``add_action:<key>[:<variant>]`` and
    ``remove_action:<k>`` (special actions), ``add_custom`` (the custom-unit form),
    ``save``, ``save_new``, ``discard`` and ``recalc``.
    """
    action = request.POST.get("action", "")
    verb, _sep, arg = action.partition(":")
    form = BuilderForm(request.POST, catalogue=catalogue, document=document, action=verb)
    if not form.is_valid():
        return form, form.document, action
    document = form.cleaned_document()
    if verb == "add" and arg:
        document = services.document_add_entry(document=document, card=arg, catalogue=catalogue)
    elif verb == "remove" and arg.isdigit():
        document = services.document_remove_entry(document=document, index=int(arg))
    elif verb == "add_action" and arg:
        key, _sep, variant = arg.partition(":")
        document = services.document_add_special_action(
            document=document, action=key, variant=variant or None, catalogue=catalogue
        )
    elif verb == "remove_action" and arg.isdigit():
        document = services.document_remove_special_action(document=document, index=int(arg))
    elif verb == "add_custom":
        entry = form.custom_entry()
        if entry is not None:
            document = services.document_add_custom_entry(document=document, entry=entry)
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
    if form is None:
        # After an edit the custom-unit form keeps what was typed in it, unless it was
        # just added to the list.
        posted = request.POST if request.method == "POST" else None
        carry = posted if posted is not None and posted.get("action") != "add_custom" else None
        form = BuilderForm(catalogue=catalogue, document=document, carry=carry)
    data_changes = None
    if checked is not None and army_list is not None:
        saved = services.list_payload(army_list=army_list, checked=checked)
        payload, data_changes = saved["validation"], saved["data_changes"]
    else:
        payload = services.result_payload(checked=checked) if checked else None
    ui = _ui(catalogue)
    context = {
        "catalogue": catalogue,
        "document": document,
        "document_json": json.dumps(document),
        "form": form,
        "ui": ui,
        "rows": _rows(catalogue, document, form, checked, payload=payload),
        "checked": checked,
        "result": payload,
        "groups": _card_groups(catalogue, document.get("faction")),
        "summary": _summary(catalogue, checked) if checked else None,
        "action_rows": _action_rows(catalogue, document, form, payload),
        "action_shop": _action_shop(catalogue, document.get("role")),
        "card_types": {
            c.key: label_for(UNIT_TYPE_LABELS, c.attributes["unit_type"])
            for c in catalogue.cards.values()
            if c.attributes.get("unit_type")
        },
        "list_violations": _list_violations(payload),
        "army_list": army_list,
        "base_version": base_version,
        "conflict": conflict,
        "problems": problems or [],
        "unsaved": army_list is not None and document != army_list.document,
        "data_changes": data_changes,
    }
    template = "_builder.html" if request.htmx else "builder.html"
    return render(request, template, context, status=status)


def _ui(catalogue):
    """What the builder shows for this game system (presentation only)."""
    system = catalogue.system
    return {
        "system": system,
        "godslayer": system == godslayer.SYSTEM,
        "boarding_action": system == boarding_action.SYSTEM,
        "trupp": system == trupp.SYSTEM,
        "warband": is_warband(catalogue),
        "special_actions": bool(catalogue.special_actions),
        "gold": is_warband(catalogue),  # prices in gold crowns, not points
        "stat_labels": catalogue.attributes.get("stat_labels") or {},
    }


def _summary(catalogue, checked):
    """Numbers beside the total: Boarding Action's special-action budget, a Mordheim
    warband's rating and size, the limit a list uses when it sets none."""
    document, entry_points = checked.document, checked.result.points.entries
    summary = {
        "default_limit": rules_for(catalogue.system).limit(
            catalogue, dataclasses.replace(document, battle_size=None)
        ),
    }
    if catalogue.system == boarding_action.SYSTEM:
        budget = boarding_action.budget(catalogue, document, entry_points)
        summary["budget"] = {
            "models": budget.models,
            "special_actions": budget.special_actions,
            "free": budget.free,
            "free_used": min(budget.free, budget.special_actions),
            "paid": budget.paid,
        }
    if catalogue.system == mordheim.SYSTEM:
        summary["rating"] = mordheim.warband_rating(catalogue, document)
        summary["fighters"] = sum(
            mordheim.models(card, entry)
            for entry in document.entries
            if (card := catalogue.cards.get(entry.card or "")) is not None
        )
        summary["min_size"], summary["max_size"] = mordheim.size_limits(catalogue, document)
        summary["starting_gold"] = summary["default_limit"]
    return summary


def _card_query(entry):
    """The card page's query: the items (or Trupp options) this entry bought."""
    pairs = [("items", k) for k in entry.get("items") or []]
    pairs += [("options", k) for k in entry.get("options") or []]
    return f"?{urlencode(pairs)}" if pairs else ""


def _choice_rows(form_field, catalogue, card, *, price):
    """Checkboxes of a bound items/options field, each with its item and price."""
    rows = []
    for checkbox in form_field:
        key = checkbox.data["value"]
        item = catalogue.items.get(key)
        rows.append(
            {
                "checkbox": checkbox,
                "item": item,
                "kind": item.kind if item is not None else None,
                "price": price(card, key) if item is not None else None,
            }
        )
    return rows


def _grouped(rows):
    """[(kind label, rows)] in the order kinds first appear."""
    groups = {}
    for row in rows:
        groups.setdefault(row["kind"], []).append(row)
    return [(label_for(KIND_LABELS, kind), kind, group) for kind, group in groups.items()]


def _stat_pairs(catalogue, stats):
    """(label, value) of every stat the model has (a null stat it lacks is left out)."""
    labels = catalogue.attributes.get("stat_labels") or {}
    return [(labels.get(k, k), v) for k, v in (stats or {}).items() if v is not None]


def _rows(catalogue, document, form, checked, payload=None):
    """One row per entry: its form, card, points, the violations about it, and what the
    row shows of its system (unit type and base, options by kind, hero or group)."""
    violations = {}
    if payload is None and checked is not None:
        payload = services.result_payload(checked=checked)
    if payload:
        for v in payload["violations"]:
            violations.setdefault(v["entry"], []).append(v)
    warband = is_warband(catalogue)
    group_params = catalogue.params_for("henchman_group")
    rows = []
    for i, (entry, entry_form) in enumerate(
        zip(document.get("entries", []), form.entries, strict=False)
    ):
        card = catalogue.cards.get(entry.get("card") or "")
        custom = entry.get("custom") if isinstance(entry.get("custom"), dict) else None
        row = {
            "index": i,
            "entry": entry,
            "form": entry_form,
            "card": card,
            "custom": custom,
            "name": card.name if card else (custom or {}).get("name") or entry.get("card"),
            "card_query": _card_query(entry),
            "points": payload["points"]["entries"][i] if payload else None,
            "stats": payload["breakdown"][i].get("stats") if payload else None,
            "violations": violations.get(i, []),
            # An info note (Boarding Action's side corridors) does not mark the entry.
            "flagged": any(v["severity"] != "info" for v in violations.get(i, [])),
        }
        row["all_stats"] = _stat_pairs(catalogue, row["stats"])
        # The builder's row: Godslayer shows DEF and ARM (what items change), others all.
        row["stat_pairs"] = (
            [(k, v) for k, v in row["all_stats"] if k in ("DEF", "ARM")]
            if catalogue.system == godslayer.SYSTEM
            else row["all_stats"]
        )
        row["items"] = _choice_rows(
            entry_form["items"], catalogue, card, price=catalogue.item_points
        )
        row["options"] = _choice_rows(
            entry_form["options"],
            catalogue,
            card,
            price=lambda c, k: trupp.option_price(c, k, catalogue),
        )
        row["option_groups"] = _grouped(row["options"])
        row["item_groups"] = _grouped(row["items"])
        row["item_names"] = item_names(catalogue, entry.get("items"))
        row["option_names"] = item_names(catalogue, entry.get("options"))
        if card is not None:
            row["unit_type"] = card.attributes.get("unit_type")
            row["base_mm"] = card.base_mm
            row["wargear"] = [w.replace("_", " ") for w in card.attributes.get("wargear") or ()]
            row["size_range"] = (card.core_size, card.max_size)
        elif custom is not None:
            row["unit_type"] = custom.get("unit_type")
            row["base_mm"] = custom.get("base_mm")
            row["wargear"] = list(custom.get("wargear") or ())
        if "unit_type" in row:
            row["unit_type_label"] = label_for(UNIT_TYPE_LABELS, row["unit_type"])
        if warband and card is not None:
            row["hero"] = mordheim.is_hero(card)
            row["leader"] = mordheim.is_leader(card)
            size = entry.get("size") if entry.get("size") is not None else card.core_size
            row["models"] = entry.get("count", 1) * size
            if not row["hero"]:
                row["size_range"] = mordheim.group_limits(card, group_params)
                if row["points"] is not None and row["models"]:
                    row["model_price"] = row["points"] // row["models"]
        if catalogue.system == trupp.SYSTEM and card is not None:
            row["alignment"] = card.attributes.get("alignment")
            row["alignment_label"] = label_for(ALIGNMENT_LABELS, row["alignment"])
            row["mook"] = bool(card.attributes.get("mook"))
            row["equipment_names"] = item_names(catalogue, card.attributes.get("equipment"))
            row["included_spells"] = item_names(catalogue, card.attributes.get("included_spells"))
        rows.append(row)
    return rows


_PICK_PATH = re.compile(r"^special_actions\[(\d+)\]")


def _pick_index(violation):
    """The special-action purchase a list-wide violation is about, if any."""
    params = violation.get("params") or {}
    if isinstance(params.get("index"), int):
        return params["index"]
    found = _PICK_PATH.match(str(params.get("path") or ""))
    return int(found.group(1)) if found else None


def _list_violations(payload):
    """Violations about the whole list, not about one entry or one special action."""
    if not payload:
        return []
    return [v for v in payload["violations"] if v["entry"] is None and _pick_index(v) is None]


def _action_rows(catalogue, document, form, payload):
    """One row per bought special action: its form, price, and the violations about it."""
    violations = {}
    for v in (payload or {}).get("violations", []):
        k = _pick_index(v) if v["entry"] is None else None
        if k is not None:
            violations.setdefault(k, []).append(v)
    rows = []
    picks = document.get("special_actions") or []
    for k, (pick, pick_form) in enumerate(zip(picks, form.actions, strict=False)):
        action = catalogue.special_actions.get(pick.get("action") or "")
        each = None
        if action is not None:
            each = boarding_action.action_price(
                action,
                SpecialActionPick(
                    action=action.key, count=pick.get("count", 1), variant=pick.get("variant")
                ),
            )
        rows.append(
            {
                "index": k,
                "pick": pick,
                "form": pick_form,
                "action": action,
                "name": action.name if action is not None else pick.get("action"),
                "role_label": label_for(ROLE_LABELS, action.role)
                if action is not None and action.role
                else None,
                "other_role": action is not None
                and action.role is not None
                and document.get("role") is not None
                and action.role != document.get("role"),
                "each": each,
                "points": each * pick.get("count", 1) if each is not None else None,
                "violations": violations.get(k, []),
            }
        )
    return rows


def _action_shop(catalogue, role):
    """The pack's special actions by role, the list's own role first."""
    if not catalogue.special_actions:
        return []
    roles = sorted(list_roles(catalogue), key=lambda r: r != role)
    groups = []
    for r in [*roles, None]:
        actions = [a for a in catalogue.special_actions.values() if a.role == r]
        if actions:
            groups.append(
                {
                    "role": r,
                    "label": label_for(ROLE_LABELS, r) if r else _("Either role"),
                    "own": r is None or r == role,
                    "actions": actions,
                }
            )
    return groups


def _card_groups(catalogue, faction):
    """The catalogue's cards in the groups the system's players think in."""
    cards = [c for c in catalogue.cards.values() if faction is None or c.faction == faction]
    system = catalogue.system
    if system == boarding_action.SYSTEM:
        order = catalogue.attributes.get("unit_types") or ()
        return _cards_by(cards, "unit_type", order, UNIT_TYPE_GROUP_LABELS)
    if system == trupp.SYSTEM:
        order = catalogue.attributes.get("alignments") or ALIGNMENT_LABELS
        return _cards_by(cards, "alignment", order, ALIGNMENT_LABELS)
    if system == mordheim.SYSTEM:
        heroes = [c for c in cards if mordheim.is_hero(c)]
        heroes.sort(key=lambda c: not mordheim.is_leader(c))
        return [
            (_("Heroes"), heroes),
            (_("Henchmen"), [c for c in cards if not mordheim.is_hero(c)]),
        ]
    return [
        (_("Warlords"), [c for c in cards if c.warlord]),
        (_("Individual models"), [c for c in cards if not c.warlord and not c.is_unit]),
        (_("Units"), [c for c in cards if c.is_unit]),
    ]


def _cards_by(cards, attribute, order, labels):
    """[(label, cards)] by a card attribute: the values in ``order`` first, then the others
    (sorted; cards without the attribute under "Other")."""
    values = list(order)
    values += sorted({c.attributes.get(attribute) or "" for c in cards} - set(values))
    return [
        (
            label_for(labels, v) if v else _("Other"),
            [c for c in cards if (c.attributes.get(attribute) or "") == v],
        )
        for v in values
    ]


def card_detail(request, system, card):
    """Template: card.html. A profile card with effective stats for ?items=a,b (Trupp:
    ?options=a,b, with every stat row by wounds taken)."""
    catalogue = _catalogue_or_404(system)
    found = catalogue.cards.get(card)
    if found is None:
        raise Http404
    items = [k for k in request.GET.getlist("items") if k in catalogue.items]
    options = [k for k in request.GET.getlist("options") if k in catalogue.items]
    entry = Entry(card=card, items=tuple(items), options=tuple(options))
    stats = rules_for(system).stats_for(found, entry, catalogue)
    # Shown beside the effective values when bought items change them (armour, shields).
    base_stats = dict(found.stats) if items and dict(found.stats) != stats else None
    labels = catalogue.attributes.get("stat_labels") or {}
    stat_rows = []
    if system == trupp.SYSTEM:
        rows = trupp.effective_stat_rows(found, entry, catalogue)
        keys = list(rows[0]) if rows else []
        stat_rows = [(wounds, [row.get(k) for k in keys]) for wounds, row in enumerate(rows)]
        stats = rows[0] if rows else stats
    item_groups, model_price = [], None
    if system == mordheim.SYSTEM:
        item_rows = [
            {
                "item": catalogue.items.get(k),
                "price": price,
                "kind": getattr(catalogue.items.get(k), "kind", None),
            }
            for k, price in found.allowed_items.items()
        ]
        item_groups = [
            (label, [(r["item"], r["price"]) for r in group if r["item"] is not None])
            for label, _kind, group in _grouped(item_rows)
        ]
        model_price = mordheim.model_price(catalogue, found, entry)
    option_rows = [
        {
            "item": catalogue.items.get(k),
            "key": k,
            "price": price,
            "kind": getattr(catalogue.items.get(k), "kind", None),
        }
        for k, price in found.allowed_options.items()
    ]
    return render(
        request,
        "card.html",
        {
            "catalogue": catalogue,
            "card": found,
            "stats": stats,
            "base_stats": base_stats,
            "stat_columns": [labels.get(k, k) for k in stats],
            "stat_rows": stat_rows,
            "items": [catalogue.items[k] for k in items],
            "options": [catalogue.items[k] for k in options],
            "allowed": [(catalogue.items.get(k), p) for k, p in found.allowed_items.items()],
            "option_groups": [
                (label, [(r["item"], r["price"]) for r in group])
                for label, _kind, group in _grouped(option_rows)
            ],
            "faction": catalogue.factions.get(found.faction),
            "ui": _ui(catalogue),
            "unit_type_label": label_for(UNIT_TYPE_LABELS, found.attributes.get("unit_type"))
            if found.attributes.get("unit_type")
            else None,
            "alignment_label": label_for(ALIGNMENT_LABELS, found.attributes.get("alignment"))
            if found.attributes.get("alignment")
            else None,
            "hero": mordheim.is_hero(found) if system == mordheim.SYSTEM else None,
            "wargear": [w.replace("_", " ") for w in found.attributes.get("wargear") or ()],
            "item_groups": item_groups,
            "model_price": model_price,
            "equipment": item_names(catalogue, found.attributes.get("equipment")),
            "included_spells": item_names(catalogue, found.attributes.get("included_spells")),
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
    catalogue = rules_selectors.catalogue_for(system=army_list.system)  # row already loaded
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
    # The page again, with the edited document (and what went wrong, if anything).
    render_edited = functools.partial(
        _render_builder,
        request,
        catalogue=catalogue,
        document=document,
        army_list=army_list,
        base_version=base_version,
    )
    if form is None and action == "save":
        try:
            army_list = services.list_update(
                army_list=army_list, data=document, expected_version=base_version, user=request.user
            )
        except services.ListConflict as conflict:
            return render_edited(
                army_list=conflict.army_list,
                conflict=conflict,
                status=409 if not request.htmx else 200,
            )
        except DocumentError as exc:
            return render_edited(problems=exc.errors)
        messages.success(
            request, _("Saved as version %(version)s.") % {"version": army_list.version}
        )
        return _redirect(request, reverse("list-detail", args=[army_list.id]))
    if form is None and action == "save_new":
        try:
            copy = services.list_create(owner=request.user, data=document)
        except DocumentError as exc:
            return render_edited(problems=exc.errors)
        messages.success(request, _("Saved as a new list."))
        return _redirect(request, reverse("list-detail", args=[copy.id]))
    return render_edited(form=form)


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
    filename = services.list_export_filename(army_list=army_list)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
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
    catalogue = rules_selectors.catalogue_for(system=army_list.system)  # row already loaded
    checked = services.list_check_saved(army_list=army_list)
    payload = services.list_payload(army_list=army_list, checked=checked)
    form = BuilderForm(catalogue=catalogue, document=army_list.document)
    return {
        "army_list": army_list,
        "catalogue": catalogue,
        "document": army_list.document,
        "checked": checked,
        "result": payload["validation"],
        "rows": _rows(catalogue, army_list.document, form, checked, payload=payload["validation"]),
        "data_changes": payload["data_changes"],
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
    if army_list.system.key != godslayer.SYSTEM:
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
    checked = context["checked"]
    score = services.list_battle_points(army_list=army_list, losses=losses, checked=checked)
    outcome = None
    if form.is_valid():
        outcome = services.battle_outcome(
            army_list=army_list,
            scored=form.cleaned_data.get("scored") or 0,
            conceded=score["total"],
            checked=checked,
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


# The published JSON Schemas, by file name (each built once, on first use).
SCHEMAS = {"list-document": list_schema, "pack": pack_schema}


def schema_file(request, name):
    """The JSON Schemas of the list document and of game-data packs, as published files."""
    if name not in SCHEMAS:
        raise Http404
    return JsonResponse(SCHEMAS[name](), json_dumps_params={"indent": 2})
