"""The benchmark's player packs: validating against a player's pack over HTTP (beside the
official pack's validate row), and the pack editor page by pack size, in process.

The player's pack is a fork of the official Godslayer pack, owned by the bench user and
public (an anonymous POST may build on it), kept between runs and forked anew only when
the official pack has a newer version. The editor's packs of 50 and 500 cards are forks
whose next version holds that many cards: the official cards, copied under new keys
(sample data: only their number matters here).
"""

from __future__ import annotations

import copy
import json

from django.test import Client

from armylists.packs import drafts as pack_drafts
from armylists.packs import services as packs
from armylists.packs.models import Pack, PackVersion
from armylists.web.conditional import forget_kept_pages
from scripts.bench.engine import median_ms

PLAYER_PACK = "Bench: a player's Godslayer pack (sample)"
EDITOR_SIZES = (50, 500)
ROWS_PER_PAGE = 100  # the editor's page (armylists/packs/views/editor.py)


def official_version(system: str = "godslayer") -> PackVersion:
    found = (
        PackVersion.objects.filter(pack__official=True, pack__system=system)
        .select_related("pack")
        .order_by("-number")
        .first()
    )
    if found is None:
        raise SystemExit("no official pack recorded: make bench loads the packs first")
    return found


def players_pack(user) -> Pack:
    """The bench user's public fork of the official pack's latest version."""
    source = official_version()
    pack = Pack.objects.filter(
        owner=user, name=PLAYER_PACK, forked_from=source, deleted_at__isnull=True
    ).first()
    if pack is None:
        pack = packs.pack_fork(user=user, source=source, name=PLAYER_PACK)
    packs.pack_update(pack=pack, visibility=Pack.PUBLIC)
    return pack


def pinned_body(document: dict, pack: Pack) -> bytes:
    """The same list naming the player's pack (its version 1, the copy)."""
    return json.dumps({**document, "pack": {"id": pack.id, "version": 1}}).encode()


def _cards(source: dict, n: int) -> list[dict]:
    cards = []
    while len(cards) < n:
        for card in source["cards"]:
            if len(cards) == n:
                break
            copied = copy.deepcopy(card)
            copied["key"] = f"{card['key']}-{len(cards)}"
            copied.pop("aliases", None)
            cards.append(copied)
    return cards


def _pack_of(user, n: int) -> Pack:
    name = f"Bench: {n} cards (sample)"
    pack = Pack.objects.filter(owner=user, name=name, deleted_at__isnull=True).first()
    if pack is not None and pack.versions.count() >= 2:
        return pack
    pack = pack or packs.pack_fork(user=user, source=official_version(), name=name)
    document = copy.deepcopy(pack.versions.get(number=1).document)
    document["cards"] = _cards(document, n)
    packs.pack_publish(pack=pack, user=user, document=document, note=f"{n} cards", base_version=1)
    return pack


def editor_run(user) -> list[tuple]:
    """[("GET the pack editor, cards, with a draft", ms at 50, ms at 500)]: the owner's
    editor page of the cards section (its first page: 50 rows, then 100 of 500), the
    draft checked whole on every view, as it is."""
    owner = Client(HTTP_HOST="127.0.0.1")
    owner.force_login(user)
    times = []
    for n in EDITOR_SIZES:
        pack = _pack_of(user, n)
        pack_drafts.draft_discard(pack=pack, user=user)
        pack_drafts.draft_start(pack=pack, user=user)
        url = f"/packs/{pack.id}/edit/?section=cards"

        def once(url=url):
            forget_kept_pages()
            response = owner.get(url)
            assert response.status_code == 200, response.content[:300]

        once()
        times.append(median_ms(once, 15 if n < 500 else 7))
        print(f"{n:>5} cards: pack editor {times[-1]:.1f} ms")
    return [("GET /packs/<id>/edit/ (cards, a draft)", *times)]


def editor_table(rows) -> list[str]:
    head = " | ".join(f"{n:,} cards (ms)" for n in EDITOR_SIZES)
    lines = [
        f"| request | {head} | per card at {EDITOR_SIZES[-1]:,} (µs) |",
        "|---|" + "---:|" * (len(EDITOR_SIZES) + 1),
    ]
    for name, *times in rows:
        cells = " | ".join(f"{t:.1f}" for t in times)
        lines.append(f"| {name} | {cells} | {times[-1] * 1000 / EDITOR_SIZES[-1]:.0f} |")
    return lines
