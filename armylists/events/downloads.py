"""An event's exports as downloads, for its page and its API alike: JSON, one text file
or CSV, named after the event."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils.text import slugify

from armylists.events import reports, selectors

EXTENSIONS = {"json": "json", "text": "txt", "csv": "csv"}


def export_answer(event, fmt: str):
    """The export as a download (pages and API alike)."""
    players = selectors.players(event=event)
    catalogue = selectors.event_catalogue(event)
    stem = slugify(event.name) or f"event-{event.pk}"
    if fmt == "json":
        body = reports.export_json(event=event, players=players, catalogue=catalogue)
        text = json.dumps(body, ensure_ascii=False, indent=2, cls=DjangoJSONEncoder)
        response = HttpResponse(text, content_type="application/json")
    elif fmt == "text":
        body = reports.export_text(event=event, players=players, catalogue=catalogue)
        response = HttpResponse(body, content_type="text/plain; charset=utf-8")
    else:
        body = reports.export_csv(players=players, catalogue=catalogue)
        response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{stem}.{EXTENSIONS[fmt]}"'
    return response
