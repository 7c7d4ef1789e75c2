"""The one place that decides which address a request comes from: the login lockouts
(axes, AXES_CLIENT_IP_CALLABLE), the form brakes (armylists/web/brakes.py) and the API's
throttles all ask ``client_address``.

Behind PROXY_COUNT trusted proxies, each proxy appends the address it was connected from
to X-Forwarded-For, so the client's own address is the PROXY_COUNT-th entry from the
right; everything left of it is whatever the client chose to send and is never trusted.
Without a proxy (PROXY_COUNT = 0) the socket's address (REMOTE_ADDR) is the client."""

from __future__ import annotations

import ipaddress

from django.conf import settings


def _address(text: str) -> str | None:
    """An IP address as written in a header, normalised; None for anything else."""
    text = text.strip()
    if text.startswith("[") and "]" in text:  # "[2001:db8::1]:443"
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # "192.0.2.1:1234"
        text = text.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def client_address(request) -> str | None:
    """The client's address: the right-most PROXY_COUNT-th hop of X-Forwarded-For when
    the app runs behind PROXY_COUNT proxies, else the socket's address; None for a
    request without one (a request made in code, not over a socket)."""
    meta = request.META
    remote = _address(meta.get("REMOTE_ADDR") or "")
    hops = int(getattr(settings, "PROXY_COUNT", 0) or 0)
    if hops <= 0:
        return remote
    chain = [part for part in (meta.get("HTTP_X_FORWARDED_FOR") or "").split(",") if part.strip()]
    if len(chain) < hops:
        # Fewer hops than proxies: this request did not come through all of them (it
        # reached the app some other way), so nothing in the header can be trusted.
        return remote
    return _address(chain[-hops]) or remote
