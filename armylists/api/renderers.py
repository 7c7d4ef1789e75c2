"""The API's JSON, encoded by msgspec.

Profiling POST /api/v1/validate/ with 1,000 entries (docs/performance.md) found a third
of the request in ``json.dumps`` of the result. msgspec encodes the same data several
times faster. What it does not know natively (lazy translations, DRF's ReturnDict and
the like) goes through DRF's own encoder, so the output is what DRF's renderer writes;
indented output (``Accept: application/json; indent=4``, the browsable API) is left to
DRF's renderer.
"""

from __future__ import annotations

import msgspec
from rest_framework import renderers
from rest_framework.negotiation import BaseContentNegotiation, DefaultContentNegotiation
from rest_framework.utils.encoders import JSONEncoder

_drf = JSONEncoder()
# Decimals as numbers, as DRF's encoder writes them; anything else unknown, DRF's way.
_encoder = msgspec.json.Encoder(enc_hook=_drf.default, decimal_format="number")


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        if self.get_indent(accepted_media_type, renderer_context or {}) is not None:
            return super().render(data, accepted_media_type, renderer_context)
        # As DRF does: U+2028 and U+2029 escaped, so the JSON is also valid JavaScript.
        return (
            _encoder.encode(data)
            .replace("\u2028".encode(), b"\\u2028")
            .replace("\u2029".encode(), b"\\u2029")
        )


class JSONUnlessTheViewSaysSo(BaseContentNegotiation):
    """Every answer DRF renders here is JSON (errors included); ``?format=`` is left to
    the view (armylists/lists/api/exports.py), which answers text/plain itself."""

    def select_parser(self, request, parsers):
        return DefaultContentNegotiation().select_parser(request, parsers)

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type
