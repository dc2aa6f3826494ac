# The two commands a newcomer needs: `make run` and `make test`. Both install what they need first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# dist/ is rebuilt only when something that goes into it changed.
DEB_STAMP := dist/.built
PACKAGE_SOURCES := $(shell find app packaging resources -type f -not -path '*/__pycache__/*') pyproject.toml

.PHONY: run test bench lint package resources system-deps-run system-deps-package system-deps-test node-deps clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

system-deps-run:
	sh scripts/system-deps.sh run

system-deps-package:
	sh scripts/system-deps.sh package

system-deps-test:
	sh scripts/system-deps.sh test

node-deps: tests/node/node_modules/.installed

tests/node/node_modules/.installed: tests/node/package.json tests/node/package-lock.json
	cd tests/node && npm ci --no-audit --no-fund --loglevel=error
	touch $@

run: $(STAMP) system-deps-run
	ROOTKEEPER_SAY_RUNNING=1 $(BIN)/rootkeeper

lint: $(STAMP)
	$(BIN)/ruff check app tests scripts
	$(BIN)/mypy
	$(BIN)/python scripts/check_layers.py

# tests/packaging builds the package itself when dist/ is older than the sources, in the background
# while the rest of the suite runs (tests/packaging/conftest.py), and installs that very .deb.
test: $(STAMP) system-deps-test node-deps lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n 2 --dist loadfile

# Timings beside their floors, printed and written to bench-results.json (BENCH_QUICK=1: a short smoke run).
bench: $(STAMP) system-deps-test node-deps
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m tests.benchmarks

clean:
	rm -rf $(VENV) tests/node/node_modules .mypy_cache .ruff_cache .pytest_cache

package: $(DEB_STAMP)

$(DEB_STAMP): $(STAMP) $(PACKAGE_SOURCES) | system-deps-package
	VENV=$(VENV) sh packaging/build.sh

resources: $(STAMP)
	$(BIN)/python resources/build.py
