# Two entry points for a fresh machine (Python 3.11, node/npm, root or sudo):
#   make serve   set everything up, build public/ and serve it on 127.0.0.1 (prints the URL)
#   make test    set everything up (incl. Debian's browsers), check lint and types, run every test
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup build serve test test-quick lint bench clean

$(VENV)/.installed: requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Debian's browser engines for the browser tests (no test tool downloads a browser):
# Chromium, Firefox ESR, and WebKitGTK's driver with its MiniBrowser, on an Xvfb display.
BROWSERS := /usr/bin/chromium /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/Xvfb
$(BROWSERS) &:
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium firefox-esr webkit2gtk-driver xvfb

setup: $(VENV)/.installed node_modules/.installed

build: setup
	$(PY) web/build.py

serve: build
	$(PY) web/serve.py --port $(PORT)

# The tests without a browser run in a process per core (pytest-xdist, a file per process); the browser tests
# share one browser and a prepared snapshot, so they run in one process.
test: lint build $(BROWSERS)
	$(PY) -m pytest -q -m "not browser" -n auto --dist loadfile
	$(PY) -m pytest -q -m browser

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test-quick: $(VENV)/.installed
	$(PY) -m pytest -q -m "not browser and not slow" -n auto --dist loadfile

bench: build /usr/bin/chromium
	$(PY) bench/bench_engines.py
	$(PY) bench/bench_site.py

clean:
	rm -rf $(VENV) node_modules build
	find public -mindepth 1 -maxdepth 1 ! -name README.md -exec rm -rf {} +
