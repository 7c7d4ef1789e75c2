"""Cost by list size: every page and endpoint that shows or takes a whole list, in process.

For 10, 100, 1,000 and 5,000 entries (the document's bound), the median time of a
request through Django's test client (real database, no network), pages rendered every
time (the kept pages emptied before each request: the cost of the first view after a
change). A cost that grows at most linearly shows as a flat "per entry" figure from 100
to 5,000 entries.
"""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.test import Client

from armylists.builder import workspaces
from armylists.lists import documents
from armylists.lists import services as lists
from armylists.web import sessions
from armylists.web.conditional import forget_kept_pages
from rules import selectors
from scripts.bench.data import BENCH_USER
from scripts.bench.engine import make_document, median_ms

SIZES = (10, 100, 1000, 5000)
HERO, HENCHMEN = "reikland-mercenary-captain", "reikland-warrior"


def _warband(n: int) -> dict:
    """A Mordheim warband of a captain and n - 1 groups of warriors (far over any
    limit: the campaign log does its full work on every fighter anyway)."""
    entries = [{"card": HERO, "name": "Hans"}]
    entries += [{"card": HENCHMEN, "size": 1} for _ in range(n - 1)]
    return {
        "format": "muster-list/1",
        "system": "mordheim",
        "name": f"bench warband {n}",
        "faction": "reikland",
        "battle_size": None,
        "entries": entries,
    }


def _timed(call, repeat: int) -> float:
    def once():
        forget_kept_pages()
        response = call()
        assert response.status_code in (200, 201, 204), (
            response.status_code,
            response.content[:300],
        )

    once()  # warm
    return median_ms(once, repeat)


def run(catalogue) -> list[tuple]:
    """Rows (request, ms at each size, µs per entry at the largest), printed as they come."""
    user, _ = get_user_model().objects.get_or_create(username=BENCH_USER)
    owner = Client(HTTP_HOST="127.0.0.1")
    owner.force_login(user)
    anonymous = Client(HTTP_HOST="127.0.0.1")
    campaign = selectors.catalogue_get(key="mordheim") is not None
    results: dict[str, list[float]] = {}
    for n in SIZES:
        data = make_document(catalogue, n)
        army_list = lists.list_create(owner=user, data=data)
        session = owner.session
        holder = sessions.holder_of(session)
        session.save()
        workspaces.draft_start(holder=holder, document=documents.document_read(data=data))
        repeat = 30 if n < 1000 else 7 if n < 5000 else 3
        body = json.dumps(data).encode()
        rows = {
            "GET the builder (a draft)": lambda: owner.get("/g/godslayer/build/"),
            "GET /s/<token>/ (shared)": lambda a=army_list: anonymous.get(f"/s/{a.share_token}/"),
            "GET /lists/<id>/ (owner)": lambda a=army_list: owner.get(f"/lists/{a.id}/"),
            "GET /s/<token>/text/ (the texts, on request)": lambda a=army_list: anonymous.get(
                f"/s/{a.share_token}/text/"
            ),
            "GET /s/<token>/print/": lambda a=army_list: anonymous.get(
                f"/s/{a.share_token}/print/"
            ),
            "GET /s/<token>/battle/": lambda a=army_list: anonymous.get(
                f"/s/{a.share_token}/battle/"
            ),
            "GET /s/<token>/print/?layout=cards": lambda a=army_list: anonymous.get(
                f"/s/{a.share_token}/print/?layout=cards"
            ),
            "GET /lists/<id>/print/?layout=cards (owner)": lambda a=army_list: owner.get(
                f"/lists/{a.id}/print/?layout=cards"
            ),
            "GET /api/v1/lists/<id>/export/": lambda a=army_list: owner.get(
                f"/api/v1/lists/{a.id}/export/"
            ),
            "GET /api/v1/lists/<id>/export/?format=markdown": lambda a=army_list: owner.get(
                f"/api/v1/lists/{a.id}/export/?format=markdown"
            ),
            "POST /api/v1/render/?format=text": lambda b=body: anonymous.post(
                "/api/v1/render/?format=text", b, content_type="application/json"
            ),
            "POST /api/v1/validate/": lambda b=body: anonymous.post(
                "/api/v1/validate/", b, content_type="application/json"
            ),
        }
        if campaign:
            warband = lists.list_create(owner=user, data=_warband(n))
            hans = warband.document["entries"][0]["id"]
            event = {"type": "experience", "entry_id": hans, "amount": 1}
            url = f"/api/v1/lists/{warband.id}/campaign/events/"
            rows["POST a campaign event, then undo it (Mordheim)"] = lambda u=url, e=event: _record(
                owner, u, e
            )
        for name, call in rows.items():
            results.setdefault(name, []).append(_timed(call, repeat))
        print(f"{n:>5} entries: " + ", ".join(f"{k} {v[-1]:.1f} ms" for k, v in results.items()))
        lists.list_delete(army_list=army_list)
    return [(name, *times) for name, times in results.items()]


def _record(client, url, event):
    """Record an event and take it back, so the log does not grow run by run."""
    response = client.post(url, event, content_type="application/json")
    client.delete(url + "last/")
    return response


def table(rows) -> list[str]:
    head = " | ".join(f"{n:,} entries (ms)" for n in SIZES)
    lines = [
        f"| request | {head} | per entry at {SIZES[-1]:,} (µs) |",
        "|---|" + "---:|" * (len(SIZES) + 1),
    ]
    for name, *times in rows:
        cells = " | ".join(f"{t:.1f}" for t in times)
        lines.append(f"| {name} | {cells} | {times[-1] * 1000 / SIZES[-1]:.0f} |")
    return lines
