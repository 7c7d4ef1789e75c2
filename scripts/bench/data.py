"""What the HTTP run needs, made in the database the app under test uses.

A user of its own (no password: nobody can log in as it), a public fork of the official
Godslayer pack of its own (the player's pack the validate row builds on), one saved list
with a share token for /s/<token>/, an anonymous session holding the same list as a
draft for the builder page (and another holding a Mordheim warband as its draft), and
the three request bodies. Re-running replaces the previous run's rows (the pack is kept,
and forked anew only for a newer official one).
"""

import json
from dataclasses import dataclass
from importlib import import_module

from django.conf import settings
from django.contrib.auth import get_user_model

from armylists.builder import workspaces
from armylists.lists import documents
from armylists.lists import services as lists
from armylists.web import sessions
from scripts.bench.engine import make_document
from scripts.bench.mordheim import warband
from scripts.bench.packs import pinned_body, players_pack

BENCH_USER = "muster-bench"


def _entry(card, *, size=None, items=()):
    return {"card": card, "count": 1, "size": size, "items": list(items), "options": []}


def typical_document():
    """A legal six-entry Nordgaard list at 250 points, as a player would build it."""
    return {
        "format": "muster-list/1",
        "system": "godslayer",
        "name": "Nordgaard raid (bench)",
        "faction": "nordgaard",
        "battle_size": 250,
        "role": None,
        "entries": [
            _entry("nordgaard-gestir-captain",
                   items=["nordgaard-bearded-axe", "nordgaard-chainmail"]),
            _entry("nordgaard-ravenwitch"),
            _entry("nordgaard-ogre-huscarl"),
            _entry("nordgaard-berserker"),
            _entry("nordgaard-huscarl-shieldwall", size=4),
            _entry("nordgaard-tundra-archers", size=3),
        ],
        "special_actions": [],
    }


@dataclass(frozen=True)
class BenchData:
    small_body: bytes  # the typical list, JSON
    large_body: bytes  # 1,000 entries, JSON
    pack_body: bytes  # the typical list naming a player's pack (a fork of the official one)
    share_token: str
    session_cookie: str  # "name=value" of a session with the typical list as its draft
    mordheim_cookie: str  # the same, with a Reikland warband of six entries as its draft


def bench_user():
    """The benchmark's own user (no password: nobody can log in as it)."""
    user, _ = get_user_model().objects.get_or_create(username=BENCH_USER)
    if user.has_usable_password():
        user.set_unusable_password()
        user.save()
    return user


def prepare(catalogue) -> BenchData:
    typical = typical_document()
    large = make_document(catalogue, 1000)
    user = bench_user()
    user.army_lists.all().delete()
    pack = players_pack(user)
    army_list = lists.list_create(owner=user, data=typical)

    return BenchData(
        small_body=json.dumps(typical).encode(),
        large_body=json.dumps(large).encode(),
        pack_body=pinned_body(typical, pack),
        share_token=army_list.share_token,
        session_cookie=draft_cookie(typical),
        mordheim_cookie=draft_cookie(warband()),
    )


def draft_cookie(document: dict) -> str:
    """The cookie ("name=value") of a new anonymous session holding ``document`` as its
    draft."""
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    holder = sessions.holder_of(session)
    session.create()
    workspaces.draft_start(holder=holder, document=documents.document_read(data=document))
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
