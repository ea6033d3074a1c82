# Two commands set up a fresh clone: `make dictionary` (the main job) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: install dictionary words scrape build test lint report bench clean

install: $(INSTALLED)

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(INSTALLED)

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

test: $(INSTALLED)
	$(BIN)/pytest -q

lint: $(INSTALLED)
	$(BIN)/ruff check .

report: $(INSTALLED)
	$(BIN)/pipeline report

bench: $(INSTALLED)
	$(BIN)/pipeline bench spelling-bee
	$(BIN)/pipeline bench letter-boxed

clean:
	rm -rf $(VENV) warehouse.duckdb warehouse.duckdb.wal reports
