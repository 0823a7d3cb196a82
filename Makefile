# Scorer: `make run` serves the site, `make test` runs every test. Both set everything up.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
# axe-core for the accessibility test (tests/web/test_browser_axe.py): a test-only asset from
# the npm registry, pinned by its lock file and never served.
AXE_DIR := tests/web/axe
AXE := $(AXE_DIR)/node_modules/axe-core/axe.min.js

# The first Python 3.12 or newer: python3.13, python3.12, python3, then pyenv's.
PYTHON ?= $(shell for c in python3.13 python3.12 python3 $$HOME/.pyenv/versions/3.13*/bin/python3 $$HOME/.pyenv/versions/3.12*/bin/python3; do \
	$$c -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1 && { command -v $$c || echo $$c; } && break; done)

.PHONY: run lan test test-deps bench bench-load mutation lint check clean messages image image-test

# The packages are installed by uv (from PyPI, pinned here), which does in seconds what pip
# takes a minute or two for; pip installs them itself where uv cannot be had.
UV_VERSION := 0.13.9
UV_INSTALL = $(PY) -m pip install --quiet uv==$(UV_VERSION) && $(VENV)/bin/uv pip install --quiet --python $(PY)

$(STAMP): pyproject.toml
	@if [ -z "$(PYTHON)" ]; then echo "Scorer needs Python 3.12 or newer (python3.13, python3.12 or pyenv); none was found." >&2; exit 1; fi
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(UV_INSTALL) -e . || $(PY) -m pip install --quiet -e .
	@touch $@

$(TEST_STAMP): $(STAMP)
	$(UV_INSTALL) -e '.[test]' || $(PY) -m pip install --quiet -e '.[test]'
	@touch $@

run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

# A card night: this machine serves Scorer to the local network (scorer/lan.py; LAN_PORT=8000).
lan: $(STAMP)
	$(PY) -m scorer.lan

$(AXE): $(AXE_DIR)/package.json $(AXE_DIR)/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "npm is missing: the axe test is skipped (apt-get install -y npm)" >&2; exit 0; }; \
		npm ci --prefix $(AXE_DIR) --no-audit --no-fund --loglevel=error && touch $@

# Every test, in one process. CI (.ci/run) runs the same tests in three parts, each on two
# processes (pytest-xdist): `make test PYTEST_ARGS="-n 2"` does too.
test: test-deps
	$(PY) -m pytest $(PYTEST_ARGS)

test-deps: $(TEST_STAMP) $(AXE)

# The translations: gather every marked string into locale/*/LC_MESSAGES/django.po, then
# compile them. Needs Debian's gettext (xgettext, msgfmt); the compiled django.mo files are
# committed, so `make run` needs neither. tests/web/test_catalogues.py uses the same options.
messages: $(TEST_STAMP)
	$(PY) manage.py makemessages --locale=tr --locale=ru --locale=uk --locale=ta --locale=he \
		--no-obsolete --add-location=file --ignore=.venv --ignore=staticfiles --ignore=tests --ignore=bench
	$(PY) manage.py compilemessages --ignore=.venv

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict games

bench: $(TEST_STAMP)
	$(PY) bench/bench.py

# Load figures: gunicorn and PostgreSQL on loopback under wrk (bench/load.py). Not part of CI.
LOAD_SECONDS ?= 60
bench-load: $(TEST_STAMP)
	@command -v wrk >/dev/null 2>&1 || { echo "== installing Debian's wrk"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
	$(PY) bench/load.py --seconds $(LOAD_SECONDS)

# Mutation testing of the engine, one module at a time, each bounded (MUTATION_MINUTES) and
# under nice; not part of `make test` or CI. Results stay in mutants/ between runs.
MUTATION_MINUTES ?= 15
mutation: $(TEST_STAMP)
	$(PY) bench/mutation.py --minutes $(MUTATION_MINUTES) $(MODULES)

# The container image (Containerfile), built with Podman (.ci/image); `image-test` also runs it
# against this machine's PostgreSQL over HTTP, backs up, restores and compares every export
# (.ci/image_test.py). Neither is part of `make test` or CI.
image:
	.ci/image

image-test:
	.ci/image test

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache staticfiles mutants $(AXE_DIR)/node_modules
