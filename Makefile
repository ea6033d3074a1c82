# Two commands set up a fresh clone: `make dictionary` (the main job) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
LOCK := requirements.lock
# `make lock LOCK_FLAGS=--upgrade` moves every pin to the newest release.
LOCK_FLAGS ?=

.PHONY: install lock dictionary words scrape build test lint report bench clean

install: $(INSTALLED)

# The pinned dependencies first, then the project itself on top without resolving again.
$(INSTALLED): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r $(LOCK)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(INSTALLED)

# Pins the dependencies of pyproject.toml (runtime and the dev extra) with their hashes.
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet pip-tools
	$(BIN)/pip-compile --quiet --extra dev --generate-hashes --strip-extras \
		--no-emit-index-url --no-emit-find-links $(LOCK_FLAGS) --output-file $(LOCK) pyproject.toml

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
test: $(INSTALLED)
	$(BIN)/pytest -q -n auto --dist worksteal

lint: $(INSTALLED)
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
