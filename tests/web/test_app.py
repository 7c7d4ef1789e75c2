"""The installable app's parts, over HTTP: the manifest (fields, icons that exist and are
the size they say), the service worker (at the root, its scope allowed, JavaScript, the
release written in, never cached without asking, under the CSP), the offline page, and
what every page's head gives the service worker (the manifest link, the account id: not
the session's, not the user's id, the same for one user across logins, none for a
visitor)."""

import json
import re
import struct
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from armylists.web.app import release


def head_meta(html: str, name: str) -> str:
    return re.search(rf'<meta name="{name}" content="([^"]*)">', html).group(1)


def test_the_manifest_makes_the_app_installable(db):
    response = Client().get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Muster" and data["short_name"] == "Muster"
    assert data["start_url"] == "/" and data["scope"] == "/"
    assert data["display"] == "standalone"
    sizes = {icon["sizes"]: icon for icon in data["icons"]}
    assert {"192x192", "512x512"} <= set(sizes)
    for size in (192, 512):
        icon = sizes[f"{size}x{size}"]
        assert icon["type"] == "image/png"
        # The test client serves no static files: read the file the URL names (the
        # browser tests fetch it over HTTP).
        assert icon["src"].startswith(settings.STATIC_URL)
        body = Path(finders.find(icon["src"].removeprefix(settings.STATIC_URL))).read_bytes()
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", body[16:24]) == (size, size)


def test_the_manifest_speaks_the_visitors_language(db):
    client = Client()
    client.cookies["django_language"] = "de"
    data = json.loads(client.get("/manifest.webmanifest").content)
    assert data["lang"] == "de" and "Armeelisten" in data["description"]


def test_the_service_worker_is_served_at_the_root_for_every_page(db):
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    assert "Content-Security-Policy" in response
    text = response.content.decode()
    assert f'var RELEASE = "{release()}";' in text and "__RELEASE__" not in text
    precache = json.loads(re.search(r"var PRECACHE = (\[.*?\]);", text).group(1))
    assert "/static/css/muster.css" in precache and "/static/js/offline.js" in precache
    for url in precache:  # each one exists
        assert finders.find(url.removeprefix(settings.STATIC_URL)), url
    assert Client().post("/sw.js").status_code == 405


def test_the_offline_page_names_no_account(db):
    html = Client().get("/offline/").content.decode()
    assert head_meta(html, "muster-account") == ""
    assert head_meta(html, "muster-served") == "offline"


def test_every_page_links_the_manifest_and_names_its_account(alice, bob, load_system):
    load_system("godslayer")
    visitor = Client().get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in visitor
    assert head_meta(visitor, "muster-account") == "anon"
    assert head_meta(visitor, "muster-served") == "network"
    ids = []
    for user in (alice, alice, bob):
        client = Client()
        client.force_login(user)
        html = client.get("/g/godslayer/").content.decode()
        account = head_meta(html, "muster-account")
        assert account not in (str(user.pk), user.username, client.session.session_key)
        ids.append(account)
    assert ids[0] == ids[1] != ids[2]  # alice on two logins; bob another
