"""The compare page: a saved list against one of its versions ("compare with previous" in
the history), another of the owner's lists, or a list shared by link. The owner's only:
anyone else gets 404, as for every private page; a revoked link is 404 too."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from armylists.compare import diff as diff_services
from armylists.compare.forms import CompareForm
from armylists.compare.views.diff_rows import diff_context
from armylists.lists import selectors
from armylists.lists.lookups import owned_or_404
from armylists.models import ArmyListVersion

MAX_CHOICES = 200  # the owner's lists offered in the menu (any of theirs may be typed)


@login_required
def list_compare(request, list_id):
    """Template: diff.html. Without a choice (or with a bad one), the form to choose."""
    army_list = owned_or_404(request, list_id)
    form = CompareForm(request.GET or None)
    context = {
        "army_list": army_list,
        "form": form,
        # Lists of the same game only: points of one game against gold of another
        # would be a meaningless delta.
        "my_lists": selectors.list_search(owner=request.user, system=army_list.system.key)
        .exclude(id=army_list.id)[:MAX_CHOICES],
    }
    choice = form.choice()
    if choice is None:
        return render(request, "diff.html", context, status=400 if form.errors else 200)
    kind, value = choice
    diff, before, after = _diff(request, army_list, kind, value, form.cleaned_data.get("to"))
    if diff.before.catalogue.system != diff.after.catalogue.system:
        form.add_error(None, _("Only lists of the same game can be compared."))
        return render(request, "diff.html", context, status=400)
    return render(
        request,
        "diff.html",
        {**context, **diff_context(diff), "before_label": before, "after_label": after},
    )


def _diff(request, army_list, kind: str, value, to: int | None):
    """The diff and the names of its two sides; 404 for what the owner may not read."""
    if kind == "version":
        try:
            found = diff_services.diff_versions(army_list=army_list, version=value, to=to)
        except ArmyListVersion.DoesNotExist:
            raise Http404 from None
        after = to or army_list.version
        return (
            found,
            _("version %(n)s") % {"n": value},
            _("version %(n)s") % {"n": after},
        )
    if kind == "against":
        other = selectors.list_get_for_owner(owner=request.user, list_id=value)
    else:
        other = selectors.list_get_shared(token=value)
    if other is None:
        raise Http404
    found = diff_services.diff_lists(before=other, after=army_list)
    name = other.name or _("List")
    before = name if kind == "against" else _("%(name)s (shared)") % {"name": name}
    return found, before, army_list.name or _("this list")
