"""The engine's figures: validate and parse in process, the API through Django's test client.

Medians of repeated runs; the engine is timed without parsing, reading the request body
apart (``decode``: JSON bytes to a checked document in one msgspec pass, the validate
API's path), and the API end to end through the test client (no network, real database).
"""

import json
import statistics
import time

from django.test import Client

from rules.engine import decode, parse, validate

SIZES = (10, 100, 1000)


def make_document(catalogue, n):
    """A Nordgaard list of n entries cycling through every card and item of the faction.

    Deliberately illegal (AAL and battle size broken many times), so every validator
    does its full work."""
    cards = [c for c in catalogue.cards.values() if c.faction == "nordgaard"]
    entries = []
    for i in range(n):
        card = cards[i % len(cards)]
        items = list(card.allowed_items)[:2] if card.takes_items else []
        entries.append(
            {
                "card": card.key,
                "count": 1,
                "size": card.core_size + 1 if card.is_unit else None,
                "items": items,
                "options": [],
            }
        )
    return {
        "format": "muster-list/1",
        "system": "godslayer",
        "name": f"bench {n}",
        "faction": "nordgaard",
        "battle_size": 160,
        "role": None,
        "entries": entries,
        "special_actions": [],
    }


def median_ms(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def run(catalogue):
    """Rows (entries, engine ms, parse ms, API ms, violations), printed as they come."""
    client = Client(HTTP_HOST="127.0.0.1")  # the bench settings allow no "testserver"
    rows = []
    for n in SIZES:
        data = make_document(catalogue, n)
        document = parse(data)
        repeat = 200 if n < 1000 else 50
        engine = median_ms(lambda d=document: validate(catalogue, d), repeat)
        body = json.dumps(data).encode()
        parsing = median_ms(lambda b=body: decode(b), repeat)
        response = client.post("/api/v1/validate/", data, content_type="application/json")
        assert response.status_code == 200, response.content[:300]
        api = median_ms(
            lambda d=data: client.post("/api/v1/validate/", d, content_type="application/json"),
            max(10, repeat // 5),
        )
        violations = len(validate(catalogue, document).violations)
        rows.append((n, engine, parsing, api, violations))
        print(f"{n:>5} entries: engine {engine:.3f} ms, decode {parsing:.3f} ms, API {api:.2f} ms")
    return rows


def table(rows):
    lines = [
        "| entries | engine: validate (ms) | per entry (µs) | decode + bounds check (ms)"
        " | POST /api/v1/validate/ through the test client (ms) | violations found |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for n, engine, parsing, api, violations in rows:
        lines.append(
            f"| {n} | {engine:.3f} | {engine * 1000 / n:.1f} | {parsing:.2f}"
            f" | {api:.1f} | {violations} |"
        )
    return lines
