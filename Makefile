# Two commands: `make reproduce` (the main job) and `make test` (all tests).
# The venv is (re)installed only when pyproject.toml changes (stamp file).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: reproduce test lint bench figures notebooks check clean venv docs

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	@touch $(STAMP)

reproduce: $(STAMP)
	$(BIN)/iclr26-verify reproduce

# two workers (the CI machine has 2 cores); a claim's tests stay on one worker (loadgroup)
test: $(STAMP)
	@bash .ci/system-packages graphviz
	$(BIN)/python -m pytest -q -p no:cacheprovider -n 2 --dist loadgroup

check: $(STAMP)
	$(BIN)/iclr26-verify check

figures: $(STAMP)
	$(BIN)/iclr26-verify figures

notebooks: $(STAMP)
	$(BIN)/iclr26-verify notebooks

bench: $(STAMP)
	$(BIN)/iclr26-verify bench

# The site (docs/_build/html), offline, warnings as errors. It shows figures/ as make reproduce
# (full) or make figures left it; a fresh clone has none, so quick ones are built first (each
# marked "quick run" in its corner).
docs: $(STAMP)
	@test -f reports/claims.json || { echo "make docs: reports/claims.json is missing: run \`make check\` (or \`make reproduce\`) first" >&2; exit 2; }
	@bash .ci/system-packages graphviz
	@test -d figures || $(BIN)/iclr26-verify figures --quick
	$(BIN)/python -m sphinx -W --keep-going -q -b html docs docs/_build/html
	@echo "site: docs/_build/html/index.html"

lint: $(STAMP)
	$(BIN)/ruff check iclr26_verify theory numerics benchmarks tests notebooks docs examples conftest.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache docs/_build docs/_generated
