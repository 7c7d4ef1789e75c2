"""Answers many endpoints document alike (drf-spectacular responses)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse

from armylists.api.errors import ErrorsSerializer

THROTTLED = OpenApiResponse(
    ErrorsSerializer,
    description='Too many attempts (code "throttled"): per IP address and per username. '
    "Retry-After says in how many seconds to try again.",
)
TOO_LARGE = OpenApiResponse(
    ErrorsSerializer, description='The body is larger than 2,621,440 bytes (code "too_large").'
)
