"""The installable app: its manifest (``/manifest.webmanifest``), its service worker
(``/sw.js``, scope ``/``: static/js/sw.js with this release written in) and the page it
shows offline for a page never opened on this device (``/offline/``)."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

ICON_SIZES = (192, 512)
# The static files the kept pages load (templates/base.html, _print_head.html, play.html):
# the service worker keeps them when it is installed.
PRECACHE = (
    "css/muster.css", "css/print.css", "css/paper-a4.css", "css/paper-letter.css",
    "js/theme.js", "js/offline.js", "js/muster.js", "js/htmx.min.js", "js/play.js",
    "js/print.js", "js/builder-focus.js", "js/builder-reorder.js", "js/scroll-cue.js",
)
BRAND_COLOUR = "#2b2420"  # the header's colour: the title bar of the installed app


@cache
def release() -> str:
    """This release's static files, hashed: the service worker's static cache is named by
    it, so a new release's worker drops the old files (and the browser installs the new
    worker, its own text having changed)."""
    digest = hashlib.blake2b(digest_size=8)
    for folder in settings.STATICFILES_DIRS:
        for path in sorted(Path(folder).rglob("*")):
            if path.is_file() and path.name != "sw.js":
                digest.update(str(path.relative_to(folder)).encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()


@require_safe
def manifest(request):
    """The web app manifest: name, start page, standalone display, icons of 192 and 512
    pixels (scripts/make_icons.py draws them)."""
    icons = [
        {
            "src": static(f"icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any",
        }
        for size in ICON_SIZES
    ]
    data = {
        "name": "Muster",
        "short_name": "Muster",
        "description": _("Army lists for tabletop wargames, at home and at the table."),
        "lang": get_language(),
        "start_url": "/",
        "scope": "/",
        "id": "/",
        "display": "standalone",
        "background_color": BRAND_COLOUR,
        "theme_color": BRAND_COLOUR,
        "icons": icons,
    }
    return JsonResponse(data, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})


@require_safe
@cache_control(no_cache=True)
def service_worker(request):
    """static/js/sw.js with the release written in, at the site's root so that its scope
    is every page; never cached without asking (a new release must reach the browser)."""
    path = finders.find("js/sw.js")
    text = (
        Path(path)
        .read_text(encoding="utf-8")
        .replace("__RELEASE__", release())
        .replace("__PRECACHE__", json.dumps([static(name) for name in PRECACHE]))
    )
    response = HttpResponse(text, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request):
    """Template: offline.html. What the service worker shows for a page it has no copy of
    while the network is gone (kept once, when it is installed: no account in it)."""
    return render(request, "offline.html", {"muster_account": "", "muster_served": "offline"})
