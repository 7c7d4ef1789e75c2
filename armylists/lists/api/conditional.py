"""Game data over the API as bytes rendered once, with ETag and Last-Modified.

The catalogue is rendered once per (system, updated_at, language) in each process (the same data
gives the same bytes, so every process and app server sends the same ETag); a client
that sends the ETag back in If-None-Match gets 304 without a body.
"""

import hashlib
from dataclasses import dataclass
from datetime import datetime

from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date

from armylists.api.renderers import JSONRenderer
from armylists.lists.api.serializers import CatalogueSerializer
from armylists.lists.api.serializers.catalogue import request_language
from rules import selectors


@dataclass(frozen=True)
class Rendered:
    content: bytes
    etag: str
    last_modified: datetime | None


def rendered(data, last_modified: datetime | None) -> Rendered:
    content = JSONRenderer().render(data)
    etag = '"' + hashlib.blake2b(content, digest_size=16).hexdigest() + '"'
    return Rendered(content=content, etag=etag, last_modified=last_modified)


def _render_catalogue(system) -> Rendered:
    catalogue = selectors.catalogue_for(system=system)
    return rendered(CatalogueSerializer(catalogue).data, system.updated_at)


def catalogue_json(system) -> Rendered:
    # Names come in the request's language: one rendering per language.
    return selectors.built_for(
        system=system, name=f"api-catalogue-json:{request_language()}", build=_render_catalogue
    )


def respond(request, body: Rendered) -> HttpResponse:
    """200 with the bytes, or 304 (If-None-Match / If-Modified-Since) with the headers."""
    response = HttpResponse(body.content, content_type="application/json")
    response["ETag"] = body.etag
    last_modified = None
    if body.last_modified is not None:
        last_modified = int(body.last_modified.timestamp())
        response["Last-Modified"] = http_date(last_modified)
    # Cacheable, but asked again each time: game data changes without warning.
    response["Cache-Control"] = "public, no-cache"
    # The browsable API answers HTML on the same URL; names follow the language.
    patch_vary_headers(response, ["Accept", "Accept-Language"])
    return get_conditional_response(
        request, etag=body.etag, last_modified=last_modified, response=response
    )


def wants_json(request) -> bool:
    """DRF chose the JSON renderer (not the browsable API) for this request."""
    return getattr(request, "accepted_renderer", None) is not None and (
        request.accepted_renderer.format == "json"
    )
