"""The play view: a list on one phone screen at the table, for its owner
(``/lists/<id>/play/``) and for anyone with its share link (``/s/<token>/play/``). What a
player ticks during a game (wounds, tokens, uses, models out) stays on his device
(the play script keeps it per list and version, in localStorage); nothing is sent."""

from __future__ import annotations

from django.shortcuts import render

from armylists.lists.lookups import owned_or_404, shared_or_404
from armylists.lists.readonly import readonly_context


def _play(request, army_list, *, token=None):
    context = readonly_context(army_list=army_list)
    context |= context["presenter"].play_cards(context)
    return render(
        request,
        "play.html",
        context
        | {
            "token": token,
            # The device keeps the ticks of this list as it is at this version.
            "ticks_key": f"muster-play:{army_list.id}:{army_list.version}",
        },
    )


def list_play(request, list_id):
    """Template: play.html. The owner's list, shared or not; 404 to anyone else, and to
    a visitor not logged in (a private list's address says nothing to a stranger)."""
    return _play(request, owned_or_404(request, list_id))


def shared_play(request, token):
    """Template: play.html. A shared list, for anyone with its link."""
    return _play(request, shared_or_404(token), token=token)
