# Two commands set up a fresh clone: `make dictionary` (the main job) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The main job's dependencies (runtime), then the tools of `make test` and `make lint` on top
INSTALLED := $(VENV)/.installed
DEV_INSTALLED := $(VENV)/.installed-dev
LOCK := requirements.lock
DEV_LOCK := requirements-dev.lock
# `make lock LOCK_FLAGS=--upgrade` moves every pin to the newest release.
LOCK_FLAGS ?=
PIN := --generate-hashes --strip-extras --no-emit-index-url --no-emit-find-links

.PHONY: install lock dictionary words scrape build test lint report bench clean

# Everything, the test and lint tools included (as `make test` installs it).
install: $(DEV_INSTALLED)

# The pinned runtime dependencies first, then the project itself on top without resolving again.
$(INSTALLED): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r $(LOCK)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(INSTALLED)

# The dev extra's pins (the runtime's are the same versions, already installed).
$(DEV_INSTALLED): $(INSTALLED) $(DEV_LOCK)
	$(BIN)/pip install --quiet -r $(DEV_LOCK)
	touch $(DEV_INSTALLED)

# Pins the dependencies of pyproject.toml with their hashes, both locks from it alone: the
# runtime and the dev extra together first (requirements-dev.lock), then the runtime alone
# (requirements.lock) constrained to the very same versions.
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet pip-tools
	$(BIN)/pip-compile --quiet --extra dev $(PIN) $(LOCK_FLAGS) --output-file $(DEV_LOCK) pyproject.toml
	$(BIN)/pip-compile --quiet $(PIN) --constraint $(DEV_LOCK) --output-file $(LOCK) pyproject.toml

dictionary: $(INSTALLED)
	$(BIN)/pipeline words
	$(BIN)/pipeline scrape
	$(BIN)/pipeline build

words: $(INSTALLED)
	$(BIN)/pipeline words

scrape: $(INSTALLED)
	$(BIN)/pipeline scrape

build: $(INSTALLED)
	$(BIN)/pipeline build

# One test process per core (pytest-xdist; an idle one takes tests from a busy one); the mirror
# warehouse is built once, or copied from `make dictionary`'s (conftest.py).
test: $(DEV_INSTALLED)
	$(BIN)/pytest -q -n auto --dist worksteal

lint: $(DEV_INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

report: $(INSTALLED)
	$(BIN)/pipeline report --html

bench: $(INSTALLED)
	$(BIN)/pipeline bench spelling-bee
	$(BIN)/pipeline bench letter-boxed
	$(BIN)/pipeline bench analyze

clean:
	rm -rf $(VENV) warehouse.duckdb warehouse.duckdb.wal reports
