"""cProfile of the hot endpoints, in process through Django's test client.

`python -m scripts.bench.profile [N] [endpoint...]` (packs loaded: `make loadpacks`).
For each endpoint (or only those named) it makes N requests (default 200; 30 for the
1,000-entry list) under cProfile and prints the functions with the most time of their
own and the most cumulative time, so the next change goes where the time is. The test
client skips gunicorn and the socket, and keeps its database connection: connection
set-up is measured apart (the first figure printed). Full listings land in
var/profile/<endpoint>.txt.
"""

import cProfile
import io
import os
import pstats
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

from armylists.web.conditional import forget_kept_pages  # noqa: E402
from rules import selectors  # noqa: E402
from scripts.bench import data  # noqa: E402


def connect_ms(repeat: int = 20) -> float:
    """What a request pays without persistent connections: open a connection, one query."""
    start = time.perf_counter()
    for _ in range(repeat):
        connection.close()
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    return (time.perf_counter() - start) * 1000 / repeat


def endpoints(bench: data.BenchData):
    json_post = {"content_type": "application/json"}
    cookie_name, session_key = bench.session_cookie.split("=", 1)
    return [
        ("validate-6", "post", "/api/v1/validate/", {"data": bench.small_body, **json_post}, None),
        ("validate-6-pack", "post", "/api/v1/validate/", {"data": bench.pack_body, **json_post},
         None),
        (
            "validate-1000",
            "post",
            "/api/v1/validate/",
            {"data": bench.large_body, **json_post},
            None,
        ),
        ("catalogue", "get", "/api/v1/systems/godslayer/", {}, None),
        ("builder", "get", "/g/godslayer/build/", {}, (cookie_name, session_key)),
        ("shared", "get", f"/s/{bench.share_token}/", {}, None),
        # The same pages rendered every time (the kept pages emptied before each request):
        # what a page costs the first time its list is shown after a change.
        ("builder-rendered", "get", "/g/godslayer/build/", {}, (cookie_name, session_key)),
        ("shared-rendered", "get", f"/s/{bench.share_token}/", {}, None),
    ]


def profile(client, method, path, kwargs, n, *, rendered=False):
    request = getattr(client, method)

    def call(path, **kwargs):
        if rendered:
            forget_kept_pages()
        return request(path, **kwargs)

    response = call(path, **kwargs)  # warm: caches, templates, imports
    assert response.status_code == 200, (path, response.status_code)
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    for _ in range(n):
        call(path, **kwargs)
    profiler.disable()
    per_request = (time.perf_counter() - start) * 1000 / n
    return profiler, per_request


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    catalogue = selectors.catalogue_get(key="godslayer")
    if catalogue is None:
        sys.exit("load the packs first: make loadpacks")
    bench = data.prepare(catalogue)
    out_dir = ROOT / "var" / "profile"
    out_dir.mkdir(parents=True, exist_ok=True)
    print(f"database connection + one query: {connect_ms():.2f} ms")
    only = set(sys.argv[2:])  # e.g. `... profile 200 builder shared`: those alone
    for name, method, path, kwargs, cookie in endpoints(bench):
        if only and name not in only:
            continue
        client = Client(HTTP_HOST="127.0.0.1")
        if cookie:
            client.cookies[cookie[0]] = cookie[1]
        count = max(10, n // 7) if "1000" in name else n
        rendered = name.endswith("-rendered")
        profiler, per_request = profile(client, method, path, kwargs, count, rendered=rendered)
        buffer = io.StringIO()
        stats = pstats.Stats(profiler, stream=buffer)
        stats.sort_stats("tottime").print_stats(40)
        stats.sort_stats("cumulative").print_stats(80)
        (out_dir / f"{name}.txt").write_text(buffer.getvalue())
        print(f"\n== {name}: {per_request:.2f} ms per request under cProfile ({count} requests)")
        brief = io.StringIO()
        pstats.Stats(profiler, stream=brief).sort_stats("tottime").print_stats(12)
        print("\n".join(line for line in brief.getvalue().splitlines()[6:] if line.strip()))
    print(f"\nfull listings in {out_dir}/")


if __name__ == "__main__":
    main()
