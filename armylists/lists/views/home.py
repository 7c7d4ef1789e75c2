"""The home page, and the published JSON Schemas."""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse

from armylists.lists import selectors
from armylists.packs.checks import pack_schema
from armylists.presenters import presenter_for
from rules import selectors as rules_selectors
from rules.engine.checks import schema_major
from rules.engine.document import list_schema


def home(request):
    """Template: home.html. A tile per game (to its builder, or to its tool when it has no
    list to build), the play aids, and the user's latest lists."""
    recent = selectors.list_search(owner=request.user)[:5] if request.user.is_authenticated else []
    tiles, aids = [], []
    for system in rules_selectors.system_list():
        presenter = presenter_for(system.key)
        url_name, args = presenter.home_url()
        tiles.append({"system": system, "url": reverse(url_name, args=args)})
        aids += [(label, reverse(name)) for label, name in presenter.play_aids()]
    return render(request, "home.html", {"tiles": tiles, "play_aids": aids, "recent": recent})


# The published JSON Schemas, by file name (each built once, on first use).
SCHEMAS = {"list-document": list_schema, "pack": pack_schema}


def schema_file(request, name):
    """The JSON Schemas of the list document and of game-data packs, as published files."""
    if name not in SCHEMAS:
        raise Http404
    return JsonResponse(SCHEMAS[name](), json_dumps_params={"indent": 2})


def schema_file_version(request, name, version):
    """The list document's JSON Schema at the address of its major version (what its
    ``$id`` ends with and what an export's ``Link`` header names): it stays there."""
    if name != "list-document" or version != schema_major():
        raise Http404
    return schema_file(request, name)
