# Two commands on a fresh machine with only Python 3.11+:
#   make run   set everything up, load the seed content, serve http://127.0.0.1:8000
#              (with the task queue's consumer, `manage.py run_huey`, beside it)
#   make test  set everything up and run the whole test suite
# Both are idempotent: the virtualenv is rebuilt only when the requirements change.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test setup engine messages content browser checkers vendor-workbox lint format bench clean

$(STAMP): requirements.txt requirements-dev.txt mahjong_rules/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

setup: $(STAMP) engine messages

# The interface's translations: each catalogue (locale/<language>/LC_MESSAGES/django.po)
# compiled to the .mo Django reads, with Babel (no GNU gettext needed); .mo files are not
# committed. Translators update a catalogue with `manage.py makemessages -l nl` (that one
# needs gettext's xgettext).
CATALOGUES := $(wildcard locale/*/LC_MESSAGES/django.po)
messages: $(CATALOGUES:.po=.mo)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(STAMP)
	$(BIN)/pybabel compile --statistics -i $< -o $@

# The offline hand check runs the rules library in the browser (Pyodide): OUR wheel of
# mahjong_rules, built here, and Pyodide's runtime from the npm package pinned in
# package.json, both copied into engine-build/ (gitignored), which the static files serve
# as /static/engine/. Without npm the wheel is still built and the offline hand check is off.
ENGINE := engine-build
PYODIDE := node_modules/pyodide/package.json
PYODIDE_FILES := pyodide.mjs pyodide.mjs.map pyodide.asm.mjs pyodide.asm.wasm \
	python_stdlib.zip pyodide-lock.json
RULES_SOURCES := $(shell find mahjong_rules/src -name '*.py' -o -name '*.json' -o -name '*.txt')

$(ENGINE)/.built: $(STAMP) mahjong_rules/pyproject.toml $(RULES_SOURCES)
	rm -rf $(ENGINE)/wheels && mkdir -p $(ENGINE)/wheels
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation ./mahjong_rules -w $(ENGINE)/wheels
	touch $@

$(ENGINE)/pyodide/.copied: $(PYODIDE)
	@if [ -f $(PYODIDE) ]; then \
		rm -rf $(ENGINE)/pyodide && mkdir -p $(ENGINE)/pyodide \
		&& cd node_modules/pyodide && cp $(PYODIDE_FILES) ../../$(ENGINE)/pyodide/ \
		&& touch ../../$@; \
	else \
		echo "npm is missing: the offline hand check's Python (Pyodide) is not installed"; \
	fi

engine: $(ENGINE)/.built $(ENGINE)/pyodide/.copied

content: setup
	DJANGO_DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DJANGO_DEBUG=1 $(BIN)/python manage.py import_content fixtures/

# The task queue's consumer runs in the background beside the server and stops with it.
run: content
	DJANGO_DEBUG=1 $(BIN)/python manage.py run_huey & consumer=$$!; \
	trap 'kill $$consumer 2>/dev/null; wait $$consumer' EXIT INT TERM; \
	DJANGO_DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

# Debian's Chromium drives the browser tests; install it when we can (root with apt-get).
browser:
	@if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
		echo "Installing Debian's chromium for the browser tests…"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# The outside checkers, pinned in package.json and package-lock.json, from npm into
# node_modules/ (gitignored): the Nu Html Checker (vnu.jar, on Java), Lighthouse and pa11y
# (on Node, driving Debian's Chromium: puppeteer's own browser is never downloaded).
# Java and npm come from apt when we can. One `npm ci` when any of them is missing or stale.
CHECKERS := node_modules/vnu-jar/build/dist/vnu.jar node_modules/lighthouse/package.json \
	node_modules/pa11y/package.json

$(CHECKERS) $(PYODIDE) &: package.json package-lock.json
	@if ! command -v java >/dev/null || ! command -v npm >/dev/null; then \
		if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
			echo "Installing Java and npm for the outside checkers…"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
				default-jre-headless npm >/dev/null; \
		fi; \
	fi
	@if command -v npm >/dev/null; then \
		PUPPETEER_SKIP_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error \
			&& touch $(CHECKERS) $(PYODIDE); \
	else \
		echo "npm is missing: the outside checkers' tests will skip"; \
	fi

checkers: $(CHECKERS)

# Workbox is vendored in static/vendor/workbox/ (committed): refresh it from node_modules/
# after changing its pinned version in package.json.
WORKBOX_MODULES := core routing strategies cacheable-response precaching
vendor-workbox: $(CHECKERS)
	for module in $(WORKBOX_MODULES); do \
		cp node_modules/workbox-$$module/build/workbox-$$module.prod.js \
			node_modules/workbox-$$module/build/workbox-$$module.prod.js.map static/vendor/workbox/; \
	done
	cp node_modules/workbox-core/LICENSE static/vendor/workbox/LICENSE

test: setup browser checkers
	$(BIN)/python -m pytest -n 2 --durations=25 $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	cd mahjong_rules && ../$(BIN)/mypy   # strict, from its pyproject.toml

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache $(ENGINE)
