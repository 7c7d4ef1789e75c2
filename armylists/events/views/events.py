"""The event pages: your events, open one, its page (the organiser's table or the
player's own list), its settings, and the join page of its link. Thin: the forms check
the input, the services write, the selectors read. Every page of an event is a 404 to
anyone without a part in it, and never kept by a cache (``private_page``): before the
reveal a page may show lists the next user of the browser must not see.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from armylists.events import reports, selectors, services, submitting
from armylists.events.borrowed import builds_lists, list_selectors, packs_visible, rules_selectors
from armylists.events.forms import EventForm, StaffForm, SubmitForm
from armylists.events.models import Event

# Lazy: read when a page shows them, in its reader's language.
SHOW_LABELS = {
    "all": gettext_lazy("All"),
    "missing": gettext_lazy("Not submitted"),
    "illegal": gettext_lazy("Not legal"),
}


def private_page(view):
    """Logged in, and never kept by a browser or proxy cache (``no-store``)."""
    return login_required(never_cache(view))


def role_or_404(request, event_id) -> selectors.Role:
    role = selectors.event_role(user=request.user, event_id=event_id)
    if role is None:
        raise Http404
    return role


def packs_offered(user, system: str, current: Event | None = None) -> list[tuple]:
    """(id, version, label) of the pack versions an organiser may play an event on: the
    newest version of each pack he may use; and the event's own, if it is another."""
    def whose(pack) -> str:
        if pack.official:
            return _("official")
        return _("yours") if pack.owner_id == user.pk else pack.owner.username

    offered = [
        (p.id, p.latest_version, f"{p.name} · v{p.latest_version} · {whose(p)}")
        for p in packs_visible(user=user, system=system)
        if p.latest_version
    ]
    if current is not None and current.pack_key and not any(
        (pack_id, version) == (current.pack_key, current.pack_version)
        for pack_id, version, _label in offered
    ):
        offered.insert(0, (current.pack_key, current.pack_version,
                           f"{current.pack_key} · v{current.pack_version}"))  # fmt: skip
    return offered


def _put_problems(form, problems) -> None:
    """A service's refusals beside the fields they name (else above the form)."""
    for problem in problems:
        name = problem.path.split(".")[0].split("[")[0]
        name = "reveal_at" if name == "reveal" else name
        form.add_error(name if name in form.fields else None, problem.message)


# -- your events, a new one ---------------------------------------------------------------


@private_page
def event_index(request):
    """Template: events/index.html. The events you organise, help with or play in, and
    the public ones still open."""
    now = timezone.now()
    return render(request, "events/index.html", {
        "mine": selectors.events_of(user=request.user)[:100],
        "public": selectors.events_public(now=now)[:50],
        "now": now,
    })  # fmt: skip


@private_page
def event_new(request):
    """Template: events/new.html. Step one: the game."""
    systems = [s for s in rules_selectors.system_list() if builds_lists(s.key)]
    return render(request, "events/new.html", {"systems": systems})


@private_page
@require_http_methods(["GET", "POST"])
def event_new_for_system(request, system):
    """Template: events/form.html. Step two: name, data, battle size, close, reveal."""
    game = rules_selectors.system_get(key=system)
    if game is None or not builds_lists(game.key):
        raise Http404
    packs = packs_offered(request.user, game.key)
    form = EventForm(request.POST or None, packs=packs)
    if request.method == "POST" and form.is_valid():
        fields = {**form.fields_for_service(), "system": game.key}
        try:
            event = services.event_create(owner=request.user, fields=fields,
                                          now=timezone.now())  # fmt: skip
        except services.EventRefused as exc:
            _put_problems(form, exc.problems)
        else:
            messages.success(request, _("Event opened: send the join link to your players."))
            return redirect("event-detail", event_id=event.pk)
    return render(request, "events/form.html", {"form": form, "system": game, "event": None},
                  status=400 if form.errors else 200)  # fmt: skip


# -- an event's page --------------------------------------------------------------------


def event_context(request, role: selectors.Role, now) -> dict:
    """Everything the event's page shows this reader."""
    event = role.event
    catalogue = selectors.event_catalogue(event)
    context = {
        "event": event, "role": role, "now": now, "catalogue": catalogue,
        "closed": event.is_closed(now), "revealed": event.is_revealed(now),
        "join_url": request.build_absolute_uri(reverse("event-join", args=[event.join_token])),
    }  # fmt: skip
    players = selectors.players(event=event)
    context["counts"] = reports.counts(players)
    if role.sees_all:
        show = request.GET.get("show", "all")
        show = show if show in reports.SHOWS else "all"
        context |= {
            "show": show,
            "shows": [(key, SHOW_LABELS[key], context["counts"][key]) for key in reports.SHOWS],
            "rows": reports.table(players=players, catalogue=catalogue, show=show),
            "reminder": reports.reminder(players),
        }
    elif role.sees_others(now):
        rows = reports.table(players=players, catalogue=catalogue)
        context["lists"] = [row for row in rows if row["submission"] is not None]
    if role.player:
        mine = selectors.submissions_of_player(event=event, user=request.user)
        current = role.participant.current_id
        context |= {
            "mine": [
                {**reports.summary(s, catalogue, reader=request.user), "current": s.pk == current}
                for s in mine
            ],
            "submit_form": SubmitForm(lists=lists_of(request.user, event)),
        }
    return context


