"""API tokens for scripts: ``POST /api/v1/auth/token/``, throttled per client address and
per username, and sharing the login page's lockouts; and the throttles' common part,
rates read on each request and counted where every process sees them."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle

from armylists.api.errors import ErrorsSerializer
from armylists.api.parsers import JSONBodyParser
from armylists.api.responses import THROTTLED, TOO_LARGE
from armylists.api.strict import NoUnknownFields
from armylists.web.brakes import username_key
from armylists.web.client_address import client_address


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text='Send as the header "Authorization: Token <token>".')


class TokenRequestSerializer(NoUnknownFields, AuthTokenSerializer):
    """DRF's credentials check; fields it does not know are refused by name."""

    username = serializers.CharField(label="Username", write_only=True, max_length=150)
    password = serializers.CharField(
        label="Password", style={"input_type": "password"}, trim_whitespace=False,
        write_only=True, max_length=4096,
    )
    token = serializers.CharField(label="Token", read_only=True)

    def to_internal_value(self, data):
        # Form bodies (curl -d) arrive as a QueryDict: read them as plain fields.
        if hasattr(data, "dict"):
            data = data.dict()
        return super().to_internal_value(data)


class RatesFromSettings:
    # DRF reads the rates once, at import; these read them on each request, so a test
    # (or a settings change) can set them. The counts live in the "brakes" cache, shared
    # by every process (DRF's default is the per-process default cache).
    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_ident(self, request):
        # The same client address as the login lockouts and the form brakes.
        return client_address(request) or ""

    @property
    def cache(self):
        return caches["brakes"]


class TokenAttemptsPerIP(RatesFromSettings, ScopedRateThrottle):
    """Token requests from one IP address (rate "auth-token")."""


class TokenAttemptsPerUsername(RatesFromSettings, SimpleRateThrottle):
    """Token requests for one username, from anywhere (rate "auth-token-username")."""

    scope = "auth-token-username"

    def get_cache_key(self, request, view):
        try:
            username = request.data.get("username")
        except AttributeError:  # a body that is not an object: the serializer says so
            return None
        if not isinstance(username, str) or not username:
            return None
        return self.cache_format % {"scope": self.scope, "ident": username_key(username)}


@extend_schema_view(
    post=extend_schema(
        request={
            "application/json": TokenRequestSerializer,
            "application/x-www-form-urlencoded": TokenRequestSerializer,
            "multipart/form-data": TokenRequestSerializer,
        },
        responses={
            200: TokenSerializer,
            400: OpenApiResponse(ErrorsSerializer, description="Wrong username or password."),
            413: TOO_LARGE,
            429: THROTTLED,
        },
        tags=["auth"],
        auth=[],
        description='Your API token, for scripts: send it as "Authorization: Token <token>". '
        "The same token every time until it is deleted. Attempts are limited per IP "
        "address and per username (429); after repeated wrong passwords the username and "
        "the address are locked out for a while, as on the login page.",
    )
)
class ObtainToken(ObtainAuthToken):
    """DRF's obtain_auth_token, documented, throttled, and sharing the login page's lockout
    (axes counts every failure here too)."""

    serializer_class = TokenRequestSerializer
    authentication_classes = []  # the body is the credential: no session, so no CSRF
    permission_classes = [AllowAny]
    parser_classes = [JSONBodyParser, FormParser, MultiPartParser]
    throttle_scope = "auth-token"
    throttle_classes = [TokenAttemptsPerIP, TokenAttemptsPerUsername]

    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError:
            # axes flags the request it refused (the DRF request it was handed).
            if getattr(request, "axes_locked_out", False):
                wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
                raise Throttled(
                    wait=wait,
                    detail="too many failed logins from this address or for this username; "
                    f"try again in {wait // 60} minutes.",
                ) from None
            raise


obtain_token = ObtainToken.as_view()
