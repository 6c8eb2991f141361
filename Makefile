# Everything runs inside a project-local virtualenv, so a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

export RAGBENCH_DATA_DIR ?= $(CURDIR)/var/data
export RAGBENCH_HUB ?= $(CURDIR)/var/hub
export DAGSTER_HOME ?= $(CURDIR)/var/dagster

.PHONY: setup setup-ml demo test ui bench lint clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ is required")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,dev]"
	@touch $(STAMP)

# Optional: torch + transformers for the RuCoLA acceptability filter (about 700 MB; its tests skip without it).
setup-ml: setup
	$(BIN)/python -m pip install --quiet -e ".[test,dev,ml]"

# Materializes the whole pipeline for every month of the bundled corpus and publishes to ./var/hub.
demo: setup
	@mkdir -p $(DAGSTER_HOME)
	$(BIN)/ragbench demo

test: setup
	$(BIN)/python -m pytest -q

ui: setup
	@mkdir -p $(DAGSTER_HOME)
	$(BIN)/ragbench pools
	$(BIN)/dagster dev -w workspace.yaml

# compare_releases.py compares two given hubs, so it is run by hand (see the README).
bench: setup
	@for script in $(filter-out benchmarks/compare_releases.py,$(wildcard benchmarks/*.py)); do \
		echo "== $$script"; $(BIN)/python $$script || exit 1; done

lint: setup
	$(BIN)/ruff check dagster_project tests benchmarks

clean:
	rm -rf var
