"""The kept pages, in process: a page rendered, served from the pages cache, and answered
304 to a browser that sends its ETag back.

``python -m scripts.bench.pages`` (the bench settings: production's cache backends on the
development database, which must hold the Godslayer pack: ``make loadpacks``). For a draft
of 6 and 1,000 entries, the owner's list and its shared page: the median time of a
request through Django's test client, and its queries. Small and quick, unlike
``make bench``: what docs/performance.md quotes for the kept pages.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.bench")

import django  # noqa: E402

django.setup()

from django.core.cache import caches  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from armylists.builder import workspaces  # noqa: E402
from armylists.lists import documents  # noqa: E402
from armylists.lists import services as lists  # noqa: E402
from armylists.web import sessions  # noqa: E402
from rules import selectors  # noqa: E402
from scripts.bench.data import bench_user  # noqa: E402
from scripts.bench.engine import make_document, median_ms  # noqa: E402

SIZES = (6, 1000)


def _measure(client, url, *, cleared: bool, headers=None, repeat: int):
    def once():
        if cleared:
            caches["pages"].clear()
        response = client.get(url, headers=headers or {})
        assert response.status_code in (200, 304), (url, response.status_code)
        return response

    once()  # warm (and kept)
    queries = []  # counted by a wrapper: Django empties its query log at each request
    with connection.execute_wrapper(lambda run, sql, *rest: queries.append(sql) or run(sql, *rest)):
        once()
    return median_ms(once, repeat), len(queries)


def run() -> None:
    catalogue = selectors.catalogue_get(key="godslayer")
    user = bench_user()
    owner = Client(HTTP_HOST="127.0.0.1")
    owner.force_login(user)
    anonymous = Client(HTTP_HOST="127.0.0.1")
    print("page | entries | rendered ms (queries) | kept ms (queries) | 304 ms (queries)")
    for n in SIZES:
        data = make_document(catalogue, n)
        army_list = lists.list_create(owner=user, data=data)
        session = owner.session
        holder = sessions.holder_of(session)
        session.save()
        workspaces.draft_start(holder=holder, document=documents.document_read(data=data))
        repeat = 31 if n < 1000 else 7
        pages = {
            "builder (a draft)": (owner, "/g/godslayer/build/"),
            "owner's list": (owner, f"/lists/{army_list.id}/"),
            "shared": (anonymous, f"/s/{army_list.share_token}/"),
            "shared print": (anonymous, f"/s/{army_list.share_token}/print/"),
        }
        for name, (client, url) in pages.items():
            rendered = _measure(client, url, cleared=True, repeat=repeat)
            kept = _measure(client, url, cleared=False, repeat=repeat)
            etag = client.get(url).headers.get("ETag")
            cells = [f"{rendered[0]:.2f} ({rendered[1]})", f"{kept[0]:.2f} ({kept[1]})"]
            if etag:
                answered = _measure(
                    client, url, cleared=False, headers={"If-None-Match": etag}, repeat=repeat
                )
                cells.append(f"{answered[0]:.2f} ({answered[1]})")
            else:
                cells.append("-")
            print(f"{name} | {n} | " + " | ".join(cells), flush=True)
        lists.list_delete(army_list=army_list)


if __name__ == "__main__":
    run()
