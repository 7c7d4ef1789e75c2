# Muster: `make run` serves the app, `make test` runs every test. Both set up what they need.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test stop bench bench-deps lint install migrate loadpacks messages browser-deps haproxy-deps screenshots

$(PY):
	@command -v $(PYTHON) >/dev/null || { echo "Muster needs Python 3.11 ($(PYTHON) not found)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

install: $(STAMP)

migrate: install
	$(PY) manage.py migrate --noinput

loadpacks: migrate
	$(PY) manage.py loadpack fixtures/*.yaml

run: loadpacks
	@echo "Muster on http://127.0.0.1:$(PORT)/  (API docs: /api/docs/; stop the database with 'make stop')"
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# Chromium for the browser tests: Debian's package (Playwright cannot download browsers here).
browser-deps:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "The browser tests need Chromium at /usr/bin/chromium: install Debian's 'chromium' package (sudo apt-get install chromium)"; exit 1; \
	  fi; \
	fi

# haproxy for the soak test (tests/setup/test_soak.py): Debian's package, installed like chromium.
haproxy-deps:
	@if [ ! -x /usr/sbin/haproxy ]; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's haproxy for the soak test"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null; \
	  else \
	    echo "The soak test needs haproxy at /usr/sbin/haproxy: install Debian's 'haproxy' package (sudo apt-get install haproxy)"; exit 1; \
	  fi; \
	fi

# Workers for the test suite (pytest-xdist; each has its own test database and live
# server). Whole files go to one worker (--dist loadfile): many modules load their game
# data once for the module, and the fuzzing module counts its cases across its tests.
# The soak test restarts the shared test PostgreSQL, so it runs alone afterwards; so does
# the schemathesis module, whose cases xdist would collect as one test per function
# (184 cases on 1 operation instead of every operation). Each run lists its slowest tests
# (--durations): where to look when the suite grows slower.
ONE_PROCESS_FUZZ := tests/api/test_schemathesis.py
TEST_WORKERS ?= 2

test: install browser-deps haproxy-deps
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile -m "not soak" --ignore=$(ONE_PROCESS_FUZZ) --durations=25
	$(PY) -m pytest $(ONE_PROCESS_FUZZ) tests/setup/test_soak.py --durations=5

stop:
	@if [ -x $(PY) ]; then $(PY) -m config.db stop; else echo "nothing to stop"; fi

# wrk drives the HTTP half of the benchmark: Debian's package, installed like chromium.
bench-deps:
	@if ! command -v wrk >/dev/null; then \
	  if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's wrk for the benchmark"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; \
	  else \
	    echo "make bench needs wrk: install Debian's 'wrk' package (sudo apt-get install wrk)"; exit 1; \
	  fi; \
	fi

# Engine figures, then the app under gunicorn (2 workers) beside a bare view; it starts
# and stops the server itself. Rewrites the generated part of docs/performance.md.
bench: loadpacks bench-deps
	$(PY) -m scripts.bench

messages: install
	$(PY) manage.py makemessages -l de --ignore=.venv --ignore=var --no-obsolete
	$(PY) manage.py compilemessages --ignore=.venv --ignore=var

screenshots: install browser-deps
	MUSTER_SCREENSHOTS=docs $(PY) -m pytest -q tests/browser -k "desktop or phone"