def lists_of(user, event: Event):
    return list_selectors.list_search(owner=user, system=event.system.key)[:100]


@private_page
def event_detail(request, event_id):
    """Template: events/detail.html. The organiser and staff: every player and his list
    that counts, filters, the reminder, the exports. A player: his own list, and after
    the reveal every player's."""
    role = role_or_404(request, event_id)
    return render(request, "events/detail.html", event_context(request, role, timezone.now()))


@private_page
@require_http_methods(["GET", "POST"])
def event_settings(request, event_id):
    """Template: events/form.html. The organiser's and edit staff's (else 404)."""
    role = role_or_404(request, event_id)
    if not role.can_edit:
        raise Http404
    event = role.event
    judged = event.submissions.exists()
    packs = packs_offered(request.user, event.system.key, current=event)
    data = request.POST if request.method == "POST" else None
    form = EventForm(data, packs=packs, judged=judged, initial=EventForm.initial_of(event))
    staff = None
    if role.can_manage:
        staff = StaffForm(data, prefix="staff", initial=_staff_initial(event))
    if data is not None and _saved(role, form, staff):
        messages.success(request, _("Saved."))
        return redirect("event-detail", event_id=event.pk)
    failed = form.errors or (staff is not None and staff.errors)
    return render(request, "events/form.html", {
        "form": form, "staff_form": staff, "system": event.system, "event": event,
        "judged": judged,
    }, status=400 if failed else 200)  # fmt: skip


def _saved(role, form, staff) -> bool:
    """Both forms valid and the change made; else the problems beside their fields."""
    if not form.is_valid() or (staff is not None and not staff.is_valid()):
        return False
    changes = _same_minute_unchanged(role.event, form.fields_for_service())
    if staff is not None:
        changes["staff"] = staff.staff()
    try:
        services.event_update(role=role, changes=changes, now=timezone.now())
    except services.EventRefused as exc:
        _put_problems(form, [p for p in exc.problems if not p.path.startswith("staff")])
        if staff is not None:
            _put_staff_problems(staff, [p for p in exc.problems if p.path.startswith("staff")])
        return False
    return True


def _same_minute_unchanged(event: Event, changes: dict) -> dict:
    """The form's times have minutes only: a time within the minute it shows is the one
    the event has (so a renamed event keeps its close to the second)."""
    def minute(moment):
        return moment.replace(second=0, microsecond=0) if moment is not None else None

    for name, now_is in (("lists_close", event.lists_close), ("reveal", event.reveal_at)):
        given = changes.get(name)
        if hasattr(given, "second") and now_is is not None and minute(given) == minute(now_is):
            changes[name] = now_is
    return changes


def _staff_initial(event: Event) -> dict:
    staff = selectors.staff_of(event=event)
    return {
        rights: ", ".join(p.user.username for p in staff if p.staff == rights)
        for rights in ("read", "edit")
    }


def _put_staff_problems(form, problems) -> None:
    read = form.cleaned_data.get("read", [])
    for problem in problems:
        index = int(problem.path.split("[")[1].split("]")[0])
        form.add_error("read" if index < len(read) else "edit", problem.message)


@private_page
@require_POST
def event_link(request, event_id):
    """A new join link (the old one stops working): the organiser's and edit staff's."""
    role = role_or_404(request, event_id)
    if not role.can_edit:
        raise Http404
    services.event_update(role=role, changes={"renew_join_token": True}, now=timezone.now())
    messages.success(request, _("A new join link: the old one no longer works."))
    return redirect("event-detail", event_id=role.event.pk)


# -- the join page ------------------------------------------------------------------------


@never_cache
@require_http_methods(["GET", "POST"])
def event_join(request, token):
    """Template: events/join.html. For whoever has the link: what the event is, and a
    button to join (logged in; after the close nobody joins)."""
    event = selectors.event_by_token(token=token)
    if event is None:
        raise Http404
    now = timezone.now()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        try:
            _part, new = submitting.event_join(event=event, user=request.user, token=token, now=now)
        except services.EventConflict as exc:
            messages.error(request, exc.message)
        else:
            if new:
                messages.success(request, _("You joined %(name)s.") % {"name": event.name})
            return redirect("event-detail", event_id=event.pk)
    role = selectors.event_role(user=request.user, event_id=event.pk)
    return render(request, "events/join.html", {
        "event": event, "role": role, "now": now, "closed": event.is_closed(now),
        "catalogue": selectors.event_catalogue(event),
        "players": selectors.player_count(event=event),
        "full": event.player_limit is not None
        and selectors.player_count(event=event) >= event.player_limit,
    })  # fmt: skip
