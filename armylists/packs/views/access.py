"""Who reaches which pack page: a pack the reader may not see is a 404, exactly as one
that does not exist (private packs to everyone but their owner and editors; packs shared
by link to everyone without the token)."""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse

from armylists.packs import selectors as pack_selectors


def token_of(request) -> str | None:
    token = request.POST.get("token") or request.GET.get("token")
    return token if token and len(token) <= 64 else None


def readable_or_404(request, pack_id: str):
    pack = pack_selectors.pack_get_readable(
        pack_id=pack_id, user=request.user, token=token_of(request)
    )
    if pack is None:
        raise Http404
    return pack


def publishable_or_404(request, pack_id: str):
    """Owner and editors; to everyone else the pack is not there (or, to those who may
    read it, not theirs to change: still a 404, there is nothing for them here)."""
    pack = readable_or_404(request, pack_id)
    if not pack_selectors.pack_can_publish(pack=pack, user=request.user):
        raise Http404
    return pack


def managed_or_404(request, pack_id: str):
    pack = readable_or_404(request, pack_id)
    if not pack_selectors.pack_can_manage(pack=pack, user=request.user):
        raise Http404
    return pack


def version_or_404(pack, number):
    version = pack_selectors.pack_version_get(pack=pack, number=number)
    if version is None:
        raise Http404
    return version


def with_token(url: str, token: str | None) -> str:
    return f"{url}?token={token}" if token else url


def pack_url(pack, token: str | None = None) -> str:
    return with_token(reverse("pack-detail", args=[pack.id]), token)
