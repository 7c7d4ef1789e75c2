"""The kept pages, in process: a page rendered, served from the pages cache, and answered
304 to a browser that sends its ETag back.

``python -m scripts.bench.pages`` (the bench settings: production's cache backends on the
development database, which must hold the Godslayer pack: ``make loadpacks``). For a draft
of 6 and 1,000 entries, the owner's list and its shared page: the median time of a
request through Django's test client (the cache emptied before each "rendered" one, and
that not timed), and its queries. Small and quick, unlike ``make bench``: what
docs/performance.md quotes for the kept pages.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.bench")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from armylists.builder import workspaces  # noqa: E402
from armylists.lists import documents  # noqa: E402
from armylists.lists import services as lists  # noqa: E402
from armylists.web import sessions  # noqa: E402
from armylists.web.conditional import forget_kept_pages  # noqa: E402
from rules import selectors  # noqa: E402
from scripts.bench.data import bench_user  # noqa: E402
from scripts.bench.engine import make_document  # noqa: E402

SIZES = (6, 1000)


def _measure(client, url, *, cleared: bool, headers=None, repeat: int):
    """The median ms of a request (the pages cache emptied before each, untimed, when
    ``cleared``) and the queries of one."""

    def once():
        response = client.get(url, headers=headers or {})
        assert response.status_code in (200, 304), (url, response.status_code)

    once()  # warm (and kept)
    queries = []  # counted by a wrapper: Django empties its query log at each request
    if cleared:
        forget_kept_pages()
    with connection.execute_wrapper(lambda run, sql, *rest: queries.append(sql) or run(sql, *rest)):
        once()
    times = []
    for _ in range(repeat):
        if cleared:
            forget_kept_pages()
        start = time.perf_counter()
        once()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(queries)


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
