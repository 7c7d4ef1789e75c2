"""The benchmark behind `make bench` (run as `python -m scripts.bench`).

engine.py   the rules engine in process: validate, parse, and the API through the test client
data.py     the documents, user, saved list and session the HTTP run needs, in its database
server.py   gunicorn (2 sync workers, config.settings.bench) started and always stopped
load.py     wrk runs against it, parsed into requests/s, p50, p99 and errors
machine.py  what the figures were measured on
report.py   writes the generated part of docs/performance.md
profile.py  cProfile of the hot endpoints: `python -m scripts.bench.profile` (not in make bench)
"""
