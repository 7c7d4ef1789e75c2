"""What the page views share: lookups that answer 404."""

from __future__ import annotations

from django.http import Http404

from armylists.lists import selectors


def owned_or_404(request, list_id, **options):
    army_list = selectors.list_get_for_owner(owner=request.user, list_id=list_id, **options)
    if army_list is None:
        raise Http404
    return army_list


def shared_or_404(token):
    army_list = selectors.list_get_shared(token=token)
    if army_list is None:
        raise Http404
    return army_list
